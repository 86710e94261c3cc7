"""Who sits at the table: taking a seat, leaving or being sent away (in the middle of a round,
out of its turns and queues), the host's role handed on, the table closed or opened, a seat
moved to another phone, and the board's language, the host's. Acts: each takes a table and
returns a new one, or raises a ``GameError`` that says why not."""

from __future__ import annotations

import hmac
from dataclasses import replace

from ..errors import Conflict, GameError
from ..messages import N_
from .conversions import resolve
from .flow import end_turn_of, next_turn
from .guards import host_only
from .limits import MAX_SEATS
from .names import COMPUTER_NAMES, clean_name, look_alike
from .refusals import computer_refused, take_back_refused
from .round import Names, Round
from .standins import left, take_back
from .state import Computer, Seat, TableState
from .turns import in_chain, tied, to_answer


def speaks(table: TableState, by: int, language: str) -> TableState:
    """The host's phone is in ``language``: the board follows it (anyone else: no change,
    as the board is the host's)."""
    if by != table.host or language == table.language:
        return table
    return replace(table, language=language)


def seat_with_secret(table: TableState, secret: str) -> Seat | None:
    """The seat this browser's secret (hashed) holds, if any."""
    found = None
    for seat in table.seats:
        if hmac.compare_digest(seat.secret, secret):
            found = seat
    return found


def join(table: TableState, raw_name: str, secret: str) -> TableState:
    """Take a seat (the first to sit hosts the table)."""
    name = clean_name(raw_name)
    if not table.open:
        raise Conflict(N_("This table is closed to newcomers. Ask the host to open it."))
    if len(table.seats) >= MAX_SEATS:
        raise Conflict(
            N_("This table is full: %(most)d players is the most the game allows."),
            most=MAX_SEATS,
        )
    taken = look_alike(name, [seat.name for seat in table.seats])
    if taken is not None:
        raise Conflict(
            N_(
                "Someone at this table is already called %(taken)s, which %(name)s looks "
                "like: pick a name the others can tell apart."
            ),
            taken=taken,
            name=name,
        )
    seat = Seat(table.next_seat, name, secret)
    return replace(
        table,
        seats=(*table.seats, seat),
        next_seat=table.next_seat + 1,
        host=table.host or seat.id,
    )


def leave(table: TableState, seat_id: int, now: float = 0.0) -> TableState:
    """Give up a seat; if it was the host's, the longest-seated player becomes host. In a
    round the app runs, the seat is out of its turns and queues; a seat in a conversion whose
    window is open stays until it is settled. (The table is moved on to ``now`` first.)"""
    table.seat(seat_id)
    if table.round is not None and table.round.in_play and in_chain(table.round, seat_id):
        raise Conflict(
            N_(
                "%(name)s is in a conversion being settled: wait until its reaction window "
                "closes (a few seconds)."
            ),
            name=table.seat(seat_id).name,
        )
    seats = tuple(seat for seat in table.seats if seat.id != seat_id)
    people = [s.id for s in seats if table.computer(s.id) is None]
    host = table.host if table.host != seat_id else min(people, default=0)
    round_ = table.round
    if round_ is not None and round_.hand_of(seat_id) is not None:
        # A split the seat was part of is proposed afresh.
        proposal = round_.proposal
        if proposal and (proposal.by == seat_id or seat_id in dict(proposal.shares)):
            proposal = None
        if round_.ended:
            # Its cards were shown and counted: the count stands as everyone saw it,
            # but a player who has left scores nothing.
            gone = (*round_.gone, (seat_id, table.seat(seat_id).name))
            round_ = replace(round_, proposal=proposal, gone=gone)
        elif round_.in_play:  # its cards go with it, and the board says so
            hands = tuple(p for p in round_.hands if p[0] != seat_id)
            departed = (*round_.departed, table.seat(seat_id).name)
            round_ = replace(round_, hands=hands, proposal=proposal, departed=departed)
            names = {seat.id: seat.name for seat in seats}
            round_ = _out_of_the_round(round_, names, seat_id, now)
    return replace(
        table,
        seats=seats,
        host=host,
        round=round_,
        game=table.game.without(seat_id),
        gone=left(table, table.seat(seat_id)),
        computers=tuple(c for c in table.computers if c.seat != seat_id),
        planned=tuple(p for p in table.planned if p.seat != seat_id),
    )


def _out_of_the_round(round_: Round, names: Names, seat: int, now: float) -> Round:
    """A seat has left mid-round (its hand is gone): it is out of every queue, a turn it was
    taking is over, a proof it owed or a tie it was ordering is off. (A seat in an open
    conversion cannot leave until its window closes.)"""
    conduct = round_.conduct
    if conduct is None:
        return round_
    proof = conduct.proof if conduct.proof is None or conduct.proof.seat != seat else None
    conduct = replace(
        conduct,
        queue=tuple(s for s in conduct.queue if s != seat),
        chooser=None if conduct.chooser == seat else conduct.chooser,
        proof=proof,
        ordering=None if conduct.ordering == seat else conduct.ordering,
    )
    if conduct.turn == seat:
        conduct = end_turn_of(conduct, seat)
    if conduct.ordering is not None and len(tied(conduct, round_)) < 2:
        conduct = replace(conduct, ordering=None, until=None)  # no tie left to order
    round_ = round_.with_conduct(next_turn(round_, conduct, now))
    if conduct.chain is not None and not to_answer(conduct, round_):
        return resolve(round_, names, now)  # the window waited only for that seat
    return round_


def remove(table: TableState, by: int, seat_id: int, now: float = 0.0) -> TableState:
    """The host sends a player away from the table."""
    host_only(table, by, N_("Only the host can remove a player."))
    if seat_id == by:
        raise GameError(N_("To leave the table yourself, use Leave the table."))
    return leave(table, seat_id, now)


def make_host(table: TableState, by: int, seat_id: int) -> TableState:
    """The host hands the role to another player (never to a computer player)."""
    host_only(table, by, N_("Only the host can make another player host."))
    table.seat(seat_id)
    if table.computer(seat_id) is not None:
        raise GameError(N_("A computer player cannot host the table."))
    return replace(table, host=seat_id)


def add_computer(table: TableState, by: int, level: str, seed: int) -> TableState:
    """The host seats a computer player at ``level``, between rounds, under the first of
    ``COMPUTER_NAMES`` nobody's name looks like. ``seed``: the table's computers' dice, if it
    has none yet."""
    host_only(table, by, N_("Only the host can add a computer player."))
    refused = computer_refused(table, level)
    if refused is not None:
        raise refused
    taken = [seat.name for seat in table.seats] + [gone.seat.name for gone in table.gone]
    name = next(n for n in COMPUTER_NAMES if look_alike(n, taken) is None)
    seat = Seat(table.next_seat, name, "")  # no browser's secret holds it
    return replace(
        table,
        seats=(*table.seats, seat),
        next_seat=table.next_seat + 1,
        computers=(*table.computers, Computer(seat.id, level)),
        seed=table.seed or seed,
    )


def set_open(table: TableState, by: int, open_: bool) -> TableState:
    """The host closes the table to newcomers, or opens it again."""
    host_only(table, by, N_("Only the host can close or open the table."))
    return replace(table, open=open_)


def offer_move(table: TableState, seat_id: int, token: str, until: float) -> TableState:
    """Keep (the hash of) a one-time link that moves this seat to another phone."""
    return _with_seat(table, replace(table.seat(seat_id), move=token, move_until=until))


def seat_with_move(table: TableState, token: str, now: float) -> Seat | None:
    """The seat a live move link (hashed) would move, if any."""
    for seat in table.seats:
        if seat.move and hmac.compare_digest(seat.move, token) and now <= seat.move_until:
            return seat
    return None


def take_move(table: TableState, token: str, secret: str, now: float) -> tuple[TableState, Seat]:
    """Give the seat whose move link this is to the browser holding ``secret``."""
    for seat in table.seats:
        if seat.move and hmac.compare_digest(seat.move, token):
            if now > seat.move_until:
                break
            moved = replace(seat, secret=secret, move=None, move_until=0.0)
            if take_back_refused(table, seat.id) is None:  # its player is back
                table = take_back(table, seat.id)
            return _with_seat(table, moved), moved
    raise Conflict(
        N_(
            "This link to move a seat was used already or is too old. Ask for a new one on "
            "the phone that holds the seat (Move to another phone)."
        )
    )


def _with_seat(table: TableState, new: Seat) -> TableState:
    return replace(table, seats=tuple(new if s.id == new.id else s for s in table.seats))
