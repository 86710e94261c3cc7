"""The phases of a conducted round, and its clock: the Debate and its passes, the Countdown's
calls and claims, the order of tied seats, the Pass phase, and ``tick``, which moves a round
past whatever is due.

Every level is called for the same time whether or not anyone holds it, so the pace tells
nothing; a seat that lets its level go by has no turn, and only its own phone knows it.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ..actions import Action
from ..cards import FREEBOT, GANDALFBOT, PASSBOT, PLUSBOT
from ..errors import Conflict, NotAllowed
from ..messages import N_
from .conduct import PLUS, TOP_LEVEL, Conduct, Names, Stage, conduct_of
from .conversions import prove_for, resolve
from .facts import Fact, What
from .round import Round
from .seats import can_act_at, effective, hand_of, level_of, to_answer
from .steps import (
    end_turn_of,
    first_in_pass_phase,
    give_turn,
    holds,
    name_of,
    next_turn,
    say,
    tied,
    turn_of,
    turn_over,
    with_conduct,
)


def pass_in_debate(round_: Round, names: Names, seat: int) -> Round:
    """A seat passes in the Debate: the board says so, and nothing else."""
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.DEBATE:
        raise Conflict(N_("The Debate is over: now you may pass on your turn, at your power."))
    if seat in conduct.passed:
        raise Conflict(N_("You have passed already."))
    round_ = say(round_, names, seat, Action.DEBATE, Fact(What.PASSES))
    return with_conduct(round_, replace(conduct, passed=(*conduct.passed, seat)))


def start_countdown(round_: Round, now: float) -> Round:
    """The Countdown begins: "Power 9 or more" is called."""
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.DEBATE:
        raise Conflict(N_("The Countdown has begun already."))
    return with_conduct(round_, _call(conduct, TOP_LEVEL, now))


def _call(conduct: Conduct, level: int, now: float) -> Conduct:
    """Call a power level, for the same time whoever holds it."""
    return replace(
        conduct,
        stage=Stage.COUNTDOWN,
        level=level,
        deadline=now + conduct.settings.pace,
        left=0.0,
        chooser=None,
    )


def claim(round_: Round, names: Names, seat: int, now: float, with_power: bool = False) -> Round:
    """The seat says "I act" at the level called, and shows what proves it may: its power
    card; FreeBot its robot card (and its power, if it wants); PlusBot its robot card too,
    where its card alone falls short of the level ("9 or more" with a 9 needs no more).

    The first to claim a level acts first; the others wait in the order they claimed, unless
    the first, once its turn is over, lets another go next. While a step holds the call (a
    turn, a window, a proof, a tie's order), the call waits.
    """
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.COUNTDOWN:
        raise Conflict(N_("Nobody acts now: turns come when the Countdown calls each power."))
    hand = hand_of(round_, seat)
    if not can_act_at(conduct, round_, seat, conduct.level):
        if seat in conduct.passed:
            raise Conflict(N_("You passed: your turn comes in the Pass phase."))
        if seat in conduct.acted or seat in conduct.reacted:
            raise Conflict(N_("You have had your turn this round."))
        if seat in conduct.missed:
            raise Conflict(N_("Your power was called and went by: you have no turn this round."))
        if seat in conduct.queue or seat == conduct.turn:
            raise Conflict(N_("You are acting at this power already."))
        if conduct.level >= TOP_LEVEL:
            raise NotAllowed(
                N_("Power %(level)d or more is called, and it is not yours."), level=TOP_LEVEL
            )
        raise NotAllowed(N_("Power %(level)d is called, and it is not yours."), level=conduct.level)
    robot = None
    if hand.robot is FREEBOT or (hand.robot is PLUSBOT and hand.power.value < conduct.level):
        robot = hand.robot
    power = hand.power if (hand.robot is not FREEBOT or with_power) else None
    round_ = say(
        round_,
        names,
        seat,
        Action.PROVE_POWER,
        Fact(What.ACTS_AT, number=conduct.level),
        robot=robot,
        power=power,
    )
    if conduct.chooser is None:  # the first at this level: it orders any who tie with it
        conduct = replace(conduct, chooser=seat)
    conduct = replace(conduct, queue=(*conduct.queue, seat))
    return with_conduct(round_, next_turn(round_, conduct, now))


def promote(round_: Round, names: Names, by: int, seat: int, now: float) -> Round:
    """The seat asked to order the tied seats waiting (the first to act at a level; in the
    Pass phase, the previous seat to act) lets one of them go next: its turn begins."""
    conduct = conduct_of(round_)
    if conduct.ordering is None:
        raise Conflict(N_("Nobody is choosing who goes next now."))
    if conduct.ordering != by:
        raise NotAllowed(N_("Only the player who acted just before sets the order of the tied."))
    if seat not in tied(conduct, round_):
        raise Conflict(N_("Only players tied for the next turn can go next."))
    round_ = say(round_, names, by, Action.PROVE_POWER, Fact(What.LETS_GO, name_of(names, seat)))
    return with_conduct(round_, give_turn(conduct, seat, now))


def pass_turn(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat passes as its turn: in the Countdown it acts again in the Pass phase; in the
    Pass phase it does nothing more."""
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    lead = Fact(What.PASSES if conduct.stage is Stage.COUNTDOWN else What.PASSES_AGAIN)
    round_ = say(round_, names, seat, Action.PASS_TURN, lead)
    return with_conduct(round_, turn_over(round_, conduct, seat, now, passed=True))


def gandalf(round_: Round, names: Names, seat: int, now: float, copied: bool) -> Round:
    """GandalfBot (or CopyBot's copy of it): no Pass phase this round. The turn is taken."""
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    hand = hand_of(round_, seat)
    round_ = say(
        round_,
        names,
        seat,
        Action.ROBOT_ACTION,
        Fact(What.COPIES_USE if copied else What.USES, robot=GANDALFBOT),
        robot=hand.robot,
        effect=Fact(What.NO_PASS_PHASE),
    )
    conduct = replace(conduct, gandalf=True)
    if conduct.stage is Stage.PASS:  # announced in the Pass phase: the rest of it is off
        conduct = replace(conduct, queue=())
    return with_conduct(round_, turn_over(round_, conduct, seat, now))


def choose_first(round_: Round, seat: int, first: bool) -> Round:
    """PassBot chooses, on its own phone, whether it acts first in the Pass phase ("you may
    act first") or at its power's place. Nothing of it reaches anyone else."""
    conduct = conduct_of(round_)
    if not holds(round_, seat, PASSBOT):
        raise NotAllowed(N_("Only PassBot may choose to act first in the Pass phase."))
    if conduct.stage not in (Stage.DEBATE, Stage.COUNTDOWN):
        raise Conflict(N_("The Pass phase has begun: its order is set."))
    waits = tuple(s for s in conduct.waits if s != seat) + (() if first else (seat,))
    return with_conduct(round_, replace(conduct, waits=waits))


def in_chain(round_: Round, seat: int) -> bool:
    """Whether the seat converts or is the target of the conversion whose window is open."""
    conduct = round_.conduct
    chain = conduct.chain if conduct is not None else None
    return chain is not None and seat in (chain.by, chain.target)


def leave(round_: Round, names: Names, seat: int, now: float) -> Round:
    """A seat has left mid-round (its hand is gone): it is out of every queue, a turn it was
    taking is over, a proof it owed or a tie it was ordering is off. (A seat in an open
    conversion cannot leave until its window closes: ``Table.leave``.)"""
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
    round_ = with_conduct(round_, next_turn(round_, conduct, now))
    if conduct.chain is not None and not to_answer(conduct, round_):
        return resolve(round_, names, now)  # the window waited only for that seat
    return round_


def tick(round_: Round, names: Names, now: float) -> Round:
    """Move the round past whatever is due by ``now``: the Debate's end, a window's close, a
    proof or a tie's order not given, a turn not taken, a level's end. The same round if
    nothing is."""
    for _ in range(MOST_STEPS):  # each step sets its next deadline from now
        conduct = round_.conduct
        if conduct is None or not round_.in_play:
            return round_
        if conduct.chain is not None:
            if now < conduct.chain.deadline:
                return round_
            round_ = resolve(round_, names, now)
        elif conduct.busy:
            if conduct.until is None or now < conduct.until:
                return round_
            if conduct.proof is not None:
                round_ = prove_for(round_, names, now)
            elif conduct.ordering is not None:
                first = conduct.queue[0]
                round_ = with_conduct(round_, give_turn(conduct, first, now))
            elif conduct.turn is not None:
                round_ = _time_out(round_, names, conduct.turn, now)
        elif conduct.deadline is None or now < conduct.deadline:
            return round_
        elif conduct.stage is Stage.DEBATE:
            round_ = start_countdown(round_, now)
        elif conduct.stage is Stage.COUNTDOWN:
            round_ = _level_over(round_, names, now)
        else:
            return round_
    return round_


# Steps a round may take at one moment: a level's end, each turn timed out, each window,
# proof and tie's order of a round that was left alone (a server down for a while).
MOST_STEPS = 200


def _time_out(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat's turn ran out: it passes, and every phone says so."""
    conduct = conduct_of(round_)
    lead = Fact(What.PASSES_AGAIN_LATE if conduct.stage is Stage.PASS else What.PASSES_LATE)
    round_ = say(round_, names, seat, Action.PASS_TURN, lead)
    return with_conduct(round_, turn_over(round_, conduct, seat, now, passed=True))


def _level_over(round_: Round, names: Names, now: float) -> Round:
    """The called level's time is up: whoever held it and did not act has no turn this round
    (a secret of theirs); the next power is called, or the Countdown ends."""
    conduct = conduct_of(round_)
    last = conduct.level == 1
    gone = tuple(
        seat
        for seat, hand in round_.hands
        if seat not in (*conduct.passed, *conduct.acted, *conduct.reacted, *conduct.missed)
        and (level_of(hand) == conduct.level if hand.robot is not FREEBOT else last)
    )
    conduct = replace(conduct, missed=(*conduct.missed, *gone))
    if not last:
        return with_conduct(round_, _call(conduct, conduct.level - 1, now))
    return _pass_phase(round_, names, replace(conduct, level=0, deadline=None), now)


Arrangement = tuple[frozenset[int], tuple[tuple[int, ...], ...]]


def arrange(
    passers: tuple[int, ...], power: dict[int, int], first: set[int], passbots: set[int]
) -> Arrangement:
    """The Pass phase's order from the passers' powers: who sits out (the lowest, never a
    PassBot; nobody if one passed alone), and the groups that act in turn, each of one power
    (PassBot acting first, alone, before them), in ascending power."""
    if len(passers) == 1:
        return frozenset(), (passers,)
    counted = [seat for seat in passers if seat not in passbots]
    lowest = min((power[seat] for seat in counted), default=None)
    out = frozenset(seat for seat in counted if power[seat] == lowest)
    groups: list[tuple[int, ...]] = [tuple(seat for seat in passers if seat in first)]
    rest = sorted((s for s in passers if s not in out and s not in first), key=lambda s: power[s])
    for value in dict.fromkeys(power[seat] for seat in rest):
        groups.append(tuple(seat for seat in rest if power[seat] == value))
    return out, tuple(group for group in groups if group)


def _pass_phase(round_: Round, names: Names, conduct: Conduct, now: float) -> Round:
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
        return with_conduct(round_, replace(conduct, stage=Stage.DONE, chooser=None))
    hands = {seat: hand_of(round_, seat) for seat in passers}
    first = {seat for seat in passers if first_in_pass_phase(conduct, round_, seat)}
    passbots = {seat for seat in passers if hands[seat].robot is PASSBOT}
    truth = arrange(passers, {s: effective(hands[s]) for s in passers}, first, passbots)
    shown = _least_shown(passers, hands, first, truth)
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
        conduct, stage=Stage.PASS, queue=order, sat_out=tuple(sorted(out)), chooser=None
    )
    return with_conduct(round_, next_turn(round_, conduct, now))


def _least_shown(
    passers: tuple[int, ...], hands: dict, first: set[int], truth: Arrangement
) -> set[int]:
    """The fewest robot cards (PlusBot's, PassBot's) the passers must show beside their power
    cards so that what the table sees gives the true order: none if it already does."""
    extras = [s for s in passers if hands[s].robot in (PLUSBOT, PASSBOT)]
    for size in range(len(extras) + 1):
        for shown in combinations(extras, size):
            power = {
                s: hands[s].power.value + (PLUS if s in shown and hands[s].robot is PLUSBOT else 0)
                for s in passers
            }
            passbots = {s for s in shown if hands[s].robot is PASSBOT}
            if arrange(passers, power, first & passbots, passbots) == truth:
                return set(shown)
    return set(extras)
