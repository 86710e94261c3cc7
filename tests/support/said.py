"""A game's log in the words the web gives it (in English, outside a request): for the tests
of what is said, under ``tests/web``. The game's own tests read the log as data."""

from __future__ import annotations

from evilrobots.web.facts import entry
from tests.support.tables import Play


def log(game: Play) -> list[str]:
    """Every entry of the round's log, as the board says it."""
    return [entry(reveal) for reveal in game.table.round.reveals]
