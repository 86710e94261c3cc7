"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_pass_phase`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from evilrobots.game.table.conduct import Phase
from evilrobots.web.facts import headline, note
from tests.game.table.test_pass_phase import E, G, N  # noqa: F401
from tests.support.said import log
from tests.support.tables import conduct, pass_phase


def test_a_lone_passer_acts_in_the_pass_phase():
    game = pass_phase(2, bob=("LockBot", 1, E))
    conduct = game.table.round.conduct
    assert conduct.phase is Phase.PASS and conduct.turn == 2 and conduct.sat_out == ()
    assert log(game)[-1] == "Bob · shows their power for the Pass phase · power 1"


def test_the_lowest_power_sits_out_and_the_rest_act_in_ascending_power():
    game = pass_phase(1, 2, 3, ada=("SumoBot", 8, G), bob=("LockBot", 3, E), cy=("PushBot", 5, N))
    conduct = game.table.round.conduct
    assert conduct.sat_out == (2,) and (conduct.turn, conduct.queue) == (3, (1,))
    assert "Bob · sits out: the lowest power" in log(game)
    assert "sit out the Pass phase" in note(game.table.view_for(2).standing)


def test_passbot_acts_first_and_never_counts_as_the_lowest():
    game = pass_phase(1, 2, ada=("PassBot", 1, G), bob=("LockBot", 6, E))
    conduct = game.table.round.conduct
    assert conduct.sat_out == (2,) and conduct.turn == 1  # Bob, not PassBot, is the lowest
    assert "Ada · shows their power for the Pass phase · PassBot · power 1" in log(game)


def test_after_the_pass_phase_the_round_waits_for_the_host():
    game = pass_phase(2, bob=("LockBot", 1, E)).pass_turn(2)
    assert conduct(game).phase is Phase.DONE and game.table.deadline is None
    assert "host ends the round" in headline(game.table.view_for(None).happening)
    assert game.table.end_round(1).round.ended


def test_plusbot_shows_itself_in_the_pass_phase_only_where_its_card_would_misplace_it():
    alone = pass_phase(1, ada=("PlusBot", 2, G))
    assert log(alone)[-1] == "Ada · shows their power for the Pass phase · power 2"
    same = pass_phase(1, 2, 3, ada=("PlusBot", 6, G), bob=("BetBot", 2, E), cy=("SwapBot", 4, N))
    assert "Ada · shows their power for the Pass phase · power 6" in log(same)
    moved = pass_phase(1, 2, 3, ada=("PlusBot", 2, G), bob=("BetBot", 1, E), cy=("SwapBot", 4, N))
    assert "Ada · shows their power for the Pass phase · PlusBot · power 2" in log(moved)
    assert (conduct(moved).turn, conduct(moved).queue) == (3, (1,))  # Cy 4, then Ada 5
