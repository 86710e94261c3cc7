"""The host's choices for the next deal: whether the app runs the round, and its timers."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import GameError
from ..messages import N_
from .limits import (
    DEBATE_CHOICES,
    DEBATE_SECONDS,
    PACE_CHOICES,
    PACE_SECONDS,
    SPLIT_CHOICES,
    SPLIT_SECONDS,
    TURN_CHOICES,
    TURN_SECONDS,
    WINDOW_CHOICES,
    WINDOW_SECONDS,
)


@dataclass(frozen=True, slots=True)
class Settings:
    """The host's choices for the next deal. ``window`` times every short step: a reaction
    window, the proof of a failed conversion, a tie's order; ``split``, the winners' split of
    every round, by voice too."""

    conducted: bool = True  # False: the table calls the round itself, by voice
    debate: int = DEBATE_SECONDS
    pace: int = PACE_SECONDS
    window: int = WINDOW_SECONDS
    turn_seconds: int = TURN_SECONDS  # each turn's (``Conduct.turn`` is the seat's turn)
    split: int = SPLIT_SECONDS

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
        if self.turn_seconds not in TURN_CHOICES:
            raise GameError(
                N_("A turn lasts %(least)d to %(most)d seconds, in steps of %(step)d."),
                least=TURN_CHOICES[0],
                most=TURN_CHOICES[-1],
                step=TURN_CHOICES.step,
            )
        if self.split not in SPLIT_CHOICES:
            raise GameError(
                N_(
                    "The winners have %(least)d to %(most)d seconds to split, in steps of %(step)d."
                ),
                least=SPLIT_CHOICES[0],
                most=SPLIT_CHOICES[-1],
                step=SPLIT_CHOICES.step,
            )
        return self
