import random
import re

import pytest
from flask.sessions import SecureCookieSessionInterface

from evilrobots import create_app, load_or_create_secret_key
from evilrobots.artwork import ROBOT_ART
from evilrobots.cards import ROBOTS
from evilrobots.hand import Action, load


def visible_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ---- The card view -------------------------------------------------------------------


def test_first_visit_deals_a_hand_and_shows_it(client, player):
    page = client.get("/").get_data(as_text=True)
    hand = load(player.hand())
    assert hand.robot.name in page
    assert hand.robot.text in page
    assert (
        f'<p class="power-value"><span class="visually-hidden">Power </span>{hand.power.value}'
        in page
    )
    assert hand.allegiance.label in page


def test_the_hand_is_kept_between_visits(player):
    assert player.hand() == player.hand()


def test_each_robot_has_its_own_icon():
    assert set(ROBOT_ART) == {robot.name for robot in ROBOTS}
    assert len({art.icon for art in ROBOT_ART.values()}) == 18


def test_shuffle_deals_a_new_round(player):
    hands = {tuple(sorted(player.hand().items()))}
    for _ in range(10):
        response = player.post("/shuffle")
        assert response.status_code == 303
        assert response.headers["Location"] == "/"
        hands.add(tuple(sorted(player.hand().items())))
    assert len(hands) > 6


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
    assert "Allegiance set by hand" in page


def test_randomise_shows_the_two_flips(client, player):
    player.post("/allegiance", allegiance="good")
    player.post("/randomise")
    hand = load(player.hand())
    assert hand.flips is not None
    text = visible_text(client.get("/").get_data(as_text=True))
    first, second = (coin.label for coin in hand.flips)
    assert f"Coins: {first} + {second} → {hand.allegiance.label}" in text


def test_points_card_is_drawn_and_shown_as_its_own_card(client, player):
    page = client.get("/").get_data(as_text=True)
    assert "Draw points card" in page
    player.post("/points")
    hand = load(player.hand())
    page = client.get("/").get_data(as_text=True)
    assert f"This round is worth {hand.points.value}" in page
    assert "Draw points card" not in page


@pytest.mark.parametrize(
    ("path", "form", "key"),
    [
        ("/hide", {"part": "power"}, "hidden"),
        ("/allegiance", {"allegiance": "evil"}, "allegiance"),
        ("/randomise", {}, "flips"),
        ("/points", {}, "points"),
    ],
)
def test_the_script_gets_the_new_state_as_json(player, path, form, key):
    response = player.post_json(path, **form)
    assert response.status_code == 200
    assert response.is_json
    state = response.get_json()
    assert set(state) == {"round", "hidden", "allegiance", "flips", "points"}
    assert state[key] not in (None, [])


def test_two_players_have_independent_hands(app):
    alice, bob = app.test_client(), app.test_client()
    alice.get("/")
    bob.get("/")
    alice.post("/hide", data={"part": "robot"})
    with alice.session_transaction() as a, bob.session_transaction() as b:
        assert "r" in a["hand"]["h"]
        assert "r" not in b["hand"]["h"]


# ---- Action views and the actions panel ----------------------------------------------


def test_actions_panel_lists_every_action_under_its_phase(client):
    page = client.get("/actions").get_data(as_text=True)
    text = visible_text(page)
    for action in Action:
        assert f'href="/action/{action.slug}"' in page
        assert action.summary in text
    assert text.index("The Debate phase") < text.index("Your turn in the Countdown")
    assert text.index("Your turn in the Countdown") < text.index("The end of the round")


@pytest.mark.parametrize("action", list(Action), ids=lambda a: a.slug)
def test_action_view_shows_only_what_the_action_requires(client, player, action):
    hand = load(player.hand())
    page = client.get(f"/action/{action.slug}").get_data(as_text=True)
    assert action.label.replace("'", "&#39;") in page
    assert ('aria-label="Robot card"' in page) == ("robot" in {p.value for p in action.shows})
    assert ('aria-label="Power card"' in page) == ("power" in {p.value for p in action.shows})
    assert ('aria-label="Allegiance card"' in page) == (
        "allegiance" in {p.value for p in action.shows}
    )
    if not action.shows:
        assert "Reveal nothing" in page
    assert (hand.robot.name in page) == ("robot" in {p.value for p in action.shows})
    assert 'href="/"' in page


def test_action_view_leaves_the_hand_as_it_was(player, client):
    before = player.hand()
    client.get("/action/end-of-round")
    assert player.hand() == before


def test_credits_name_the_icon_authors(client):
    text = visible_text(client.get("/credits").get_data(as_text=True))
    assert "Lorc" in text and "Delapouite" in text
    assert "CC" in text or "Creative Commons" in text
    for robot in ROBOTS:
        assert robot.name in text


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


def test_a_forged_cookie_gets_a_fresh_hand(client):
    client.set_cookie("evilrobots", "eyJoYW5kIjp7InYiOjF9fQ.forged.signature")
    response = client.get("/")
    assert response.status_code == 200
    with client.session_transaction() as session:
        assert load(session["hand"])


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


# ---- Where the hand lives ------------------------------------------------------------


def test_the_hand_lives_in_a_small_signed_cookie_not_on_the_server(app, client):
    assert type(app.session_interface) is SecureCookieSessionInterface
    response = client.get("/")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("evilrobots=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Expires=" in cookie
    assert len(cookie) < 300


def test_hands_survive_a_restart_because_the_key_is_kept(tmp_path):
    first = create_app(instance_path=tmp_path)
    client = first.test_client()
    client.get("/")
    client.post("/hide", data={"part": "power"})
    cookie = client.get_cookie("evilrobots").value
    with client.session_transaction() as session:
        before = dict(session["hand"])

    restarted = create_app(instance_path=tmp_path)
    assert restarted.config["SECRET_KEY"] == first.config["SECRET_KEY"]
    again = restarted.test_client()
    again.set_cookie("evilrobots", cookie)
    again.get("/")
    with again.session_transaction() as session:
        assert session["hand"] == before


def test_secret_key_is_generated_once_and_private(tmp_path):
    key = load_or_create_secret_key(tmp_path)
    assert len(key) >= 64
    assert load_or_create_secret_key(tmp_path) == key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert load_or_create_secret_key(tmp_path / "other") != key


def test_secret_key_from_the_environment_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment-" + "z" * 30)
    app = create_app(instance_path=tmp_path)
    assert app.config["SECRET_KEY"] == "from-the-environment-" + "z" * 30
    assert not (tmp_path / "secret_key").exists()


# ---- /sync: the script's way of saving the phone's arrangement -----------------------------


def sync_form(client, **fields):
    with client.session_transaction() as session:
        round_id = f"{session['hand'].get('n', 0):08x}"
    return {"round": round_id} | fields


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
    before = player.hand()
    form = {"round": "00000000", "hidden": ["power"], "allegiance": "good"}
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
