"""Which game-icons.net picture stands for each robot and allegiance, and who drew it.

The SVGs themselves live in ``static/icons``; ``static/icons/LICENSE.md`` carries the
licence (CC BY 3.0) and the same credits in prose.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from ..game.cards import ROBOTS, Allegiance, Robot


@dataclass(frozen=True, slots=True)
class Artwork:
    """One icon: its file name in ``static/icons`` and its author on game-icons.net."""

    icon: str
    author: str

    @property
    def source_url(self) -> str:
        return f"https://game-icons.net/1x1/{self.author.lower()}/{self.icon}.html"


LORC, DELAPOUITE = "Lorc", "Delapouite"

ROBOT_ART: dict[str, Artwork] = {
    "BadBot": Artwork("mecha-mask", DELAPOUITE),
    "BetBot": Artwork("vintage-robot", LORC),
    "BlockBot": Artwork("robot-helmet", DELAPOUITE),
    "CheatBot": Artwork("android-mask", LORC),
    "CopyBot": Artwork("cyborg-face", DELAPOUITE),
    "DoOverBot": Artwork("robot-grab", DELAPOUITE),
    "FreeBot": Artwork("mono-wheel-robot", DELAPOUITE),
    "ForceBot": Artwork("battle-mech", DELAPOUITE),
    "GandalfBot": Artwork("spider-bot", DELAPOUITE),
    "LockBot": Artwork("metal-golem-head", DELAPOUITE),
    "MiseryBot": Artwork("robot-antennas", DELAPOUITE),
    "NegativeBot": Artwork("missile-mech", LORC),
    "PassBot": Artwork("robot-leg", DELAPOUITE),
    "PlusBot": Artwork("megabot", LORC),
    "PushBot": Artwork("tracked-robot", DELAPOUITE),
    "ScaredyBot": Artwork("nano-bot", DELAPOUITE),
    "SumoBot": Artwork("robot-golem", LORC),
    "SwapBot": Artwork("mecha-head", DELAPOUITE),
}

ALLEGIANCE_ART: dict[Allegiance, Artwork] = {
    Allegiance.GOOD: Artwork("angel-outfit", LORC),
    Allegiance.EVIL: Artwork("devil-mask", DELAPOUITE),
    Allegiance.NEUTRAL: Artwork("yin-yang", DELAPOUITE),
}

CARD_BACK_ART = Artwork("circuitry", LORC)


def art_for(robot: Robot) -> Artwork:
    """Return the picture on a robot's card."""
    return ROBOT_ART[robot.name]


def allegiance_art_name(allegiance: Allegiance) -> str:
    """What an allegiance's picture stands for, in the credits: "Good allegiance"."""
    names = {
        Allegiance.GOOD: _("Good allegiance"),
        Allegiance.EVIL: _("Evil allegiance"),
        Allegiance.NEUTRAL: _("Neutral allegiance"),
    }
    return names[allegiance]


def all_artwork() -> list[tuple[str, Artwork]]:
    """Every icon the app shows, with what it stands for, for the credits page."""
    return (
        [(robot.name, art_for(robot)) for robot in ROBOTS]
        + [(allegiance_art_name(a), art) for a, art in ALLEGIANCE_ART.items()]
        + [(_("Card back"), CARD_BACK_ART)]
    )
