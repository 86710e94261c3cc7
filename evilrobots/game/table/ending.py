"""The end of a round at a table: the host ends it (a round the app runs, once its phases are
done) or calls it off, the winners settle their split, the host corrects ScaredyBot's bonus
and keeps the score. Acts: each takes a table and returns a new one, or raises a
``GameError`` that says why not."""

from __future__ import annotations

from dataclasses import replace

from ..cards import SCAREDYBOT
from ..errors import Conflict, GameError
from ..messages import N_
from ..scoring import answer, propose
from .count import table_tally
from .guards import ended_round, host_only
from .refusals import (
    abandon_refused,
    answer_split_refused,
    end_refused,
    keep_refused,
    propose_split_refused,
    refuse,
)
from .state import TableState


def end_round(table: TableState, by: int, now: float = 0.0) -> TableState:
    """The host ends the round: everything is shown, and the count is made. A round the app
    runs ends once its phases are done (every turn, window and proof, and the Pass phase);
    before that the host may only abandon it. (The table is moved on to now first.) With two
    winners or more, their split goes on its clock (``split_clock``)."""
    refuse(end_refused(table, by))
    return split_clock(table.with_round(replace(table.round, ended=True)), now)


def split_clock(table: TableState, now: float) -> TableState:
    """The winners' split on its clock from ``now`` (the host's ``settings.split``), or off it
    once settled: a winner who stays silent cannot hold the table up."""
    round_ = table.round
    if round_ is None:
        return table
    until = None if table_tally(table).settled else now + table.settings.split
    if until == round_.split_until:
        return table
    return table.with_round(replace(round_, split_until=until))


def lapse_split(table: TableState, now: float) -> TableState:
    """Time moves the split on: past its clock, unsettled, each winner gets one point."""
    round_ = table.round
    if round_ is None or round_.split_until is None or now < round_.split_until:
        return table
    if round_.kept or not round_.ended:
        return table.with_round(replace(round_, split_until=None))
    return table.with_round(replace(round_, split_until=None, lapsed=True))


def abandon_round(table: TableState, by: int, deal_id: int) -> TableState:
    """The host calls the round in play off before its end: the board says so, nobody scores
    it, no card is shown, and the next deal plays its number again."""
    refuse(abandon_refused(table, by, deal_id))
    return table.with_round(replace(table.round, abandoned=True))


def propose_split(
    table: TableState,
    seat_id: int,
    shares: dict[int, int],
    seen: int | None = None,
    now: float = 0.0,
) -> TableState:
    """A winner proposes the split. ``seen``: how many proposals its page had seen this round
    (a form sent twice, or after another proposal, finds more and is refused). The others
    then have the split's whole time to answer."""
    table = lapse_split(table, now)
    refuse(propose_split_refused(table, seat_id, seen))
    round_ = table.round
    proposal = propose(table_tally(table), seat_id, shares)  # the shares: the count's reason
    table = table.with_round(replace(round_, proposal=proposal, proposals=round_.proposals + 1))
    return split_clock(table, now)


def answer_split(
    table: TableState,
    seat_id: int,
    agree: bool,
    proposal: int | None = None,
    now: float = 0.0,
) -> TableState:
    """A winner answers the proposal its page showed (``proposal``: its number this round);
    an answer to another, or sent twice, is refused. The last answer takes the split off its
    clock."""
    table = lapse_split(table, now)
    refuse(answer_split_refused(table, seat_id, proposal))
    round_ = table.round
    answered = answer(table_tally(table), round_.proposal, seat_id, agree)
    answered_round = replace(round_, proposal=answered)
    table = table.with_round(answered_round)
    if table_tally(table).settled:  # the last answer: off the clock
        return table.with_round(replace(answered_round, split_until=None))
    return table


def correct_scaredy(table: TableState, by: int, seat_id: int, only_power: bool) -> TableState:
    """The host corrects ScaredyBot's bonus (a card shown on camera only), before the score is
    kept: in a round called by voice only. In a round the app ran, every card was shown
    through the app, and its count stands."""
    host_only(table, by, N_("Only the host can correct ScaredyBot's bonus."))
    round_ = ended_round(table)
    if round_.conduct is not None:
        raise Conflict(
            N_(
                "The app ran this round and saw every card shown: its count stands, "
                "ScaredyBot's bonus included."
            )
        )
    hand = round_.hand_of(seat_id)
    if hand is None or hand.robot is not SCAREDYBOT:
        raise GameError(N_("That player is not ScaredyBot this round."))
    if round_.kept:
        raise Conflict(N_("The score of this round is kept already."))
    fixes = tuple(p for p in round_.scaredy if p[0] != seat_id) + ((seat_id, only_power),)
    return table.with_round(replace(round_, scaredy=fixes))


def keep_score(table: TableState, by: int, now: float = 0.0) -> TableState:
    """The host puts the counted round on the scoreboard (a split whose time has run out by
    ``now`` gives each winner one point)."""
    table = lapse_split(table, now)  # refused, this is thrown away with the rest
    refuse(keep_refused(table, by))
    round_, counted = table.round, table_tally(table)
    kept = replace(round_, kept=True, split_until=None)
    return replace(table, round=kept, game=table.game.keep(counted))
