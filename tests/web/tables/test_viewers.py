"""What each viewer is shown, worked out once per table state in this process, and the keys a
live page compares (``web.tables.viewers``): equal tables give equal keys; a call changes a
seat's key but not what the rest of its page is drawn from; a reveal changes both."""

from __future__ import annotations

from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state
from evilrobots.web.tables.viewers import rest_key, view_for, view_key
from tests.support.tables import Play
from tests.web.tables.test_parts import counting_down

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_a_view_is_known_by_its_key():
    """Equal tables give equal keys, whichever object they were read into; a power called
    changes the key but not what the seat's other parts are drawn from; a reveal changes
    both."""
    table = counting_down()
    again = load_table(table_state(table))
    assert again is not table

    def key(table, seat):
        return view_key(view_for(table, seat), table)

    def rest(table, seat):
        return rest_key(view_for(table, seat), table)

    assert key(again, 2) == key(table, 2)
    assert key(again, None) == key(table, None)
    called = Play(table).call(7).table
    cy = 3  # holds 5: nothing of Cy's changes as 7 is called
    assert key(called, cy) != key(table, cy)
    assert rest(called, cy) == rest(table, cy)
    acted = Play(called).call(3).claim(2).table  # Bob acts at 3: the board shows his power
    assert rest(acted, cy) != rest(called, cy)
    assert key(acted, None) != key(called, None)


def test_a_seats_view_is_the_boards_with_its_own_and_the_same_as_the_games():
    """The view drawn from the board's kept view is the one the game draws alone."""
    table = counting_down()
    for seat in (None, 1, 2, 3, 4, 9):
        assert view_for(table, seat) == table.view_for(seat)
