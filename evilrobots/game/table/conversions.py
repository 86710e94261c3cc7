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
from ..messages import N_
from .conduct import (
    PLUS,
    Cheat,
    Conduct,
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
from .facts import Fact, What
from .round import NPR_SEAT, Round
from .seats import effective, hand_of, locked, reactions_for, shows, to_answer
from .steps import end_turn_of, hold_call, holds, name_of, next_turn, say, turn_of, with_conduct


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
            raise Conflict(N_("Nobody converts themselves in the Pass phase."))
        if locked(round_, seat):
            raise NotAllowed(N_("LockBot: your allegiance cannot change from Good or Evil."))
        target = seat
    elif target == seat:
        raise GameError(N_("To change your own allegiance, convert yourself."))
    elif target == NPR_SEAT:
        if round_.npr is None:
            raise GameError(N_("There is no non-player robot in this round."))
    elif target is None or round_.hand_of(target) is None:
        raise GameError(N_("Pick a player dealt into this round, or the non-player robot."))
    if kind is Kind.OTHER:
        allegiance = shows(conduct, seat, hand)
    if allegiance is None:
        raise GameError(N_("Choose the allegiance: Good, Evil or Neutral."))
    truth = settle(round_, seat, target, kind)
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
            Fact(What.CONVERTS, whom),
            robot=SUMOBOT if sumo_shows(round_, seat, target) else None,
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
            Fact(What.CONVERTS_SELF),
            allegiance=shown or allegiance,
        )
    else:
        round_ = say(
            round_,
            names,
            seat,
            Action.ROBOT_ACTION,
            Fact(What.PUSHES, whom, allegiance=allegiance),
            robot=hand.robot,
            effect=Fact(What.COPIES, robot=robot)
            if robot is not None and robot is not hand.robot
            else None,
        )
    if kind is not Kind.SELF:
        round_ = say(
            round_,
            names,
            target,
            Action.CONVERTED,
            Fact(What.WORKS if told is Outcome.WORKED else What.FAILS),
        )
    chain = Conversion(
        kind, seat, target, allegiance, told, truth, deadline=now + conduct.settings.window
    )
    return _open_window(with_conduct(round_, replace(conduct, chain=chain)), names, now)


def _open_window(round_: Round, names: Names, now: float) -> Round:
    """The reaction window just opened, on its clock; closed at once if nobody may answer it
    (everyone else has had a turn or reacted: public, so closing it tells nothing)."""
    conduct = conduct_of(round_)
    if not to_answer(conduct, round_):
        return resolve(round_, names, now)
    return round_


def lower(round_: Round, by: int, target: int) -> bool:
    """Whether the instigator's power is lower than the target's (PlusBot counting 3 more, on
    either side; the non-player robot its 5): the rules' first way a conversion works."""
    return effective(round_.hand_of(by)) < effective(round_.hand_of(target))


def sumo_shows(round_: Round, by: int, target: int) -> bool:
    """Whether SumoBot shows its card to convert: only where its power alone does not do it
    (a target of equal or lower power), as "a Robot card ... that declares the conversion to
    be successful"."""
    return holds(round_, by, SUMOBOT) and not lower(round_, by, target)


def settle(round_: Round, by: int, target: int, kind: Kind) -> Outcome:
    """Whether a conversion works.

    LockBot, while Good or Evil, resists any conversion of it. Otherwise PushBot's and one's
    own work; a conversion of another works if the instigator's power is lower than the
    target's, and for SumoBot (showing its card) on an equal or lower power too.
    """
    if kind is Kind.SELF:
        return Outcome.WORKED
    if locked(round_, target):
        return Outcome.FAILED
    if kind is Kind.PUSH or holds(round_, by, SUMOBOT) or lower(round_, by, target):
        return Outcome.WORKED
    return Outcome.FAILED


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
        raise Conflict(N_("There is no conversion to react to now."))
    hand = hand_of(round_, seat)
    robots = reactions_for(conduct, round_, seat)
    if not robots:
        if seat in conduct.reacted:
            raise Conflict(N_("You have used your reaction this round."))
        if seat in conduct.acted or seat == conduct.turn or seat == chain.by:
            raise Conflict(N_("You have taken your turn this round: you cannot react."))
        raise NotAllowed(N_("You hold no reaction for this moment."))
    robot = robots[0]
    whom = name_of(names, chain.target)
    if robot is BLOCKBOT:
        turned = turn_on_instigator and chain.kind is not Kind.SELF
        reaction = Reaction(seat, robot, Outcome.TURNED if turned else Outcome.FAILED)
        said = Fact(What.TURNS_ON, name_of(names, chain.by)) if turned else Fact(What.MAKES_FAIL)
        round_ = say(
            round_, names, seat, Action.REACTION, Fact(What.REACTS), robot=robot, effect=said
        )
    elif robot is FORCEBOT:
        reaction = Reaction(seat, robot, Outcome.WORKED)
        round_ = say(
            round_,
            names,
            seat,
            Action.REACTION,
            Fact(What.REACTS),
            robot=robot,
            effect=Fact(What.WORKS_AFTER_ALL),
        )
    else:
        reaction = Reaction(seat, robot, Outcome.DONE_OVER, hand.allegiance)
        round_ = say(
            round_,
            names,
            seat,
            Action.REACTION,
            Fact(What.REACTS),
            robot=robot,
            allegiance=hand.allegiance,
            effect=Fact(What.TAKES, whom, allegiance=hand.allegiance),
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
    return _open_window(with_conduct(round_, conduct), names, now)


def no_reaction(round_: Round, names: Names, seat: int, now: float) -> Round:
    """The seat says No reaction to the open window; once every seat has, it closes."""
    conduct = conduct_of(round_)
    chain = conduct.chain
    if chain is None:
        raise Conflict(N_("There is no reaction window open now."))
    if seat not in to_answer(conduct, round_):
        if seat in chain.answered:
            return round_  # a second tap: said already
        raise Conflict(N_("You have taken your turn or reacted: the window does not wait for you."))
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
    if shown is Outcome.WORKED:
        round_ = say(
            round_,
            names,
            chain.target,
            Action.CONVERTED,
            Fact(What.IS_CONVERTED),
            allegiance=chain.allegiance,
        )
    elif shown is Outcome.TURNED:
        round_ = say(
            round_,
            names,
            chain.by,
            Action.CONVERTED,
            Fact(What.IS_CONVERTED_INSTEAD),
            allegiance=chain.allegiance,
        )
    elif shown is Outcome.DONE_OVER:
        taken = chain.reactions[-1].allegiance or before
        round_ = say(
            round_,
            names,
            chain.target,
            Action.CONVERTED,
            Fact(What.IS_CONVERTED),
            allegiance=taken,
        )
    else:
        round_ = say(round_, names, chain.target, Action.CONVERTED, Fact(What.IS_NOT_CONVERTED))
    conduct = replace(conduct, chain=None)
    if conduct.turn == chain.by:
        conduct = end_turn_of(conduct, chain.by)
    owed = (
        shown is Outcome.FAILED
        and not chain.reactions
        and chain.kind is not Kind.SELF
        and round_.hand_of(chain.target) is not None
    )
    if owed:  # the target proves it now, before anything else goes on
        conduct = hold_call(conduct, now)
        proof = Pending(chain.target, chain.by, chain.kind, before)
        conduct = replace(conduct, proof=proof, until=now + conduct.settings.window)
    return with_conduct(round_, next_turn(round_, conduct, now))


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


# The proofs, in the order the phone offers them (the rules' own: "Proof typically requires
# showing one's Robot card ... or Power card ... Alternatively, simply showing your new
# Allegiance will suffice").
PROOF_ORDER = (Proof.POWER, Proof.LOCKBOT, Proof.ALLEGIANCE)
# When its time runs out, the app shows the allegiance: the one proof every target holds, so
# that which proof the app shows tells nothing (showing the power whenever it holds would
# give away the CheatBot that told a conversion that worked had failed: only it would ever
# be shown by its allegiance).
PROOF_BY_THE_APP = Proof.ALLEGIANCE


def shown_power(round_: Round, seat: int) -> int | None:
    """A seat's power as the board has shown it this round (its last power card shown, and
    PlusBot's 3 if it showed PlusBot), or None if it has shown none."""
    power, plus = None, False
    for reveal in round_.reveals:
        if reveal.seat == seat:
            power = reveal.power_after or reveal.power or power
            plus = plus or reveal.robot is PLUSBOT
    if power is None:
        return None
    return power.value + (PLUS if plus else 0)


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
    public = shown_power(round_, pending.by)
    by_power = (
        pending.kind is Kind.OTHER
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


def prove(round_: Round, names: Names, seat: int, proof: Proof, now: float) -> Round:
    """The target of a failed conversion shows why it failed, now: its power card (PlusBot's
    card is never more than its power, so the card alone proves it is not above the
    instigator's), its LockBot card, or the allegiance it holds (CheatBot: the one it chose
    to show, or the one it had). Then the call goes on."""
    conduct = conduct_of(round_)
    pending = conduct.proof
    if pending is None or pending.seat != seat:
        raise Conflict(N_("There is no failed conversion of yours to prove now."))
    if proof not in proofs_for(round_, conduct, seat):
        raise NotAllowed(N_("That does not prove why it failed: show something that does."))
    return _show_proof(round_, names, pending, proof, now)


def prove_for(round_: Round, names: Names, now: float) -> Round:
    """The proof's time ran out: the app shows the target's allegiance for it."""
    conduct = conduct_of(round_)
    pending = conduct.proof
    if pending is None:
        return round_
    return _show_proof(round_, names, pending, PROOF_BY_THE_APP, now, by_the_app=True)


def _show_proof(
    round_: Round, names: Names, pending: Pending, proof: Proof, now: float, by_the_app=False
) -> Round:
    conduct = conduct_of(round_)
    seat = pending.seat
    hand = hand_of(round_, seat)
    effect = Fact(What.SHOWN_BY_APP) if by_the_app else None
    if proof is Proof.POWER:
        round_ = say(
            round_,
            names,
            seat,
            Action.RESISTED_BY_POWER,
            Fact(What.SHOWS_WHY),
            power=hand.power,
            effect=effect,
        )
    elif proof is Proof.LOCKBOT:
        round_ = say(
            round_,
            names,
            seat,
            Action.RESISTED_BY_ROBOT,
            Fact(What.SHOWS_WHY),
            robot=hand.robot,
            effect=effect,
        )
    else:
        shown = hand.allegiance
        if hand.robot is CHEATBOT:
            shown = conduct.cheat_of(seat).shows or pending.before
        round_ = say(
            round_,
            names,
            seat,
            Action.CONVERTED,
            Fact(What.SHOWS_FAILED),
            allegiance=shown,
            effect=effect,
        )
    conduct = replace(conduct, proof=None, until=None)
    return with_conduct(round_, next_turn(round_, conduct, now))


def choose_cheat(round_: Round, seat: int, shows: Allegiance | None, story: Story) -> Round:
    """CheatBot chooses, on its own phone, the allegiance it shows and the story it tells
    when someone converts it. Nothing of it reaches anyone else."""
    conduct = conduct_of(round_)
    hand = round_.hand_of(seat)
    if hand is None or hand.robot is not CHEATBOT:
        raise NotAllowed(N_("Only CheatBot may show an allegiance it does not hold."))
    cheats = (*(c for c in conduct.cheats if c.seat != seat), Cheat(seat, shows, story))
    return with_conduct(round_, replace(conduct, cheats=cheats))
