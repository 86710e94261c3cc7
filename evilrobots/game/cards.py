"""The physical game: 18 robot cards, 18 power cards, the allegiance coin.

Pure data and rules: no Flask, no I/O. The robot names, kinds and texts are the
"v0.8" rules' card list, word for word.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    """When a robot's ability applies."""

    PERMANENT = "Permanent"
    ACTION = "Action"
    REACTION = "Reaction"

    @property
    def label(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Robot:
    """One robot card: a unique name, a kind and the ability text."""

    name: str
    kind: Kind
    text: str

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


class Coin(enum.Enum):
    """One side of a flipped coin."""

    HEADS = "heads"
    TAILS = "tails"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Allegiance(enum.Enum):
    """The team a robot currently supports."""

    GOOD = "good"
    EVIL = "evil"
    NEUTRAL = "neutral"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @classmethod
    def from_flips(cls, first: Coin, second: Coin) -> Allegiance:
        """Read two coin flips: heads+heads Good, tails+tails Evil, one of each Neutral."""
        if first is second:
            return cls.GOOD if first is Coin.HEADS else cls.EVIL
        return cls.NEUTRAL


_R = Robot
_P, _A, _X = Kind.PERMANENT, Kind.ACTION, Kind.REACTION

ROBOTS: tuple[Robot, ...] = (
    _R(
        "BadBot",
        _P,
        "If the evil team wins the round you score one additional point, "
        "whether or not you are on this team.",
    ),
    _R(
        "BetBot",
        _A,
        "Optionally bet on the winning team for this round. If correct, you "
        "score one additional point. If incorrect, lose a point.",
    ),
    _R(
        "BlockBot",
        _X,
        "When any conversion occurs, you may reveal this card and force it to "
        "fail, or apply to the instigator instead.",
    ),
    _R(
        "CheatBot",
        _P,
        "You may reveal any allegiance until the end of the round, where you "
        "must reveal the truth.",
    ),
    _R(
        "CopyBot",
        _A,
        "You may perform the action of any robot that has acted in this round. "
        "You choose the target(s).",
    ),
    _R(
        "DoOverBot",
        _X,
        "After any conversion attempt, whether or not it is successful, you "
        "can force that player to your allegiance.",
    ),
    _R(
        "FreeBot",
        _P,
        "You may take your turn at any power level, but must reveal this robot "
        "card and optionally your true power.",
    ),
    _R(
        "ForceBot",
        _X,
        "When any conversion fails, once per round you may reveal this card and "
        "force it to succeed.",
    ),
    _R("GandalfBot", _A, "On your turn, announce that there is no pass phase in this round."),
    _R(
        "LockBot",
        _P,
        "Your allegiance cannot change from Good or Evil. Reveal your robot card "
        "if told to convert, and optionally your allegiance.",
    ),
    _R(
        "MiseryBot",
        _P,
        "If you are on the losing team at the end of the round, and not "
        "Neutral, you score two points.",
    ),
    _R(
        "NegativeBot",
        _A,
        "Pick any player. When determining the winning team their power value is now negative.",
    ),
    _R(
        "PassBot",
        _P,
        "If you pass, you may act first in the pass round and cannot count as "
        "the lowest power player.",
    ),
    _R(
        "PlusBot",
        _P,
        "Your power level is three more than your power card shows. You are not "
        "obliged to reveal this until the end of the round.",
    ),
    _R("PushBot", _A, "You may force any player to the allegiance of your choice."),
    _R(
        "ScaredyBot",
        _P,
        "If you finish the round without revealing anything other than your "
        "power, you score one additional point.",
    ),
    _R("SumoBot", _P, "You succeed when converting someone of equal or lower power than you."),
    _R(
        "SwapBot",
        _A,
        "On your turn, you may swap your power card with the points scoring card "
        "used in this round.",
    ),
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
