"""The Pass phase of a round the app runs, begun once the Countdown is over, in the order
``pass_order`` works out (PassBot first, if it chose to: ``choices``), each passer showing the
least that proves it."""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import PASSBOT
from .conduct import Conduct, Phase
from .facts import Fact, What
from .flow import next_turn
from .hands import hand_in_play, power_in_play
from .log import say
from .pass_order import least_shown, pass_order
from .round import Names, Round
from .turns import first_in_pass_phase


def begin_pass_phase(round_: Round, names: Names, conduct: Conduct, now: float) -> Round:
    """The Countdown is over. Unless GandalfBot acted, the seats that passed (and neither
    reacted nor left) show their power: one alone acts; otherwise the lowest sit out (never
    PassBot), and the rest act in ascending power, PassBot first if it chose to, ties in seat
    order unless the previous seat to act orders them.

    Each shows its power card, and PlusBot or PassBot only where the cards shown would
    otherwise give another order: "you need only reveal the minimum information"."""
    passers = tuple(
        seat
        for seat in conduct.passed
        if seat not in conduct.reacted and round_.hand_of(seat) is not None
    )
    if conduct.gandalf or not passers:
        return round_.with_conduct(replace(conduct, phase=Phase.DONE, chooser=None))
    hands = {seat: hand_in_play(round_, seat) for seat in passers}
    first = {seat for seat in passers if first_in_pass_phase(conduct, round_, seat)}
    passbots = {seat for seat in passers if hands[seat].robot is PASSBOT}
    truth = pass_order(passers, {s: power_in_play(hands[s]) for s in passers}, first, passbots)
    shown = least_shown(passers, hands, first, truth)
    for seat in passers:
        hand = hands[seat]
        robot = hand.robot if seat in shown else None
        round_ = say(
            round_,
            names,
            seat,
            Action.PASS_PHASE,
            Fact(What.SHOWS_FOR_PASS),
            power=hand.power,
            robot=robot,
        )
    out, groups = truth
    for seat in passers:
        if seat in out:
            round_ = say(round_, names, seat, Action.PASS_PHASE, Fact(What.SITS_OUT))
    order = tuple(seat for group in groups for seat in sorted(group))
    conduct = replace(
        conduct, phase=Phase.PASS, queue=order, sat_out=tuple(sorted(out)), chooser=None
    )
    return round_.with_conduct(next_turn(round_, conduct, now))
