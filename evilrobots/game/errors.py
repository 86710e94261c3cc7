"""Why the game refuses something, as facts: a catalog message id and its values.

The kind of refusal carries its meaning; the web layer turns each kind into an HTTP status,
and the message into the player's words, in one place (``evilrobots.web.errors``).

    raise Conflict(N_("Round %(number)d is in play."), number=3)
"""

from __future__ import annotations

from .messages import Message


class GameError(Exception):
    """A request the rules or the table refuse: bad input, by default.

    ``said`` is the refusal as a ``Message``; ``text`` its message id, ``params`` its facts
    (``values`` as a dict); ``message`` the English, as ``str()`` of it."""

    def __init__(self, message: str | Message, /, **params: object) -> None:
        said = message if isinstance(message, Message) else Message.of(message, **params)
        self.said = said
        super().__init__(str(said))

    @property
    def text(self) -> str:
        return self.said.text

    @property
    def params(self) -> tuple[tuple[str, object], ...]:
        return self.said.params

    @property
    def values(self) -> dict[str, object]:
        return self.said.values

    @property
    def message(self) -> str:
        return str(self.said)


class NotAllowed(GameError):
    """Only the host (or the holder of a card) may do that."""


class Conflict(GameError):
    """The table is not in a state that allows it: full, closed, a name taken, too late."""


class NotFound(GameError):
    """There is no such table, player or thing."""


class RoundOver(Conflict):
    """A change for a round that is no longer being played."""


__all__ = ["Conflict", "GameError", "NotAllowed", "NotFound", "RoundOver"]
