"""Allegiance belongs to the table: in a conducted round it changes only through the round's
acts; called by voice, every change is said on the board, without its value. And the bugs of
the round called by voice, fixed in both ways of playing."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict
from evilrobots.game.table.count import only_power_shown
from evilrobots.game.table.facts import CHANGED
from evilrobots.web.facts import entry
from tests.support.cards import known
from tests.support.tables import Play, conducted, seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def voiced(**cards):
    """Ada, Bob and Cy, their round called by voice."""
    return known(seated("Ada", "Bob", "Cy").deal(1, random.Random(4)), 6, **cards)


# ---- Conducted: the table's to change ------------------------------------------------------


def test_no_seat_sets_its_own_allegiance_in_a_conducted_round():
    """One mode at a time: the allegiance controls and the phone's sync with another
    allegiance are refused (and change nothing); a sync without one sets what it hides."""
    table = conducted("Ada", "Bob", ada=("BetBot", 3, G))
    with pytest.raises(Conflict, match="changes only through"):
        table.choose(1, 1, E)
    with pytest.raises(Conflict, match="changes only through"):
        table.arrange(1, 1, frozenset({Part.ROBOT}), E)
    assert table.arrange(1, 1, frozenset({Part.ROBOT}), G).round.reveals == ()
    synced = table.arrange(1, 1, frozenset({Part.ROBOT}))
    assert synced.round.hand_of(1).allegiance is G and synced.round.hand_of(1).hidden == {
        Part.ROBOT
    }
    assert synced.round.reveals == ()


def test_a_phones_own_hide_and_show_changes_no_one_elses_view():
    table = conducted("Ada", "Bob", "Cy")
    hidden = table.hide(1, 1, Part.POWER).hide(1, 1, Part.ROBOT).show(1, 1, Part.ROBOT)
    for viewer in (None, 2, 3):
        assert hidden.view_for(viewer) == table.view_for(viewer)
    assert table.arrange(1, 1, frozenset(), table.round.hand_of(1).allegiance) == table


def test_the_non_player_robot_is_converted_on_a_turn_not_from_a_button():
    table = seated("Ada", "Bob", conducted=True).set_npr(1, True).deal(1, random.Random(4), 0.0)
    with pytest.raises(Conflict, match="on a turn"):
        table.convert_npr(1, 1, E)


# ---- By voice: every change said -------------------------------------------------------------


def test_by_voice_a_change_of_allegiance_is_said_without_its_value():
    table = voiced(bob=("LockBot", 3, G)).choose(2, 1, E)
    assert [entry(r) for r in table.round.reveals] == ["Bob · changed allegiance"]
    assert table.round.reveals[-1].allegiance is None
    assert table.shown_by(2).allegiance is None
    assert table.choose(2, 1, E).round.reveals == table.round.reveals  # no change, no news


def test_by_voice_a_staged_reveal_shows_on_the_board():
    """Toggle, reveal, toggle back: once a free toggle, now every step is on the board."""
    table = voiced(bob=("LockBot", 3, G))
    staged = table.choose(2, 1, E).reveal(2, 1, Action.CONVERT_OTHER).choose(2, 1, G)
    assert [r.lead for r in staged.round.reveals] == [CHANGED, None, CHANGED]


def test_by_voice_converting_the_non_player_robot_is_said_with_who_did_it():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(4))
    table = table.convert_npr(2, 1, E)
    assert table.round.npr is E
    assert [entry(r) for r in table.round.reveals] == [
        "Bob · converts the non-player robot to Evil"
    ]


@pytest.mark.parametrize("robot", ["NegativeBot", "SwapBot", "BetBot"])
@pytest.mark.parametrize(
    "turn", [Action.CONVERT_OTHER, Action.CONVERT_SELF, Action.PASS_TURN, Action.REACTION]
)
def test_by_voice_a_robot_action_is_refused_once_the_seat_took_its_turn(robot, turn):
    table = voiced(ada=(robot, 3, G)).reveal(1, 1, turn)
    assert table.robot_actions(1) == ()
    with pytest.raises(Conflict, match="taken your turn"):
        table.use_robot(1, 1, robot, target=2, bet=E)


def test_by_voice_the_robots_action_itself_may_follow_its_reveal():
    table = voiced(ada=("SwapBot", 3, G)).reveal(1, 1, Action.ROBOT_ACTION)
    assert table.use_robot(1, 1, "SwapBot").round.points.value == 3


# ---- ScaredyBot -------------------------------------------------------------------------------


def test_scaredybot_loses_its_bonus_by_showing_everything_mid_round():
    table = voiced(ada=("ScaredyBot", 3, E), bob=("LockBot", 2, E), cy=("SumoBot", 4, G))
    shown = table.reveal(1, 1, Action.END_OF_ROUND).end_round(1)
    assert not only_power_shown(shown.round, 1)
    assert "ScaredyBot" not in [bonus.robot for bonus in shown.tally().bonuses]
    kept = table.reveal(1, 1, Action.PROVE_POWER).end_round(1)
    assert "ScaredyBot" in [bonus.robot for bonus in kept.tally().bonuses]


def test_scaredybot_in_a_conducted_round_keeps_its_bonus_only_showing_its_power():
    game = Play(conducted("Ada", "Bob", ada=("ScaredyBot", 3, E), bob=("BetBot", 6, G)))
    game.call(3).claim(1).pass_turn(1)
    assert only_power_shown(game.table.round, 1)
    other = Play(conducted("Ada", "Bob", ada=("ScaredyBot", 3, E), bob=("BetBot", 6, G)))
    other.call(3).claim(1).convert(1, target=2)  # converting shows the allegiance
    assert not only_power_shown(other.table.round, 1)


def test_the_board_speaks_the_hosts_language_and_no_one_elses():
    table = seated("Ada", "Bob")
    assert table.language == "en"
    assert table.speaks(2, "de") is table  # Bob is not the host
    assert table.speaks(1, "de").language == "de"
    assert table.speaks(1, "en") is table  # already so: no change to store
