"""A conducted round through the Flask client: the controls each phone is offered, the
routes that take them, and every refusal answered in words without changing the table.

The rules themselves are tested on the game (``tests/game/table``); here, the wiring. The
app's clock is moved by hand, and the table moved on with the store's ``advance_due``, as its
ticker does every few milliseconds in production.
"""

from __future__ import annotations

import re

import pytest

from evilrobots.game.cards import Allegiance
from tests.support.cards import give
from tests.support.clients import deal_tag, table_of
from tests.support.pages import read_events, visible_text

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def strip(page: str) -> str:
    """What the top of a seat's page says of the round now, as text."""
    found = re.search(r'<section class="round-now"[^>]*>(.*?)</section>', page, re.S)
    return visible_text(found.group(1)).strip() if found else ""


def move_on(app, clock, seconds: float) -> None:
    """Time passes: the store moves every due table on, as its ticker does."""
    clock.now += seconds
    app.extensions["evilrobots.store"].advance_due(clock.now)


@pytest.fixture
def cards(app, ada, conducted):
    """Ada SumoBot 9 Good, Bob BlockBot 3 Neutral, Cy PushBot 2 Evil; worth 5."""
    give(app, ada.code, 5, ada=("SumoBot", 9, G), bob=("BlockBot", 3, N), cy=("PushBot", 2, E))
    return table_of(app, ada.code)


def test_the_debate_on_every_phone_pass_and_the_hosts_start(app, ada, bob, cy, cards):
    tag = deal_tag(cards)
    assert strip(bob.page()).startswith(
        "The Debate Talk, promise, lie Your turn comes when Power 3 is called"
    )
    assert ">Pass</button>" in bob.page() and "Start the countdown" not in bob.page()
    assert "Start the countdown" in ada.page()
    assert "Good" not in re.findall(r'<form class="choose"', ada.page())  # no allegiance buttons
    assert bob.post("/pass-debate", round=tag).status_code == 303
    assert "Bob · passes" in visible_text(ada.page("/board"))
    assert bob.post("/pass-debate", round=tag).status_code == 409
    assert bob.post("/countdown", round=tag).status_code == 403
    assert ada.post("/countdown", round=tag).status_code == 303
    assert strip(ada.page()).startswith(
        "The Countdown Power 9 or more is called Your power is called"
    )
    assert ">I act at 9 or more</button>" in ada.page()
    assert "I act" not in bob.page()


def test_the_debate_ends_by_its_timer(app, clock, ada, cards):
    move_on(app, clock, 59)
    assert strip(ada.page()).startswith("The Debate")
    move_on(app, clock, 1)
    assert strip(ada.page()).startswith("The Countdown Power 9 or more is called")


def test_a_turn_from_the_phone_convert_react_and_the_board_says_it(app, clock, ada, bob, cy, cards):
    tag = deal_tag(cards)
    ada.post("/countdown", round=tag)
    assert bob.post("/act", round=tag).status_code == 403  # not Bob's power
    assert ada.post("/act", round=tag).status_code == 303
    page = ada.page()
    assert strip(page).startswith("The Countdown Ada's turn at 9 or more")
    assert f'data-deadline="{clock.now + 60}"' in page  # her turn's clock
    for label in ("Convert", "Yourself", "Pass"):
        assert f">{label}</" in page
    view = ada.page("/action/convert-other")  # the action's own page, without the script
    assert '<button type="submit" name="target" value="3" class="choice">Cy</button>' in view
    assert "Reveal to the table" not in view
    assert ada.post("/convert", target="3", round=tag).status_code == 303
    board = visible_text(ada.page("/board"))
    assert "Ada · converts Cy · SumoBot · power 9 · Good" in board
    assert "Cy · the conversion works" in board
    assert "Reactions to Ada" in board and "Waiting for Bob and Cy." in board
    assert ">Play BlockBot</a>" in bob.page() and ">No reaction</button>" in bob.page()
    assert "Play BlockBot" not in cy.page() and ">No reaction</button>" in cy.page()
    assert "BlockBot: Make it fail" in bob.page("/action/reaction")
    assert bob.post("/react", round=tag).status_code == 303
    assert bob.post("/react", round=tag).status_code == 409  # once a round
    move_on(app, clock, 8)
    assert table_of(app, ada.code).round.hand_of(3).allegiance is E  # the block stood
    assert "Cy · is not converted" in visible_text(ada.page("/board"))


def test_no_reaction_from_everyone_closes_the_window(app, ada, bob, cy, cards):
    tag = deal_tag(cards)
    ada.post("/countdown", round=tag)
    ada.post("/act", round=tag)
    ada.post("/convert", target="3", round=tag)
    assert bob.post("/no-reaction", round=tag).status_code == 303
    assert table_of(app, ada.code).round.conduct.chain is not None
    assert ada.post("/no-reaction", round=tag).status_code == 409  # her turn: not awaited
    cy.post("/no-reaction", round=tag)
    assert table_of(app, ada.code).round.hand_of(3).allegiance is G


def test_pushbot_from_its_phone(app, clock, ada, bob, cy, cards):
    tag = deal_tag(cards)
    ada.post("/countdown", round=tag)
    ada.post("/act", round=tag)
    ada.post("/pass", round=tag)
    for _ in range(60):  # what is left of 9 or more, then 8 ... down to 2
        if ">I act at 2</button>" in cy.page():
            break
        move_on(app, clock, 1)
    assert ">I act at 2</button>" in cy.page()
    cy.post("/act", round=tag)
    page = cy.page("/action/robot-action")
    assert '<input type="radio" name="allegiance" value="neutral" required>' in page
    response = cy.post("/robot", robot="PushBot", target="2", allegiance="good", round=tag)
    assert response.status_code == 303
    assert "Cy · pushes Bob to Good · PushBot" in visible_text(ada.page("/board"))


def test_proving_a_failure_from_the_phone(app, clock, ada, bob, cy, cards):
    tag = deal_tag(cards)
    give(app, ada.code, ada=("BetBot", 9, G))  # no longer SumoBot: 9 against Bob's 3 fails
    ada.post("/countdown", round=tag)
    ada.post("/act", round=tag)
    ada.post("/convert", target="2", round=tag)
    move_on(app, clock, 8)
    page = bob.page()
    assert ">Show my power</button>" in page and ">Show my allegiance</button>" in page
    assert "Show my power" not in ada.page()
    assert bob.post("/prove", proof="lockbot", round=tag).status_code == 403
    assert bob.post("/prove", proof="power", round=tag).status_code == 303
    assert "Bob · shows why it failed · power 3" in visible_text(ada.page("/board"))


def test_cheatbot_chooses_on_its_phone_and_no_one_else_sees_a_change(app, ada, bob, cy, cards):
    tag = deal_tag(cards)
    give(app, ada.code, bob=("CheatBot", 3, N))
    assert "CheatBot: what you show" in bob.page() and "CheatBot" not in cy.page()
    before = {who.name: who.page() for who in (ada, cy)} | {"board": ada.page("/board")}
    assert bob.post("/cheat", shows="evil", story="failed", round=tag).status_code == 303
    assert cy.post("/cheat", shows="evil", story="failed", round=tag).status_code == 403
    after = {who.name: who.page() for who in (ada, cy)} | {"board": ada.page("/board")}
    assert after == before
    page = bob.page()
    assert re.search(r'name="shows" value="evil" class="small-button" aria-pressed="true"', page)
    assert re.search(r'name="story" value="failed" class="small-button" aria-pressed="true"', page)


def test_passbot_chooses_on_its_phone_and_no_one_else_sees_a_change(app, ada, bob, cy, cards):
    tag = deal_tag(cards)
    give(app, ada.code, bob=("PassBot", 3, N))
    assert "PassBot: the Pass phase" in bob.page() and "PassBot" not in cy.page()
    stream = bob.client.get(f"/t/{ada.code}/events?v=0", buffered=False)
    read_events(stream, 1)
    before = {who.name: who.page() for who in (ada, cy)} | {"board": ada.page("/board")}
    assert bob.post("/passbot", first="no", round=tag).status_code == 303
    assert cy.post("/passbot", first="no", round=tag).status_code == 403
    after = {who.name: who.page() for who in (ada, cy)} | {"board": ada.page("/board")}
    assert after == before
    assert table_of(app, ada.code).round.conduct.waits == (2,)
    pressed = r'name="first" value="no" class="small-button" aria-pressed="true"'
    assert re.search(pressed, bob.page())
    ((_, _, data),) = read_events(stream, 1)  # his own phone hears of it, live
    stream.close()
    assert re.search(pressed, data["live"])


@pytest.mark.parametrize(
    ("path", "form", "status"),
    [
        ("/act", {"round": None}, 400),  # a form without its round
        ("/act", {"round": "zz"}, 400),
        ("/convert", {"target": "x"}, 400),
        ("/convert", {"allegiance": "chaos"}, 400),
        ("/convert", {"target": "2"}, 403),  # not her turn
        ("/convert", {"allegiance": "good"}, 403),
        ("/react", {}, 409),  # no window open
        ("/no-reaction", {}, 409),
        ("/prove", {"proof": "charm"}, 400),
        ("/prove", {"proof": "power"}, 409),  # nothing to prove
        ("/pass", {}, 403),
        ("/promote", {"seat": "2"}, 409),  # nobody is choosing who goes next
        ("/promote", {"seat": "two"}, 400),
        ("/cheat", {"story": "maybe"}, 400),
        ("/cheat", {"shows": "chaos"}, 400),
        ("/settings", {"debate": "5", "pace": "5", "window": "8", "turn": "60"}, 400),
        ("/settings", {"debate": "sixty", "pace": "5", "window": "8", "turn": "60"}, 400),
        ("/settings", {"debate": "60", "pace": "5", "window": "8", "turn": "7"}, 400),
        ("/settings", {"debate": "60", "pace": "5", "window": "8"}, 400),  # no turn's time
    ],
)
def test_bad_requests_get_a_4xx_in_words_and_change_nothing(app, ada, cards, path, form, status):
    form = {"round": deal_tag(cards)} | form
    form = {field: value for field, value in form.items() if value is not None}
    before = table_of(app, ada.code)
    response = ada.post(path, **form)
    assert response.status_code == status
    assert "Your cards are safe" in response.get_data(as_text=True)
    assert table_of(app, ada.code).version == before.version


def test_a_stale_form_from_the_last_deal_is_refused(app, ada, cards):
    tag = deal_tag(cards)
    ada.post("/countdown", round=tag)
    ada.deal(again=True)
    response = ada.post("/act", round=tag)
    assert response.status_code == 409 and "new one was dealt" in response.get_data(as_text=True)


def test_by_voice_the_host_calls_the_round_and_the_phones_keep_their_buttons(app, ada, bob):
    ada.by_voice()
    ada.deal()
    page = bob.page()
    assert 'class="round-now"' not in page or strip(page) == ""
    assert re.search(r'<form class="choose"', page)  # Good, Evil, Neutral
    assert ">Reveal to the table</button>" in page
    tag = deal_tag(table_of(app, ada.code))
    assert bob.post("/allegiance", allegiance="evil", round=tag).status_code == 303
    assert "Bob · changed allegiance" in visible_text(ada.page("/board"))


def test_in_a_conducted_round_the_allegiance_buttons_are_refused(app, ada, bob, cards):
    response = bob.post("/allegiance", allegiance="evil", round=deal_tag(cards))
    assert response.status_code == 409
    assert "changes only through them" in visible_text(response.get_data(as_text=True))


def test_the_host_sets_how_the_next_round_is_run(app, ada, bob):
    page = ada.page()
    assert "The app calls it" in page and "The app calls it" not in bob.page()
    form = {"conducted": "yes", "debate": "90", "pace": "7", "window": "10", "turn": "45"}
    assert bob.post("/settings", **form).status_code == 403
    assert ada.post("/settings", **form).status_code == 303
    settings = table_of(app, ada.code).settings
    assert (settings.debate, settings.pace, settings.window, settings.turn_seconds) == (
        90,
        7,
        10,
        45,
    )
    assert '<option value="90" selected>90 seconds</option>' in ada.page()


def test_a_turn_that_runs_out_is_missed_and_said_so_on_its_phone_and_the_board(
    app, clock, ada, bob, cy, cards
):
    tag = deal_tag(cards)
    ada.post("/countdown", round=tag)
    assert ada.post("/act", round=tag).status_code == 303
    move_on(app, clock, 60)  # Ada's turn's time runs out
    assert strip(ada.page()).endswith(
        "Time ran out: your turn is over, and you have no turn this round."
    )
    assert "Ada · time ran out: no turn this round" in visible_text(ada.page("/board"))
    assert "Time ran out" not in strip(bob.page())  # Bob's own place is his
    refused = ada.post("/act", round=tag)
    assert refused.status_code == 409
    assert "time ran out" in visible_text(refused.get_data(as_text=True))
