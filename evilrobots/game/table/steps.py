"""The steps every phase of a conducted round shares: a public act put on the board's log,
a turn given to the next seat waiting, a turn over."""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import Allegiance, PowerCard, Robot
from ..errors import Conflict, NotAllowed
from .conduct import Conduct, Names, Stage, conduct_of
from .round import NPR_NAME, NPR_SEAT, Reveal, Round


def with_conduct(round_: Round, conduct: Conduct) -> Round:
    return replace(round_, conduct=conduct)


def say(
    round_: Round,
    names: Names,
    seat: int,
    action: Action,
    lead: str,
    *,
    robot: Robot | None = None,
    power: PowerCard | None = None,
    allegiance: Allegiance | None = None,
    effect: str = "",
) -> Round:
    """Put one public act on the board's log, with the cards it shows."""
    name = NPR_NAME if seat == NPR_SEAT else names.get(seat, "?")
    entry = Reveal(seat, name, action, robot, power, allegiance, effect, lead=lead)
    return replace(round_, reveals=(*round_.reveals, entry))


def name_of(names: Names, seat: int) -> str:
    return NPR_NAME if seat == NPR_SEAT else names.get(seat, "?")


def holds(round_: Round, seat: int, robot: Robot) -> bool:
    hand = round_.hand_of(seat)
    return hand is not None and hand.robot is robot


def next_turn(conduct: Conduct, now: float) -> Conduct:
    """Give the next seat waiting its turn, if nothing runs. With nobody waiting, the call
    goes on for the time it had left; the Pass phase, once its last turn is taken, is over."""
    if conduct.busy:
        return conduct
    if conduct.queue:
        head, *rest = conduct.queue
        left = conduct.left
        if conduct.stage is Stage.COUNTDOWN and conduct.deadline is not None:
            left = max(0.0, conduct.deadline - now)
        chooser = head if conduct.stage is Stage.PASS else conduct.chooser
        return replace(
            conduct, turn=head, queue=tuple(rest), deadline=None, left=left, chooser=chooser
        )
    if conduct.stage is Stage.COUNTDOWN and conduct.deadline is None:
        return replace(conduct, deadline=now + conduct.left, left=0.0)
    if conduct.stage is Stage.PASS:
        return replace(conduct, stage=Stage.DONE, chooser=None)
    return conduct


def turn_over(conduct: Conduct, seat: int, now: float, passed: bool = False) -> Conduct:
    """The seat's turn is over (a pass in the Countdown puts it in the Pass phase)."""
    if passed and conduct.stage is Stage.COUNTDOWN:
        conduct = replace(conduct, passed=(*conduct.passed, seat))
    elif seat not in conduct.acted:
        conduct = replace(conduct, acted=(*conduct.acted, seat))
    return next_turn(replace(conduct, turn=None), now)


def turn_of(conduct: Conduct, seat: int) -> None:
    """A GameError unless it is this seat's turn and no window is open."""
    if conduct.chain is not None:
        raise Conflict("A reaction window is open: wait until it closes.")
    if conduct.turn != seat:
        raise NotAllowed("It is not your turn.")


def end_turn(round_: Round, seat: int, now: float) -> Round:
    """The seat's turn is taken (a robot action that opens no window)."""
    conduct = conduct_of(round_)
    return with_conduct(round_, turn_over(conduct, seat, now))
