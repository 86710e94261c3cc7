"""A round's count, read from the table: every seat's cards as the round ends and what the
round's actions did to them (NegativeBot's pick, the bets, ScaredyBot's condition), counted
by ``scoring``, with the winners' split once they settle it. Reading only."""

from __future__ import annotations

from ..cards import NEGATIVEBOT
from ..scoring import Seated, Tally, lapse, settle_split, tally
from .guards import ended_round
from .round import NPR_POWER, NPR_SEAT, Names, Round
from .state import Seat, TableState


def only_power_shown(round_: Round, seat: int) -> bool:
    """ScaredyBot's condition: through the app, this seat showed nothing but its power before
    the round ended (a reveal of everything mid-round included), unless the host corrected
    it."""
    corrected = dict(round_.scaredy)
    if seat in corrected:
        return corrected[seat]
    return all(
        reveal.robot is None and reveal.allegiance is None
        for reveal in round_.reveals
        if reveal.seat == seat
    )


def seated(round_: Round, names: Names) -> list[Seated]:
    """Every seat's cards as the round ends, and what the round's actions did to them (the
    non-player robot's row last: no seat, no name)."""
    picked = {use.target for use in round_.uses if use.robot is NEGATIVEBOT}
    bets = {use.seat: use.bet for use in round_.uses if use.bet is not None}
    gone = dict(round_.gone)
    names = gone | names
    found = [
        Seated(
            seat,
            names.get(seat, "?"),
            hand.robot,
            hand.power,
            hand.allegiance,
            negated=seat in picked,
            bet=bets.get(seat),
            only_power_shown=only_power_shown(round_, seat),
            gone=seat in gone,
        )
        for seat, hand in round_.hands
    ]
    if round_.npr is not None:
        npr = Seated(NPR_SEAT, "", None, NPR_POWER, round_.npr, negated=NPR_SEAT in picked)
        found.append(npr)
    return found


def round_tally(round_: Round, names: Names) -> Tally:
    """The round counted (once it has ended), with the winners' split if they settled it, or
    one point each if its time ran out first."""
    counted = tally(seated(round_, names), round_.points.value, round_.number)
    if round_.proposal:
        counted = settle_split(counted, round_.proposal)
    return lapse(counted) if round_.lapsed else counted


def table_tally(table: TableState) -> Tally:
    """The table's ended round, counted; a Conflict while it is in play. The last count is
    kept: a round once ended is asked for its count many times (each seat's offers, each
    refusal, the view), and the same round at the same seats counts the same."""
    round_ = ended_round(table)
    last = _last[0] if _last else None
    if last is not None and last[0] is round_ and last[1] == table.seats:
        return last[2]
    counted = round_tally(round_, table.names)
    _last[:] = [(round_, table.seats, counted)]
    return counted


# The last count made: its round (the very object, held here), the seats it was counted for,
# and the count. One entry, replaced whole (a thread reads it whole or the one before).
_last: list[tuple[Round, tuple[Seat, ...], Tally]] = []
