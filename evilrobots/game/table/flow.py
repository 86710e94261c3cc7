"""The flow of turns in a round the app runs, which every phase shares: the next turn given
(or, first, the order of tied seats asked for), a turn over, and the called level's time held
while a step holds the call.

Each step that holds the call (a turn, a proof, a tie's order) runs on its own clock,
``Conduct.until``; while one runs, the called level's time left is held, and the level goes on
for that time once nothing holds it any more.
"""

from __future__ import annotations

from dataclasses import replace

from .conduct import Conduct, Phase
from .round import Round
from .turns import orderer


def hold_call(conduct: Conduct, now: float) -> Conduct:
    """A step now holds the call: the level's time left is kept until it is over."""
    if conduct.phase is Phase.COUNTDOWN and conduct.deadline is not None:
        return replace(conduct, deadline=None, held=max(0.0, conduct.deadline - now))
    return conduct


def give_turn(conduct: Conduct, seat: int, now: float) -> Conduct:
    """The seat's turn begins, on its clock; the others waiting keep their order."""
    conduct = hold_call(conduct, now)
    return replace(
        conduct,
        turn=seat,
        queue=tuple(s for s in conduct.queue if s != seat),
        ordering=None,
        until=now + conduct.settings.turn_seconds,
    )


def next_turn(round_: Round, conduct: Conduct, now: float) -> Conduct:
    """Give the next seat waiting its turn, if nothing runs; if several tie for it, first ask
    the seat that orders them (a step on its own clock). With nobody waiting, the call goes on
    for the time it had left; the Pass phase, once its last turn is taken, is over."""
    if conduct.busy:
        return conduct
    if conduct.queue:
        seat = orderer(conduct, round_)
        if seat is not None:
            conduct = hold_call(conduct, now)
            return replace(conduct, ordering=seat, until=now + conduct.settings.window)
        return give_turn(conduct, conduct.queue[0], now)
    conduct = replace(conduct, until=None)
    if conduct.phase is Phase.COUNTDOWN and conduct.deadline is None:
        return replace(conduct, deadline=now + conduct.held, held=0.0)
    if conduct.phase is Phase.PASS:
        return replace(conduct, phase=Phase.DONE, chooser=None)
    return conduct


def end_turn_of(conduct: Conduct, seat: int, passed: bool = False) -> Conduct:
    """The seat's turn is over (a pass in the Countdown puts it in the Pass phase): nothing
    is given yet (``next_turn`` does that, once whatever the turn opened is settled)."""
    if passed and conduct.phase is Phase.COUNTDOWN:
        conduct = replace(conduct, passed=(*conduct.passed, seat))
    elif seat not in conduct.acted:
        conduct = replace(conduct, acted=(*conduct.acted, seat))
    return replace(conduct, turn=None, until=None, last=seat)


def turn_over(
    round_: Round, conduct: Conduct, seat: int, now: float, passed: bool = False
) -> Conduct:
    """The seat's turn is over, and the next is given."""
    return next_turn(round_, end_turn_of(conduct, seat, passed), now)
