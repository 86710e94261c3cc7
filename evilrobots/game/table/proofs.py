"""The proof of a conversion that failed, in a round the app runs: its target shows why, now
(its power card, its LockBot card, or its allegiance: ``outcomes.proofs_for``), or, when the
time runs out, the app shows its allegiance for it. Then the call goes on."""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import CHEATBOT
from ..errors import Conflict, NotAllowed
from ..messages import N_
from .conduct import Pending, Proof
from .facts import Fact, What
from .flow import next_turn
from .guards import conduct_of, conducted
from .hands import hand_in_play
from .log import say
from .outcomes import PROOF_BY_THE_APP, proofs_for
from .round import Names, Round
from .state import TableState


def prove(table: TableState, seat: int, deal_id: int, now: float, proof: Proof) -> TableState:
    """The target of a failed conversion shows why it failed, now: its power card (PlusBot's
    card is never more than its power, so the card alone proves it is not above the
    instigator's), its LockBot card, or the allegiance it holds (CheatBot: the one it chose
    to show, or the one it had)."""
    round_, conduct = conducted(table, seat, deal_id)
    pending = conduct.proof
    if pending is None or pending.seat != seat:
        raise Conflict(N_("There is no failed conversion of yours to prove now."))
    if proof not in proofs_for(round_, conduct, seat):
        raise NotAllowed(N_("That does not prove why it failed: show something that does."))
    return table.with_round(_show_proof(round_, table.names, pending, proof, now))


def prove_for(round_: Round, names: Names, now: float) -> Round:
    """The proof's time ran out: the app shows the target's allegiance for it."""
    pending = conduct_of(round_).proof
    if pending is None:
        return round_
    return _show_proof(round_, names, pending, PROOF_BY_THE_APP, now, by_the_app=True)


def _show_proof(
    round_: Round,
    names: Names,
    pending: Pending,
    proof: Proof,
    now: float,
    by_the_app: bool = False,
) -> Round:
    conduct = conduct_of(round_)
    seat = pending.seat
    hand = hand_in_play(round_, seat)
    effect = Fact(What.SHOWN_BY_APP) if by_the_app else None
    why = Fact(What.SHOWS_WHY)
    if proof is Proof.POWER:
        action = Action.RESISTED_BY_POWER
        round_ = say(round_, names, seat, action, why, power=hand.power, effect=effect)
    elif proof is Proof.LOCKBOT:
        action = Action.RESISTED_BY_ROBOT
        round_ = say(round_, names, seat, action, why, robot=hand.robot, effect=effect)
    else:
        shown = hand.allegiance
        if hand.robot is CHEATBOT:
            shown = conduct.cheat_of(seat).shows or pending.before
        failed = Fact(What.SHOWS_FAILED)
        round_ = say(round_, names, seat, Action.CONVERTED, failed, allegiance=shown, effect=effect)
    conduct = replace(conduct, proof=None, until=None)
    return round_.with_conduct(next_turn(round_, conduct, now))
