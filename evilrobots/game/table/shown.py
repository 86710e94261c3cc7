"""What the table has seen: what a seat has shown this round, its power as shown, and what one
act of a seat has just shown. Reading only; the one place these are worked out (the board,
a proof by power and the phone held up to the camera all ask here)."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Part
from ..cards import Allegiance, PowerCard, Robot, power_of
from .facts import SETTLED, What
from .round import Round


@dataclass(frozen=True, slots=True)
class Shown:
    """What one seat has shown this round: each card as last revealed, or None."""

    robot: Robot | None = None
    power: PowerCard | None = None
    allegiance: Allegiance | None = None


def shown_by(round_: Round | None, seat: int) -> Shown:
    """What a seat has shown this round, each card as last revealed (a reveal taken back
    stands no more); everything, once the round has ended (CheatBot's truth included)."""
    if round_ is not None and round_.ended:
        hand = round_.hand_of(seat)
        if hand is not None:
            return Shown(hand.robot, hand.power, hand.allegiance)
    robot = power = allegiance = None
    for reveal in round_.reveals if round_ else ():
        if reveal.seat == seat and not reveal.withdrawn:
            robot = reveal.robot or robot
            power = reveal.power_after or reveal.power or power
            allegiance = reveal.allegiance or allegiance
    return Shown(robot, power, allegiance)


def power_shown(round_: Round, seat: int) -> int | None:
    """A seat's power as the board has shown it this round (its last power card shown, and
    PlusBot's 3 if it showed PlusBot), or None if it has shown none."""
    shown = shown_by(round_, seat)
    return None if shown.power is None else power_of(shown.power, shown.robot)


@dataclass(frozen=True, slots=True)
class ActShown:
    """What one act of a seat has just shown the table, for its phone to hold up to the camera
    in its place (never the whole hand)."""

    action: Action | None  # the act's, as the first card it showed names it; None: nothing
    failed: bool = False  # it shows, by its allegiance, that a conversion of it failed
    parts: tuple[Part, ...] = ()  # the cards shown, in the order they sit on the phone
    allegiance: Allegiance | None = None  # as shown (CheatBot's may be another)
    until: float | None = None  # by voice: until when it may be taken back


def act_shown(before: Round | None, after: Round | None, seat: int) -> ActShown | None:
    """What the seat's act, from ``before`` to ``after``, has just shown; None if it put
    nothing on the board (a private choice, No reaction, a host's control, a new deal).

    The seat's own acts only: not what the round made of a conversion meanwhile (the window
    its No reaction closed), which is said on the board, not held up."""
    if before is None or after is None or before.deal_id != after.deal_id or not after.in_play:
        return None
    added = [
        r
        for r in after.reveals[len(before.reveals) :]
        if r.seat == seat
        and not (r.action is Action.CONVERTED and r.lead is not None and r.lead.what in SETTLED)
    ]
    carded = [r for r in added if r.robot or r.power or r.allegiance]
    if not carded:  # a pass, a tie's order: it showed nothing
        return ActShown(None) if added else None
    first = carded[0]
    parts = tuple(
        part
        for part, shown in (
            (Part.ROBOT, any(r.robot for r in carded)),
            (Part.POWER, any(r.power for r in carded)),
            (Part.ALLEGIANCE, any(r.allegiance for r in carded)),
        )
        if shown
    )
    return ActShown(
        first.action,
        failed=first.lead is not None and first.lead.what is What.SHOWS_FAILED,
        parts=parts,
        allegiance=next((r.allegiance for r in reversed(carded) if r.allegiance), None),
        until=carded[-1].withdrawable_until,
    )
