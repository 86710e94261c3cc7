"""What each viewer of a table is shown, worked out once per table state in this process, and
the keys a live page compares to learn whether what its viewer sees has changed.

At a change, every stream of a table is handed the same table (``store.Hub``), and each draws
its own viewer's view within moments of the others: the board's view, which every seat's view
starts from (``game.table.views``), is made once for that table and kept, with a number for
everything public in it but what is happening now. So thousands of streams need not hash or
compare whole views: equal keys, equal views (or equal parts of them).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ...game.table import Table, TableView
from ...game.table.kinds import EndRound, TakeBack
from ...game.table.views import board_view, seat_view, shared_fields

# The control only the host's next step draws: it comes with what is happening (the round's
# phases done), which the rest is not drawn from.
NEXT_ONLY = frozenset({EndRound})

# The tables seen last in this process, by the table itself. Few are kept: each kept table and
# view is some 60 objects that the garbage collector would scan again and again.
KEPT = 32


@dataclass(frozen=True, slots=True)
class Seen:
    """A table's board view, the fields a seat's view shares with it, and the number of all
    that is public in it but what is happening now."""

    table: Table  # held, so that its id stays its own while it is kept
    board: TableView
    shared: dict[str, Any]
    public: int


_SEEN: dict[int, Seen] = {}


def _seen(table: Table) -> Seen:
    found = _SEEN.get(id(table))
    if found is not None and found.table is table:
        return found
    board = board_view(table)
    shared = shared_fields(board)
    public = hash((board.seats, *(v for k, v in shared.items() if k != "happening"))) or 1
    seen = _SEEN[id(table)] = Seen(table, board, shared, public)
    while len(_SEEN) > KEPT:
        _SEEN.pop(next(iter(_SEEN)), None)
    return seen


def view_for(table: Table, seat_id: int | None) -> TableView:
    """What one seat (or, with None, the board and anyone else) may see of the table."""
    seen = _seen(table)
    if seat_id is None:
        return seen.board
    return seat_view(table, seat_id, seen.board, seen.shared)


def rest_key(view: TableView, table: Table) -> Hashable:
    """What ``view`` (of ``table``) is drawn from, but for the strip's part (what is happening
    and what this phone may do now, CheatBot's and PassBot's choices excepted): equal keys,
    equal rest."""
    acts, own = view.acts, view.standing
    private = (view.hand, acts.robots, view.withdrawing, view.scaredy, view.settings)
    return (
        _seen(table).public,
        view.you,
        view.offered - NEXT_ONLY,  # the controls the host's panel and the split draw
        private,
        acts.cheat,
        own.shows,
        own.story,
        acts.passbot,
        own.first,
    )


def next_key(view: TableView, table: Table, rest: int | None = None) -> Hashable:
    """What the host's next step (``_host_next.html``) is drawn from: the rest (``rest``: the
    hash of ``rest_key``, when the caller has it), and whether the host may end the round
    (``NEXT_ONLY``), which comes with what is happening. Only the host has one; every other
    seat's is nothing, whatever happens, but a seat the computer plays for its player: the
    offer to take it back."""
    if view.you is None:
        return None
    if not view.you.host:
        return TakeBack in view.offered
    return (hash(rest_key(view, table)) if rest is None else rest, EndRound in view.offered)


def view_key(view: TableView, table: Table, rest: int | None = None) -> Hashable:
    """What ``view`` (of ``table``) is drawn from: equal keys, equal views. ``rest``: the hash
    of ``rest_key``, when the caller has it (a stream works it out once an event, rather than
    hash the rest, a seat's hand and settings among it, again for each key)."""
    rest = hash(rest_key(view, table)) if rest is None else rest
    return (rest, view.happening, view.acts, view.standing)
