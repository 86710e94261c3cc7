"""Who sits at the table (``seating``): joining, the host, closing the table, leaving or being
removed (mid-round too, and once the round has ended), moving a seat, the board's language.
"""

from __future__ import annotations

import random

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.story import unpacked
from evilrobots.game.errors import Conflict, GameError, NotAllowed
from evilrobots.game.table import (
    MAX_SEATS,
)
from tests.support.cards import known
from tests.support.tables import play, play_round, seated, two_winners

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_the_starter_is_host_and_seats_are_numbered_in_order():
    table = seated("Ada", "Bob", "Cy")
    assert [seat.name for seat in table.seats] == ["Ada", "Bob", "Cy"]
    assert [seat.id for seat in table.seats] == [1, 2, 3]
    assert table.host == 1


def test_a_name_already_taken_ignoring_case_is_refused():
    with pytest.raises(Conflict, match="already called"):
        seated("Ada").join("ADA", "other")


def test_nine_players_at_most():
    table = seated(*[f"P{n}" for n in range(MAX_SEATS)])
    with pytest.raises(Conflict, match="full"):
        table.join("Tenth", "s")


def test_a_closed_table_takes_no_newcomers_and_opens_again():
    table = seated("Ada").set_open(1, False)
    with pytest.raises(Conflict, match="closed"):
        table.join("Bob", "s")
    assert len(table.set_open(1, True).join("Bob", "s").seats) == 2


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.deal(2, random.Random(1)),
        lambda t: t.remove(2, 3),
        lambda t: t.make_host(2, 2),
        lambda t: t.set_open(2, False),
        lambda t: t.set_npr(2, True),
    ],
    ids=["deal", "remove", "make-host", "close", "npr"],
)
def test_host_only_changes_are_refused_to_other_players(change):
    with pytest.raises(NotAllowed, match="Only the host"):
        change(seated("Ada", "Bob", "Cy"))


def test_when_the_host_leaves_the_longest_seated_player_becomes_host():
    table = seated("Ada", "Bob", "Cy").make_host(1, 3).leave(3)
    assert table.host == 1
    table = seated("Ada", "Bob", "Cy").leave(1)
    assert table.host == 2
    assert [seat.name for seat in table.seats] == ["Bob", "Cy"]


def test_the_host_removes_a_player_but_not_themself(three):
    table = three.remove(1, 2)
    assert [seat.name for seat in table.seats] == ["Ada", "Cy"]
    assert table.round.hand_of(2) is None
    assert table.view_for(None).departed == ("Bob",)  # the board says where Bob's cards went
    with pytest.raises(GameError, match="Leave the table"):
        three.remove(1, 1)


def test_a_seat_is_found_by_its_secret_only():
    table = seated("Ada", "Bob")
    assert table.seat_with_secret("secret-1").name == "Bob"
    assert table.seat_with_secret("secret-9") is None


def test_a_move_link_works_once_and_not_after_it_expires():
    table = seated("Ada", "Bob").offer_move(2, "token", until=100.0)
    assert table.seat_with_move("token", now=50.0).name == "Bob"
    moved, seat = table.take_move("token", "new-secret", now=50.0)
    assert seat.id == 2 and moved.seat_with_secret("new-secret").name == "Bob"
    assert moved.seat_with_secret("secret-1") is None
    with pytest.raises(Conflict):
        moved.take_move("token", "third", now=51.0)
    with pytest.raises(Conflict):
        table.take_move("token", "late", now=101.0)


def test_a_player_who_leaves_takes_their_score_and_any_split_is_proposed_again(table):
    ended = two_winners(table).propose_split(2, {2: 4, 3: 2})
    left = ended.leave(3)
    assert left.round.proposal is None
    kept = play_round(seated("Ada", "Bob"), 2, 4, random.Random(1)).leave(2)
    assert [s.name for s in kept.view_for(None).scores] == ["Ada"]


def test_leaving_once_the_round_has_ended_changes_no_count_and_takes_no_points():
    """Good 4 + 3 against Evil 6 with Di's 2 picked negative: Good wins. Di (Evil) leaving,
    or being removed, must not turn the count round; the Good split Ada proposed still
    stands; and a Good winner who leaves scores nothing, the others share the value."""
    table = seated("Ada", "Bob", "Cy", "Di").deal(1, random.Random(4))
    table = known(
        table,
        5,
        ada=("NegativeBot", 4, G),
        bob=("SumoBot", 3, G),
        cy=("LockBot", 6, E),
        di=("PushBot", 2, E),
    )
    table = table.use_robot(1, 1, "NegativeBot", target=4).end_round(1)
    counted = table.tally()
    assert (counted.good, counted.evil, counted.winner) == (7, 4, G)
    proposed = table.propose_split(1, {1: 3, 2: 2})
    for left in (proposed.leave(4), proposed.remove(1, 4)):
        again = left.tally()
        assert (again.good, again.evil, again.winner) == (7, 4, G)
        assert "Di" in [row.seated.name for row in again.rows]
        assert left.round.proposal == proposed.round.proposal
        agreed = left.answer_split(2, True).keep_score(1)
        assert dict(agreed.game.scores) == {1: 3, 2: 2}
    # Bob, a winner, leaves before answering: Ada, the one winner left, takes the 5.
    bob_gone = proposed.leave(2)
    assert bob_gone.round.proposal is None
    assert bob_gone.tally().winners == (1,)
    kept = bob_gone.keep_score(1)
    assert dict(kept.game.scores) == {1: 5}
    assert unpacked(load_table(table_state(bob_gone))) == unpacked(bob_gone)


def test_a_seat_in_a_conversion_being_settled_is_neither_removed_nor_gone():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 7, G))
    game.call(3).claim(1).convert(1, target=2)  # it works: Bob becomes Evil when it closes
    with pytest.raises(Conflict, match="Bob is in a conversion being settled"):
        game.table.remove(1, 2, game.now)
    for seat in (1, 2):
        with pytest.raises(Conflict, match="being settled"):
            game.table.leave(seat, game.now)
    game.table = game.table.remove(1, 3, game.now)  # Cy is not in it
    game.close()
    assert game.allegiance(2) is E  # the conversion announced as working is applied
    assert game.table.remove(1, 2, game.now).round.hand_of(2) is None


def test_leaving_is_judged_against_the_round_as_it_now_stands():
    """Bob's window closed a moment ago, and nothing has moved the table on yet: he may go."""
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 7, G))
    game.call(3).claim(1).convert(1, target=2)
    closed = game.table.round.conduct.chain.deadline
    left = game.table.leave(2, closed + 0.1)
    assert left.round.hand_of(2) is None and left.round.hand_of(1) is not None


def test_the_board_speaks_the_hosts_language_and_no_one_elses():
    table = seated("Ada", "Bob")
    assert table.language == "en"
    assert table.speaks(2, "de") is table  # Bob is not the host
    assert table.speaks(1, "de").language == "de"
    assert table.speaks(1, "en") is table  # already so: no change to store
