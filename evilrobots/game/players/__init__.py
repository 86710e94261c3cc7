"""Computer players: a seat the app plays, deciding from that seat's own view and nothing
more. Each level is given what the seat's phone is given (``TableView``: its own cards, the
public log, what was shown) and the moves ``moves.legal`` offers it, and returns one of those
moves, or None to let the moment pass; ``game.table.computers`` applies it through
``moves.apply``, like a phone.

Nothing here can reach a table, a deck or another hand: the package imports only the cards,
the actions and the enums (``tests/game/players/test_sight.py`` holds it to that), and reads
the moves it is offered by their kind's name. Its think time (``timing``) is drawn from what
everyone sees and the table's seed alone, so it says nothing about what the seat holds; its
own taps, which nobody is told of, are made at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import levels
from .timing import dice, think_time

# Each level, weakest first, by the name the table keeps (``limits.LEVELS``).
STRATEGIES: dict[str, Callable[[Any, Sequence[Any], Any], Any]] = {
    "beginner": levels.beginner,
    "player": levels.player,
    "sharp": levels.sharp,
}


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer seat's next move, and how long it thinks before making it."""

    move: Any
    delay: float


# A seat's own taps, which nobody else is told of: made at once, so that the move they lead
# to (CheatBot's bluff, then its conversion) comes after the one think time, as any other.
OWN_TAPS = frozenset({"Hide", "Show", "Arrange", "ChooseCheat", "ChooseFirst"})


def decide(level: str, view: Any, legal: Sequence[Any], seed: int, now: float) -> Choice | None:
    """What the seat at ``level`` does next, from its own ``view`` and ``legal`` moves, and
    when: None to let the moment pass. The same view, offers and seed give the same choice."""
    move = STRATEGIES[level](view, legal, dice(seed, view, "choice"))
    if move is None:
        return None
    if type(move).__name__ in OWN_TAPS:
        return Choice(move, 0.0)
    return Choice(move, think_time(view, seed, now))


__all__ = ["OWN_TAPS", "STRATEGIES", "Choice", "decide"]
