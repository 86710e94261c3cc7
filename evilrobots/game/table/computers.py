"""The seats the app plays: after every change everyone may see, each computer seat's next
move is chosen afresh from its own view and its ``legal`` moves (``players.decide``), with
the time it makes it, and kept in the table (``TableState.planned``). The table's deadline
includes them, so the store's ticker, which moves every clock on, makes them through
``moves.advance``: once, on whichever instance holds the lease, and after a restart all the
same. A private tap (another seat's, which no computer sees) changes no plan.

At a table to practise at, the host's next step (end the round once every phase is over,
keep the score, deal the next) is planned too, a few seconds after it is due, unless the
host taps first.
"""

from __future__ import annotations

from dataclasses import replace

from .. import players
from .conduct import Phase
from .controls import split_moves
from .kinds import Deal, EndRound, KeepScore, Move
from .legal import acts as round_acts
from .offers import legal
from .refusals import deal_refused, end_refused, keep_refused
from .state import Planned, TableState
from .views import board_view, seat_view, shared_fields

# At a table to practise at: how long after it is due the app takes the host's next step.
PRACTICE_SECONDS = 4.0


def plan(table: TableState, now: float, only: int | None = None) -> TableState:
    """The table with its computer seats' next moves chosen afresh at ``now`` (``only``:
    that seat's alone, after its own private move; a seat the app does not play: none)."""
    if not table.computers and not table.practice:
        return table
    if only is not None and table.computer(only) is None:
        return table
    if all(seat.id != table.host for seat in table.seats):
        # Nobody is left to host (the role passes only to a person): the computers stop, and
        # the round's own clocks run out.
        return table if not table.planned else replace(table, planned=())
    kept = [p for p in table.planned if only is not None and p.seat != only]
    board = shared = None
    for computer in table.computers:
        if only is not None and computer.seat != only or idle(table, computer.seat):
            continue
        if board is None:
            board = board_view(table)
            shared = shared_fields(board)
        view = seat_view(table, computer.seat, board, shared)
        offered = legal(table, computer.seat, now)
        choice = players.decide(computer.level, view, offered, table.seed, now)
        if choice is not None:
            if choice.move not in offered:  # a level's mistake, not a player's
                raise ValueError(f"{computer.level} chose {choice.move!r}, which is not legal")
            kept.append(Planned(computer.seat, choice.move, now + choice.delay))
    if table.practice and only is None:
        step = host_step(table, now)
        if step is not None:
            kept.append(Planned(table.host, step, now + PRACTICE_SECONDS))
    planned = tuple(sorted(kept, key=lambda p: (p.at, p.seat)))
    return table if planned == table.planned else replace(table, planned=planned)


def idle(table: TableState, seat: int) -> bool:
    """Whether the seat has nothing to do now that a computer player does: no act of the
    round (a call, a turn, a window, a proof, a tie's order, a pass in the Debate) and no
    split to propose or answer. Every level lets such a moment pass; asking it first only
    spares the work."""
    acts = round_acts(table, seat)
    return not (
        acts.pass_debate
        or acts.claim
        or acts.turn
        or acts.promote
        or acts.reactions
        or acts.no_reaction
        or acts.proofs
        or split_moves(table, seat)
    )


def host_step(table: TableState, now: float) -> Move | None:
    """At a table to practise at: the host's next step, once it is due (the round's phases
    over, its count settled, the score kept)."""
    round_ = table.round
    if round_ is None:
        return None
    conduct = round_.conduct
    if round_.in_play:
        done = conduct is not None and conduct.phase is Phase.DONE
        return EndRound() if done and end_refused(table, table.host) is None else None
    if keep_refused(table, table.host) is None:
        return KeepScore()
    if deal_refused(table, table.host, table.deals, False) is None:
        return Deal(table.deals)
    return None


def due(table: TableState, now: float) -> Planned | None:
    """The first planned move whose time has come."""
    first = table.planned[0] if table.planned else None
    return first if first is not None and first.at <= now else None


def still_legal(table: TableState, planned: Planned, now: float) -> bool:
    return planned.move in legal(table, planned.seat, now)


def dropped(table: TableState, planned: Planned) -> TableState:
    return replace(table, planned=tuple(p for p in table.planned if p != planned))
