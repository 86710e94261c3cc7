"""Whether a conversion works, and how its target may prove that it failed: the rules of a
conversion, read from the cards. Reading only (``conversions`` and ``proofs`` act on them)."""

from __future__ import annotations

from ..cards import SUMOBOT
from .conduct import Conduct, ConversionKind, Outcome, Proof
from .hands import holds, locked, power_in_play
from .round import Round
from .shown import power_shown

# The proofs, in the order the phone offers them (the rules' own: "Proof typically requires
# showing one's Robot card ... or Power card ... Alternatively, simply showing your new
# Allegiance will suffice").
PROOF_ORDER = (Proof.POWER, Proof.LOCKBOT, Proof.ALLEGIANCE)
# When its time runs out, the app shows the allegiance: the one proof every target holds, so
# that which proof the app shows tells nothing (showing the power whenever it holds would
# give away the CheatBot that told a conversion that worked had failed: only it would ever
# be shown by its allegiance).
PROOF_BY_THE_APP = Proof.ALLEGIANCE


def lower(round_: Round, by: int, target: int) -> bool:
    """Whether the instigator's power is lower than the target's (PlusBot counting 3 more, on
    either side; the non-player robot its 5): the rules' first way a conversion works."""
    return power_in_play(round_.hand_of(by)) < power_in_play(round_.hand_of(target))


def sumo_shows(round_: Round, by: int, target: int) -> bool:
    """Whether SumoBot shows its card to convert: only where its power alone does not do it
    (a target of equal or lower power), as "a Robot card ... that declares the conversion to
    be successful"."""
    return holds(round_, by, SUMOBOT) and not lower(round_, by, target)


def outcome_of(round_: Round, by: int, target: int, kind: ConversionKind) -> Outcome:
    """Whether a conversion works.

    LockBot, while Good or Evil, resists any conversion of it. Otherwise PushBot's and one's
    own work; a conversion of another works if the instigator's power is lower than the
    target's, and for SumoBot (showing its card) on an equal or lower power too.
    """
    if kind is ConversionKind.SELF:
        return Outcome.WORKED
    if locked(round_, target):
        return Outcome.FAILED
    if kind is ConversionKind.PUSH or holds(round_, by, SUMOBOT) or lower(round_, by, target):
        return Outcome.WORKED
    return Outcome.FAILED


def proofs_for(round_: Round, conduct: Conduct, seat: int) -> tuple[Proof, ...]:
    """How the target owing its proof now may prove the conversion failed, of the proofs that
    hold at this moment and that the table can check: its power card, if its power is not
    above the instigator's and its card is not above the instigator's power as the board
    shows it (a PlusBot instigator that has not shown PlusBot is taken at its card); its
    LockBot card (while Good or Evil); or its allegiance, always."""
    pending = conduct.proof
    if pending is None or pending.seat != seat:
        return ()
    found = []
    hand = round_.hand_of(seat)
    public = power_shown(round_, pending.by)
    by_power = (
        pending.kind is ConversionKind.OTHER
        and hand is not None
        and round_.hand_of(pending.by) is not None
        and not holds(round_, pending.by, SUMOBOT)
        and not lower(round_, pending.by, seat)
        and public is not None
        and hand.power.value <= public
    )
    if by_power:
        found.append(Proof.POWER)
    if locked(round_, seat):
        found.append(Proof.LOCKBOT)
    found.append(Proof.ALLEGIANCE)
    return tuple(proof for proof in PROOF_ORDER if proof in found)
