"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_robots`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from evilrobots.game.cards import NEGATIVEBOT, PowerCard
from evilrobots.game.table.conduct import Phase
from evilrobots.web.facts import entry
from evilrobots.web.guide import ROBOT_NOTES
from evilrobots.web.words import label
from tests.game.table.test_robots import E, G, N  # noqa: F401
from tests.support.cards import known
from tests.support.said import log
from tests.support.tables import conduct, play, turn


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


def test_betbots_help_names_every_team_its_action_offers(table):
    (action,) = known(table, 6, bob=("BetBot", 3, E)).robot_actions(2)
    assert action.bets == (G, E, N)  # Neutral too: it wins a tie
    note = str(ROBOT_NOTES["BetBot"])  # the English, outside a request
    assert all(label(team) in note for team in action.bets), note


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


def test_pushbot_forces_any_other_player_to_the_allegiance_of_its_choice():
    game = turn(play("Ada", "Bob", ada=("PushBot", 2, G), bob=("BetBot", 1, E)), 1, 2)
    (action,) = game.table.robot_actions(1)
    assert (2, "Bob") in action.targets and (1, "Ada") not in action.targets
    game.robot(1, "PushBot", target=2, bet=N)
    pushed = ["Ada · pushes Bob to Neutral · PushBot", "Bob · the conversion works"]
    assert log(game)[-2:] == pushed
    assert game.close().allegiance(2) is N


def test_copybot_copies_pushbot_with_its_own_choices():
    game = play(
        "Ada", "Bob", "Cy", ada=("PushBot", 8, G), bob=("CopyBot", 4, E), cy=("BetBot", 1, N)
    )
    turn(game, 1, 8).robot(1, "PushBot", target=3, bet=G).close()
    turn(game, 2, 4)
    (copy,) = game.table.robot_actions(2)
    assert copy.copied and copy.allegiances
    game.robot(2, "PushBot", target=3, bet=E).close()
    assert game.allegiance(3) is E
    assert "Bob · pushes Cy to Evil · CopyBot · copies PushBot" in log(game)


def test_copybot_copies_gandalfbot():
    game = play(
        "Ada", "Bob", "Cy", ada=("GandalfBot", 8, G), bob=("CopyBot", 4, E), cy=("LockBot", 1, E)
    )
    game.pass_debate(3)
    turn(game, 1, 8).robot(1, "GandalfBot")
    turn(game, 2, 4).robot(2, "GandalfBot")
    assert log(game)[-1] == "Bob · copies GandalfBot · CopyBot · no Pass phase this round"
    assert game.finish().table.round.conduct.phase is Phase.DONE


def test_gandalfbot_calls_off_the_pass_phase():
    game = play(
        "Ada", "Bob", "Cy", ada=("GandalfBot", 9, G), bob=("LockBot", 6, E), cy=("PushBot", 3, N)
    )
    game.pass_debate(2).pass_debate(3)
    game.call(9).claim(1).robot(1, "GandalfBot")
    assert log(game)[-1] == "Ada · uses GandalfBot · GandalfBot · no Pass phase this round"
    assert conduct(game.finish()).phase is Phase.DONE
