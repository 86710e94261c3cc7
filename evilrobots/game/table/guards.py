"""The refusals the acts share, each in one place and worded for players: only the host; not
a round this seat can act in; not a round the app runs; not the seat's turn; not ended yet.
Each reads the table and returns what the act needs, or raises a ``GameError``."""

from __future__ import annotations

from ..errors import Conflict, NotAllowed, RoundOver
from ..hand import Hand
from ..messages import N_
from .conduct import Conduct
from .round import Round
from .state import TableState


def host_only(table: TableState, by: int, refusal: str) -> None:
    """``refusal``: what a player other than the host is told, "Only the host can …"."""
    if by != table.host:
        raise NotAllowed(refusal)


def playing(table: TableState, seat_id: int, deal_id: int) -> tuple[Round, Hand]:
    """The round being played and the seat's hand in it; RoundOver if that round is not the
    one the seat means (``deal_id``: the deal its page was made for)."""
    table.seat(seat_id)
    round_ = table.round
    if round_ is None or round_.deal_id != deal_id:
        raise RoundOver(N_("That round is over: a new one was dealt. Here are your new cards."))
    if round_.ended:
        raise RoundOver(N_("That round is over: everything is shown and counted."))
    if round_.abandoned:
        raise RoundOver(N_("The host called that round off: nobody scores it. Wait for the deal."))
    hand = round_.hand_of(seat_id)
    if hand is None:
        raise RoundOver(N_("You joined after this round was dealt: you play from the next deal."))
    return round_, hand


def conduct_of(round_: Round) -> Conduct:
    """The round's conductor; a Conflict if this round is called by voice."""
    if round_.conduct is None:
        raise Conflict(N_("This round is called by voice: the app does not run its turns."))
    return round_.conduct


def conducted(table: TableState, seat_id: int, deal_id: int) -> tuple[Round, Conduct]:
    """The round the seat means, run by the app, and its conductor; or a refusal."""
    round_, _ = playing(table, seat_id, deal_id)
    return round_, conduct_of(round_)


def turn_of(conduct: Conduct, seat: int) -> None:
    """A GameError unless it is this seat's turn and no window is open."""
    if conduct.chain is not None:
        raise Conflict(N_("A reaction window is open: wait until it closes."))
    if conduct.turn != seat:
        raise NotAllowed(N_("It is not your turn."))


def private(table: TableState, seat_id: int, deal_id: int, now: float) -> Round:
    """The round a seat's private choice is for; refused, changing nothing, if something is
    due that the choice could change (it would land too late to count)."""
    round_, _ = playing(table, seat_id, deal_id)
    if table.round_deadline is not None and now >= table.round_deadline:
        raise Conflict(N_("The round is moving on: make your choice again in a moment."))
    return round_


def not_ended(table: TableState) -> Conflict | None:
    """Why there is no count to act on: the round has not ended (None once it has)."""
    if table.round is None or not table.round.ended:
        return Conflict(N_("The round has not ended yet: the host ends it with End the round."))
    return None


def ended_round(table: TableState) -> Round:
    """The round that has ended (its count is made); a Conflict while it is in play."""
    refused = not_ended(table)
    if refused is not None:
        raise refused
    return table.round
