"""What a player does in a round, the phase it belongs to, and exactly what it makes them show.

Pure data: the rules' "When must you reveal things?", one entry per action.
"""

from __future__ import annotations

import enum


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
    COUNTDOWN = "Your turn"
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
    def done(self) -> str:
        """What a player did, for the board's log: "Bob · proves their power"."""
        return DONE[self]

    @property
    def kicker(self) -> str:
        """The phase named above the action's title, unless the title already says it."""
        return "" if self.label.lower() in self.phase.heading.lower() else self.phase.heading

    @property
    def parts(self) -> tuple[Part, ...]:
        """The cards this action shows, in the order they sit on the phone."""
        return tuple(part for part in Part if part in self.shows)

    @property
    def cheat_may_lie(self) -> bool:
        """Whether CheatBot may show an allegiance it does not hold: whenever the action shows
        one, until the end of the round, where even CheatBot shows the truth."""
        return Part.ALLEGIANCE in self.shows and self is not Action.END_OF_ROUND

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


DONE = {
    Action.DEBATE: "debates",
    Action.PROVE_POWER: "proves their power",
    Action.ROBOT_ACTION: "uses their robot",
    Action.CONVERT_OTHER: "converts a player",
    Action.CONVERT_SELF: "converts themselves",
    Action.PASS_TURN: "passes",
    Action.REACTION: "reacts",
    Action.CONVERTED: "shows their new allegiance",
    Action.RESISTED_BY_POWER: "shows it failed, by their power",
    Action.RESISTED_BY_ROBOT: "shows it failed, by their robot",
    Action.PASS_PHASE: "shows their power for the Pass phase",
    Action.END_OF_ROUND: "shows everything",
}


def actions_by_phase() -> list[tuple[Phase, list[Action]]]:
    """Group the actions under their phase, in the order a round runs."""
    return [(phase, [a for a in Action if a.phase is phase]) for phase in Phase]


__all__ = ["ALL_PARTS", "NOTHING", "Action", "Part", "Phase", "actions_by_phase"]
