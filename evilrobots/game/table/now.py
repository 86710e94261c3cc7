"""What is happening now at a conducted table (the same for everyone), and what one seat may
do about it (its own phone only).

``happening`` is public: the phase, the power called, whose turn it is, a reaction window and
who it waits for, each with its deadline. It is drawn from what the rules make public, never
from a seat's secrets (a call it let pass, CheatBot's truth, why a conversion failed).
``choices`` is one seat's: what its phone offers now, from its own cards and the public state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..cards import BLOCKBOT, CHEATBOT, COPYBOT, FREEBOT, PASSBOT, Allegiance, Robot
from .conduct import Conduct, Kind, Proof, Stage, Story
from .conversions import proofs_for
from .robots import TURN_ACTIONS
from .round import NPR_NAME, NPR_SEAT, Round
from .seats import can_act_at, hand_of, level_of, locked, reactions_for, to_answer
from .steps import first_in_pass_phase, tied


class Moment(Enum):
    """What is going on, as the board and every phone say it (the web words it)."""

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

    stage: Stage
    moment: Moment
    deadline: float | None = None  # when the timer shown runs out (None: no timer now)
    paused: float | None = None  # the call's time left while a turn or a window holds it
    level: int = 0
    waiting: tuple[str, ...] = ()  # the players a reaction window waits for
    who: str = ""  # the player it is about (the converter, the one whose turn it is)
    whom: str = ""  # the other player (the target, the converter of a failed conversion)
    kind: Kind | None = None  # a reaction window's conversion: of another, oneself, a push
    allegiance: Allegiance | None = None  # a push's allegiance
    reactor: str = ""  # who played the window's last reaction
    robot: Robot | None = None  # the window's last reaction
    others: tuple[str, ...] = ()  # who passed in the Debate; the seats tied for a turn


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
    REACTED = "reacted"
    SAT_OUT = "sat-out"
    PASSED = "passed"
    ACTED = "acted"
    QUEUED = "queued"
    FREEBOT = "freebot"
    WAITS = "waits"  # its turn comes when its power (``Choices.level``) is called


@dataclass(frozen=True, slots=True)
class Choices:
    """What one seat's phone offers it now. Anything it may not do is simply absent."""

    pass_debate: bool = False
    start_countdown: bool = False  # the host, in the Debate
    claim: int = 0  # the level it may act at now (``TOP_LEVEL``: "9 or more"), or 0
    claim_with_power: bool = False  # FreeBot may show its power too, or not
    turn: bool = False  # its turn: convert, convert itself, its robot's action, or pass
    targets: tuple[tuple[int, str], ...] = ()  # whom it may convert
    convert_self: bool = False
    promote: tuple[tuple[int, str], ...] = ()  # tied seats it may let go next
    reactions: tuple[Robot, ...] = ()
    block_turns: bool = False  # BlockBot may turn the conversion on its instigator
    no_reaction: bool = False  # its No reaction is awaited
    proofs: tuple[Proof, ...] = ()  # it may show why a conversion of it failed
    cheat: bool = False  # it holds CheatBot: it chooses what it shows
    shows: Allegiance | None = None
    story: Story = Story.TRUTH
    passbot: bool = False  # it holds PassBot and may still choose whether it acts first
    first: bool = True  # PassBot's choice: first in the Pass phase, or at its power's place
    note: Note | None = None  # what its phone says of its own place in the round
    level: int = 0  # the level its note names (``Note.WAITS``)

    @property
    def due(self) -> bool:
        """Whether this phone has a move to make now (its call, its turn, its proof, its
        answer to a window, the order of a tie): the phone says so, and may vibrate."""
        return bool(
            self.claim
            or self.turn
            or self.proofs
            or self.promote
            or self.no_reaction
            or self.reactions
        )


def happening(round_: Round, names: dict[int, str]) -> Happening | None:
    """What is going on in a conducted round in play, for everyone; None for a round called
    by voice, and for a round over (its count says the rest)."""
    conduct = round_.conduct
    if conduct is None or not round_.in_play:
        return None

    def name(seat: int | None) -> str:
        return NPR_NAME if seat == NPR_SEAT else names.get(seat or -1, "?")

    chain = conduct.chain
    if chain is not None:
        last = chain.reactions[-1] if chain.reactions else None
        return Happening(
            conduct.stage,
            Moment.REACTIONS,
            deadline=chain.deadline,
            paused=conduct.left if conduct.stage is Stage.COUNTDOWN else None,
            level=conduct.level,
            waiting=tuple(name(seat) for seat in to_answer(conduct, round_)),
            who=name(chain.by),
            whom=name(chain.target) if chain.kind is not Kind.SELF else "",
            kind=chain.kind,
            allegiance=chain.allegiance if chain.kind is Kind.PUSH else None,
            reactor=name(last.seat) if last else "",
            robot=last.robot if last else None,
        )
    if conduct.stage is Stage.DEBATE:
        return Happening(
            Stage.DEBATE,
            Moment.DEBATE,
            deadline=conduct.deadline,
            others=tuple(name(seat) for seat in conduct.passed),
        )
    held = conduct.left if conduct.stage is Stage.COUNTDOWN else None
    if conduct.proof is not None:
        return Happening(
            conduct.stage,
            Moment.PROOF,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.proof.seat),
            whom=name(conduct.proof.by),
        )
    if conduct.ordering is not None:
        return Happening(
            conduct.stage,
            Moment.ORDERING,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.ordering),
            others=tuple(name(seat) for seat in tied(conduct, round_)),
        )
    if conduct.turn is not None:
        return Happening(
            conduct.stage,
            Moment.TURN,
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
            who=name(conduct.turn),
        )
    if conduct.stage is Stage.COUNTDOWN:
        return Happening(
            Stage.COUNTDOWN, Moment.CALLED, deadline=conduct.deadline, level=conduct.level
        )
    if conduct.stage is Stage.PASS:
        return Happening(Stage.PASS, Moment.PASS)
    return Happening(Stage.DONE, Moment.DONE)


def choices(round_: Round, names: dict[int, str], seat: int, host: bool) -> Choices:
    """What this seat's phone offers it now, from its own cards and what everyone knows."""
    conduct = round_.conduct
    hand = round_.hand_of(seat)
    if conduct is None or not round_.in_play:
        return Choices()
    if hand is None:  # joined mid-round: only the host's own control
        return Choices(start_countdown=host and conduct.stage is Stage.DEBATE)
    cheat = hand.robot is CHEATBOT
    note, level = _note(conduct, round_, seat)
    own = {
        "cheat": cheat,
        "shows": conduct.cheat_of(seat).shows if cheat else None,
        "story": conduct.cheat_of(seat).story if cheat else Story.TRUTH,
        "passbot": hand.robot is PASSBOT and conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN),
        "first": first_in_pass_phase(conduct, round_, seat) or hand.robot is not PASSBOT,
        "note": note,
        "level": level,
    }
    if conduct.proof is not None and conduct.proof.seat == seat:
        own["note"] = Note.PROOF_OWED
        return Choices(proofs=proofs_for(round_, conduct, seat), **own)
    if conduct.ordering == seat:
        waiting = tuple((other, names.get(other, "?")) for other in tied(conduct, round_))
        own["note"] = Note.TIE_BREAK
        return Choices(promote=waiting, **own)
    if conduct.chain is not None:
        robots = reactions_for(conduct, round_, seat)
        if seat in to_answer(conduct, round_):
            own["note"] = None  # the window's own words say what to do
        elif seat == conduct.chain.by and not conduct.chain.reactions:
            own["note"] = Note.OWN_CONVERSION
        else:
            own["note"] = Note.NOT_WAITED
        return Choices(
            reactions=robots,
            block_turns=BLOCKBOT in robots and conduct.chain.kind is not Kind.SELF,
            no_reaction=seat in to_answer(conduct, round_),
            **own,
        )
    if conduct.stage is Stage.DEBATE:
        return Choices(pass_debate=seat not in conduct.passed, start_countdown=host, **own)
    if conduct.turn == seat:
        others = tuple((other, names.get(other, "?")) for other, _ in round_.hands if other != seat)
        if round_.npr is not None:
            others += ((NPR_SEAT, NPR_NAME),)
        convert_self = conduct.stage is Stage.COUNTDOWN and not locked(round_, seat)
        own["note"] = Note.TURN if convert_self else Note.TURN_NOT_SELF
        if hand.robot is COPYBOT and not any(use.robot in TURN_ACTIONS for use in round_.uses):
            own["note"] = (
                Note.TURN_COPY_NOTHING if convert_self else Note.TURN_COPY_NOTHING_NOT_SELF
            )
        return Choices(turn=True, targets=others, convert_self=convert_self, **own)
    claim = 0
    if conduct.stage is Stage.COUNTDOWN:
        if can_act_at(conduct, round_, seat, conduct.level):
            claim = conduct.level
    if claim and hand.robot is not FREEBOT:
        own["note"] = Note.CALLED
    return Choices(claim=claim, claim_with_power=bool(claim) and hand.robot is FREEBOT, **own)


def _note(conduct: Conduct, round_: Round, seat: int) -> tuple[Note | None, int]:
    """Where this seat stands in the round, for its own phone only (and the level it names)."""
    hand = hand_of(round_, seat)
    if seat in conduct.missed:
        return Note.MISSED, 0
    if seat in conduct.reacted:
        return Note.REACTED, 0
    if seat in conduct.sat_out:
        return Note.SAT_OUT, 0
    if seat in conduct.passed and conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN):
        return Note.PASSED, 0
    if seat in conduct.acted:
        return Note.ACTED, 0
    if seat in conduct.queue:
        return Note.QUEUED, 0
    if conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN) and conduct.turn != seat:
        if hand.robot is FREEBOT:
            return Note.FREEBOT, 0
        return Note.WAITS, level_of(hand)
    return None, 0
