"""What the card view's template needs besides the hand: where each of its controls posts.

The applet and (later) a table render the same card view; they differ only in these URLs
and in which optional controls they offer (a table has no Shuffle and no points draw).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardControls:
    """The URLs the card view's forms post to; ``None`` leaves that control out."""

    hide: str
    show: str
    sync: str
    allegiance: str
    randomise: str | None = None
    points: str | None = None
    undo: str | None = None

    @property
    def switch(self) -> tuple[str, str]:
        """A card's hide/show pair, as the card partial takes it."""
        return self.hide, self.show
