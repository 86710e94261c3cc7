"""The winners' split of a round's value: one of them proposes it, the others agree or
disagree, and a disagreement gives each winner one point instead."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..errors import GameError
from ..messages import N_, Message
from .tally import Tally

# What each winner gets when another winner disagrees with the proposed split.
DISAGREED_SHARE = 1
# ``points`` is DISAGREED_SHARE, 1: the message is worded for one point.
DISAGREE_MEANS = Message.of(
    N_("Disagree, and each winner gets %(points)d point instead."), points=DISAGREED_SHARE
)


@dataclass(frozen=True, slots=True)
class Proposal:
    """One winner's split of the round's value, and the other winners' answers so far."""

    by: int
    shares: tuple[tuple[int, int], ...]
    answers: tuple[tuple[int, bool], ...] = ()

    def waiting_for(self, tally: Tally) -> tuple[int, ...]:
        answered = {seat for seat, _ in self.answers}
        return tuple(seat for seat in tally.winners if seat != self.by and seat not in answered)


def proposal_refused(tally: Tally, by: int) -> GameError | None:
    """Why ``by`` may not propose a split of this count (None: it may, with fitting shares)."""
    if tally.settled:
        return GameError(N_("The split of this round is already settled."))
    if by not in tally.winners:
        return GameError(N_("Only a player on the winning team can propose a split."))
    return None


def answer_refused(proposal: Proposal, tally: Tally, seat: int) -> GameError | None:
    """Why ``seat`` may not answer this proposal (None: it may, either way)."""
    if seat not in proposal.waiting_for(tally):
        return GameError(N_("Only a winner who has not answered yet can answer this split."))
    return None


def propose(tally: Tally, by: int, shares: Mapping[int, int]) -> Proposal:
    """A winner proposes how the winners share the value."""
    refused = proposal_refused(tally, by)
    if refused is not None:
        raise refused
    if set(shares) != set(tally.winners):
        raise GameError(N_("Give a share to each winner, and only to the winners."))
    if any(not isinstance(points, int) or points < 0 for points in shares.values()):
        raise GameError(N_("Each share is a whole number of points, 0 or more."))
    if sum(shares.values()) != tally.value:
        raise GameError(
            N_("The shares must add up to the round's value, %(value)d (these add up to %(sum)d)."),
            value=tally.value,
            sum=sum(shares.values()),
        )
    return Proposal(by, tuple((seat, shares[seat]) for seat in tally.winners))


def answer(tally: Tally, proposal: Proposal, seat: int, agree: bool) -> Proposal:
    """Another winner agrees or disagrees with the proposal."""
    refused = answer_refused(proposal, tally, seat)
    if refused is not None:
        raise refused
    return replace(proposal, answers=(*proposal.answers, (seat, agree)))


def lapse(tally: Tally) -> Tally:
    """The split's time ran out before every winner agreed: as a disagreement, each winner
    gets one point ("If any member disagrees, all members get one point each instead": a
    winner who never answers has not agreed)."""
    if tally.settled:
        return tally
    # ``points`` is DISAGREED_SHARE, 1: the message is worded for one point.
    lapsed = Message.of(
        N_("Time ran out before the winners agreed: each winner gets %(points)d point."),
        points=DISAGREED_SHARE,
    )
    return replace(
        tally, shares=tuple((seat, DISAGREED_SHARE) for seat in tally.winners), split=lapsed
    )


def settle_split(tally: Tally, proposal: Proposal) -> Tally:
    """Once every other winner has answered: the split stands, or each winner gets 1 point."""
    if proposal.waiting_for(tally) or {seat for seat, _ in proposal.shares} != set(tally.winners):
        return tally  # not answered by all yet, or made for winners that are not these
    names = tally.names()
    if all(agree for _, agree in proposal.answers):
        # ``shares``: (name, points) pairs, said as a list ("Bob 2, Cy 2").
        shares = tuple((names[seat], points) for seat, points in proposal.shares)
        agreed = Message.of(N_("Agreed: %(shares)s."), shares=shares)
        return replace(tally, shares=proposal.shares, split=agreed)
    against = tuple(names[seat] for seat, agree in proposal.answers if not agree)
    # ``points`` is DISAGREED_SHARE, 1: the message is worded for one point.
    disagreed = Message.of(
        N_("%(names)s disagreed: each winner gets %(points)d point."),
        names=against,
        points=DISAGREED_SHARE,
    )
    return replace(
        tally,
        shares=tuple((seat, DISAGREED_SHARE) for seat in tally.winners),
        split=disagreed,
    )
