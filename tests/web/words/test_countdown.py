"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_countdown`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evilrobots.game.errors import Conflict, NotAllowed
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.now import Note, standing
from evilrobots.web.facts import note
from evilrobots.web.told import own_note
from tests.game.table.test_countdown import E, G, tied_three  # noqa: F401
from tests.support.said import log
from tests.support.tables import conduct, play


def test_passing_in_the_debate_says_only_who_passed(four):
    four.pass_debate(3)
    assert log(four) == ["Cy · passes"]
    reveal = four.table.round.reveals[-1]
    assert (reveal.robot, reveal.power, reveal.allegiance) == (None, None, None)
    with pytest.raises(Conflict, match="already"):
        four.pass_debate(3)
    with pytest.raises(Conflict, match="Debate is over"):
        four.at(60.0).pass_debate(2)


def test_only_a_seat_that_holds_the_level_may_act_and_shows_its_power(four):
    four.call(7)
    for seat in (2, 3):  # Bob's 4 and Cy's 2 are yet to come
        with pytest.raises(NotAllowed, match="not yours"):
            four.claim(seat)
    four.claim(1)
    assert log(four)[-1] == "Ada · acts at 7 · power 7"
    assert four.table.round.conduct.turn == 1


def test_power_nine_or_more_is_called_first_and_covers_plusbot_above_nine():
    game = play("Ada", "Bob", "Cy", ada=("PlusBot", 7, G), bob=("SwapBot", 9, E)).call(9)
    game.claim(1)  # 7 + 3 = 10: "9 or more"
    assert log(game)[-1] == "Ada · acts at 9 or more · PlusBot · power 7"
    game.claim(2)  # a tie: Bob waits behind Ada
    assert game.table.round.conduct.queue == (2,)


def test_plusbot_acts_at_its_card_and_three():
    game = play("Ada", "Bob", ada=("PlusBot", 2, G)).call(5).claim(1)
    assert log(game)[-1] == "Ada · acts at 5 · PlusBot · power 2"
    with pytest.raises(Conflict, match="went by"):  # not at 2: 5 went by
        play("Ada", "Bob", ada=("PlusBot", 2, G)).call(2).claim(1)


def test_freebot_acts_at_any_level_showing_its_robot_and_its_power_if_it_wants():
    assert log(play("Ada", "Bob", ada=("FreeBot", 3, G)).call(8).claim(1))[-1] == (
        "Ada · acts at 8 · FreeBot"
    )
    assert log(play("Ada", "Bob", ada=("FreeBot", 3, G)).call(8).claim(1, True))[-1] == (
        "Ada · acts at 8 · FreeBot · power 3"
    )


def test_a_seat_that_lets_its_call_go_by_has_no_turn_and_only_it_knows(four):
    four.call(6)  # 7 went by unclaimed: Ada missed it
    assert 1 in four.table.round.conduct.missed
    with pytest.raises(Conflict, match="went by"):
        four.claim(1)
    assert "went by" in note(four.table.view_for(1).standing)
    for viewer in (None, 2, 3):  # Di, whose 9 went by too, is told of her own
        view = four.table.view_for(viewer)
        assert "went by" not in repr(view.happening) and "went by" not in note(view.standing)


def test_a_turn_whose_time_runs_out_is_missed_with_no_turn_in_the_pass_phase():
    # "You must take an action when your Power level is called. If you fail to do so, you do
    # not get a turn in the round at all - not even as a Pass action."
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, G), bob=("BetBot", 3, E))
    game.call(7).claim(1)  # Ada taps I act, then walks away
    assert game.table.deadline == game.now + 60  # her turn's clock
    game.at(game.now + 59.9)
    assert conduct(game).turn == 1
    game.at(game.table.deadline)
    assert conduct(game).turn is None and conduct(game).ran_out == (1,)
    assert 1 not in conduct(game).passed and 1 not in conduct(game).acted
    assert log(game)[-1] == "Ada · time ran out: no turn this round"
    assert standing(game.table.round, 1).note is Note.RAN_OUT  # said on her phone
    assert note(standing(game.table.round, 1)).startswith("Time ran out: your turn is over")
    assert game.table.round.conduct.level == 7  # the call goes on for the time it had left
    with pytest.raises(Conflict, match="time ran out"):
        game.claim(1)
    game.call(3).claim(2).pass_turn(2)  # Bob passes: he, not Ada, acts in the Pass phase
    while conduct(game).phase is Phase.COUNTDOWN:
        game.at(game.table.deadline)
    assert conduct(game).phase is Phase.PASS and conduct(game).turn == 2
    assert 1 not in conduct(game).queue and 1 not in conduct(game).sat_out
    game.finish()
    ada = [line for line in log(game) if line.startswith("Ada")]
    assert ada[-1] == "Ada · time ran out: no turn this round"  # nothing more: no Pass turn


def test_a_pass_phase_turn_whose_time_runs_out_is_said_so():
    game = play("Ada", "Bob", ada=("SwapBot", 7, G), bob=("BetBot", 3, E))
    game.call(7).claim(1).pass_turn(1)  # Ada passes: her turn comes in the Pass phase
    game.finish()
    assert log(game)[-1] == "Ada · time ran out: no turn this round"
    assert conduct(game).phase is Phase.DONE and conduct(game).ran_out == (1,)


def test_the_order_of_tied_seats_is_a_step_of_its_own_for_the_first_to_act():
    game = tied_three()
    assert (conduct(game).turn, conduct(game).queue) == (1, (2, 3))
    assert game.table.view_for(1).acts.promote == ()  # not while her turn runs
    game.pass_turn(1)
    assert conduct(game).ordering == 1 and conduct(game).turn is None
    assert game.table.deadline == game.now + 8
    assert game.table.view_for(1).acts.promote == ((2, "Bob"), (3, "Cy"))
    with pytest.raises(NotAllowed):
        game.promote(2, 3)
    game.promote(1, 3)
    assert conduct(game).turn == 3 and conduct(game).ordering is None
    assert log(game)[-1] == "Ada · lets Cy go next"


def test_the_tied_in_line_are_told_who_goes_before_them():
    game = tied_three()
    assert own_note(game.table.view_for(2)) == "You go next, after Ada."
    assert own_note(game.table.view_for(3)) == "You are in line: 2 players before you."
    assert standing(game.table.round, 3).level == 2


def test_a_pass_in_a_debate_without_a_timer_is_told_who_starts_the_countdown():
    game = play("Ada", "Bob", ada=("BetBot", 6, G), bob=("BetBot", 5, E))
    game.table = game.table.with_round(
        game.table.round.with_conduct(replace(conduct(game), deadline=None))
    )
    timed = play("Ada", "Bob", ada=("BetBot", 6, G), bob=("BetBot", 5, E)).pass_debate(2)
    assert standing(timed.table.round, 2).note is Note.PASSED  # its timer ends the Debate
    game.pass_debate(2).pass_debate(1)
    assert standing(game.table.round, 2).note is Note.HOST_STARTS
    assert own_note(game.table.view_for(2)) == "You passed: Ada starts the Countdown."
    assert own_note(game.table.view_for(1)) == (
        "You passed: start the Countdown when the table is ready."
    )
