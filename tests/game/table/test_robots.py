"""The robot actions that change the count: NegativeBot, SwapBot, BetBot, and CopyBot's copies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evilrobots.game.cards import NEGATIVEBOT, Allegiance, PowerCard
from evilrobots.game.errors import Conflict, NotAllowed, RoundOver
from evilrobots.game.table import (
    NPR_SEAT,
)
from evilrobots.web.facts import entry
from evilrobots.web.guide import ROBOT_NOTES
from evilrobots.web.words import label
from tests.support.cards import known

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


# ---- Robot actions that change the count ---------------------------------------------------


def test_negativebot_picks_a_player_whose_power_then_counts_negative(table):
    table = known(table, 6, bob=("NegativeBot", 3, E))
    (action,) = table.robot_actions(2)
    assert action.robot is NEGATIVEBOT and (1, "Ada") in action.targets
    table = table.use_robot(2, 1, "NegativeBot", target=1)
    (reveal,) = table.round.reveals
    assert (
        entry(reveal)
        == "Bob · uses their robot · NegativeBot · power 3 · Ada's power counts as negative"
    )
    counted = table.end_round(1).tally()
    assert (counted.good, counted.evil, counted.winner) == (-5, 3, E)


def test_negativebot_may_pick_the_non_player_robot(table):
    table = known(replace(table, round=replace(table.round, npr=G)), 6, bob=("NegativeBot", 3, E))
    assert (NPR_SEAT, "") in table.robot_actions(2)[0].targets  # by its place: no name
    counted = table.use_robot(2, 1, "NegativeBot", target=NPR_SEAT).end_round(1).tally()
    assert counted.good == 5 - 5  # Ada's 5, the non-player robot's -5


def test_swapbot_swaps_its_power_with_the_points_card_and_everyone_sees_it(table):
    table = known(table, 6, cy=("SwapBot", 2, N))
    table = table.use_robot(3, 1, "SwapBot")
    assert table.round.hand_of(3).power == PowerCard(6)
    assert table.round.points == PowerCard(2)
    for viewer in (None, 1):
        view = table.view_for(viewer)
        assert view.points == PowerCard(2)
        cy = next(seat for seat in view.seats if seat.id == 3)
        assert cy.shown.power == PowerCard(6) and cy.shown.robot.name == "SwapBot"
    assert "the round is now worth 2" in entry(table.round.reveals[0])
    assert table.end_round(1).tally().value == 2


@pytest.mark.parametrize("bet", list(Allegiance))
def test_betbot_bets_publicly_and_is_paid_by_the_result(table, bet):
    table = known(table, 6, cy=("BetBot", 2, N)).use_robot(3, 1, "BetBot", bet=bet)
    assert table.view_for(None).bets == (("Cy", bet),)
    counted = table.end_round(1).tally()  # Good wins
    assert counted.points().get(3, 0) == (1 if bet is G else -1)


def test_betbots_help_names_every_team_its_action_offers(table):
    (action,) = known(table, 6, bob=("BetBot", 3, E)).robot_actions(2)
    assert action.bets == (G, E, N)  # Neutral too: it wins a tie
    note = str(ROBOT_NOTES["BetBot"])  # the English, outside a request
    assert all(label(team) in note for team in action.bets), note


def test_each_action_is_used_once_a_round_by_its_robots_holder_only(table):
    table = known(table, 6, bob=("BetBot", 3, E))
    with pytest.raises(NotAllowed):
        table.use_robot(1, 1, "BetBot", bet=G)  # Ada holds SumoBot
    once = table.use_robot(2, 1, "BetBot", bet=G)
    with pytest.raises(Conflict, match="already"):
        once.use_robot(2, 1, "BetBot", bet=E)
    assert once.robot_actions(2) == ()
    with pytest.raises(RoundOver):
        table.end_round(1).use_robot(2, 1, "BetBot", bet=G)


def test_copybot_is_offered_the_actions_used_this_round_with_the_same_effect(table):
    table = known(table, 6, bob=("NegativeBot", 3, E), cy=("CopyBot", 2, E))
    assert table.robot_actions(3) == ()
    table = table.use_robot(2, 1, "NegativeBot", target=1)
    (copy,) = table.robot_actions(3)
    assert copy.robot is NEGATIVEBOT and copy.copied
    table = table.use_robot(3, 1, "NegativeBot", target=2)
    assert "copies NegativeBot" in entry(table.round.reveals[-1])
    counted = table.end_round(1).tally()
    assert (counted.good, counted.evil) == (-5, -3 + 2)
    assert table.robot_actions(3) == ()


def test_copybot_copying_a_bet_is_paid_like_betbot(table):
    table = known(table, 6, bob=("BetBot", 3, E), cy=("CopyBot", 2, N))
    table = table.use_robot(2, 1, "BetBot", bet=E).use_robot(3, 1, "BetBot", bet=G)
    points = table.end_round(1).tally().points()  # Good 5 against Evil 3
    assert (points.get(2), points.get(3)) == (-1, 1)


def test_copybot_copying_swapbot_swaps_its_own_power(table):
    table = known(table, 6, bob=("SwapBot", 3, E), cy=("CopyBot", 2, N))
    table = table.use_robot(2, 1, "SwapBot")  # Bob 6, points 3
    table = table.use_robot(3, 1, "SwapBot")  # Cy 3, points 2
    assert (table.round.hand_of(2).power.value, table.round.hand_of(3).power.value) == (6, 3)
    assert table.round.points.value == 2
