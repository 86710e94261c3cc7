"""Time moving a round the app runs on (``clock``): deadlines kept through the store, a
deadline long past moved one step at a time, the same moment twice changing nothing, and a
round stored before a step had its clock.
"""

from __future__ import annotations

from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.story import unpacked
from evilrobots.game.table.conduct import Phase
from tests.support.tables import conducted, play

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_deadlines_survive_the_round_trip_through_the_store(four):
    four.call(7).claim(1).convert(1, target=2)
    assert unpacked(load_table(table_state(four.table))) == unpacked(four.table)
    assert four.table.deadline == four.now + 8  # the reaction window's


def test_a_deadline_long_past_moves_the_round_one_step_with_a_full_step_after():
    table = conducted("Ada", "Bob").tick(1_000.0)  # the server was down through the Debate
    conduct = table.round.conduct
    assert conduct.phase is Phase.COUNTDOWN and conduct.level == 9 and conduct.deadline == 1_005.0


def test_moving_on_twice_at_the_same_moment_changes_nothing_more(four):
    once = four.call(5).table
    assert once.tick(four.now) is once


def test_a_turn_stored_before_turns_had_a_clock_is_due_at_once():
    from evilrobots.game.codec import load_table, table_state

    game = play("Ada", "Bob", ada=("SwapBot", 7, E)).call(7).claim(1)
    state = table_state(game.table)
    del state["round"]["conduct"]["un"]
    old = load_table(state)
    assert old.deadline == 0.0
    assert old.tick(game.now).round.conduct.turn is None  # passed for Ada
