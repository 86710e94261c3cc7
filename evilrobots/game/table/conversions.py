"""Conversions in a conducted round, settled by the server, and the reactions that answer them.

A conversion (of another player, of oneself, or PushBot's) is settled at once; a reaction
window then opens on every phone and the board, for the same time whoever holds a reaction.
Each reaction opens a window of its own and defeats the one it answers; when a window closes
with no new reaction, the chain's last word stands (``resolve``). The target of a conversion
that failed may then show why.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import BLOCKBOT, CHEATBOT, FORCEBOT, PLUSBOT, SUMOBOT, Allegiance, Robot
from ..errors import Conflict, GameError, NotAllowed
from .conduct import (
    Cheat,
    Conversion,
    Kind,
    Names,
    Outcome,
    Pending,
    Proof,
    Reaction,
    Stage,
    Story,
    conduct_of,
)
from .round import NPR_SEAT, Round
from .seats import effective, hand_of, locked, proofs_for, reactions_for, shows, to_answer
from .steps import name_of, next_turn, say, turn_of, turn_over, with_conduct


def convert(
    round_: Round,
    names: Names,
    seat: int,
    now: float,
    kind: Kind,
    target: int | None = None,
    allegiance: Allegiance | None = None,
    robot: Robot | None = None,
) -> Round:
    """A conversion on the seat's turn, settled here, and a reaction window opened.

    - ``Kind.OTHER``: another player (or the non-player robot) takes the allegiance the seat
      shows (CheatBot's may be any), if the conversion works.
    - ``Kind.SELF``: the seat takes any allegiance; not in the Pass phase.
    - ``Kind.PUSH``: PushBot (or CopyBot's copy of it) forces any player to any allegiance.
    """
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    hand = hand_of(round_, seat)
    if kind is Kind.SELF:
        if conduct.stage is Stage.PASS:
            raise Conflict("Nobody converts themselves in the Pass phase.")
        target = seat
    elif target == seat:
        raise GameError("To change your own allegiance, convert yourself.")
    elif target == NPR_SEAT:
        if round_.npr is None:
            raise GameError("There is no non-player robot in this round.")
    elif target is None or round_.hand_of(target) is None:
        raise GameError("Pick a player dealt into this round, or the non-player robot.")
    if kind is Kind.OTHER:
        allegiance = shows(conduct, seat, hand)
    if allegiance is None:
        raise GameError("Choose the allegiance: Good, Evil or Neutral.")
    truth, reason = settle(round_, seat, target, kind)
    told = truth
    target_hand = round_.hand_of(target) if target != NPR_SEAT else None
    if kind is not Kind.SELF and target_hand is not None and target_hand.robot is CHEATBOT:
        story = conduct.cheat_of(target).story
        told = {Story.WORKED: Outcome.WORKED, Story.FAILED: Outcome.FAILED}.get(story, truth)
    whom = name_of(names, target)
    if kind is Kind.OTHER:
        round_ = say(
            round_,
            names,
            seat,
            Action.CONVERT_OTHER,
            f"converts {whom}",
            power=hand.power,
            allegiance=allegiance,
        )
    elif kind is Kind.SELF:
        shown = conduct.cheat_of(seat).shows if hand.robot is CHEATBOT else None
        round_ = say(
            round_,
            names,
            seat,
            Action.CONVERT_SELF,
            "converts themselves",
            allegiance=shown or allegiance,
        )
    else:
        round_ = say(
            round_,
            names,
            seat,
            Action.ROBOT_ACTION,
            f"pushes {whom} to {allegiance.label}",
            robot=hand.robot,
            effect=f"copies {robot.name}" if robot is not None and robot is not hand.robot else "",
        )
    if kind is not Kind.SELF:
        round_ = say(
            round_,
            names,
            target,
            Action.CONVERTED,
            "it works" if told is Outcome.WORKED else "it fails",
        )
    chain = Conversion(
        kind, seat, target, allegiance, told, truth, reason, deadline=now + conduct.settings.window
    )
    return with_conduct(round_, replace(conduct, chain=chain))


def settle(round_: Round, by: int, target: int, kind: Kind) -> tuple[Outcome, Proof | None]:
    """Whether a conversion works, and if not, why.

    LockBot, while Good or Evil, resists any conversion but one's own. Otherwise PushBot's and
    one's own work; a conversion of another works if the instigator's power is lower than the
    target's (PlusBot counting 3 more, on either side), and always if it is SumoBot.
    """
    if kind is Kind.SELF:
        return Outcome.WORKED, None
    if locked(round_, target):
        return Outcome.FAILED, Proof.LOCKBOT
    if kind is Kind.PUSH:
        return Outcome.WORKED, None
    instigator = hand_of(round_, by)
    if instigator.robot is SUMOBOT:
        return Outcome.WORKED, None
    if effective(instigator) < effective(round_.hand_of(target) if target != NPR_SEAT else None):
        return Outcome.WORKED, None
    return Outcome.FAILED, Proof.POWER


def react(
    round_: Round, names: Names, seat: int, now: float, turn_on_instigator: bool = False
) -> Round:
    """The seat plays its reaction on the open window (showing the robot card), which opens a
    window of its own: BlockBot makes the conversion fail (or turns it on the instigator),
    ForceBot makes a failed one work, DoOverBot forces the target to its own allegiance.

    Reacting costs the seat its turn, and its place in the Pass phase.
    """
    conduct = conduct_of(round_)
    chain = conduct.chain
    if chain is None:
        raise Conflict("There is no conversion to react to now.")
    hand = hand_of(round_, seat)
    robots = reactions_for(conduct, round_, seat)
    if not robots:
        if seat in conduct.reacted:
            raise Conflict("You have used your reaction this round.")
        if seat in conduct.acted or seat == conduct.turn or seat == chain.by:
            raise Conflict("You have taken your turn this round: you cannot react.")
        raise NotAllowed("You hold no reaction for this moment.")
    robot = robots[0]
    whom = name_of(names, chain.target)
    if robot is BLOCKBOT:
        turned = turn_on_instigator and chain.kind is not Kind.SELF
        reaction = Reaction(seat, robot, Outcome.TURNED if turned else Outcome.FAILED)
        said = f"turns it on {name_of(names, chain.by)}" if turned else "makes the conversion fail"
        round_ = say(round_, names, seat, Action.REACTION, "reacts", robot=robot, effect=said)
    elif robot is FORCEBOT:
        reaction = Reaction(seat, robot, Outcome.WORKED)
        round_ = say(
            round_,
            names,
            seat,
            Action.REACTION,
            "reacts",
            robot=robot,
            effect="the conversion works after all",
        )
    else:
        reaction = Reaction(seat, robot, Outcome.DONE_OVER, hand.allegiance)
        round_ = say(
            round_,
            names,
            seat,
            Action.REACTION,
            "reacts",
            robot=robot,
            allegiance=hand.allegiance,
            effect=f"{whom} takes {hand.allegiance.label}",
        )
    chain = replace(
        chain,
        reactions=(*chain.reactions, reaction),
        answered=(),
        deadline=now + conduct.settings.window,
    )
    conduct = replace(
        conduct,
        chain=chain,
        reacted=(*conduct.reacted, seat),
        queue=tuple(s for s in conduct.queue if s != seat),
    )
    return with_conduct(round_, conduct)


def no_reaction(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat says No reaction to the open window; once every seat has, it closes."""
    conduct = conduct_of(round_)
    chain = conduct.chain
    if chain is None:
        raise Conflict("There is no reaction window open now.")
    if seat not in to_answer(conduct, round_):
        if seat in chain.answered:
            return round_  # a second tap: said already
        raise Conflict("You have taken your turn or reacted: the window does not wait for you.")
    conduct = replace(conduct, chain=replace(chain, answered=(*chain.answered, seat)))
    round_ = with_conduct(round_, conduct)
    if not to_answer(conduct, round_):
        return resolve(round_, names, now)
    return round_


def resolve(round_: Round, names: Names, now: float) -> Round:
    """The window closes with no new reaction: the chain's last word stands. Allegiances
    change as it truly comes out; the board says what is shown (for a CheatBot target that
    told another story, the story)."""
    conduct = conduct_of(round_)
    chain = conduct.chain
    if chain is None:
        return round_
    before = _allegiance(round_, chain.target)
    real, shown = chain.real, chain.shown
    if real is Outcome.WORKED:
        round_ = _take(round_, chain.target, chain.allegiance)
    elif real is Outcome.TURNED:
        round_ = _take(round_, chain.by, chain.allegiance)
    elif real is Outcome.DONE_OVER:
        round_ = _take(round_, chain.target, chain.reactions[-1].allegiance or before)
    proving = conduct.proving
    if shown is Outcome.WORKED:
        round_ = say(
            round_,
            names,
            chain.target,
            Action.CONVERTED,
            "is converted",
            allegiance=chain.allegiance,
        )
    elif shown is Outcome.TURNED:
        round_ = say(
            round_,
            names,
            chain.by,
            Action.CONVERTED,
            "is converted instead",
            allegiance=chain.allegiance,
        )
    elif shown is Outcome.DONE_OVER:
        taken = chain.reactions[-1].allegiance or before
        round_ = say(
            round_,
            names,
            chain.target,
            Action.CONVERTED,
            "is converted",
            allegiance=taken,
        )
    else:
        round_ = say(round_, names, chain.target, Action.CONVERTED, "is not converted")
        if not chain.reactions and chain.kind is not Kind.SELF and chain.target != NPR_SEAT:
            reason = chain.reason if chain.truth is Outcome.FAILED else None
            proving = (
                *(p for p in proving if p.seat != chain.target),
                Pending(chain.target, reason, before),
            )
    conduct = replace(conduct, chain=None, proving=proving)
    conduct = (
        turn_over(conduct, chain.by, now) if conduct.turn == chain.by else next_turn(conduct, now)
    )
    return with_conduct(round_, conduct)


def _allegiance(round_: Round, seat: int) -> Allegiance:
    if seat == NPR_SEAT:
        return round_.npr or Allegiance.NEUTRAL
    hand = hand_of(round_, seat)
    return hand.allegiance


def _take(round_: Round, seat: int, allegiance: Allegiance) -> Round:
    """A seat (or the non-player robot) takes an allegiance."""
    if seat == NPR_SEAT:
        return replace(round_, npr=allegiance)
    hand = round_.hand_of(seat)
    if hand is None:  # it left meanwhile
        return round_
    return round_.with_hand(seat, hand.choose(allegiance))


def prove(round_: Round, names: Names, seat: int, proof: Proof) -> Round:
    """The target of a failed conversion shows why it failed: its power (its power card, and
    PlusBot's card with it), its LockBot card, or its allegiance, unchanged."""
    conduct = conduct_of(round_)
    pending = next((p for p in conduct.proving if p.seat == seat), None)
    if pending is None:
        raise Conflict("There is no failed conversion of yours to prove.")
    if proof not in proofs_for(round_, conduct, seat):
        raise NotAllowed("That does not prove why it failed: show something that does.")
    hand = hand_of(round_, seat)
    if proof is Proof.POWER:
        robot = hand.robot if hand.robot is PLUSBOT else None
        round_ = say(
            round_,
            names,
            seat,
            Action.RESISTED_BY_POWER,
            "shows why it failed",
            power=hand.power,
            robot=robot,
        )
    elif proof is Proof.LOCKBOT:
        round_ = say(
            round_, names, seat, Action.RESISTED_BY_ROBOT, "shows why it failed", robot=hand.robot
        )
    else:
        shown = pending.before
        if hand.robot is CHEATBOT:
            shown = conduct.cheat_of(seat).shows or pending.before
        round_ = say(round_, names, seat, Action.CONVERTED, "shows it failed", allegiance=shown)
    proving = tuple(p for p in conduct.proving if p.seat != seat)
    return with_conduct(round_, replace(conduct, proving=proving))


def choose_cheat(round_: Round, seat: int, shows: Allegiance | None, story: Story) -> Round:
    """CheatBot chooses, on its own phone, the allegiance it shows and the story it tells
    when someone converts it. Nothing of it reaches anyone else."""
    conduct = conduct_of(round_)
    hand = round_.hand_of(seat)
    if hand is None or hand.robot is not CHEATBOT:
        raise NotAllowed("Only CheatBot may show an allegiance it does not hold.")
    cheats = (*(c for c in conduct.cheats if c.seat != seat), Cheat(seat, shows, story))
    return with_conduct(round_, replace(conduct, cheats=cheats))
