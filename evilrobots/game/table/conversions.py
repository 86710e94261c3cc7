"""Conversions in a round the app runs, settled by the server, and the reactions that answer
them.

A conversion (of another player, of oneself, or PushBot's) is settled at once
(``outcomes.outcome_of``); a reaction window then opens on every phone and the board, for the
same time whoever holds a reaction. Each reaction opens a window of its own and defeats the
one it answers; when a window closes with no new reaction, the chain's last word stands
(``resolve``), and the target of a conversion that failed then owes its proof (``proofs``).
What CheatBot shows, and the story the board tells of it, it chooses itself (``choices``).
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import BLOCKBOT, CHEATBOT, FORCEBOT, SUMOBOT, Allegiance, Robot
from ..errors import Conflict, GameError, NotAllowed
from ..messages import N_
from .conduct import CheatSays, Conversion, ConversionKind, Outcome, Pending, Phase, Reaction
from .facts import Fact, What
from .flow import end_turn_of, hold_call, next_turn
from .guards import conduct_of, conducted, turn_of
from .hands import allegiance_of, allegiance_shown, hand_in_play, locked
from .log import naming, say
from .outcomes import outcome_of, sumo_shows
from .round import NPR_SEAT, Names, Round
from .state import TableState
from .turns import reactions_for, to_answer


def convert(
    table: TableState,
    seat: int,
    deal_id: int,
    now: float,
    target: int | None = None,
    allegiance: Allegiance | None = None,
) -> TableState:
    """On the seat's turn: convert ``target``, or, with an ``allegiance`` and no target,
    itself."""
    round_, _ = conducted(table, seat, deal_id)
    kind = ConversionKind.SELF if target is None else ConversionKind.OTHER
    if kind is ConversionKind.OTHER and allegiance is not None:
        raise Conflict(N_("Converting another player shows your allegiance: choose no other."))
    return table.with_round(conversion(round_, table.names, seat, now, kind, target, allegiance))


def conversion(
    round_: Round,
    names: Names,
    seat: int,
    now: float,
    kind: ConversionKind,
    target: int | None = None,
    allegiance: Allegiance | None = None,
    robot: Robot | None = None,
) -> Round:
    """A conversion on the seat's turn, settled here, and a reaction window opened.

    - ``OTHER``: another player (or the non-player robot) takes the allegiance the seat shows
      (CheatBot's may be any), if the conversion works.
    - ``SELF``: the seat takes any allegiance; not in the Pass phase.
    - ``PUSH``: PushBot (or CopyBot's copy of it, ``robot``) forces any player to any
      allegiance.
    """
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    hand = hand_in_play(round_, seat)
    if kind is ConversionKind.SELF:
        if conduct.phase is Phase.PASS:
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
    if kind is ConversionKind.OTHER:
        allegiance = allegiance_shown(conduct, seat, hand)
    if allegiance is None:
        raise GameError(N_("Choose the allegiance: Good, Evil or Neutral."))
    truth = outcome_of(round_, seat, target, kind)
    told = truth
    target_hand = round_.hand_of(target) if target != NPR_SEAT else None
    if (
        kind is not ConversionKind.SELF
        and target_hand is not None
        and target_hand.robot is CHEATBOT
    ):
        story = conduct.cheat_of(target).story
        told = {CheatSays.WORKED: Outcome.WORKED, CheatSays.FAILED: Outcome.FAILED}.get(
            story, truth
        )
    shows: Allegiance | None = None
    if kind is ConversionKind.OTHER:
        round_ = say(
            round_,
            names,
            seat,
            Action.CONVERT_OTHER,
            naming(What.CONVERTS, names, target),
            robot=SUMOBOT if sumo_shows(round_, seat, target) else None,
            power=hand.power,
            allegiance=allegiance,
        )
    elif kind is ConversionKind.SELF:
        # CheatBot may show another allegiance than the one it takes: the table is told that
        # one, now and when the window closes; its truth waits for the round's end.
        shows = conduct.cheat_of(seat).shows if hand.robot is CHEATBOT else None
        shows = None if shows is allegiance else shows
        round_ = say(
            round_,
            names,
            seat,
            Action.CONVERT_SELF,
            Fact(What.CONVERTS_SELF),
            allegiance=shows or allegiance,
        )
    else:
        copied = robot is not None and robot is not hand.robot
        round_ = say(
            round_,
            names,
            seat,
            Action.ROBOT_ACTION,
            naming(What.PUSHES, names, target, allegiance=allegiance),
            robot=hand.robot,
            effect=Fact(What.COPIES, robot=robot) if copied else None,
        )
    if kind is not ConversionKind.SELF:
        said = Fact(What.WORKS if told is Outcome.WORKED else What.FAILS)
        round_ = say(round_, names, target, Action.CONVERTED, said)
    chain = Conversion(
        kind,
        seat,
        target,
        allegiance,
        told,
        truth,
        deadline=now + conduct.settings.window,
        shows=shows,
    )
    return _open_window(round_.with_conduct(replace(conduct, chain=chain)), names, now)


def _open_window(round_: Round, names: Names, now: float) -> Round:
    """The reaction window just opened, on its clock; closed at once if nobody may answer it
    (everyone else has had a turn or reacted: public, so closing it tells nothing)."""
    if not to_answer(conduct_of(round_), round_):
        return resolve(round_, names, now)
    return round_


def react(
    table: TableState, seat: int, deal_id: int, now: float, turn_on_instigator: bool = False
) -> TableState:
    """The seat plays its reaction on the open window (showing the robot card), which opens a
    window of its own: BlockBot makes the conversion fail (or turns it on the instigator),
    ForceBot makes a failed one work, DoOverBot forces the target to its own allegiance.

    Reacting costs the seat its turn, and its place in the Pass phase.
    """
    round_, conduct = conducted(table, seat, deal_id)
    names = table.names
    chain = conduct.chain
    if chain is None:
        raise Conflict(N_("There is no conversion to react to now."))
    hand = hand_in_play(round_, seat)
    robots = reactions_for(conduct, round_, seat)
    if not robots:
        if seat in conduct.reacted:
            raise Conflict(N_("You have used your reaction this round."))
        if seat in conduct.acted or seat == conduct.turn or seat == chain.by:
            raise Conflict(N_("You have taken your turn this round: you cannot react."))
        raise NotAllowed(N_("You hold no reaction for this moment."))
    robot = robots[0]
    if robot is BLOCKBOT:
        turned = turn_on_instigator and chain.kind is not ConversionKind.SELF
        reaction = Reaction(seat, robot, Outcome.TURNED if turned else Outcome.FAILED)
        said = naming(What.TURNS_ON, names, chain.by) if turned else Fact(What.MAKES_FAIL)
        round_ = say(
            round_, names, seat, Action.REACTION, Fact(What.REACTS), robot=robot, effect=said
        )
    elif robot is FORCEBOT:
        reaction = Reaction(seat, robot, Outcome.WORKED)
        said = Fact(What.WORKS_AFTER_ALL)
        round_ = say(
            round_, names, seat, Action.REACTION, Fact(What.REACTS), robot=robot, effect=said
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
            effect=naming(What.TAKES, names, chain.target, allegiance=hand.allegiance),
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
    return table.with_round(_open_window(round_.with_conduct(conduct), names, now))


def no_reaction(table: TableState, seat: int, deal_id: int, now: float) -> TableState:
    """The seat says No reaction to the open window; once every seat has, it closes."""
    round_, conduct = conducted(table, seat, deal_id)
    chain = conduct.chain
    if chain is None:
        raise Conflict(N_("There is no reaction window open now."))
    if seat not in to_answer(conduct, round_):
        if seat in chain.answered:
            return table  # a second tap: said already
        raise Conflict(N_("You have taken your turn or reacted: the window does not wait for you."))
    conduct = replace(conduct, chain=replace(chain, answered=(*chain.answered, seat)))
    round_ = round_.with_conduct(conduct)
    if not to_answer(conduct, round_):
        round_ = resolve(round_, table.names, now)
    return table.with_round(round_)


def resolve(round_: Round, names: Names, now: float) -> Round:
    """The window closes with no new reaction: the chain's last word stands. Allegiances
    change as it truly comes out; the board says what is shown (for a CheatBot target that
    told another story, the story; for CheatBot converting itself, the allegiance it
    showed)."""
    conduct = conduct_of(round_)
    chain = conduct.chain
    if chain is None:
        return round_
    before = allegiance_of(round_, chain.target)
    real, shown = chain.real, chain.shown
    if real is Outcome.WORKED:
        round_ = _take(round_, chain.target, chain.allegiance)
    elif real is Outcome.TURNED:
        round_ = _take(round_, chain.by, chain.allegiance)
    elif real is Outcome.DONE_OVER:
        round_ = _take(round_, chain.target, chain.reactions[-1].allegiance or before)
    if shown is Outcome.WORKED:
        by_self = chain.kind is ConversionKind.SELF
        converted = (
            Fact(What.IS_CONVERTED) if by_self else naming(What.IS_CONVERTED_BY, names, chain.by)
        )
        round_ = say(
            round_, names, chain.target, Action.CONVERTED, converted, allegiance=chain.said
        )
    elif shown is Outcome.TURNED:
        instead = Fact(What.IS_CONVERTED_INSTEAD)
        round_ = say(
            round_, names, chain.by, Action.CONVERTED, instead, allegiance=chain.allegiance
        )
    elif shown is Outcome.DONE_OVER:
        taken = chain.reactions[-1].allegiance or before
        converted = naming(What.IS_CONVERTED_BY, names, chain.reactions[-1].seat)
        round_ = say(round_, names, chain.target, Action.CONVERTED, converted, allegiance=taken)
    else:
        round_ = say(round_, names, chain.target, Action.CONVERTED, Fact(What.IS_NOT_CONVERTED))
    conduct = replace(conduct, chain=None)
    if conduct.turn == chain.by:
        conduct = end_turn_of(conduct, chain.by)
    owed = (
        shown is Outcome.FAILED
        and not chain.reactions
        and chain.kind is not ConversionKind.SELF
        and round_.hand_of(chain.target) is not None
    )
    if owed:  # the target proves it now, before anything else goes on
        conduct = hold_call(conduct, now)
        proof = Pending(chain.target, chain.by, chain.kind, before)
        conduct = replace(conduct, proof=proof, until=now + conduct.settings.window)
    return round_.with_conduct(next_turn(round_, conduct, now))


def _take(round_: Round, seat: int, allegiance: Allegiance) -> Round:
    """A seat (or the non-player robot) takes an allegiance."""
    if seat == NPR_SEAT:
        return replace(round_, npr=allegiance)
    hand = round_.hand_of(seat)
    if hand is None:  # it left meanwhile
        return round_
    return round_.with_hand(seat, hand.choose(allegiance))
