"""What is happening now at a round the app runs (the same for everyone), and where one seat
stands in it (its own phone only). Observers: they read the round, and change nothing.

``happening`` is public: the phase, the power called, whose turn it is, a reaction window and
who it waits for, each with its deadline. It is drawn from what the rules make public, never
from a seat's secrets (a call it let pass, CheatBot's truth, why a conversion failed).
``standing`` is one seat's: what its phone says of its own place, and its own choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CHEATBOT, COPYBOT, FREEBOT, PASSBOT, Allegiance, Robot
from ..enums import Enum
from .conduct import CheatSays, Conduct, ConversionKind, Phase
from .hands import hand_in_play, level_of, locked
from .legal import TURN_ACTIONS
from .round import Names, Round, name_of
from .turns import can_act_at, first_in_pass_phase, tied, to_answer


class Step(Enum):
    """What is going on within the phase, as the board and every phone say it (the web
    words it)."""

    REACTIONS = "reactions"  # a reaction window: who converts whom, the last reaction
    DEBATE = "debate"  # others: who has passed
    PROOF = "proof"  # who: the target that shows why; whom: the converter
    ORDERING = "ordering"  # who: the seat that chooses; others: the tied seats
    TURN = "turn"  # who: whose turn (at ``level`` in the Countdown, or in the Pass phase)
    CALLED = "called"  # a power is called: ``level``
    PASS = "pass"  # nosec B105: the Pass phase (its players act in turn), not a password
    DONE = "done"  # the host ends the round


@dataclass(frozen=True, slots=True)
class Happening:
    """What the board and every phone say is going on: facts, worded by the web."""

    phase: Phase
    step: Step
    deadline: float | None = None  # when the timer shown runs out (None: no timer now)
    paused: float | None = None  # the call's time left while a turn or a window holds it
    level: int = 0
    waiting: tuple[str, ...] = ()  # the players a reaction window waits for
    who: str = ""  # the player it is about (the converter, the one whose turn it is)
    whom: str = ""  # the other party (the target, the converter of a failed conversion)
    whom_at: int | None = None  # its place (``NPR_SEAT``: the non-player robot, unnamed)
    kind: ConversionKind | None = None  # a reaction window's conversion
    allegiance: Allegiance | None = None  # what a conversion's target is told it takes
    reactor: str = ""  # who played the window's last reaction
    robot: Robot | None = None  # the window's last reaction
    others: tuple[str, ...] = ()  # who passed in the Debate; the seats tied for a turn


def happening(round_: Round, names: Names) -> Happening | None:
    """What is going on in a round the app runs, in play, for everyone; None for a round
    called by voice, and for a round over (its count says the rest)."""
    conduct = round_.conduct
    if conduct is None or not round_.in_play:
        return None

    def name(seat: int | None) -> str:
        return "?" if seat is None else name_of(names, seat)  # None: nobody named yet

    chain = conduct.chain
    if chain is not None:
        last = chain.reactions[-1] if chain.reactions else None
        return Happening(
            conduct.phase,
            Step.REACTIONS,
            deadline=chain.deadline,
            paused=conduct.held if conduct.phase is Phase.COUNTDOWN else None,
            level=conduct.level,
            waiting=tuple(name(seat) for seat in to_answer(conduct, round_)),
            who=name(chain.by),
            whom=name(chain.target) if chain.kind is not ConversionKind.SELF else "",
            whom_at=chain.target if chain.kind is not ConversionKind.SELF else None,
            kind=chain.kind,
            allegiance=chain.said if chain.kind is not ConversionKind.SELF else None,
            reactor=name(last.seat) if last else "",
            robot=last.robot if last else None,
        )
    if conduct.phase is Phase.DEBATE:
        return Happening(
            Phase.DEBATE,
            Step.DEBATE,
            deadline=conduct.deadline,
            others=tuple(name(seat) for seat in conduct.passed),
        )
    held = conduct.held if conduct.phase is Phase.COUNTDOWN else None
    if conduct.proof is not None:
        return Happening(
            conduct.phase,
            Step.PROOF,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.proof.seat),
            whom=name(conduct.proof.by),
            whom_at=conduct.proof.by,
        )
    if conduct.ordering is not None:
        return Happening(
            conduct.phase,
            Step.ORDERING,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.ordering),
            others=tuple(name(seat) for seat in tied(conduct, round_)),
        )
    if conduct.turn is not None:
        return Happening(
            conduct.phase,
            Step.TURN,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.turn),
        )
    if conduct.phase is Phase.COUNTDOWN:
        return Happening(
            Phase.COUNTDOWN, Step.CALLED, deadline=conduct.deadline, level=conduct.level
        )
    if conduct.phase is Phase.PASS:
        return Happening(Phase.PASS, Step.PASS)
    return Happening(Phase.DONE, Step.DONE)


class Note(Enum):
    """What a seat's own phone says of its own place in the round (the web words it)."""

    PROOF_OWED = "proof-owed"
    TIE_BREAK = "tie-break"
    OWN_CONVERSION = "own-conversion"
    NOT_WAITED = "not-waited"
    TURN = "turn"
    TURN_NOT_SELF = "turn-not-self"  # its turn, but it may not convert itself
    TURN_COPY_NOTHING = "turn-copy-nothing"  # CopyBot, with nothing to copy yet
    TURN_COPY_NOTHING_NOT_SELF = "turn-copy-nothing-not-self"
    CALLED = "called"  # its power is called: I act now
    MISSED = "missed"
    RAN_OUT = "ran-out"  # its turn's time ran out: no turn this round
    REACTED = "reacted"
    SAT_OUT = "sat-out"
    PASSED = "passed"
    HOST_STARTS = "host-starts"  # passed in a Debate without a timer: the host starts the Countdown
    ACTED = "acted"
    QUEUED = "queued"
    FREEBOT = "freebot"
    WAITS = "waits"  # its turn comes when its power (``Standing.level``) is called


@dataclass(frozen=True, slots=True)
class Standing:
    """Where one seat stands in the round, for its own phone only: its note, and its own
    private choices as they are now (CheatBot's, PassBot's)."""

    note: Note | None = None  # what its phone says of its own place in the round
    level: int = 0  # the level its note names (``Note.WAITS``); its place in line (``QUEUED``)
    shows: Allegiance | None = None  # CheatBot: the allegiance it shows (None: the truth)
    story: CheatSays = CheatSays.TRUTH  # CheatBot: what the board says when someone converts it
    first: bool = True  # PassBot: first in the Pass phase, or at its power's place


def standing(round_: Round, seat: int) -> Standing:
    """Where this seat stands now, from its own cards and what everyone knows."""
    conduct = round_.conduct
    hand = round_.hand_of(seat)
    if conduct is None or not round_.in_play or hand is None:
        return Standing()
    cheat = hand.robot is CHEATBOT
    note, level = _place(conduct, round_, seat)
    if conduct.proof is not None and conduct.proof.seat == seat:
        note = Note.PROOF_OWED
    elif conduct.ordering == seat:
        note = Note.TIE_BREAK
    elif conduct.chain is not None:
        if seat in to_answer(conduct, round_):
            note = None  # the window's own words say what to do
        elif seat == conduct.chain.by and not conduct.chain.reactions:
            note = Note.OWN_CONVERSION
        else:
            note = Note.NOT_WAITED
    elif conduct.phase is Phase.DEBATE:
        if note is Note.PASSED and conduct.deadline is None:
            note = Note.HOST_STARTS  # nothing left to do but wait for the host
    elif conduct.turn == seat:
        convert_self = conduct.phase is Phase.COUNTDOWN and not locked(round_, seat)
        note = Note.TURN if convert_self else Note.TURN_NOT_SELF
        if hand.robot is COPYBOT and not any(use.robot in TURN_ACTIONS for use in round_.uses):
            note = Note.TURN_COPY_NOTHING if convert_self else Note.TURN_COPY_NOTHING_NOT_SELF
    elif (
        conduct.phase is Phase.COUNTDOWN
        and can_act_at(conduct, round_, seat, conduct.level)
        and hand.robot is not FREEBOT
    ):
        note = Note.CALLED
    return Standing(
        note,
        level,
        shows=conduct.cheat_of(seat).shows if cheat else None,
        story=conduct.cheat_of(seat).story if cheat else CheatSays.TRUTH,
        first=first_in_pass_phase(conduct, round_, seat) or hand.robot is not PASSBOT,
    )


def _place(conduct: Conduct, round_: Round, seat: int) -> tuple[Note | None, int]:
    """Where this seat stands in the round, for its own phone only (and the level it names)."""
    hand = hand_in_play(round_, seat)
    if seat in conduct.missed:
        return Note.MISSED, 0
    if seat in conduct.ran_out:
        return Note.RAN_OUT, 0
    if seat in conduct.reacted:
        return Note.REACTED, 0
    if seat in conduct.sat_out:
        return Note.SAT_OUT, 0
    if seat in conduct.passed and conduct.phase in (Phase.DEBATE, Phase.COUNTDOWN):
        return Note.PASSED, 0
    if seat in conduct.acted:
        return Note.ACTED, 0
    if seat in conduct.queue:
        return Note.QUEUED, conduct.queue.index(seat) + 1
    if conduct.phase in (Phase.DEBATE, Phase.COUNTDOWN) and conduct.turn != seat:
        if hand.robot is FREEBOT:
            return Note.FREEBOT, 0
        return Note.WAITS, level_of(hand)
    return None, 0
