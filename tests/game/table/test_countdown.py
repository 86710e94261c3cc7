"""A conducted round's phases and clock, hand-worked: the Debate, the Countdown's calls and
claims, ties, missed calls, the Pass phase and its order.

Every table here is dealt at time 0 with a 60 s Debate, each power called for 5 s, and each
reaction window 8 s; when nothing holds the call, 9 or more is called at 60, 8 at 65, ... 1 at
100, and the Countdown ends at 105. ``Play``'s clock moves a second a step.
"""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.errors import Conflict, GameError, NotAllowed
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.settings import Settings
from evilrobots.web.facts import headline, note
from tests.support.tables import Play, conducted

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def play(*names: str, **cards) -> Play:
    return Play(conducted(*names, **cards))


def stage(game: Play) -> Phase:
    return game.table.round.conduct.phase


@pytest.fixture
def four() -> Play:
    """Ada SumoBot 7, Bob LockBot 4, Cy BlockBot 2, Di ForceBot 9."""
    return play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        ada=("SumoBot", 7, G),
        bob=("LockBot", 4, E),
        cy=("BlockBot", 2, N),
        di=("ForceBot", 9, E),
    )


# ---- The Debate ------------------------------------------------------------------------------


def test_a_deal_opens_the_debate_on_the_hosts_timer(four):
    conduct = four.table.round.conduct
    assert conduct.phase is Phase.DEBATE and conduct.deadline == 60.0
    assert four.table.tick(59.9) is four.table  # nothing due: the very same table
    assert stage(four.at(60.0)) is Phase.COUNTDOWN


def test_a_debate_without_a_timer_waits_for_the_host():
    table = conducted("Ada", "Bob", "Cy", debate=0)
    assert table.round.conduct.deadline is None and table.tick(10_000) is table
    with pytest.raises(NotAllowed, match="host"):
        table.start_countdown(2, 1, 5.0)
    started = table.start_countdown(1, 1, 5.0)
    assert started.round.conduct.phase is Phase.COUNTDOWN
    assert started.round.conduct.deadline == 10.0


def test_passing_in_the_debate_says_only_who_passed(four):
    four.pass_debate(3)
    assert four.log() == ["Cy · passes"]
    reveal = four.table.round.reveals[-1]
    assert (reveal.robot, reveal.power, reveal.allegiance) == (None, None, None)
    with pytest.raises(Conflict, match="already"):
        four.pass_debate(3)
    with pytest.raises(Conflict, match="Debate is over"):
        four.at(60.0).pass_debate(2)


def test_nothing_is_revealed_in_the_debate(four):
    with pytest.raises(Conflict, match="The app runs this round"):
        four.table.reveal(1, 1, Action.PROVE_POWER)


def test_the_host_chooses_how_the_next_round_is_run():
    table = conducted("Ada", "Bob")
    with pytest.raises(NotAllowed):
        table.set_settings(2, Settings(pace=8))
    for bad in (Settings(debate=20), Settings(pace=2), Settings(pace=16), Settings(window=4)):
        with pytest.raises(GameError, match="seconds"):
            table.set_settings(1, bad)
    voiced = table.set_settings(1, Settings(conducted=False))
    assert voiced.round.conduct is not None  # the round in play keeps its way
    assert voiced.deal(1, random.Random(1), now=0.0, again=True).round.conduct is None


# ---- The Countdown ----------------------------------------------------------------------------


def test_each_power_is_called_for_the_same_time_whoever_holds_it(four):
    calls = []
    while four.table.deadline is not None:
        conduct = four.table.round.conduct
        calls.append((conduct.level, four.table.deadline))
        four.at(four.table.deadline)
    # Ada 7, Bob 4, Cy 2 and Di 9 hold a level and let it go by; the others, nobody holds.
    assert calls == [(0, 60.0), *((level, 60.0 + 5 * (10 - level)) for level in range(9, 0, -1))]
    assert stage(four) is Phase.DONE and four.now == 105.0


def test_only_a_seat_that_holds_the_level_may_act_and_shows_its_power(four):
    four.call(7)
    for seat in (2, 3):  # Bob's 4 and Cy's 2 are yet to come
        with pytest.raises(NotAllowed, match="not yours"):
            four.claim(seat)
    four.claim(1)
    assert four.log()[-1] == "Ada · acts at 7 · power 7"
    assert four.table.round.conduct.turn == 1


def test_power_nine_or_more_is_called_first_and_covers_plusbot_above_nine():
    game = play("Ada", "Bob", "Cy", ada=("PlusBot", 7, G), bob=("SwapBot", 9, E)).call(9)
    game.claim(1)  # 7 + 3 = 10: "9 or more"
    assert game.log()[-1] == "Ada · acts at 9 or more · PlusBot · power 7"
    game.claim(2)  # a tie: Bob waits behind Ada
    assert game.table.round.conduct.queue == (2,)


def test_plusbot_acts_at_its_card_and_three():
    game = play("Ada", "Bob", ada=("PlusBot", 2, G)).call(5).claim(1)
    assert game.log()[-1] == "Ada · acts at 5 · PlusBot · power 2"
    with pytest.raises(Conflict, match="went by"):  # not at 2: 5 went by
        play("Ada", "Bob", ada=("PlusBot", 2, G)).call(2).claim(1)


def test_freebot_acts_at_any_level_showing_its_robot_and_its_power_if_it_wants():
    assert play("Ada", "Bob", ada=("FreeBot", 3, G)).call(8).claim(1).log()[-1] == (
        "Ada · acts at 8 · FreeBot"
    )
    assert play("Ada", "Bob", ada=("FreeBot", 3, G)).call(8).claim(1, True).log()[-1] == (
        "Ada · acts at 8 · FreeBot · power 3"
    )


def test_while_a_seat_takes_its_turn_the_call_waits_then_goes_on_for_its_time_left(four):
    four.call(7).at(72.0).claim(1)  # at 73, of a level called at 70: 2 s of it left
    conduct = four.table.round.conduct
    assert conduct.deadline is None and conduct.left == 2.0
    assert four.table.tick(four.now + 59) is four.table  # nothing is due in Ada's turn's time
    four.at(120.0).pass_turn(1)
    assert four.table.round.conduct.deadline == 123.0 and four.table.round.conduct.level == 7


def test_ties_go_in_the_order_tapped_unless_the_first_sets_another():
    game = play(
        "Ada", "Bob", "Cy", "Di", ada=("SumoBot", 6, G), bob=("LockBot", 6, E), cy=("PushBot", 6, N)
    ).call(6)
    game.claim(2).claim(3).claim(1)
    conduct = game.table.round.conduct
    assert (conduct.turn, conduct.queue, conduct.chooser) == (2, (3, 1), 2)
    game.pass_turn(2)  # Bob's turn is over: he orders Cy and Ada, who tie
    assert game.table.round.conduct.ordering == 2
    with pytest.raises(NotAllowed, match="acted just before"):
        game.promote(3, 1)
    game.promote(2, 1)
    assert game.table.round.conduct.turn == 1 and game.table.round.conduct.queue == (3,)


def test_a_seat_that_lets_its_call_go_by_has_no_turn_and_only_it_knows(four):
    four.call(6)  # 7 went by unclaimed: Ada missed it
    assert 1 in four.table.round.conduct.missed
    with pytest.raises(Conflict, match="went by"):
        four.claim(1)
    assert "went by" in note(four.table.view_for(1).standing)
    for viewer in (None, 2, 3):  # Di, whose 9 went by too, is told of her own
        view = four.table.view_for(viewer)
        assert "went by" not in repr(view.happening) and "went by" not in note(view.standing)


def test_a_seat_that_passed_in_the_debate_is_not_called(four):
    four.pass_debate(2).call(4)
    with pytest.raises(Conflict, match="passed"):
        four.claim(2)
    assert 2 not in four.call(3).table.round.conduct.missed


def test_freebot_misses_only_when_the_countdown_ends():
    game = play("Ada", "Bob", ada=("FreeBot", 3, G)).call(1)
    assert 1 not in game.table.round.conduct.missed
    assert 1 in game.finish().table.round.conduct.missed


# ---- The Pass phase --------------------------------------------------------------------------


def pass_phase(*passing: int, **cards) -> Play:
    """A round in which the given seats pass in the Debate, and nobody acts in the Countdown."""
    game = play("Ada", "Bob", "Cy", "Di", "Ed", **cards)
    for seat in passing:
        game.pass_debate(seat)
    return game.call(1).at(105.0)


def test_a_lone_passer_acts_in_the_pass_phase():
    game = pass_phase(2, bob=("LockBot", 1, E))
    conduct = game.table.round.conduct
    assert conduct.phase is Phase.PASS and conduct.turn == 2 and conduct.sat_out == ()
    assert game.log()[-1] == "Bob · shows their power for the Pass phase · power 1"


def test_the_lowest_power_sits_out_and_the_rest_act_in_ascending_power():
    game = pass_phase(1, 2, 3, ada=("SumoBot", 8, G), bob=("LockBot", 3, E), cy=("PushBot", 5, N))
    conduct = game.table.round.conduct
    assert conduct.sat_out == (2,) and (conduct.turn, conduct.queue) == (3, (1,))
    assert "Bob · sits out: the lowest power" in game.log()
    assert "sit out the Pass phase" in note(game.table.view_for(2).standing)


def test_passbot_acts_first_and_never_counts_as_the_lowest():
    game = pass_phase(1, 2, ada=("PassBot", 1, G), bob=("LockBot", 6, E))
    conduct = game.table.round.conduct
    assert conduct.sat_out == (2,) and conduct.turn == 1  # Bob, not PassBot, is the lowest
    assert "Ada · shows their power for the Pass phase · PassBot · power 1" in game.log()


def test_plusbot_counts_three_more_in_the_pass_phase():
    game = pass_phase(1, 2, 3, ada=("PlusBot", 2, G), bob=("LockBot", 4, E), cy=("PushBot", 3, N))
    conduct = game.table.round.conduct  # Ada 5, Bob 4, Cy 3: Cy sits out, then Bob, then Ada
    assert conduct.sat_out == (3,) and (conduct.turn, conduct.queue) == (2, (1,))


def test_every_seat_tied_at_the_lowest_sits_out():
    game = pass_phase(1, 2, 3, ada=("SumoBot", 2, G), bob=("LockBot", 2, E), cy=("PushBot", 6, N))
    conduct = game.table.round.conduct
    assert set(conduct.sat_out) == {1, 2} and conduct.turn == 3


def test_a_seat_that_passes_on_its_turn_acts_again_in_the_pass_phase():
    game = play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        ada=("SumoBot", 9, G),
        bob=("LockBot", 5, E),
        cy=("PushBot", 5, N),
        di=("BetBot", 1, E),
    )
    game.pass_debate(2).pass_debate(3).pass_debate(4)
    game.call(9).claim(1).pass_turn(1)  # Ada passes at 9 or more: she acts again later
    game.call(1).at(game.table.deadline)
    conduct = game.table.round.conduct  # Di 1 sits out; Bob and Cy tie at 5: Ada orders them
    assert conduct.phase is Phase.PASS and conduct.sat_out == (4,)
    assert (conduct.ordering, conduct.queue) == (1, (2, 3, 1))
    game.at(game.table.deadline)  # she lets the time run: seat order
    assert (game.table.round.conduct.turn, game.table.round.conduct.queue) == (2, (3, 1))


def test_the_seat_acting_before_tied_seats_sets_their_order_in_the_pass_phase():
    game = pass_phase(
        1,
        2,
        3,
        4,
        ada=("SumoBot", 1, G),
        bob=("LockBot", 3, E),
        cy=("PushBot", 6, N),
        di=("BetBot", 6, E),
    )
    conduct = game.table.round.conduct  # Ada sits out; Bob 3 acts, then Cy and Di, tied at 6
    assert conduct.sat_out == (1,) and (conduct.turn, conduct.queue) == (2, (3, 4))
    game.pass_turn(2)
    with pytest.raises(NotAllowed):
        game.promote(3, 4)  # Cy is not the one acting before them
    game.promote(2, 4)  # Bob lets Di go before Cy
    assert game.table.round.conduct.turn == 4 and game.table.round.conduct.queue == (3,)


def test_no_self_conversion_in_the_pass_phase():
    game = pass_phase(2, bob=("LockBot", 1, E))
    with pytest.raises(Conflict, match="Pass phase"):
        game.convert(2, allegiance=G)
    assert game.table.view_for(2).acts.convert_self is False


def test_gandalfbot_calls_off_the_pass_phase():
    game = play(
        "Ada", "Bob", "Cy", ada=("GandalfBot", 9, G), bob=("LockBot", 6, E), cy=("PushBot", 3, N)
    )
    game.pass_debate(2).pass_debate(3)
    game.call(9).claim(1).robot(1, "GandalfBot")
    assert game.log()[-1] == "Ada · uses GandalfBot · GandalfBot · no Pass phase this round"
    assert stage(game.finish()) is Phase.DONE


def test_after_the_pass_phase_the_round_waits_for_the_host():
    game = pass_phase(2, bob=("LockBot", 1, E)).pass_turn(2)
    assert stage(game) is Phase.DONE and game.table.deadline is None
    assert "host ends the round" in headline(game.table.view_for(None).happening)
    assert game.table.end_round(1).round.ended


# ---- Time, kept as data ------------------------------------------------------------------------


def test_deadlines_survive_the_round_trip_through_the_store(four):
    four.call(7).claim(1).convert(1, target=2)
    assert load_table(table_state(four.table)) == four.table
    assert four.table.deadline == four.now + 8  # the reaction window's


def test_a_deadline_long_past_moves_the_round_one_step_with_a_full_step_after():
    table = conducted("Ada", "Bob").tick(1_000.0)  # the server was down through the Debate
    conduct = table.round.conduct
    assert conduct.phase is Phase.COUNTDOWN and conduct.level == 9 and conduct.deadline == 1_005.0


def test_moving_on_twice_at_the_same_moment_changes_nothing_more(four):
    once = four.call(5).table
    assert once.tick(four.now) is once
