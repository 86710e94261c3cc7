"""A round the app runs, as data: its phase and clocks, who has passed, acted, reacted or let
a call go by, whose turn it is, the conversion whose reaction window is open, what waits for
a proof or a tie's order, and the seats' own choices (CheatBot's, PassBot's).

The rules' procedure: the Debate (a timer, passes), then the Countdown (powers called from 9
down to 1 at a steady pace, "I act" only for the seats that can), each turn (a conversion
settled by the server, yourself, a robot's action, or a pass), a reaction window after every
conversion (a chain resolved in order), the proof of a conversion that failed, the order of
tied seats, then the Pass phase (its order worked out by the server), and the round waits for
the host to end it. Every step has its clock (``Conduct.next_deadline``); the acts that move
the round on are in their own modules (``countdown``, ``conversions``, ``proofs``, ``robots``,
``pass_phase``, ``clock``).

What the rules make public goes in the round's log (``Round.reveals``). What a seat keeps to
itself stays here, beside it, and no view shows it to anyone else: a call it let pass, why a
conversion failed until the target shows it, CheatBot's truth and its choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Allegiance, Robot
from ..enums import Enum
from .settings import Settings


class Phase(Enum):
    """Where a round the app runs stands: the rules' three phases, then done."""

    DEBATE = "debate"
    COUNTDOWN = "countdown"
    PASS = "pass"  # nosec B105: the Pass phase, not a password
    DONE = "done"  # every phase is over: the round waits for the host to end it


class Outcome(Enum):
    """What becomes of a conversion."""

    WORKED = "worked"  # the target takes the allegiance
    FAILED = "failed"  # nobody changes
    TURNED = "turned"  # BlockBot turned it on the instigator, who takes the allegiance
    DONE_OVER = "done-over"  # DoOverBot forced the target to its own allegiance


class CheatSays(Enum):
    """What a CheatBot target has the board say when someone converts it."""

    TRUTH = "truth"
    WORKED = "worked"
    FAILED = "failed"


class Proof(Enum):
    """What the target of a failed conversion shows to prove it failed."""

    POWER = "power"
    LOCKBOT = "lockbot"
    ALLEGIANCE = "allegiance"


class ConversionKind(Enum):
    """The three conversions the rules know: of another player, of yourself, and PushBot's."""

    OTHER = "other"
    SELF = "self"
    PUSH = "push"


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
    last decides, and from the first reaction on, what is told is the truth. ``shows``: the
    allegiance the table is told the target takes, when it is not ``allegiance`` (CheatBot
    converting itself while it shows another: its truth waits for the round's end).
    """

    kind: ConversionKind
    by: int
    target: int  # a seat, or NPR_SEAT
    allegiance: Allegiance  # what the target takes if it works
    told: Outcome
    truth: Outcome
    reactions: tuple[Reaction, ...] = ()
    answered: tuple[int, ...] = ()  # the seats that said No reaction to this window
    deadline: float = 0.0  # when this window closes
    shows: Allegiance | None = None

    @property
    def said(self) -> Allegiance:
        """The allegiance the table is told the target takes, if it works."""
        return self.shows or self.allegiance

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
    story: CheatSays = CheatSays.TRUTH  # what the board says when someone converts it


@dataclass(frozen=True, slots=True)
class Pending:
    """The target of a conversion that failed, owing its proof now: who converted it and how
    (what its power proof is measured against), and the allegiance it had before (what
    CheatBot shows, if it told the table a conversion that worked had failed)."""

    seat: int
    by: int
    kind: ConversionKind
    before: Allegiance


@dataclass(frozen=True, slots=True)
class Conduct:
    """A conducted round's state, beside its hands and its public log (``Round``)."""

    settings: Settings = Settings()
    phase: Phase = Phase.DEBATE
    deadline: float | None = None  # when the Debate or the called level ends
    held: float = 0.0  # the level's time left, held while a turn or a window holds the call
    level: int = 0  # the power called (TOP_LEVEL means "9 or more"); 0 outside the Countdown
    passed: tuple[int, ...] = ()  # seats that passed, in the Debate or as their turn
    acted: tuple[int, ...] = ()  # seats that took their turn, in order (public)
    reacted: tuple[int, ...] = ()  # seats that used a reaction (public)
    missed: tuple[int, ...] = ()  # seats that let their call pass (each knows only its own)
    ran_out: tuple[int, ...] = ()  # seats whose turn's time ran out: no turn (public)
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
        """When something is next due (``clock.tick`` then moves the round on)."""
        if self.chain is not None:
            return self.chain.deadline
        return self.until if self.busy else self.deadline


def begin(settings: Settings, now: float) -> Conduct:
    """A freshly dealt round: the Debate, on its timer if the host set one."""
    return Conduct(settings=settings, deadline=now + settings.debate if settings.debate else None)
