"""The observers: what the board (and anyone without a seat) may see of a table, and what one
seat may see (the board's view, with its own hand, acts and choices). Built from reads only.

A seat's view is the board's with a few fields of its own (``OWN``): a caller that draws many
seats' views of one table (a live page's stream each) makes the board's once and hands it in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from ..cards import NEGATIVEBOT, SCAREDYBOT
from ..scoring import Game
from .controls import offered
from .count import only_power_shown, round_tally
from .legal import Acts, acts
from .now import Standing, happening, standing
from .round import Names, Reveal, Round, name_of
from .settings import Settings
from .shown import shown_by
from .state import TableState
from .truths import truths
from .view import Kept, NprView, Score, SeatView, TableView

# A seat's view is the board's with these of its fields the seat's own.
OWN = ("seats", "you", "hand", "acts", "standing", "withdrawing", "scaredy", "settings", "offered")


def ranked(scores: Iterable[Score]) -> tuple[Score, ...]:
    """Most points first; ties in seating order."""
    return tuple(sorted(scores, key=lambda score: (-score.points, score.seat)))


def history(table: TableState) -> tuple[Kept, ...]:
    """Each kept round of the game with the scores it left, newest first."""
    return game_history(table.game, table.names)


def game_history(game: Game, names: Names) -> tuple[Kept, ...]:
    """Each kept round of a game with the scores it left, newest first (``names``: its
    players', as the game stands or as it ended)."""
    totals: dict[int, int] = {}
    kept = []
    for counted in game.rounds:
        for seat, points in counted.points().items():
            totals[seat] = totals.get(seat, 0) + points
        every = names | counted.names()
        after = ranked(Score(seat, every.get(seat, "?"), p) for seat, p in totals.items())
        kept.append(Kept(counted.number, counted, after))
    return tuple(reversed(kept))


def board_view(table: TableState) -> TableView:
    """What everyone at the table, and the board, may see."""
    round_ = table.round
    levels = {computer.seat: computer for computer in table.computers}
    seats = tuple(
        SeatView(
            seat.id,
            seat.name,
            host=seat.id == table.host,
            dealt=round_ is not None and round_.hand_of(seat.id) is not None,
            shown=shown_by(round_, seat.id),
            computer=levels[seat.id].level if seat.id in levels else None,
            stands_in=seat.id in levels and levels[seat.id].stands_in,
        )
        for seat in table.seats
    )
    names = table.names
    ended = round_ is not None and round_.ended
    scores = ranked(Score(seat.id, seat.name, table.game.score(seat.id)) for seat in table.seats)
    winner = table.game.winner
    ended_tally = round_tally(round_, names) if round_ and ended else None
    scores_after: tuple[Score, ...] = ()
    if ended_tally is not None and ended_tally.settled:
        if round_ is not None and round_.kept:
            scores_after = tuple(scores)
        else:
            gained = ended_tally.points()
            scores_after = ranked(
                Score(s.seat, s.name, s.points + gained.get(s.seat, 0)) for s in scores
            )
    uses = round_.uses if round_ else ()
    picked = tuple(
        (use.target, name_of(names, use.target))
        for use in uses
        if use.robot is NEGATIVEBOT and use.target is not None
    )
    return TableView(
        code=table.code,
        open=table.open,
        seats=seats,
        round=round_.number if round_ else 0,
        points=round_.points if round_ else None,
        npr=NprView(round_.npr) if round_ and round_.npr else None,
        npr_next_deal=table.npr_next_deal,
        reveals=tuple(reversed(round_.reveals)) if round_ else (),
        ended=ended,
        tally=ended_tally,
        proposal=round_.proposal if round_ and ended else None,
        kept=bool(round_ and round_.kept),
        target=table.game.target,
        scores=tuple(scores),
        winner=names.get(winner) if winner is not None else None,
        winner_seat=winner,
        history=history(table),
        scores_after=scores_after,
        bets=tuple((names.get(u.seat, "?"), u.bet) for u in uses if u.bet is not None),
        picked=picked,
        departed=round_.departed if round_ else (),
        handed=round_.handed if round_ else (),
        gone=tuple((g.seat.id, g.seat.name) for g in table.gone),
        deal_id=round_.deal_id if round_ else 0,
        deals=table.deals,
        conducted=bool(round_ and round_.conduct is not None),
        abandoned=bool(round_ and round_.abandoned),
        dealt_again=bool(round_ and round_.again),
        proposals=round_.proposals if round_ else 0,
        split_until=round_.split_until if round_ else None,
        happening=happening(round_, names) if round_ else None,
        truth=truths(table.chapter(round_)) if round_ and not round_.in_play else None,
        game_number=table.game_number,
    )


def shared_fields(board: TableView) -> dict[str, Any]:
    """The board's view's fields that a seat's view shares (all but ``OWN``)."""
    return {f.name: getattr(board, f.name) for f in fields(TableView) if f.name not in OWN}


def seat_view(
    table: TableState,
    seat_id: int,
    board: TableView | None = None,
    shared: dict[str, Any] | None = None,
) -> TableView:
    """What one seat may see: what everyone may see (``board``, and its ``shared_fields``,
    made here if not given), and the seat's own. The board's view for a seat not at the
    table."""
    board = board_view(table) if board is None else board
    you = next((seat for seat in board.seats if seat.id == seat_id), None)
    if you is None:
        return board
    you = SeatView(
        you.id, you.name, you.host, you.dealt, you.shown, True, you.computer, you.stands_in
    )
    round_ = table.round
    names = table.names
    # The board's fields, and the seat's own: a dataclasses.replace of the board's view would
    # read each of its fields again, for each seat's view at every change.
    return TableView(
        **(shared_fields(board) if shared is None else shared),
        seats=tuple(you if seat.id == seat_id else seat for seat in board.seats),
        you=you,
        hand=round_.hand_of(you.id) if round_ else None,
        acts=acts(table, you.id) if round_ else Acts(),
        standing=standing(round_, you.id) if round_ else Standing(),
        withdrawing=_withdrawable(round_, you.id) if round_ and round_.in_play else None,
        scaredy=tuple(
            (seat, names.get(seat, "?"), only_power_shown(round_, seat))
            for seat, hand in round_.hands
            if hand.robot is SCAREDYBOT
        )
        if round_ and round_.ended and not round_.kept and you.host and round_.conduct is None
        else (),
        settings=table.settings if you.host else Settings(),
        offered=offered(table, you.id),
    )


def view_for(table: TableState, seat_id: int | None) -> TableView:
    """What one seat (or, with None, the board and anyone else) may see."""
    return board_view(table) if seat_id is None else seat_view(table, seat_id)


def _withdrawable(round_: Round, seat_id: int) -> Reveal | None:
    """The seat's last reveal, if it is one its player may still take back (the clock is the
    page's to watch: the server checks it again)."""
    mine = [reveal for reveal in round_.reveals if reveal.seat == seat_id]
    if mine and mine[-1].withdrawable_until is not None:
        return mine[-1]
    return None
