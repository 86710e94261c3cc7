"""Why the game refuses something, said in a player's words.

The kind of refusal carries its meaning; the web layer turns each kind into an HTTP status,
in one place (``evilrobots.web.errors``).
"""

from __future__ import annotations


class GameError(Exception):
    """A request the rules or the table refuse: bad input, by default."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(GameError):
    """Only the host (or the holder of a card) may do that."""


class Conflict(GameError):
    """The table is not in a state that allows it: full, closed, a name taken, too late."""


class NotFound(GameError):
    """There is no such table, player or thing."""


class RoundOver(Conflict):
    """A change for a round that is no longer being played."""


__all__ = ["Conflict", "GameError", "NotAllowed", "NotFound", "RoundOver"]
