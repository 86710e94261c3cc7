"""The round, conducted: the rules' own procedure, run by the server step by step.

The Debate (a timer, passes), then the Countdown (powers called from 9 down to 1 at a steady
pace, "I act" only for the seats that can), each turn (a conversion settled here, yourself, a
robot's action, or a pass), a reaction window after every conversion (a chain resolved in
order), then the Pass phase (its order worked out here), and the round waits for the host to
end it.

This module holds the conducted round's state and how to read it, and the turn's mechanics;
``countdown`` runs the phases and the clock, ``conversions`` settles conversions and their
reactions. Every step is a pure function from (round, who, what, now) to a new round, or a
``GameError`` that changes nothing. Deadlines are data, so they survive a restart;
``countdown.tick`` moves a round past whatever is due, and whoever calls it first does it (the
store's atomic change makes that happen once).

What the rules make public goes in the round's log (``Round.reveals``). What a seat keeps to
itself stays here, beside it, and no view shows it to anyone else: a call it let pass, why a
conversion failed until the target shows it, CheatBot's truth and its choices.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..actions import Action
from ..cards import (
    BLOCKBOT,
    CHEATBOT,
    DOOVERBOT,
    FORCEBOT,
    FREEBOT,
    LOCKBOT,
    PLUSBOT,
    Allegiance,
    PowerCard,
    Robot,
)
from ..errors import Conflict, GameError, NotAllowed, RoundOver
from ..hand import Hand
from .round import NPR_NAME, NPR_POWER, NPR_SEAT, Reveal, Round

PLUS = 3  # PlusBot's power is its card and this
TOP_LEVEL = 9  # "Power 9 or more": the first call covers 9 to 12
# The host's choices, in seconds: the Debate's timer (0: none, the host starts the Countdown),
# the time each power level is called for, and each reaction window.
DEBATE_SECONDS = 60
DEBATE_CHOICES = (0, *range(30, 181, 15))
PACE_SECONDS = 5
PACE_CHOICES = range(3, 16)
WINDOW_SECONDS = 8
WINDOW_CHOICES = range(5, 31)


class Stage(enum.Enum):
    """Where a conducted round stands."""

    DEBATE = "debate"
    COUNTDOWN = "countdown"
    PASS = "pass"  # nosec B105: the Pass phase, not a password
    DONE = "done"  # every phase is over: the round waits for the host to end it

    @property
    def label(self) -> str:
        return {
            Stage.DEBATE: "The Debate",
            Stage.COUNTDOWN: "The Countdown",
            Stage.PASS: "The Pass phase",
            Stage.DONE: "Every turn is taken",
        }[self]


class Outcome(enum.Enum):
    """What becomes of a conversion."""

    WORKED = "worked"  # the target takes the allegiance
    FAILED = "failed"  # nobody changes
    TURNED = "turned"  # BlockBot turned it on the instigator, who takes the allegiance
    DONE_OVER = "done-over"  # DoOverBot forced the target to its own allegiance


class Story(enum.Enum):
    """What a CheatBot target has the board say when someone converts it."""

    TRUTH = "truth"
    WORKED = "worked"
    FAILED = "failed"


class Proof(enum.Enum):
    """What the target of a failed conversion shows to prove it failed."""

    POWER = "power"
    LOCKBOT = "lockbot"
    ALLEGIANCE = "allegiance"


class Kind(enum.Enum):
    """The three conversions the rules know: of another player, of yourself, and PushBot's."""

    OTHER = "other"
    SELF = "self"
    PUSH = "push"


@dataclass(frozen=True, slots=True)
class Settings:
    """The host's choices for the next deal."""

    conducted: bool = True  # False: the table calls the round itself, by voice
    debate: int = DEBATE_SECONDS
    pace: int = PACE_SECONDS
    window: int = WINDOW_SECONDS

    def check(self) -> Settings:
        """These settings, or a GameError saying which one is out of bounds."""
        if self.debate not in DEBATE_CHOICES:
            raise GameError("The Debate lasts 30 to 180 seconds, in steps of 15, or has no timer.")
        if self.pace not in PACE_CHOICES:
            raise GameError(
                f"Each power is called for {PACE_CHOICES.start} to {PACE_CHOICES.stop - 1} seconds."
            )
        if self.window not in WINDOW_CHOICES:
            raise GameError(
                f"A reaction window lasts {WINDOW_CHOICES.start} to {WINDOW_CHOICES.stop - 1} "
                "seconds."
            )
        return self


@dataclass(frozen=True, slots=True)
class Reaction:
    """A reaction played on a conversion, and what it makes of it."""

    seat: int
    robot: Robot
    outcome: Outcome
    allegiance: Allegiance | None = None  # DoOverBot's, which the target takes


@dataclass(frozen=True, slots=True)
class Conversion:
    """A conversion in its reaction chain.

    ``told`` is the outcome published; ``truth`` the outcome as it is. They differ only when
    the target is CheatBot and tells another story. ``reason`` is why it truly failed (a
    secret until the target shows it). Each reaction defeats the one before; the last
    decides, and from the first reaction on, what is told is the truth.
    """

    kind: Kind
    by: int
    target: int  # a seat, or NPR_SEAT
    allegiance: Allegiance  # what the target takes if it works
    told: Outcome
    truth: Outcome
    reason: Proof | None = None  # why it truly failed: the target's power, or LockBot
    reactions: tuple[Reaction, ...] = ()
    answered: tuple[int, ...] = ()  # the seats that said No reaction to this window
    deadline: float = 0.0  # when this window closes

    @property
    def shown(self) -> Outcome:
        """What the table knows of it now."""
        return self.reactions[-1].outcome if self.reactions else self.told

    @property
    def real(self) -> Outcome:
        """What it truly comes to now."""
        return self.reactions[-1].outcome if self.reactions else self.truth


@dataclass(frozen=True, slots=True)
class Cheat:
    """What CheatBot has chosen, on its own phone, to show: secret, like the card itself."""

    seat: int
    shows: Allegiance | None = (
        None  # the allegiance it shows when it must show one (None: the truth)
    )
    story: Story = Story.TRUTH  # what the board says when someone converts it


@dataclass(frozen=True, slots=True)
class Pending:
    """A target whose failed conversion it may still prove: why it truly failed, and the
    allegiance it had (the one it shows to say nothing changed)."""

    seat: int
    reason: Proof | None
    before: Allegiance


@dataclass(frozen=True, slots=True)
class Conduct:
    """A conducted round's state, beside its hands and its public log (``Round``)."""

    settings: Settings = Settings()
    stage: Stage = Stage.DEBATE
    deadline: float | None = None  # when the Debate or the called level ends
    left: float = 0.0  # the level's time left while a turn or a window holds the call
    level: int = 0  # the power called (TOP_LEVEL means "9 or more"); 0 outside the Countdown
    passed: tuple[int, ...] = ()  # seats that passed, in the Debate or as their turn
    acted: tuple[int, ...] = ()  # seats that took their turn, in order (public)
    reacted: tuple[int, ...] = ()  # seats that used a reaction (public)
    missed: tuple[int, ...] = ()  # seats that let their call pass (each knows only its own)
    queue: tuple[int, ...] = ()  # seats waiting for their turn, in order
    turn: int | None = None  # the seat taking its turn
    chooser: int | None = None  # the seat that may set the order of the tied seats waiting
    chain: Conversion | None = None  # a conversion whose reaction window is open
    gandalf: bool = False  # GandalfBot acted: no Pass phase this round
    sat_out: tuple[int, ...] = ()  # the Pass phase's lowest powers, who sit it out
    proving: tuple[Pending, ...] = ()  # targets of a failed conversion who may still show why
    cheats: tuple[Cheat, ...] = ()

    @property
    def busy(self) -> bool:
        """A turn is being taken or a reaction window is open: the call waits."""
        return self.turn is not None or self.chain is not None

    def cheat_of(self, seat: int) -> Cheat:
        return next((c for c in self.cheats if c.seat == seat), Cheat(seat))

    @property
    def next_deadline(self) -> float | None:
        """When something is next due (``tick`` then moves the round on)."""
        if self.chain is not None:
            return self.chain.deadline
        return None if self.busy else self.deadline


# ---- Reading a round -----------------------------------------------------------------------

Names = dict[int, str]


def effective(hand: Hand | None) -> int:
    """A seat's power in play: its card, and PlusBot's 3 (None: the non-player robot's 5)."""
    if hand is None:
        return NPR_POWER.value
    return hand.power.value + (PLUS if hand.robot is PLUSBOT else 0)


def level_of(hand: Hand) -> int:
    """The level at which a seat is called: its power in play, "9 or more" above 9."""
    return min(effective(hand), TOP_LEVEL)


def hand_of(round_: Round, seat: int) -> Hand:
    """The seat's hand in this round; RoundOver if it holds none (it joined after the deal,
    or left)."""
    hand = round_.hand_of(seat)
    if hand is None:
        raise RoundOver("You hold no cards in this round: you play from the next deal.")
    return hand


def level_name(level: int) -> str:
    return "9 or more" if level >= TOP_LEVEL else str(level)


def locked(round_: Round, seat: int) -> bool:
    """LockBot while it is Good or Evil: its allegiance cannot change."""
    hand = round_.hand_of(seat) if seat != NPR_SEAT else None
    return hand is not None and hand.robot is LOCKBOT and hand.allegiance is not Allegiance.NEUTRAL


def shows(conduct: Conduct, seat: int, hand: Hand) -> Allegiance:
    """The allegiance a seat shows when it must: its own, or the one CheatBot chose."""
    if hand.robot is CHEATBOT:
        return conduct.cheat_of(seat).shows or hand.allegiance
    return hand.allegiance


def can_act_at(conduct: Conduct, round_: Round, seat: int, level: int) -> bool:
    """Whether the seat may say "I act" at this level now: it holds the level (FreeBot holds
    them all), and it has not passed, acted, reacted, let its call go by or claimed already."""
    hand = round_.hand_of(seat)
    if hand is None or conduct.stage is not Stage.COUNTDOWN:
        return False
    if seat in (*conduct.passed, *conduct.acted, *conduct.reacted, *conduct.missed):
        return False
    if seat in conduct.queue or seat == conduct.turn:
        return False
    return hand.robot is FREEBOT or level_of(hand) == level


def reactions_for(conduct: Conduct, round_: Round, seat: int) -> tuple[Robot, ...]:
    """The reaction this seat may play on the open window, if any: none once it has taken (or
    is taking) its turn or reacted, and only a robot whose moment this is."""
    chain = conduct.chain
    hand = round_.hand_of(seat)
    if chain is None or hand is None or seat == chain.by:  # converting was its turn
        return ()
    if seat in conduct.acted or seat in conduct.reacted or seat == conduct.turn:
        return ()
    if hand.robot is BLOCKBOT or hand.robot is DOOVERBOT:
        return (hand.robot,)
    if hand.robot is FORCEBOT and chain.shown in (Outcome.FAILED, Outcome.TURNED):
        return (FORCEBOT,)
    return ()


def to_answer(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The seats whose No reaction the window waits for before it closes early: all but those
    whose turn is taken or who reacted already (both public), so that nothing tells who holds
    a reaction."""
    chain = conduct.chain
    if chain is None:
        return ()
    done = {*conduct.acted, *conduct.reacted, chain.by}
    return tuple(
        seat for seat, _ in round_.hands if seat not in done and seat not in chain.answered
    )


def proofs_for(round_: Round, conduct: Conduct, seat: int) -> tuple[Proof, ...]:
    """How the target of a failed conversion may prove it failed, of the proofs that hold."""
    pending = next((p for p in conduct.proving if p.seat == seat), None)
    if pending is None:
        return ()
    found = []
    if pending.reason is Proof.POWER:
        found.append(Proof.POWER)
    if pending.reason is Proof.LOCKBOT:
        found.append(Proof.LOCKBOT)
    found.append(Proof.ALLEGIANCE)
    return tuple(found)


# ---- Changing a round ------------------------------------------------------------------------


def _with(round_: Round, conduct: Conduct) -> Round:
    return replace(round_, conduct=conduct)


def _say(
    round_: Round,
    names: Names,
    seat: int,
    action: Action,
    lead: str,
    *,
    robot: Robot | None = None,
    power: PowerCard | None = None,
    allegiance: Allegiance | None = None,
    effect: str = "",
) -> Round:
    """Put one public act on the board's log, with the cards it shows."""
    name = NPR_NAME if seat == NPR_SEAT else names.get(seat, "?")
    entry = Reveal(seat, name, action, robot, power, allegiance, effect, lead=lead)
    return replace(round_, reveals=(*round_.reveals, entry))


def _name(names: Names, seat: int) -> str:
    return NPR_NAME if seat == NPR_SEAT else names.get(seat, "?")


def begin(settings: Settings, now: float) -> Conduct:
    """A freshly dealt round: the Debate, on its timer if the host set one."""
    return Conduct(settings=settings, deadline=now + settings.debate if settings.debate else None)


def conduct_of(round_: Round) -> Conduct:
    """The round's conductor; a Conflict if this round is called by voice."""
    if round_.conduct is None:
        raise Conflict("This round is called by voice: the app does not run its turns.")
    return round_.conduct


def _holds(round_: Round, seat: int, robot: Robot) -> bool:
    hand = round_.hand_of(seat)
    return hand is not None and hand.robot is robot


def _next_turn(conduct: Conduct, now: float) -> Conduct:
    """Give the next seat waiting its turn, if nothing runs. With nobody waiting, the call
    goes on for the time it had left; the Pass phase, once its last turn is taken, is over."""
    if conduct.busy:
        return conduct
    if conduct.queue:
        head, *rest = conduct.queue
        left = conduct.left
        if conduct.stage is Stage.COUNTDOWN and conduct.deadline is not None:
            left = max(0.0, conduct.deadline - now)
        chooser = head if conduct.stage is Stage.PASS else conduct.chooser
        return replace(
            conduct, turn=head, queue=tuple(rest), deadline=None, left=left, chooser=chooser
        )
    if conduct.stage is Stage.COUNTDOWN and conduct.deadline is None:
        return replace(conduct, deadline=now + conduct.left, left=0.0)
    if conduct.stage is Stage.PASS:
        return replace(conduct, stage=Stage.DONE, chooser=None)
    return conduct


def _end_turn(conduct: Conduct, seat: int, now: float, passed: bool = False) -> Conduct:
    """The seat's turn is over (a pass in the Countdown puts it in the Pass phase)."""
    if passed and conduct.stage is Stage.COUNTDOWN:
        conduct = replace(conduct, passed=(*conduct.passed, seat))
    elif seat not in conduct.acted:
        conduct = replace(conduct, acted=(*conduct.acted, seat))
    return _next_turn(replace(conduct, turn=None), now)


def turn_of(conduct: Conduct, seat: int) -> None:
    """A GameError unless it is this seat's turn and no window is open."""
    if conduct.chain is not None:
        raise Conflict("A reaction window is open: wait until it closes.")
    if conduct.turn != seat:
        raise NotAllowed("It is not your turn.")


def end_turn(round_: Round, seat: int, now: float) -> Round:
    """The seat's turn is taken (a robot action that opens no window)."""
    conduct = conduct_of(round_)
    return _with(round_, _end_turn(conduct, seat, now))
