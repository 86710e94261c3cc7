"""Computer players: a seat the app plays, deciding from that seat's own view and nothing
more. Each level is given what the seat's phone is given (``TableView``: its own cards, the
public log, what was shown) and the moves ``moves.legal`` offers it, and returns one of those
moves, or None to let the moment pass; ``game.table.computers`` applies it through
``moves.apply``, like a phone.

Nothing here can reach a table, a deck or another hand: the package imports only the cards,
the actions and the enums (``tests/test_players.py`` holds it to that), and reads the moves
it is offered by their kind's name. Its think time (``timing``) is drawn from what everyone
sees and the table's seed alone, so it says nothing about what the seat holds.
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
LEVELS = tuple(STRATEGIES)


@dataclass(frozen=True, slots=True)
class Choice:
    """A computer seat's next move, and how long it thinks before making it."""

    move: Any
    delay: float


def decide(level: str, view: Any, legal: Sequence[Any], seed: int, now: float) -> Choice | None:
    """What the seat at ``level`` does next, from its own ``view`` and ``legal`` moves, and
    when: None to let the moment pass. The same view, offers and seed give the same choice."""
    move = STRATEGIES[level](view, legal, dice(seed, view, "choice"))
    if move is None:
        return None
    return Choice(move, think_time(view, seed, now))


__all__ = ["LEVELS", "STRATEGIES", "Choice", "decide"]
