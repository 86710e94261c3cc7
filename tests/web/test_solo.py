"""The applet for one phone through the Flask client: the card view, its controls, the action
views, and bad input answered in words without losing the hand."""

import html
import random
import re

import pytest

from evilrobots.factory import create_app
from evilrobots.game.actions import Action, Part, actions_by_occasion
from evilrobots.game.cards import ROBOTS, Allegiance, Coin
from evilrobots.game.codec import load_hand as load
from evilrobots.web.artwork import ROBOT_ART, all_artwork
from evilrobots.web.words import coins, label, robot_text, summary
from tests.support.pages import visible_text


def flips_text(page: str) -> str:
    """What the line under the allegiance buttons says (not its data-by-hand attribute)."""
    return re.search(r'<p class="flips" id="flips"[^>]*>(.*?)</p>', page, re.S).group(1).strip()


def allegiance_faces(page: str) -> tuple[str, list[str]]:
    """The allegiance card's data-allegiance, and the faces drawn without ``hidden``."""
    card = re.search(r'<section class="slot slot-allegiance".*?</section>', page, re.S).group(0)
    shown = re.search(r'data-allegiance="(\w+)"', card).group(1)
    faces = re.findall(r'data-face="(\w+)"(?! hidden)>', card)
    return shown, faces


# ---- The card view -------------------------------------------------------------------


def test_first_visit_deals_a_hand_and_shows_it(client, player):
    page = client.get("/").get_data(as_text=True)
    hand = load(player.hand())
    assert hand.robot.name in page
    assert robot_text(hand.robot) in page
    assert (
        f'<p class="power-value"><span class="visually-hidden">Power </span>{hand.power.value}'
        in page
    )
    assert allegiance_faces(page) == (hand.allegiance.value, [hand.allegiance.value])


def test_the_hand_is_kept_between_visits(player):
    assert player.hand() == player.hand()


def test_each_robot_has_its_own_icon():
    assert set(ROBOT_ART) == {robot.name for robot in ROBOTS}
    assert len({art.icon for art in ROBOT_ART.values()}) == 18


def test_shuffle_deals_a_new_round(player):
    hand = load(player.hand())
    cards = {(hand.robot, hand.power)}
    for _ in range(10):
        previous = hand.deal_id
        response = player.post("/shuffle")
        assert response.status_code == 303
        assert response.headers["Location"] == "/"
        hand = load(player.hand())
        assert hand.deal_id != previous  # every shuffle starts a new round
        cards.add((hand.robot, hand.power))
    assert len(cards) > 6


def test_shuffle_clears_hidden_cards_and_the_points_card(player):
    player.post("/hide", part="robot")
    player.post("/points")
    player.post("/shuffle")
    hand = load(player.hand())
    assert hand.hidden == frozenset()
    assert hand.points is None


@pytest.mark.parametrize("part", ["robot", "power", "allegiance"])
def test_hide_and_show_each_card(client, player, part):
    assert player.post("/hide", part=part).status_code == 303
    page = client.get("/").get_data(as_text=True)
    assert f'data-part="{part}" data-hidden="true"' in page
    assert f'aria-label="Show {part}"' in page
    assert player.post("/show", part=part).status_code == 303
    page = client.get("/").get_data(as_text=True)
    assert f'data-part="{part}" data-hidden="false"' in page
    assert f'aria-label="Hide {part}"' in page


@pytest.mark.parametrize("allegiance", ["good", "evil", "neutral"])
def test_set_each_allegiance(client, player, allegiance):
    player.post("/allegiance", allegiance="evil" if allegiance != "evil" else "good")
    assert player.post("/allegiance", allegiance=allegiance).status_code == 303
    assert load(player.hand()).allegiance.value == allegiance
    page = client.get("/").get_data(as_text=True)
    assert f'data-allegiance="{allegiance}"' in page
    assert f'value="{allegiance}" class="choice choice-{allegiance}" aria-pressed="true"' in page
    assert allegiance_faces(page) == (allegiance, [allegiance])
    assert flips_text(page) == "Allegiance changed since the coin flips"


def test_randomise_shows_the_two_flips(client, player):
    other = "evil" if load(player.hand()).allegiance.value != "evil" else "good"
    player.post("/allegiance", allegiance=other)
    assert (
        flips_text(client.get("/").get_data(as_text=True))
        == "Allegiance changed since the coin flips"
    )
    player.post("/randomise")
    hand = load(player.hand())
    assert hand.flips is not None
    text = visible_text(client.get("/").get_data(as_text=True))
    first, second = (label(coin) for coin in hand.flips)
    assert f"Coins: {first} + {second} → {label(hand.allegiance)}" in text
    assert "Allegiance changed since the coin flips" not in text


def test_points_card_is_drawn_and_shown_as_its_own_card(client, player):
    page = client.get("/").get_data(as_text=True)
    assert "Draw points card" in page
    player.post("/points")
    hand = load(player.hand())
    page = client.get("/").get_data(as_text=True)
    assert f"This round is worth {hand.points.value}" in page
    assert "Draw points card" not in page


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/hide", {"part": "power"}),
        ("/show", {"part": "power"}),
        ("/allegiance", {"allegiance": "evil"}),
        ("/randomise", {}),
        ("/points", {}),
    ],
)
def test_the_script_gets_the_new_state_as_json(player, path, form):
    player.post("/hide", part="power")
    player.post("/allegiance", allegiance="good")
    response = player.post_json(path, **form)
    assert response.status_code == 200
    assert response.is_json
    hand = load(player.hand())
    assert response.get_json() == {
        "round": hand.deal_tag,
        "hidden": sorted(part.value for part in hand.hidden),
        "allegiance": hand.allegiance.value,
        "flips": [coin.value for coin in hand.flips] if hand.flips else None,
        "coins": coins(hand.flips, hand.allegiance),
        "points": hand.points.value if hand.points else None,
    }


def test_each_json_answer_reports_the_change_it_made(player):
    assert player.post_json("/hide", part="power").get_json()["hidden"] == ["power"]
    assert player.post_json("/show", part="power").get_json()["hidden"] == []
    assert player.post_json("/allegiance", allegiance="evil").get_json()["allegiance"] == "evil"
    randomised = player.post_json("/randomise").get_json()
    first, second = (Coin(value) for value in randomised["flips"])
    assert randomised["allegiance"] == Allegiance.from_flips(first, second).value
    assert randomised["coins"].startswith(f"Coins: {label(first)} + {label(second)} → ")
    assert 1 <= player.post_json("/points").get_json()["points"] <= 9


def test_two_players_have_independent_hands(app):
    alice, bob = app.test_client(), app.test_client()
    alice.get("/")
    bob.get("/")
    alice.post("/hide", data={"part": "robot"})
    with alice.session_transaction() as a, bob.session_transaction() as b:
        assert "r" in a["hand"]["h"]
        assert "r" not in b["hand"]["h"]


# ---- Action views and the actions panel ----------------------------------------------


def occasions_listed(page: str) -> list[tuple[str, list[str]]]:
    """Each heading on the page, with the action links between it and the next heading."""
    listed = []
    for section in re.split(r"<h2[^>]*>", page)[1:]:
        heading, rest = section.split("</h2>", 1)
        labels = re.findall(r'class="action-link"[^>]*>(.*?)</a>', rest)
        listed.append((heading, [html.unescape(label) for label in labels]))
    return listed


def test_actions_panel_lists_every_action_under_its_occasion(client):
    page = client.get("/actions").get_data(as_text=True)
    text = visible_text(page)
    for action in Action:
        assert f'href="/action/{action.slug}"' in page
        assert summary(action) in text
    assert occasions_listed(page) == [
        (label(occasion), [label(action) for action in actions])
        for occasion, actions in actions_by_occasion()
    ]


@pytest.mark.parametrize("action", list(Action), ids=lambda a: a.slug)
def test_action_view_shows_only_what_the_action_requires(client, player, action):
    hand = load(player.hand())
    page = client.get(f"/action/{action.slug}").get_data(as_text=True)
    assert label(action).replace("'", "&#39;") in page
    assert ('aria-label="Robot card"' in page) == ("robot" in {p.value for p in action.shows})
    assert ('aria-label="Power card"' in page) == ("power" in {p.value for p in action.shows})
    assert ('aria-label="Allegiance card"' in page) == (
        "allegiance" in {p.value for p in action.shows}
    )
    if not action.shows:
        assert "Reveal nothing" in page
    assert (hand.robot.name in page) == (Part.ROBOT in action.shows)
    power = f'<span class="visually-hidden">Power </span>{hand.power.value}</p>'
    assert (power in page) == (Part.POWER in action.shows)
    if Part.ALLEGIANCE in action.shows:
        assert allegiance_faces(page) == (hand.allegiance.value, [hand.allegiance.value])
    else:
        assert "data-allegiance=" not in page
    assert 'href="/"' in page


def test_action_view_leaves_the_hand_as_it_was(player, client):
    player.post("/hide", part="robot")
    player.post("/hide", part="power")
    before = player.hand()
    assert before["h"] == "rp"
    for action in Action:
        assert client.get(f"/action/{action.slug}").status_code == 200
        assert player.hand() == before, action.slug


def test_credits_name_the_icon_authors(client):
    page = client.get("/credits").get_data(as_text=True)
    text = visible_text(page)
    assert "Creative Commons" in text
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page.split("<tbody>")[1], re.S)
    assert len(rows) == len(all_artwork())
    for (what, art), row in zip(all_artwork(), rows, strict=True):
        assert f"<td>{what}</td>" in row
        assert f'<a href="{art.source_url}">{art.icon}</a>' in row
        assert f"<td>{art.author}</td>" in row


# ---- Bad input: clear 4xx, never a 500, never a lost hand ----------------------------


@pytest.mark.parametrize(
    ("method", "path", "form", "status", "message"),
    [
        ("get", "/action/dance", None, 404, "no action called"),
        ("get", "/nowhere", None, 404, "nothing at this address"),
        ("get", "/shuffle", None, 405, "only answers to the buttons"),
        ("get", "/hide", None, 405, "only answers to the buttons"),
        ("put", "/", None, 405, "only answers to the buttons"),
        ("post", "/", {}, 405, "only answers to the buttons"),
        ("post", "/hide", {}, 400, "Say which card"),
        ("post", "/hide", {"part": "soul"}, 400, "Say which card"),
        ("post", "/show", {"part": ""}, 400, "Say which card"),
        ("post", "/allegiance", {}, 400, "Choose an allegiance"),
        ("post", "/allegiance", {"allegiance": "chaotic"}, 400, "Choose an allegiance"),
        ("post", "/hide", {"part": "x" * 40_000}, 413, "too large"),
    ],
)
def test_bad_requests_get_a_clear_page_and_keep_the_hand(
    client, player, method, path, form, status, message
):
    before = player.hand()
    response = getattr(client, method)(path, data=form)
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
    assert "Your cards are safe" in response.get_data(as_text=True)
    assert player.hand() == before


# A well-formed hand with every card hidden and a points card drawn.
FORGED_HAND = {"v": 1, "r": 0, "p": 9, "a": "e", "h": "rpa", "x": 5}


def signed(app, state) -> str:
    return app.session_interface.get_signing_serializer(app).dumps({"hand": state})


@pytest.mark.parametrize("forgery", ["another key", "broken signature"])
def test_a_forged_cookie_gets_a_fresh_hand(app, client, forgery):
    assert load(FORGED_HAND).hidden  # a real hand: only the signature can give it away
    if forgery == "another key":
        cookie = signed(create_app({"SECRET_KEY": "another-key-" + "y" * 40}), FORGED_HAND)
    else:
        payload, signature = signed(app, FORGED_HAND).rsplit(".", 1)
        cookie = payload + "." + ("B" if signature[0] == "A" else "A") + signature[1:]
    client.set_cookie("evilrobots", cookie)
    response = client.get("/")
    assert response.status_code == 200
    with client.session_transaction() as session:
        hand = load(session["hand"])
    assert hand.hidden == frozenset() and hand.points is None
    assert 'data-hidden="true"' not in response.get_data(as_text=True)


def test_a_cookie_signed_with_another_key_gets_a_fresh_hand(app):
    other = create_app({"SECRET_KEY": "another-key-" + "y" * 40, "RANDOM": random.Random(1)})
    foreign = other.test_client()
    foreign.get("/")
    foreign.post("/hide", data={"part": "robot"})
    cookie = foreign.get_cookie("evilrobots").value
    client = app.test_client()
    client.set_cookie("evilrobots", cookie)
    assert client.get("/").status_code == 200
    with client.session_transaction() as session:
        assert session["hand"]["h"] == ""


def test_a_signed_session_without_a_valid_hand_gets_a_fresh_one(client):
    with client.session_transaction() as session:
        session["hand"] = {"v": 1, "r": 99}
    assert client.get("/").status_code == 200
    with client.session_transaction() as session:
        assert load(session["hand"])


# ---- /sync: the script's way of saving the phone's arrangement -----------------------------


def sync_form(client, **fields):
    with client.session_transaction() as session:
        deal_tag = f"{session['hand'].get('n', 0):08x}"
    return {"round": deal_tag} | fields


def test_sync_sets_hidden_cards_and_allegiance_at_once(client, player):
    player.hand()
    form = sync_form(client, hidden=["robot", "allegiance"], allegiance="evil")
    response = client.post("/sync", data=form, headers={"Accept": "application/json"})
    assert response.status_code == 200
    assert response.get_json()["hidden"] == ["allegiance", "robot"]
    hand = load(player.hand())
    assert {part.value for part in hand.hidden} == {"robot", "allegiance"}
    assert hand.allegiance.value == "evil"


def test_sync_for_an_older_round_is_refused_and_changes_nothing(client, player):
    old_round = load(player.hand()).deal_tag
    player.post("/shuffle")
    before = player.hand()
    assert load(before).deal_tag != old_round
    form = {"round": old_round, "hidden": ["power"], "allegiance": "good"}
    response = client.post("/sync", data=form)
    assert response.status_code == 409
    assert "reload" in response.get_data(as_text=True)
    assert player.hand() == before


@pytest.mark.parametrize(
    "fields",
    [{"hidden": ["soul"], "allegiance": "good"}, {"hidden": ["power"]}, {"allegiance": "chaos"}],
)
def test_sync_with_bad_fields_is_refused_and_changes_nothing(client, player, fields):
    before = player.hand()
    assert client.post("/sync", data=sync_form(client, **fields)).status_code == 400
    assert player.hand() == before


@pytest.mark.parametrize(
    ("flips", "allegiance", "sentence"),
    [
        ((Coin.HEADS, Coin.HEADS), Allegiance.GOOD, "Coins: Heads + Heads → Good"),
        ((Coin.TAILS, Coin.HEADS), Allegiance.NEUTRAL, "Coins: Tails + Heads → Neutral"),
        (None, Allegiance.EVIL, "Allegiance changed since the coin flips"),
    ],
)
def test_the_coins_sentence(flips, allegiance, sentence):
    assert coins(flips, allegiance) == sentence


@pytest.mark.parametrize(
    ("base", "drawn"),
    [
        ("http://localhost:8000", True),  # this machine's own name: a secure context
        ("http://127.0.0.1:8000", True),
        ("http://[::1]:8000", True),
        ("https://cards.example", True),
        ("http://192.168.1.20:8000", False),  # a home network over plain HTTP: no wake lock
        ("http://cards.example", False),
    ],
)
def test_the_screen_on_button_is_drawn_from_the_first_paint_where_the_browser_offers_it(
    app, base, drawn
):
    """The server knows whether the browser counts the page as secure, the only place it
    offers the wake lock: the Screen-on button is there from the first paint, or not at all
    (the script no longer shows it later, which moved the bar's title)."""
    page = app.test_client().get("/", base_url=base).get_data(as_text=True)
    (button,) = re.findall(r"<button[^>]*data-wake[^>]*>", page)
    assert ("hidden" not in button) is drawn, button
