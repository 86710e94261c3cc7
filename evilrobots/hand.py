"""One player's hand, what they are hiding, and what each game action asks them to show.

Pure: no Flask, no I/O. A ``Hand`` is immutable; every change returns a new one.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import ROBOTS, Allegiance, Coin, PowerCard, Robot
from .deal import Deal, draw_points_card, flip_coins


class Part(enum.Enum):
    """The three things a player can show or hide."""

    ROBOT = "robot"
    POWER = "power"
    ALLEGIANCE = "allegiance"

    @property
    def label(self) -> str:
        return self.value


ALL_PARTS = frozenset(Part)
NOTHING: frozenset[Part] = frozenset()


class Phase(enum.Enum):
    """The moments of a round, in the order they happen; the actions panel is grouped by them."""

    DEBATE = "The Debate phase"
    COUNTDOWN = "Your turn in the Countdown"
    REACTIONS = "Reactions"
    TARGETED = "You are the target of a conversion"
    # A phase of the game, not a password (bandit reads "PASS" as one).
    PASS = "The Pass phase"  # nosec B105
    END = "The end of the round"

    @property
    def heading(self) -> str:
        return self.value


class Action(enum.Enum):
    """Something a player does during a round, with exactly what it makes them reveal."""

    # value: (slug, phase, label, summary of the rule, parts shown)
    DEBATE = (
        "debate",
        Phase.DEBATE,
        "Debate",
        "Talk, promise and lie; reveal nothing yet. You may announce that you pass.",
        NOTHING,
    )
    PROVE_POWER = (
        "prove-power",
        Phase.COUNTDOWN,
        "Prove your power",
        "Speak up when your power is called and show your power card.",
        frozenset({Part.POWER}),
    )
    ROBOT_ACTION = (
        "robot-action",
        Phase.COUNTDOWN,
        "Use your robot's action",
        "Show your power to act at this level and your robot card to use its ability.",
        frozenset({Part.POWER, Part.ROBOT}),
    )
    CONVERT_OTHER = (
        "convert-other",
        Phase.COUNTDOWN,
        "Convert another player",
        "Show your power and the allegiance you convert them to. "
        "It works if your power is lower than theirs.",
        frozenset({Part.POWER, Part.ALLEGIANCE}),
    )
    CONVERT_SELF = (
        "convert-self",
        Phase.COUNTDOWN,
        "Convert yourself",
        "Switch to any team and show your power and your new allegiance. "
        "Not allowed in the Pass phase.",
        frozenset({Part.POWER, Part.ALLEGIANCE}),
    )
    PASS_TURN = (
        "pass-turn",
        Phase.COUNTDOWN,
        "Pass",
        "Show your power to prove it is your turn, then pass: you may act again in the Pass phase.",
        frozenset({Part.POWER}),
    )
    REACTION = (
        "reaction",
        Phase.REACTIONS,
        "Use a reaction",
        "When its moment comes, show your Reaction robot card. It costs you your turn.",
        frozenset({Part.ROBOT}),
    )
    CONVERTED = (
        "converted",
        Phase.TARGETED,
        "It worked: show your new allegiance",
        "Change your allegiance to the one shown to you, then show it.",
        frozenset({Part.ALLEGIANCE}),
    )
    RESISTED_BY_POWER = (
        "resisted-power",
        Phase.TARGETED,
        "It failed: prove it with your power",
        "Say it failed and show your power: equal to or lower than theirs.",
        frozenset({Part.POWER}),
    )
    RESISTED_BY_ROBOT = (
        "resisted-robot",
        Phase.TARGETED,
        "It failed: prove it with your robot",
        "Say it failed and show the robot card that stops it, such as LockBot.",
        frozenset({Part.ROBOT}),
    )
    PASS_PHASE = (
        "pass-phase",
        Phase.PASS,
        "Show your power in the Pass phase",
        "If you passed, show your power now. Lowest power sits out; the rest act "
        "in ascending order.",
        frozenset({Part.POWER}),
    )
    END_OF_ROUND = (
        "end-of-round",
        Phase.END,
        "End of the round",
        "Everyone shows everything. The team with the higher total power wins; "
        "a tie goes to Neutral.",
        ALL_PARTS,
    )

    def __init__(
        self, slug: str, phase: Phase, label: str, summary: str, shows: frozenset[Part]
    ) -> None:
        self.slug = slug
        self.phase = phase
        self.label = label
        self.summary = summary
        self.shows = shows

    @property
    def kicker(self) -> str:
        """The phase named above the action's title, unless the title already says it."""
        return "" if self.label.lower() in self.phase.heading.lower() else self.phase.heading

    @property
    def parts(self) -> tuple[Part, ...]:
        """The cards this action shows, in the order they sit on the phone."""
        return tuple(part for part in Part if part in self.shows)

    @property
    def shows_text(self) -> str:
        """What the action shows, in words: "robot, power" or "nothing"."""
        return ", ".join(part.label for part in self.parts) or "nothing"

    @classmethod
    def from_slug(cls, slug: str) -> Action:
        """Return the action with this slug; raise KeyError for an unknown one."""
        for action in cls:
            if action.slug == slug:
                return action
        raise KeyError(slug)


BY_HAND = "Allegiance set by hand"


def coins_text(flips: tuple[Coin, Coin] | None, allegiance: Allegiance) -> str:
    """Say where an allegiance came from: "Coins: Heads + Tails → Neutral", or by hand."""
    if flips is None:
        return BY_HAND
    return f"Coins: {flips[0].label} + {flips[1].label} → {allegiance.label}"


def actions_by_phase() -> list[tuple[Phase, list[Action]]]:
    """Group the actions under their phase, in the order a round runs."""
    return [(phase, [a for a in Action if a.phase is phase]) for phase in Phase]


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's cards this round and what they currently hide.

    ``flips`` are the two coin flips behind the current allegiance, or ``None`` once the
    player has set their allegiance by hand. ``points`` is the round's points card, once
    this player has drawn it for the table. ``round_id`` is a random tag of the deal.
    """

    robot: Robot
    power: PowerCard
    allegiance: Allegiance
    flips: tuple[Coin, Coin] | None
    hidden: frozenset[Part] = field(default=NOTHING)
    points: PowerCard | None = None
    round_id: int = 0

    @classmethod
    def from_deal(cls, deal: Deal, round_id: int = 0) -> Hand:
        """Start a round with a freshly dealt hand, everything face up.

        ``round_id`` tells this round's hand from the next one's, so a change made offline
        is never applied to a hand dealt after it.
        """
        return cls(deal.robot, deal.power, deal.allegiance, deal.flips, round_id=round_id)

    def arrange(self, hidden: frozenset[Part], allegiance: Allegiance) -> Hand:
        """Set what is hidden and the allegiance at once, as the phone last showed them."""
        return replace(self.choose(allegiance), hidden=hidden)

    def hide(self, part: Part) -> Hand:
        """Turn one card face down."""
        return replace(self, hidden=self.hidden | {part})

    def show(self, part: Part) -> Hand:
        """Turn one card face up again."""
        return replace(self, hidden=self.hidden - {part})

    def is_hidden(self, part: Part) -> bool:
        return part in self.hidden

    @property
    def round_tag(self) -> str:
        """The round id as the page and the script carry it: eight hex digits."""
        return f"{self.round_id:08x}"

    @property
    def coins_text(self) -> str:
        """Say where the allegiance came from: the two flips, or a choice by hand."""
        return coins_text(self.flips, self.allegiance)

    def choose(self, allegiance: Allegiance) -> Hand:
        """Set the allegiance by hand (a conversion); the old flips no longer explain it."""
        if allegiance is self.allegiance and self.flips is not None:
            return self
        return replace(self, allegiance=allegiance, flips=None)

    def randomise(self, rng: random.Random) -> Hand:
        """Flip the coin twice more and take the allegiance it gives."""
        flips = flip_coins(rng)
        return replace(self, allegiance=Allegiance.from_flips(*flips), flips=flips)

    def draw_points(self, rng: random.Random) -> Hand:
        """Draw the round's points card from the rest of the power deck, once per round."""
        if self.points is not None:
            return self
        return replace(self, points=draw_points_card([self.power], rng))

    def reveal_for(self, action: Action) -> frozenset[Part]:
        """Return what this player shows for an action: exactly what the rules require."""
        return action.shows


# The hand travels in a signed cookie, so it is stored as small, plain values.
_ROBOT_INDEX = {robot: i for i, robot in enumerate(ROBOTS)}
_PART_CODES = {Part.ROBOT: "r", Part.POWER: "p", Part.ALLEGIANCE: "a"}
_COIN_CODES = {Coin.HEADS: "H", Coin.TAILS: "T"}
STATE_VERSION = 1


def dump(hand: Hand) -> dict[str, Any]:
    """Turn a hand into a small JSON-safe dict."""
    state: dict[str, Any] = {
        "v": STATE_VERSION,
        "r": _ROBOT_INDEX[hand.robot],
        "p": hand.power.value,
        "a": hand.allegiance.value[0],
        "h": "".join(code for part, code in _PART_CODES.items() if part in hand.hidden),
    }
    if hand.flips is not None:
        state["f"] = "".join(_COIN_CODES[c] for c in hand.flips)
    if hand.points is not None:
        state["x"] = hand.points.value
    if hand.round_id:
        state["n"] = hand.round_id
    return state


def load(state: Any) -> Hand:
    """Rebuild a hand from ``dump``'s output; raise ValueError on anything else."""
    try:
        if not isinstance(state, dict) or state.get("v") != STATE_VERSION:
            raise ValueError("not a hand")
        robot_index, power, allegiance = state["r"], state["p"], state["a"]
        if type(robot_index) is not int or not 0 <= robot_index < len(ROBOTS):
            raise ValueError("bad robot")
        if type(power) is not int:
            raise ValueError("bad power")
        by_initial = {a.value[0]: a for a in Allegiance}
        hidden_codes = state.get("h", "")
        parts = {code: part for part, code in _PART_CODES.items()}
        if not isinstance(hidden_codes, str) or not set(hidden_codes) <= parts.keys():
            raise ValueError("bad hidden parts")
        flips = None
        if "f" in state:
            coins = {code: coin for coin, code in _COIN_CODES.items()}
            codes = state["f"]
            if not isinstance(codes, str) or len(codes) != 2 or not set(codes) <= coins.keys():
                raise ValueError("bad flips")
            flips = (coins[codes[0]], coins[codes[1]])
        points = None
        if "x" in state:
            if type(state["x"]) is not int:
                raise ValueError("bad points card")
            points = PowerCard(state["x"])
        round_id = state.get("n", 0)
        if type(round_id) is not int or not 0 <= round_id < 2**32:
            raise ValueError("bad round id")
        hand = Hand(
            round_id=round_id,
            robot=ROBOTS[robot_index],
            power=PowerCard(power),
            allegiance=by_initial[allegiance],
            flips=flips,
            hidden=frozenset(parts[c] for c in hidden_codes),
            points=points,
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a hand: {exc!r}") from exc
    if flips is not None and Allegiance.from_flips(*flips) is not hand.allegiance:
        raise ValueError("flips do not match the allegiance")
    return hand


__all__ = [
    "ALL_PARTS",
    "BY_HAND",
    "NOTHING",
    "Action",
    "Hand",
    "Part",
    "Phase",
    "actions_by_phase",
    "coins_text",
    "dump",
    "load",
]
