"""Playing a round from the phones: one deal, verified reveals, the non-player robot,
CheatBot, and what a round that is over or a stranger may no longer do."""

from __future__ import annotations

import json
import random
import re

import pytest

from evilrobots.factory import create_app
from evilrobots.game.cards import ROBOTS, Allegiance
from evilrobots.web.words import label
from tests.support.cards import give
from tests.support.clients import Clock, Phone, deal_tag, table_of
from tests.support.pages import read_events, visible_text


def test_changes_for_a_round_that_has_ended_are_409(app, ada, bob, dealt):
    old = deal_tag(dealt)
    ada.deal(again=True)
    before = table_of(app, ada.code)
    for path, form in [
        ("/reveal", {"action": "prove-power", "round": old}),
        ("/allegiance", {"allegiance": "evil", "round": old}),
        ("/hide", {"part": "power", "round": old}),
        ("/sync", {"allegiance": "evil", "round": old}),
    ]:
        response = bob.post(path, **form)
        assert response.status_code == 409, path
        assert "round is over" in response.get_data(as_text=True)
    assert table_of(app, ada.code) == before


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/reveal", {"action": "no-such-action", "round": "00000001"}),
        ("/reveal", {"action": "prove-power"}),
        ("/allegiance", {"allegiance": "purple", "round": "00000001"}),
        ("/hide", {"part": "hat", "round": "00000001"}),
        ("/remove", {"seat": "someone"}),
    ],
)
def test_nonsense_gets_a_4xx_in_words_and_changes_nothing(app, ada, dealt, path, form):
    before = table_of(app, ada.code)
    response = ada.post(path, **form)
    assert 400 <= response.status_code < 500
    assert "Your cards are safe" in response.get_data(as_text=True)
    assert table_of(app, ada.code) == before


def test_a_stranger_cannot_play_at_a_table(app, ada, dealt):
    stranger = Phone(app, "Eve")
    stranger.code = ada.code
    for path, form in [
        ("/reveal", {"action": "prove-power", "round": "00000001"}),
        ("/hide", {"part": "power", "round": "00000001"}),
        ("/leave", {}),
    ]:
        assert stranger.post(path, **form).status_code == 403
    assert stranger.client.get(f"/t/{ada.code}/action/prove-power").status_code == 403


@pytest.mark.parametrize(
    "path", ["/table", "/t/{code}/join", "/t/{code}/deal", "/t/{code}/reveal", "/t/{code}/leave"]
)
def test_cross_site_posts_to_a_table_are_refused(app, ada, path):
    before = table_of(app, ada.code)
    response = ada.client.post(
        path.format(code=ada.code),
        data={"name": "Mallory"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403
    assert table_of(app, ada.code) == before


# ---- One deal, verified reveals ------------------------------------------------------------------


def test_deal_gives_each_phone_its_own_hand_and_the_same_points_card(ada, bob, cy, dealt):
    points = f"This round is worth {dealt.round.points.value}"
    for seat, phone in [(1, ada), (2, bob), (3, cy)]:
        page = phone.page()
        hand = dealt.round.hand_of(seat)
        assert hand.robot.name in page
        assert f'<span class="visually-hidden">Power </span>{hand.power.value}</p>' in page
        assert points in page
        assert "Round 1" in visible_text(page)
    assert points in ada.page("/board")


def test_there_is_no_shuffle_and_no_points_draw_at_a_table(ada, dealt):
    page = ada.page()
    assert "Shuffle" not in page and "Draw points card" not in page and "Randomise" not in page
    for name in ["Good", "Evil", "Neutral", "Hide robot", "Hide power", "Hide allegiance"]:
        assert name in page


def test_deal_from_two_players_says_the_game_is_for_3_to_9(app, ada, bob):
    assert "meant for 3 to 9" in visible_text(ada.page())
    assert ada.deal().status_code == 303


def test_a_reveal_is_verified_by_the_server_and_on_the_board(app, ada, bob, dealt):
    hand = dealt.round.hand_of(2)
    response = bob.client.post(
        f"/t/{ada.code}/reveal",
        data={"action": "convert-other", "round": deal_tag(dealt)},
        headers={"Accept": "application/json"},
    )
    answer = response.get_json()  # and what it showed, for the phone to hold up, for 10 s
    assert answer["ok"] is True and answer["shown"]["parts"] == ["power", "allegiance"]
    assert answer["shown"]["label"] == "Convert another player" and answer["shown"]["until"]
    words = f"Bob · converts a player · power {hand.power.value} · {label(hand.allegiance)}"
    assert words in visible_text(ada.page("/board"))
    assert words in visible_text(ada.page())


def test_a_player_cannot_publish_a_power_they_do_not_hold(app, ada, bob, dealt):
    hand = dealt.round.hand_of(2)
    forged = (hand.power.value % 9) + 1
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt), power=str(forged))
    (reveal,) = table_of(app, ada.code).round.reveals
    assert reveal.power == hand.power


def test_the_allegiance_a_player_sets_is_kept_on_the_server(app, ada, bob, dealt):
    bob.post("/allegiance", allegiance="evil", round=deal_tag(dealt))
    assert table_of(app, ada.code).round.hand_of(2).allegiance is Allegiance.EVIL
    bob.post("/sync", allegiance="good", hidden="robot", round=deal_tag(dealt))
    hand = table_of(app, ada.code).round.hand_of(2)
    assert hand.allegiance is Allegiance.GOOD and {p.value for p in hand.hidden} == {"robot"}


def test_the_action_view_at_a_table_offers_reveal_to_the_table(ada, dealt):
    page = ada.page("/action/convert-other")
    assert ">Reveal to the table</button>" in page
    assert f'name="round" value="{deal_tag(dealt)}"' in page
    assert ">Reveal to the table</button>" not in ada.page("/action/debate")


def test_the_non_player_robot_sits_at_the_board_and_anyone_converts_it(app, ada, bob):
    ada.post("/npr-rule", npr="yes")
    ada.by_voice()
    ada.deal()
    table = table_of(app, ada.code)
    assert "The non-player robot" in visible_text(ada.page("/board"))
    bob.post("/npr", allegiance="evil", round=deal_tag(table))
    assert table_of(app, ada.code).round.npr is Allegiance.EVIL
    board = visible_text(ada.page("/board"))
    assert re.search(r"non-player robot.*?Evil", board)
    assert "Bob · converts the non-player robot to Evil" in board


# ---- CheatBot --------------------------------------------------------------------------------


def cheatbot_reveal(tmp_path, truth: Allegiance) -> tuple[str, str, str]:
    """A table where Bob, CheatBot, truly ``truth``, reveals Evil: the board, Ada's page and
    the board's event, as a browser gets them."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "c" * 40, "RANDOM": random.Random(5), "CLOCK": Clock()},
        instance_path=tmp_path / truth.value,
    )
    ada, bob = Phone(app, "Ada"), Phone(app, "Bob")
    bob.join(ada.start())
    ada.by_voice()
    ada.deal()
    table = table_of(app, ada.code)
    cheatbot = next(robot for robot in ROBOTS if robot.name == "CheatBot")
    give(app, ada.code, bob=dict(robot=cheatbot, allegiance=truth, flips=None))
    shown = {"shown": "evil"} if truth is not Allegiance.EVIL else {}
    assert (
        bob.post("/reveal", action="convert-self", round=deal_tag(table), **shown).status_code
        == 303
    )
    stream = app.test_client().get(f"/t/{ada.code}/events", buffered=False)
    event = json.dumps(read_events(stream, 1))
    stream.close()
    return ada.page("/board"), ada.page(), event


def test_cheatbot_reveals_any_allegiance_and_nothing_tells_it_from_the_truth(tmp_path):
    false = cheatbot_reveal(tmp_path, Allegiance.GOOD)
    true = cheatbot_reveal(tmp_path, Allegiance.EVIL)
    assert "Bob · converts themselves · power" in false[0] and "· Evil</span></li>" in false[0]
    assert false == true


def test_cheatbot_picks_the_allegiance_to_show_in_its_action_view(app, ada, bob, dealt):
    cheatbot = next(robot for robot in ROBOTS if robot.name == "CheatBot")
    give(app, ada.code, bob=dict(robot=cheatbot, allegiance=Allegiance.GOOD, flips=None))
    page = bob.page("/action/convert-self?show=evil")
    assert 'data-allegiance="evil"' in page and 'name="shown" value="evil"' in page
    assert 'data-allegiance="evil"' not in bob.page("/action/end-of-round?show=evil")
    assert table_of(app, ada.code).round.hand_of(2).allegiance is Allegiance.GOOD


def test_only_cheatbot_may_show_a_false_allegiance(app, ada, bob, dealt):
    give(app, ada.code, bob=dict(robot=ROBOTS[0], allegiance=Allegiance.GOOD, flips=None))
    response = bob.post("/reveal", action="convert-self", round=deal_tag(dealt), shown="evil")
    assert response.status_code == 403
    assert table_of(app, ada.code).round.reveals == ()


def test_a_player_leaving_mid_round_is_said_on_the_board_and_every_phone(app, ada, bob, cy, dealt):
    assert cy.post("/leave").status_code == 303
    board = visible_text(ada.page("/board"))
    assert "Cy left the table, cards and all" in board
    assert "Cy left the table, cards and all" in visible_text(bob.page())
    ada.deal(again=True)  # the round dealt again: forgotten
    assert "left the table" not in visible_text(ada.page("/board"))


def test_a_reveal_taken_back_in_time_stays_on_the_board_struck_through(app, clock, ada, bob, dealt):
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    listed = '<form class="withdraw"'  # beside the reveal in the seat's list
    assert listed in bob.page() and listed not in ada.page()
    clock.now += 9
    assert bob.post("/withdraw", round=deal_tag(dealt)).status_code == 303
    board = ada.page("/board")
    assert re.search(
        r"<li><span class=\"entry\"><del>Bob · proves their power · power \d</del> <em", board
    )
    assert "withdrawn" in visible_text(board) and listed not in bob.page()
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    clock.now += 11
    late = bob.post("/withdraw", round=deal_tag(dealt))
    assert late.status_code == 409 and "Too late" in late.get_data(as_text=True)
    assert not table_of(app, ada.code).round.reveals[-1].withdrawn
