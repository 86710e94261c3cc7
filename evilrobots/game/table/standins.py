"""A seat its player left (or the host removed) while the game was under way: kept, with its
name, its score and its place, for the host to hand to a computer player, which then plays
it (marked "played by the computer"); its player takes it back from the phone that held it
(or by the seat's move link), and the computer stops at once, remembering nothing. The
round's notes say both. Acts: each takes a table and returns a new one, or raises."""

from __future__ import annotations

from dataclasses import replace

from ..errors import Conflict
from ..messages import N_
from .names import look_alike
from .refusals import refuse, stand_in_refused, take_back_refused
from .state import Computer, Gone, Seat, TableState

# The level a computer player stands in at: it plays as a player would.
STAND_IN_LEVEL = "player"


def left(table: TableState, seat: Seat) -> tuple[Gone, ...]:
    """The table's seats left this game, and this one, if its game is under way (a round
    dealt, no winner yet) and a person held it (a computer the host added is just gone)."""
    computer = table.computer(seat.id)
    if table.round is None or table.game.winner is not None:
        return table.gone
    if computer is not None and not computer.stands_in:
        return table.gone
    kept = tuple(g for g in table.gone if g.seat.id != seat.id)
    return (*kept, Gone(seat, table.game.score(seat.id)))


def stand_in(table: TableState, by: int, seat_id: int) -> TableState:
    """The host hands a seat left this game to a computer player: back at its place, under
    its name, with its score (it plays from the next deal if a round is in play)."""
    refuse(stand_in_refused(table, by, seat_id))
    gone = next(g for g in table.gone if g.seat.id == seat_id)
    taken = look_alike(gone.seat.name, [seat.name for seat in table.seats])
    if taken is not None:
        raise Conflict(
            N_("Someone at this table is already called %(taken)s, which %(name)s looks like."),
            taken=taken,
            name=gone.seat.name,
        )
    scores = dict(table.game.scores)
    if gone.points:
        scores[seat_id] = gone.points
    round_ = table.round
    return replace(
        table,
        seats=tuple(sorted((*table.seats, gone.seat), key=lambda seat: seat.id)),
        game=replace(table.game, scores=tuple(sorted(scores.items()))),
        gone=tuple(g for g in table.gone if g.seat.id != seat_id),
        computers=(*table.computers, Computer(seat_id, STAND_IN_LEVEL, stands_in=True)),
        round=_noted(round_, gone.seat.name, back=False) if round_ else None,
    )


def take_back(table: TableState, seat_id: int) -> TableState:
    """The seat's player is back: the computer playing it stops (its plans with it)."""
    refuse(take_back_refused(table, seat_id))
    round_ = table.round
    return replace(
        table,
        computers=tuple(c for c in table.computers if c.seat != seat_id),
        planned=tuple(p for p in table.planned if p.seat != seat_id),
        round=_noted(round_, table.seat(seat_id).name, back=True) if round_ else None,
    )


def _noted(round_, name: str, back: bool):
    return replace(round_, handed=(*round_.handed, (name, back)))
