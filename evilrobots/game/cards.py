"""The physical game: 18 robot cards, 18 power cards, the allegiance coin.

Pure data and rules: no Flask, no I/O. The robot names and kinds are the "v0.8" rules'
card list; each card's text, a sentence a player reads, is the web's (``web.words``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .enums import Enum


class Kind(Enum):
    """When a robot's ability applies: the kind printed on its card (one name for one
    concept: a conversion's kind is ``table.conduct.ConversionKind``)."""

    PERMANENT = "Permanent"
    ACTION = "Action"
    REACTION = "Reaction"


@dataclass(frozen=True, slots=True)
class Robot:
    """One robot card: a unique name and a kind (its text is the web's, in each language)."""

    name: str
    kind: Kind

    @property
    def slug(self) -> str:
        """Name as used in URLs and element ids ("DoOverBot" -> "dooverbot")."""
        return self.name.lower()


@dataclass(frozen=True, slots=True, order=True)
class PowerCard:
    """One power card, value 1 to 9."""

    value: int

    def __post_init__(self) -> None:
        if not 1 <= self.value <= 9:
            raise ValueError(f"power cards run from 1 to 9, not {self.value}")


class Coin(Enum):
    """One side of a flipped coin."""

    HEADS = "heads"
    TAILS = "tails"


class Allegiance(Enum):
    """The team a robot currently supports."""

    GOOD = "good"
    EVIL = "evil"
    NEUTRAL = "neutral"

    @classmethod
    def from_flips(cls, first: Coin, second: Coin) -> Allegiance:
        """Read two coin flips: heads+heads Good, tails+tails Evil, one of each Neutral."""
        if first is second:
            return cls.GOOD if first is Coin.HEADS else cls.EVIL
        return cls.NEUTRAL


_R = Robot
_P, _A, _X = Kind.PERMANENT, Kind.ACTION, Kind.REACTION

ROBOTS: tuple[Robot, ...] = (
    _R("BadBot", _P),
    _R("BetBot", _A),
    _R("BlockBot", _X),
    _R("CheatBot", _P),
    _R("CopyBot", _A),
    _R("DoOverBot", _X),
    _R("FreeBot", _P),
    _R("ForceBot", _X),
    _R("GandalfBot", _A),
    _R("LockBot", _P),
    _R("MiseryBot", _P),
    _R("NegativeBot", _A),
    _R("PassBot", _P),
    _R("PlusBot", _P),
    _R("PushBot", _A),
    _R("ScaredyBot", _P),
    _R("SumoBot", _P),
    _R("SwapBot", _A),
)
# A robot's place in that list: its number in a stored hand or table (``codec``).
ROBOT_INDEX = {robot: i for i, robot in enumerate(ROBOTS)}

POWER_DECK: tuple[PowerCard, ...] = tuple(PowerCard(v) for v in range(1, 10) for _ in range(2))

_BY_SLUG = {robot.slug: robot for robot in ROBOTS}


def robot_named(slug: str) -> Robot:
    """Return the robot whose slug is given; raise KeyError for an unknown one."""
    return _BY_SLUG[slug.lower()]


# Each robot by name, for the rules that single one out: compared by identity, never by the
# spelling of its name.
BADBOT = robot_named("BadBot")
BETBOT = robot_named("BetBot")
BLOCKBOT = robot_named("BlockBot")
CHEATBOT = robot_named("CheatBot")
COPYBOT = robot_named("CopyBot")
DOOVERBOT = robot_named("DoOverBot")
FREEBOT = robot_named("FreeBot")
FORCEBOT = robot_named("ForceBot")
GANDALFBOT = robot_named("GandalfBot")
LOCKBOT = robot_named("LockBot")
MISERYBOT = robot_named("MiseryBot")
NEGATIVEBOT = robot_named("NegativeBot")
PASSBOT = robot_named("PassBot")
PLUSBOT = robot_named("PlusBot")
PUSHBOT = robot_named("PushBot")
SCAREDYBOT = robot_named("ScaredyBot")
SUMOBOT = robot_named("SumoBot")
SWAPBOT = robot_named("SwapBot")

# PlusBot's card: "+3 to your Power level". The one place its 3 is written: the count, the
# Countdown's calls, a conversion's outcome and the Pass phase's order all ask ``power_of``.
PLUS = 3


def power_of(power: PowerCard, robot: Robot | None) -> int:
    """A power as it counts beside a robot card (held, or shown): its value, and PlusBot's 3."""
    return power.value + (PLUS if robot is PLUSBOT else 0)
