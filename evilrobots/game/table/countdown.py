"""The Debate and the Countdown of a round the app runs: passing in the Debate, the
Countdown started (by the host, or the Debate's timer), each power called for the same time,
"I act" when it is yours, the order of seats tied at a level, a pass as a turn, a turn that
runs out, and a level's end, after which the next power is called or the Pass phase begins.

Every level is called for the same time whether or not anyone holds it, so the pace tells
nothing; a seat that lets its level go by has no turn, and only its own phone knows it.
The acts take the table as it stands (``model.Table`` moves it on to ``now`` first).
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import FREEBOT, PLUSBOT
from ..errors import Conflict, NotAllowed
from ..messages import N_
from .conduct import Conduct, Phase
from .facts import Fact, What
from .flow import give_turn, next_turn, turn_over
from .guards import conduct_of, conducted, host_only, turn_of
from .hands import hand_in_play, level_of
from .limits import TOP_LEVEL
from .log import naming, say
from .pass_phase import begin_pass_phase
from .round import Names, Round
from .state import TableState
from .turns import can_act_at, tied


def pass_debate(table: TableState, seat: int, deal_id: int, now: float) -> TableState:
    """A seat passes in the Debate: the board says so, and nothing else."""
    round_, conduct = conducted(table, seat, deal_id)
    if conduct.phase is not Phase.DEBATE:
        raise Conflict(N_("The Debate is over: now you may pass on your turn, at your power."))
    if seat in conduct.passed:
        raise Conflict(N_("You have passed already."))
    round_ = say(round_, table.names, seat, Action.DEBATE, Fact(What.PASSES))
    return table.with_round(round_.with_conduct(replace(conduct, passed=(*conduct.passed, seat))))


def start_countdown(table: TableState, by: int, deal_id: int, now: float) -> TableState:
    """The host ends the Debate before its timer: the Countdown begins."""
    host_only(table, by, N_("Only the host can start the Countdown."))
    round_, _ = conducted(table, by, deal_id)
    return table.with_round(countdown_begins(round_, now))


def countdown_begins(round_: Round, now: float) -> Round:
    """The Countdown begins: "Power 9 or more" is called."""
    conduct = conduct_of(round_)
    if conduct.phase is not Phase.DEBATE:
        raise Conflict(N_("The Countdown has begun already."))
    return round_.with_conduct(_call(conduct, TOP_LEVEL, now))


def _call(conduct: Conduct, level: int, now: float) -> Conduct:
    """Call a power level, for the same time whoever holds it."""
    return replace(
        conduct,
        phase=Phase.COUNTDOWN,
        level=level,
        deadline=now + conduct.settings.pace,
        held=0.0,
        chooser=None,
    )


def claim(
    table: TableState, seat: int, deal_id: int, now: float, with_power: bool = False
) -> TableState:
    """The seat says "I act" at the level called, and shows what proves it may: its power
    card; FreeBot its robot card (and its power, if it wants); PlusBot its robot card too,
    where its card alone falls short of the level ("9 or more" with a 9 needs no more).

    The first to claim a level acts first; the others wait in the order they claimed, unless
    the first, once its turn is over, lets another go next. While a step holds the call (a
    turn, a window, a proof, a tie's order), the call waits.
    """
    round_, conduct = conducted(table, seat, deal_id)
    if conduct.phase is not Phase.COUNTDOWN:
        raise Conflict(N_("Nobody acts now: turns come when the Countdown calls each power."))
    if conduct.chain is not None:  # the phones offer the window's answers, not I act
        raise Conflict(N_("A reaction window is open: say I act once it closes."))
    hand = hand_in_play(round_, seat)
    if not can_act_at(conduct, round_, seat, conduct.level):
        if seat in conduct.passed:
            raise Conflict(N_("You passed: your turn comes in the Pass phase."))
        if seat in conduct.acted or seat in conduct.reacted:
            raise Conflict(N_("You have had your turn this round."))
        if seat in conduct.missed:
            raise Conflict(N_("Your power was called and went by: you have no turn this round."))
        if seat in conduct.ran_out:
            raise Conflict(N_("Your turn's time ran out: you have no turn this round."))
        if seat in conduct.queue or seat == conduct.turn:
            raise Conflict(N_("You are acting at this power already."))
        if conduct.level >= TOP_LEVEL:
            raise NotAllowed(
                N_("Power %(level)d or more is called, and it is not yours."), level=TOP_LEVEL
            )
        raise NotAllowed(N_("Power %(level)d is called, and it is not yours."), level=conduct.level)
    if conduct.proof is not None and conduct.proof.seat == seat:  # it may act, but proves first
        raise Conflict(
            N_("Your proof comes first: show why the conversion failed, then say I act.")
        )
    robot = None
    if hand.robot is FREEBOT or (hand.robot is PLUSBOT and hand.power.value < conduct.level):
        robot = hand.robot
    power = hand.power if (hand.robot is not FREEBOT or with_power) else None
    round_ = say(
        round_,
        table.names,
        seat,
        Action.PROVE_POWER,
        Fact(What.ACTS_AT, number=conduct.level),
        robot=robot,
        power=power,
    )
    if conduct.chooser is None:  # the first at this level: it orders any who tie with it
        conduct = replace(conduct, chooser=seat)
    conduct = replace(conduct, queue=(*conduct.queue, seat))
    return table.with_round(round_.with_conduct(next_turn(round_, conduct, now)))


def promote(table: TableState, by: int, deal_id: int, now: float, seat: int) -> TableState:
    """The seat asked to order the tied seats waiting (the first to act at a level; in the
    Pass phase, the previous seat to act) lets one of them go next: its turn begins."""
    round_, conduct = conducted(table, by, deal_id)
    if conduct.ordering is None:
        raise Conflict(N_("Nobody is choosing who goes next now."))
    if conduct.ordering != by:
        raise NotAllowed(N_("Only the player who acted just before sets the order of the tied."))
    if seat not in tied(conduct, round_):
        raise Conflict(N_("Only players tied for the next turn can go next."))
    lead = naming(What.LETS_GO, table.names, seat)
    round_ = say(round_, table.names, by, Action.PROVE_POWER, lead)
    return table.with_round(round_.with_conduct(give_turn(conduct, seat, now)))


def pass_turn(table: TableState, seat: int, deal_id: int, now: float) -> TableState:
    """The seat passes as its turn: in the Countdown it acts again in the Pass phase; in the
    Pass phase it does nothing more."""
    round_, conduct = conducted(table, seat, deal_id)
    turn_of(conduct, seat)
    lead = Fact(What.PASSES if conduct.phase is Phase.COUNTDOWN else What.PASSES_AGAIN)
    round_ = say(round_, table.names, seat, Action.PASS_TURN, lead)
    return table.with_round(round_.with_conduct(turn_over(round_, conduct, seat, now, True)))


def time_out(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat's turn ran out: it has no turn this round, not even in the Pass phase ("You
    must take an action when your Power level is called. If you fail to do so, you do not
    get a turn in the round at all - not even as a Pass action"), and every phone says so. A
    player who wants to pass says Pass."""
    conduct = conduct_of(round_)
    round_ = say(round_, names, seat, Action.PASS_TURN, Fact(What.RUNS_OUT))
    conduct = replace(conduct, turn=None, until=None, last=seat, ran_out=(*conduct.ran_out, seat))
    return round_.with_conduct(next_turn(round_, conduct, now))


def level_over(round_: Round, names: Names, now: float) -> Round:
    """The called level's time is up: whoever held it and did not act has no turn this round
    (a secret of theirs); the next power is called, or the Countdown ends."""
    conduct = conduct_of(round_)
    last = conduct.level == 1
    gone = tuple(
        seat
        for seat, hand in round_.hands
        if seat not in (*conduct.passed, *conduct.acted, *conduct.reacted, *conduct.missed)
        and seat not in conduct.ran_out
        and (level_of(hand) == conduct.level if hand.robot is not FREEBOT else last)
    )
    conduct = replace(conduct, missed=(*conduct.missed, *gone))
    if not last:
        return round_.with_conduct(_call(conduct, conduct.level - 1, now))
    return begin_pass_phase(round_, names, replace(conduct, level=0, deadline=None), now)
