"""The Debate and the Countdown of a round the app runs (``countdown``): passes, each power
called for the same time, "I act" for those who hold it (PlusBot, FreeBot), the call held
while a turn runs, a turn nobody takes, a call let go by, and seats tied at a level.

Tables are dealt at 0 (a 60 s Debate, 5 s a power, 8 s a reaction window) and played with
``Play``, whose clock moves a second a step.
"""

from __future__ import annotations

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, NotAllowed
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.turns import reactions_for, to_answer
from tests.support.tables import Play, conduct, play, three_at_six

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def tied_three() -> Play:
    """Ada, Bob and Cy all act at 6: Ada claims first, then Bob, then Cy."""
    return three_at_six().call(6).claim(1).claim(2).claim(3)


def test_nothing_is_revealed_in_the_debate(four):
    with pytest.raises(Conflict, match="The app runs this round"):
        four.table.reveal(1, 1, Action.PROVE_POWER)


def test_each_power_is_called_for_the_same_time_whoever_holds_it(four):
    calls = []
    while four.table.deadline is not None:
        calls.append((conduct(four).level, four.table.deadline))
        four.at(four.table.deadline)
    # Ada 7, Bob 4, Cy 2 and Di 9 hold a level and let it go by; the others, nobody holds.
    assert calls == [(0, 60.0), *((level, 60.0 + 5 * (10 - level)) for level in range(9, 0, -1))]
    assert conduct(four).phase is Phase.DONE and four.now == 105.0


def test_while_a_seat_takes_its_turn_the_call_waits_then_goes_on_for_its_time_left(four):
    four.call(7).at(72.0).claim(1)  # at 73, of a level called at 70: 2 s of it left
    conduct = four.table.round.conduct
    assert conduct.deadline is None and conduct.held == 2.0
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


def test_a_seat_that_passed_in_the_debate_is_not_called(four):
    four.pass_debate(2).call(4)
    with pytest.raises(Conflict, match="passed"):
        four.claim(2)
    assert 2 not in four.call(3).table.round.conduct.missed


def test_freebot_misses_only_when_the_countdown_ends():
    game = play("Ada", "Bob", ada=("FreeBot", 3, G)).call(1)
    assert 1 not in game.table.round.conduct.missed
    assert 1 in game.finish().table.round.conduct.missed


def test_a_seat_whose_turn_ran_out_neither_reacts_nor_holds_a_window_open():
    game = play("Ada", "Bob", "Cy", ada=("BlockBot", 7, G), bob=("BetBot", 3, E))
    game.call(7).claim(1)
    game.at(game.table.deadline)  # Ada's turn runs out
    game.call(3).claim(2).convert(2, target=3)
    chain = conduct(game).chain
    assert 1 not in to_answer(conduct(game), game.table.round)
    assert reactions_for(conduct(game), game.table.round, 1) == ()
    assert chain is not None and game.table.view_for(1).acts.reactions == ()


def test_a_tie_left_by_one_of_the_tied_is_no_tie_any_more():
    game = tied_three().pass_turn(1)
    game.table = game.table.leave(3, game.now)
    assert conduct(game).ordering is None and conduct(game).turn == 2


def test_a_tie_nobody_orders_goes_in_the_order_claimed_and_cannot_be_ordered_later():
    game = tied_three().pass_turn(1)
    game.at(game.table.deadline)
    assert conduct(game).turn == 2 and conduct(game).queue == (3,)
    with pytest.raises(Conflict, match="Nobody is choosing"):
        game.promote(1, 3)


@pytest.mark.parametrize(("card", "shown"), [(9, False), (8, True), (6, True), (2, True)])
def test_plusbot_shows_itself_on_a_claim_only_where_its_card_falls_short(card, shown):
    level = min(card + 3, 9)
    game = play("Ada", "Bob", ada=("PlusBot", card, G)).call(level).claim(1)
    assert game.table.round.reveals[-1].robot is (
        game.table.round.hand_of(1).robot if shown else None
    )


def test_nobody_says_i_act_while_a_reaction_window_is_open_and_may_once_it_closes():
    # Found by test_legal's random rounds: the phones offer only the window's answers then,
    # and the act took a claim all the same.
    game = play("Ada", "Bob", "Cy", ada=("SumoBot", 7, G), bob=("LockBot", 7, G))
    game.call(7).claim(1).convert(1, target=3)
    assert game.table.acts(2).claim == 0
    with pytest.raises(Conflict, match="reaction window is open"):
        game.claim(2)
    game.close()
    assert game.table.acts(2).claim == 7
    game.claim(2)
    assert conduct(game).turn == 2
