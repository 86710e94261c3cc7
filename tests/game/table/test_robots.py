"""The robot actions that change the count: NegativeBot, SwapBot, BetBot, and CopyBot's copies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, NotAllowed, RoundOver
from evilrobots.game.table import (
    NPR_SEAT,
)
from evilrobots.game.table.conduct import Outcome
from tests.support.cards import known
from tests.support.tables import conduct, play, turn

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_negativebot_may_pick_the_non_player_robot(table):
    table = known(replace(table, round=replace(table.round, npr=G)), 6, bob=("NegativeBot", 3, E))
    assert (NPR_SEAT, "") in table.robot_actions(2)[0].targets  # by its place: no name
    counted = table.use_robot(2, 1, "NegativeBot", target=NPR_SEAT).end_round(1).tally()
    assert counted.good == 5 - 5  # Ada's 5, the non-player robot's -5


@pytest.mark.parametrize("bet", list(Allegiance))
def test_betbot_bets_publicly_and_is_paid_by_the_result(table, bet):
    table = known(table, 6, cy=("BetBot", 2, N)).use_robot(3, 1, "BetBot", team=bet)
    assert table.view_for(None).bets == (("Cy", bet),)
    counted = table.end_round(1).tally()  # Good wins
    assert counted.points().get(3, 0) == (1 if bet is G else -1)


def test_each_action_is_used_once_a_round_by_its_robots_holder_only(table):
    table = known(table, 6, bob=("BetBot", 3, E))
    with pytest.raises(NotAllowed):
        table.use_robot(1, 1, "BetBot", team=G)  # Ada holds SumoBot
    once = table.use_robot(2, 1, "BetBot", team=G)
    with pytest.raises(Conflict, match="already"):
        once.use_robot(2, 1, "BetBot", team=E)
    assert once.robot_actions(2) == ()
    with pytest.raises(RoundOver):
        table.end_round(1).use_robot(2, 1, "BetBot", team=G)


def test_copybot_copying_a_bet_is_paid_like_betbot(table):
    table = known(table, 6, bob=("BetBot", 3, E), cy=("CopyBot", 2, N))
    table = table.use_robot(2, 1, "BetBot", team=E).use_robot(3, 1, "BetBot", team=G)
    points = table.end_round(1).tally().points()  # Good 5 against Evil 3
    assert (points.get(2), points.get(3)) == (-1, 1)


def test_copybot_copying_swapbot_swaps_its_own_power(table):
    table = known(table, 6, bob=("SwapBot", 3, E), cy=("CopyBot", 2, N))
    table = table.use_robot(2, 1, "SwapBot")  # Bob 6, points 3
    table = table.use_robot(3, 1, "SwapBot")  # Cy 3, points 2
    assert (table.round.hand_of(2).power.value, table.round.hand_of(3).power.value) == (6, 3)
    assert table.round.points.value == 2


def test_lockbot_resists_pushbot_and_forcebot_makes_it_work():
    game = play(
        "Ada", "Bob", "Cy", ada=("PushBot", 2, G), bob=("LockBot", 1, E), cy=("ForceBot", 5, N)
    )
    turn(game, 1, 2).robot(1, "PushBot", target=2, bet=G)
    assert conduct(game).chain.told is Outcome.FAILED
    assert game.react(3).close().allegiance(2) is G


@pytest.mark.parametrize("robot", ["NegativeBot", "SwapBot", "BetBot"])
def test_a_count_action_is_used_only_as_the_seats_turn(robot):
    game = play("Ada", "Bob", ada=(robot, 3, G), bob=("LockBot", 6, E)).call(3)
    kwargs = {"target": 2} if robot == "NegativeBot" else {"bet": E} if robot == "BetBot" else {}
    with pytest.raises(NotAllowed, match="on your turn"):
        game.robot(1, robot, **kwargs)
    game.claim(1).robot(1, robot, **kwargs)
    assert game.table.round.conduct.acted == (1,) and game.table.round.conduct.turn is None
    with pytest.raises(Conflict):
        game.robot(1, robot, **kwargs)
