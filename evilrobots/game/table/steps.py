"""The steps every phase of a conducted round shares: a public act put on the board's log,
the next turn given (or, first, the order of tied seats asked for), a turn over.

Each step that holds the call (a turn, a proof, a tie's order) runs on its own clock,
``Conduct.until``; while one runs, the called level's time left is held, and the level goes on
for that time once nothing holds it any more.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import PASSBOT, Allegiance, PowerCard, Robot
from ..errors import Conflict, NotAllowed
from ..messages import N_
from .conduct import Conduct, Names, Stage, conduct_of
from .facts import Fact
from .round import NPR_NAME, NPR_SEAT, Reveal, Round
from .seats import effective


def with_conduct(round_: Round, conduct: Conduct) -> Round:
    return replace(round_, conduct=conduct)


def say(
    round_: Round,
    names: Names,
    seat: int,
    action: Action,
    lead: Fact,
    *,
    robot: Robot | None = None,
    power: PowerCard | None = None,
    allegiance: Allegiance | None = None,
    effect: Fact | None = None,
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


def hold_call(conduct: Conduct, now: float) -> Conduct:
    """A step now holds the call: the level's time left is kept until it is over."""
    if conduct.stage is Stage.COUNTDOWN and conduct.deadline is not None:
        return replace(conduct, deadline=None, left=max(0.0, conduct.deadline - now))
    return conduct


def first_in_pass_phase(conduct: Conduct, round_: Round, seat: int) -> bool:
    """Whether the seat acts first in the Pass phase: PassBot, unless it chose its power's place."""
    return holds(round_, seat, PASSBOT) and seat not in conduct.waits


def tied(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The waiting seats that tie for the next turn: at a level called, all who claimed it;
    in the Pass phase, those of the same power as the first waiting (PassBot acting first
    ties with nobody)."""
    if not conduct.queue:
        return ()
    if conduct.stage is Stage.COUNTDOWN:
        return conduct.queue
    head = conduct.queue[0]
    if first_in_pass_phase(conduct, round_, head):
        return ()
    power = effective(round_.hand_of(head))
    return tuple(
        seat
        for seat in conduct.queue
        if effective(round_.hand_of(seat)) == power
        and not first_in_pass_phase(conduct, round_, seat)
    )


def _orderer(conduct: Conduct, round_: Round) -> int | None:
    """Who sets the order of the tied seats waiting, if a choice is to be made: at a level,
    the first to act at it; in the Pass phase, the previous seat to act. Nobody when fewer
    than two tie, or when that seat is no longer in the round."""
    if len(tied(conduct, round_)) < 2:
        return None
    seat = conduct.chooser if conduct.stage is Stage.COUNTDOWN else conduct.last
    if seat is None or round_.hand_of(seat) is None:
        return None
    return seat


def give_turn(conduct: Conduct, seat: int, now: float) -> Conduct:
    """The seat's turn begins, on its clock; the others waiting keep their order."""
    conduct = hold_call(conduct, now)
    return replace(
        conduct,
        turn=seat,
        queue=tuple(s for s in conduct.queue if s != seat),
        ordering=None,
        until=now + conduct.settings.turn,
    )


def next_turn(round_: Round, conduct: Conduct, now: float) -> Conduct:
    """Give the next seat waiting its turn, if nothing runs; if several tie for it, first ask
    the seat that orders them (a step on its own clock). With nobody waiting, the call goes on
    for the time it had left; the Pass phase, once its last turn is taken, is over."""
    if conduct.busy:
        return conduct
    if conduct.queue:
        orderer = _orderer(conduct, round_)
        if orderer is not None:
            conduct = hold_call(conduct, now)
            return replace(conduct, ordering=orderer, until=now + conduct.settings.window)
        return give_turn(conduct, conduct.queue[0], now)
    conduct = replace(conduct, until=None)
    if conduct.stage is Stage.COUNTDOWN and conduct.deadline is None:
        return replace(conduct, deadline=now + conduct.left, left=0.0)
    if conduct.stage is Stage.PASS:
        return replace(conduct, stage=Stage.DONE, chooser=None)
    return conduct


def end_turn_of(conduct: Conduct, seat: int, passed: bool = False) -> Conduct:
    """The seat's turn is over (a pass in the Countdown puts it in the Pass phase): nothing
    is given yet (``next_turn`` does that, once whatever the turn opened is settled)."""
    if passed and conduct.stage is Stage.COUNTDOWN:
        conduct = replace(conduct, passed=(*conduct.passed, seat))
    elif seat not in conduct.acted:
        conduct = replace(conduct, acted=(*conduct.acted, seat))
    return replace(conduct, turn=None, until=None, last=seat)


def turn_over(
    round_: Round, conduct: Conduct, seat: int, now: float, passed: bool = False
) -> Conduct:
    """The seat's turn is over, and the next is given."""
    return next_turn(round_, end_turn_of(conduct, seat, passed), now)


def turn_of(conduct: Conduct, seat: int) -> None:
    """A GameError unless it is this seat's turn and no window is open."""
    if conduct.chain is not None:
        raise Conflict(N_("A reaction window is open: wait until it closes."))
    if conduct.turn != seat:
        raise NotAllowed(N_("It is not your turn."))


def end_turn(round_: Round, seat: int, now: float) -> Round:
    """The seat's turn is taken (a robot action that opens no window)."""
    conduct = conduct_of(round_)
    return with_conduct(round_, turn_over(round_, conduct, seat, now))
