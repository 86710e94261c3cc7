"""What each viewer of a table may see: its own hand in full, the others only as revealed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance, PowerCard
from tests.support.cards import known
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


# ---- What each viewer sees -------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_what_others_revealed(three):
    table = three.reveal(2, 1, Action.PROVE_POWER)
    view = table.view_for(1)
    assert view.hand == table.round.hand_of(1)
    bob = next(seat for seat in view.seats if seat.id == 2)
    assert bob.shown.power == table.round.hand_of(2).power
    assert bob.shown.robot is None and bob.shown.allegiance is None
    cy = next(seat for seat in view.seats if seat.id == 3)
    assert cy.shown.robot is None and cy.shown.power is None and cy.shown.allegiance is None


def test_the_board_holds_no_hand(three):
    board = three.view_for(None)
    assert board.hand is None and board.you is None
    assert board.points == three.round.points


@pytest.mark.parametrize("viewer", [None, 1, 3])
def test_a_view_does_not_change_when_someone_elses_secret_cards_do(three, viewer):
    """Bob's unrevealed hand, whatever it is, leaves every other view exactly the same."""
    other = known(three, bob={"robot": "SwapBot", "allegiance": Allegiance.EVIL, "flips": None})
    other = replace(
        other,
        round=other.round.with_hand(
            2,
            replace(
                other.round.hand_of(2),
                power=PowerCard(1 if three.round.hand_of(2).power.value != 1 else 2),
            ),
        ),
    )
    assert three.view_for(viewer) == other.view_for(viewer)
    assert three.view_for(2) != other.view_for(2)


def test_the_newest_reveal_comes_first(three):
    table = three.reveal(2, 1, Action.PROVE_POWER).reveal(3, 1, Action.REACTION)
    assert [reveal.seat for reveal in table.view_for(None).reveals] == [3, 2]


def test_a_view_says_which_of_the_table_s_controls_its_viewer_may_use():
    """What the host's, the split's and a seat's own buttons are drawn from (``may``): the
    kinds ``legal`` gives; a name that is no control is a mistake, not a no."""
    table = seated("Ada", "Bob", "Cy")
    host, other = table.view_for(1), table.view_for(2)
    assert host.may("Deal") and host.may("SetTarget") and host.may("Remove")
    assert not other.may("Deal") and other.may("Leave") and not table.view_for(None).may("Leave")
    for wrong in ("PassTurn", "Dael", "Move"):
        with pytest.raises(ValueError, match="no kind of the table's controls"):
            host.may(wrong)


def test_a_round_left_with_one_player_offers_no_deal_again_but_still_its_abandon():
    """Drawn from ``legal``: with one player left mid-round, Deal this round again would be
    refused (a deal needs two), so the host's page does not draw it; Abandon stays."""
    table = seated("Ada", "Bob").deal(1, random.Random(4)).leave(2)
    host = table.view_for(1)
    assert host.in_play and not host.may("Deal") and host.may("AbandonRound")
    assert seated("Ada", "Bob").deal(1, random.Random(4)).view_for(1).may("Deal")
