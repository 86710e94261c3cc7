"""What a player does in a round, the occasion it belongs to, and exactly what it makes them
show.

Pure data: the rules' "When must you reveal things?", one entry per action.
"""

from __future__ import annotations

from .enums import Enum


class Part(Enum):
    """The three things a player can show or hide."""

    ROBOT = "robot"
    POWER = "power"
    ALLEGIANCE = "allegiance"


ALL_PARTS = frozenset(Part)
NOTHING: frozenset[Part] = frozenset()


class Occasion(Enum):
    """When in a round an action is taken, in the order they come; the actions panel is
    grouped by them. (Not the phases a round the app runs goes through: ``table.conduct``.)"""

    DEBATE = "debate"
    COUNTDOWN = "countdown"
    REACTIONS = "reactions"
    TARGETED = "targeted"
    # A phase of the game, not a password (bandit reads "PASS" as one).
    PASS = "pass"  # nosec B105
    END = "end"


class Action(Enum):
    """Something a player does during a round, with exactly what it makes them reveal."""

    # value: (slug, occasion, parts shown); its name and rule in words are the web's
    DEBATE = (
        "debate",
        Occasion.DEBATE,
        NOTHING,
    )
    PROVE_POWER = (
        "prove-power",
        Occasion.COUNTDOWN,
        frozenset({Part.POWER}),
    )
    ROBOT_ACTION = (
        "robot-action",
        Occasion.COUNTDOWN,
        frozenset({Part.POWER, Part.ROBOT}),
    )
    CONVERT_OTHER = (
        "convert-other",
        Occasion.COUNTDOWN,
        frozenset({Part.POWER, Part.ALLEGIANCE}),
    )
    CONVERT_SELF = (
        "convert-self",
        Occasion.COUNTDOWN,
        frozenset({Part.POWER, Part.ALLEGIANCE}),
    )
    PASS_TURN = (
        "pass-turn",
        Occasion.COUNTDOWN,
        frozenset({Part.POWER}),
    )
    REACTION = (
        "reaction",
        Occasion.REACTIONS,
        frozenset({Part.ROBOT}),
    )
    CONVERTED = (
        "converted",
        Occasion.TARGETED,
        frozenset({Part.ALLEGIANCE}),
    )
    RESISTED_BY_POWER = (
        "resisted-power",
        Occasion.TARGETED,
        frozenset({Part.POWER}),
    )
    RESISTED_BY_ROBOT = (
        "resisted-robot",
        Occasion.TARGETED,
        frozenset({Part.ROBOT}),
    )
    PASS_PHASE = (
        "pass-phase",
        Occasion.PASS,
        frozenset({Part.POWER}),
    )
    END_OF_ROUND = (
        "end-of-round",
        Occasion.END,
        ALL_PARTS,
    )

    def __init__(self, slug: str, occasion: Occasion, shows: frozenset[Part]) -> None:
        self.slug = slug
        self.occasion = occasion
        self.shows = shows

    @property
    def parts(self) -> tuple[Part, ...]:
        """The cards this action shows, in the order they sit on the phone."""
        return tuple(part for part in Part if part in self.shows)

    @property
    def cheat_may_lie(self) -> bool:
        """Whether CheatBot may show an allegiance it does not hold: whenever the action shows
        one, until the end of the round, where even CheatBot shows the truth."""
        return Part.ALLEGIANCE in self.shows and self is not Action.END_OF_ROUND

    @classmethod
    def from_slug(cls, slug: str) -> Action:
        """Return the action with this slug; raise KeyError for an unknown one."""
        for action in cls:
            if action.slug == slug:
                return action
        raise KeyError(slug)


def actions_by_occasion() -> list[tuple[Occasion, list[Action]]]:
    """Group the actions under their occasion, in the order a round runs."""
    return [(when, [a for a in Action if a.occasion is when]) for when in Occasion]


__all__ = ["ALL_PARTS", "NOTHING", "Action", "Occasion", "Part", "actions_by_occasion"]
