"""The round, conducted: the rules' own procedure, run by the server step by step.

The Debate (a timer, passes), then the Countdown (powers called from 9 down to 1 at a steady
pace, "I act" only for the seats that can), each turn (a conversion settled here, yourself, a
robot's action, or a pass), a reaction window after every conversion (a chain resolved in
order), the proof of a conversion that failed, the order of tied seats, then the Pass phase
(its order worked out here), and the round waits for the host to end it.

Every step has its clock: the Debate (unless the host starts the Countdown), each call, each
turn, each window, each proof, each tie's order. When one runs out the round goes on by
itself: a turn nobody takes is passed, a proof nobody gives is shown by the app, a tie nobody
orders goes in its first order.

This module holds the conducted round's state; ``seats`` reads what a seat may do from it,
``steps`` holds what every phase shares (the board's log, the turn given and ended),
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
from dataclasses import dataclass

from ..cards import (
    Allegiance,
    Robot,
)
from ..errors import Conflict, GameError
from ..messages import N_
from .round import Round

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
# Each turn, from the moment it is given: when it runs out, the seat passes.
TURN_SECONDS = 60
TURN_CHOICES = range(15, 181, 15)


class Stage(enum.Enum):
    """Where a conducted round stands."""

    DEBATE = "debate"
    COUNTDOWN = "countdown"
    PASS = "pass"  # nosec B105: the Pass phase, not a password
    DONE = "done"  # every phase is over: the round waits for the host to end it


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
    """The host's choices for the next deal. ``window`` times every short step: a reaction
    window, the proof of a failed conversion, a tie's order."""

    conducted: bool = True  # False: the table calls the round itself, by voice
    debate: int = DEBATE_SECONDS
    pace: int = PACE_SECONDS
    window: int = WINDOW_SECONDS
    turn: int = TURN_SECONDS

    def check(self) -> Settings:
        """These settings, or a GameError saying which one is out of bounds."""
        if self.debate not in DEBATE_CHOICES:
            raise GameError(
                N_("The Debate lasts 30 to 180 seconds, in steps of 15, or has no timer.")
            )
        if self.pace not in PACE_CHOICES:
            raise GameError(
                N_("Each power is called for %(least)d to %(most)d seconds."),
                least=PACE_CHOICES.start,
                most=PACE_CHOICES.stop - 1,
            )
        if self.window not in WINDOW_CHOICES:
            raise GameError(
                N_("A reaction window lasts %(least)d to %(most)d seconds."),
                least=WINDOW_CHOICES.start,
                most=WINDOW_CHOICES.stop - 1,
            )
        if self.turn not in TURN_CHOICES:
            raise GameError(
                N_("A turn lasts %(least)d to %(most)d seconds, in steps of %(step)d."),
                least=TURN_CHOICES[0],
                most=TURN_CHOICES[-1],
                step=TURN_CHOICES.step,
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
    the target is CheatBot and tells another story. Each reaction defeats the one before; the
    last decides, and from the first reaction on, what is told is the truth.
    """

    kind: Kind
    by: int
    target: int  # a seat, or NPR_SEAT
    allegiance: Allegiance  # what the target takes if it works
    told: Outcome
    truth: Outcome
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
    """The target of a conversion that failed, owing its proof now: who converted it and how
    (what its power proof is measured against), and the allegiance it had before (what
    CheatBot shows, if it told the table a conversion that worked had failed)."""

    seat: int
    by: int
    kind: Kind
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
    chooser: int | None = None  # the Countdown: the first to act at the level called
    chain: Conversion | None = None  # a conversion whose reaction window is open
    gandalf: bool = False  # GandalfBot acted: no Pass phase this round
    sat_out: tuple[int, ...] = ()  # the Pass phase's lowest powers, who sit it out
    proof: Pending | None = None  # the target of a failed conversion, owing its proof now
    ordering: int | None = None  # the seat choosing which of the tied seats goes next
    until: float | None = None  # when the turn, the proof or the tie's order runs out
    last: int | None = None  # the seat whose turn ended last (it orders the Pass phase's ties)
    cheats: tuple[Cheat, ...] = ()
    waits: tuple[int, ...] = ()  # PassBot seats that chose to act at their power, not first

    @property
    def busy(self) -> bool:
        """A turn, a reaction window, a proof or a tie's order is under way: the call waits."""
        return (
            self.turn is not None
            or self.chain is not None
            or self.proof is not None
            or self.ordering is not None
        )

    def cheat_of(self, seat: int) -> Cheat:
        return next((c for c in self.cheats if c.seat == seat), Cheat(seat))

    @property
    def next_deadline(self) -> float | None:
        """When something is next due (``tick`` then moves the round on)."""
        if self.chain is not None:
            return self.chain.deadline
        return self.until if self.busy else self.deadline


Names = dict[int, str]  # each seat's name, for the board's log


def begin(settings: Settings, now: float) -> Conduct:
    """A freshly dealt round: the Debate, on its timer if the host set one."""
    return Conduct(settings=settings, deadline=now + settings.debate if settings.debate else None)


def conduct_of(round_: Round) -> Conduct:
    """The round's conductor; a Conflict if this round is called by voice."""
    if round_.conduct is None:
        raise Conflict(N_("This round is called by voice: the app does not run its turns."))
    return round_.conduct
