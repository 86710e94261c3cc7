"""The Pass phase of a round the app runs (``pass_phase``, ``pass_order``): who sits out, the
order of the rest, ties, PassBot first, PlusBot shown only where it matters, and the round
waiting for the host once it is over.
"""

from __future__ import annotations

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, NotAllowed
from evilrobots.game.table.conduct import Phase
from tests.support.tables import conduct, pass_phase, play

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


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


def test_the_pass_phases_first_tie_is_ordered_by_the_previous_player_to_act():
    """Di passes on her turn at 9; Bob and Cy, who passed in the Debate, tie at 5, below
    nobody but Ed's 1: Di, the previous player to act, chooses which of them goes first."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        "Ed",
        ada=("SwapBot", 8, G),
        bob=("BetBot", 5, E),
        cy=("LockBot", 5, N),
        di=("SumoBot", 9, G),
        ed=("PushBot", 1, E),
    )
    game.pass_debate(2).pass_debate(3).pass_debate(5)
    game.call(9).claim(4).pass_turn(4)
    game.call(8).claim(1).pass_turn(1)  # Ada, 8, is the last to act in the Countdown
    game.call(1).at(game.table.deadline)
    # Ed 1 sits out; Bob 5 and Cy 5 tie (then Ada 8, Di 9): Ada orders them.
    assert conduct(game).phase is Phase.PASS and conduct(game).sat_out == (5,)
    assert conduct(game).ordering == 1 and conduct(game).queue == (2, 3, 1, 4)
    game.promote(1, 3)
    assert conduct(game).turn == 3
    game.pass_turn(3)  # then Bob, alone at 5: no choice to make
    assert conduct(game).turn == 2
