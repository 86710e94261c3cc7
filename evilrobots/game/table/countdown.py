"""The phases of a conducted round, and its clock: the Debate and its passes, the Countdown's
calls and claims, the order of tied seats, the Pass phase, and ``tick``, which moves a round
past whatever is due.

Every level is called for the same time whether or not anyone holds it, so the pace tells
nothing; a seat that lets its level go by has no turn, and only its own phone knows it.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import FREEBOT, PASSBOT, PLUSBOT
from ..errors import Conflict, NotAllowed
from .conduct import TOP_LEVEL, Conduct, Names, Stage, conduct_of
from .conversions import resolve
from .round import Round
from .seats import can_act_at, effective, hand_of, level_name, level_of, to_answer
from .steps import holds, next_turn, say, turn_of, turn_over, with_conduct


def pass_in_debate(round_: Round, names: Names, seat: int) -> Round:
    """A seat passes in the Debate: the board says so, and nothing else."""
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.DEBATE:
        raise Conflict("The Debate is over: now you may pass on your turn, at your power.")
    if seat in conduct.passed:
        raise Conflict("You have passed already.")
    round_ = say(round_, names, seat, Action.DEBATE, "passes")
    return with_conduct(round_, replace(conduct, passed=(*conduct.passed, seat)))


def start_countdown(round_: Round, now: float) -> Round:
    """The Countdown begins: "Power 9 or more" is called."""
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.DEBATE:
        raise Conflict("The Countdown has begun already.")
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
    card; FreeBot its robot card (and its power, if it wants); PlusBot its robot and power.

    The first to claim a level acts first; the others wait in the order they claimed, which
    the first may change. While a turn or a window runs, the call waits.
    """
    conduct = conduct_of(round_)
    if conduct.stage is not Stage.COUNTDOWN:
        raise Conflict("Nobody acts now: turns come when the Countdown calls each power.")
    hand = hand_of(round_, seat)
    if not can_act_at(conduct, round_, seat, conduct.level):
        if seat in conduct.passed:
            raise Conflict("You passed: your turn comes in the Pass phase.")
        if seat in conduct.acted or seat in conduct.reacted:
            raise Conflict("You have had your turn this round.")
        if seat in conduct.missed:
            raise Conflict("Your power was called and went by: you have no turn this round.")
        if seat in conduct.queue or seat == conduct.turn:
            raise Conflict("You are acting at this power already.")
        raise NotAllowed(f"Power {level_name(conduct.level)} is called, and it is not yours.")
    robot = hand.robot if hand.robot in (FREEBOT, PLUSBOT) else None
    power = hand.power if (hand.robot is not FREEBOT or with_power) else None
    round_ = say(
        round_,
        names,
        seat,
        Action.PROVE_POWER,
        f"acts at {level_name(conduct.level)}",
        robot=robot,
        power=power,
    )
    if conduct.chooser is None:  # the first at this level: it orders any who tie with it
        conduct = replace(conduct, chooser=seat)
    conduct = replace(conduct, queue=(*conduct.queue, seat))
    return with_conduct(round_, next_turn(conduct, now))


def promote(round_: Round, by: int, seat: int) -> Round:
    """The seat that orders the tied seats waiting (the first to act at a level; in the Pass
    phase, the last to act) lets one of them go next."""
    conduct = conduct_of(round_)
    if conduct.chooser != by:
        raise NotAllowed("Only the player who acted just before sets the order of the tied.")
    if seat not in conduct.queue:
        raise Conflict("That player is not waiting for a turn.")
    if seat not in tied(conduct, round_):
        raise Conflict("Only players tied with the next to act can go ahead of them.")
    queue = (seat, *(s for s in conduct.queue if s != seat))
    return with_conduct(round_, replace(conduct, queue=queue))


def tied(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The seats waiting whose order the chooser may set: at a level, all who claimed it; in
    the Pass phase, those tied on the power of the next to act (PassBot goes first, alone)."""
    if not conduct.queue or conduct.chooser is None:
        return ()
    if conduct.stage is Stage.COUNTDOWN:
        return conduct.queue
    head = conduct.queue[0]
    if holds(round_, head, PASSBOT):
        return ()
    power = effective(round_.hand_of(head))
    return tuple(
        s
        for s in conduct.queue
        if effective(round_.hand_of(s)) == power and not holds(round_, s, PASSBOT)
    )


def pass_turn(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat passes as its turn: in the Countdown it acts again in the Pass phase; in the
    Pass phase it does nothing more."""
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    lead = "passes" if conduct.stage is Stage.COUNTDOWN else "passes again"
    round_ = say(round_, names, seat, Action.PASS_TURN, lead)
    return with_conduct(round_, turn_over(conduct, seat, now, passed=True))


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
        "uses GandalfBot" if not copied else "copies GandalfBot",
        robot=hand.robot,
        effect="no Pass phase this round",
    )
    conduct = replace(conduct, gandalf=True)
    if conduct.stage is Stage.PASS:  # announced in the Pass phase: the rest of it is off
        conduct = replace(conduct, queue=())
    return with_conduct(round_, turn_over(conduct, seat, now))


def leave(round_: Round, names: Names, seat: int, now: float) -> Round:
    """A seat has left mid-round (its hand is gone): it is out of every queue, a turn it was
    taking is over, and a conversion it made or was the target of comes to nothing."""
    conduct = round_.conduct
    if conduct is None:
        return round_
    chain = conduct.chain
    dropped = chain is not None and seat in (chain.by, chain.target)
    conduct = replace(
        conduct,
        chain=None if dropped else chain,
        queue=tuple(s for s in conduct.queue if s != seat),
        turn=None if conduct.turn == seat else conduct.turn,
        chooser=None if conduct.chooser == seat else conduct.chooser,
        proving=tuple(p for p in conduct.proving if p.seat != seat),
    )
    if dropped and chain is not None and conduct.turn == chain.by:
        conduct = turn_over(conduct, chain.by, now)  # its conversion came to nothing
    round_ = with_conduct(round_, next_turn(conduct, now))
    if conduct.chain is not None and not to_answer(conduct, round_):
        return resolve(round_, names, now)  # the window waited only for that seat
    return round_


def tick(round_: Round, names: Names, now: float) -> Round:
    """Move the round past whatever is due by ``now``: the Debate's end, a window's close, a
    level's end. The same round if nothing is."""
    for _ in range(2 * TOP_LEVEL + 4):  # each step sets its next deadline from now
        conduct = round_.conduct
        if conduct is None or round_.ended:
            return round_
        if conduct.chain is not None:
            if now < conduct.chain.deadline:
                return round_
            round_ = resolve(round_, names, now)
        elif conduct.busy or conduct.deadline is None or now < conduct.deadline:
            return round_
        elif conduct.stage is Stage.DEBATE:
            round_ = start_countdown(round_, now)
        elif conduct.stage is Stage.COUNTDOWN:
            round_ = _level_over(round_, names, now)
        else:
            return round_
    return round_


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


def _pass_phase(round_: Round, names: Names, conduct: Conduct, now: float) -> Round:
    """The Countdown is over. Unless GandalfBot acted, the seats that passed (and neither
    reacted nor left) show their power: one alone acts; otherwise the lowest sit out (never
    PassBot), and the rest act in ascending power, PassBot first, ties in seat order unless
    the previous seat to act orders them."""
    passers = tuple(
        seat
        for seat in conduct.passed
        if seat not in conduct.reacted and round_.hand_of(seat) is not None
    )
    if conduct.gandalf or not passers:
        return with_conduct(round_, replace(conduct, stage=Stage.DONE, chooser=None))
    for seat in passers:
        hand = hand_of(round_, seat)
        robot = hand.robot if hand.robot in (PLUSBOT, PASSBOT) else None
        round_ = say(
            round_,
            names,
            seat,
            Action.PASS_PHASE,
            "shows their power for the Pass phase",
            power=hand.power,
            robot=robot,
        )
    seats = {seat: round_.hand_of(seat) for seat in passers}
    if len(passers) == 1:
        order, out = passers, ()
    else:
        counted = [s for s in passers if seats[s].robot is not PASSBOT]
        lowest = min((effective(seats[s]) for s in counted), default=None)
        out = tuple(s for s in counted if effective(seats[s]) == lowest)
        first = tuple(s for s in passers if seats[s].robot is PASSBOT)
        rest = sorted((s for s in counted if s not in out), key=lambda s: (effective(seats[s]), s))
        order = (*first, *rest)
    for seat in out:
        round_ = say(round_, names, seat, Action.PASS_PHASE, "sits out: the lowest power")
    # Each seat, on its turn, orders the tied seats waiting right after it: the previous
    # seat to act, when their turns come.
    conduct = replace(conduct, stage=Stage.PASS, queue=tuple(order), sat_out=out, chooser=None)
    return with_conduct(round_, next_turn(conduct, now))
