"""What the game says, as facts: a catalog message id and the values it is said with.

The game holds no sentence a player reads, only message ids marked with ``N_`` (which
``python -m tools.catalogs extract`` finds) and the facts that fill their placeholders:
names (str), numbers (int), the game's values (an ``Allegiance``, a ``Robot``, a
``PowerCard``, an ``Action``) and tuples of them. The web words each in the player's
language (``evilrobots.web.errors.said``); ``str()`` gives the English, for logs and tests.

    Message.of(N_("Someone at this table is already called %(taken)s."), taken="Ada")
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


def N_(text: str) -> str:  # noqa: N802 - the name gettext's tools look for
    """Mark ``text`` as a catalog message id, said later in the player's language."""
    return text


@dataclass(frozen=True, slots=True)
class Message:
    """A catalog message id (``text``, with ``%(name)s``/``%(name)d`` placeholders) and the
    facts it is said with (``params``: (name, value) pairs, in the order given)."""

    text: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, text: str, /, **params: object) -> Message:
        return cls(text, tuple(params.items()))

    @property
    def values(self) -> dict[str, object]:
        return dict(self.params)

    def __str__(self) -> str:
        if not self.params:
            return str(self.text)
        return self.text % {name: english(value) for name, value in self.params}

    def __bool__(self) -> bool:
        return bool(self.text)


def english(value: object) -> Any:
    """A fact in English words (for ``str(message)``): a number stays a number, for ``%d``."""
    if isinstance(value, bool) or isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        words = [_pair(one) if isinstance(one, tuple) else str(english(one)) for one in value]
        if value and all(isinstance(one, tuple) for one in value):
            return ", ".join(words)  # (name, points) pairs: "Bob 2, Cy 2"
        if len(words) <= 2:
            return " and ".join(words)
        return f"{', '.join(words[:-1])}, and {words[-1]}"  # as the web says it (CLDR's English)
    label = getattr(value, "label", None)
    if isinstance(label, str):
        return label
    name = getattr(value, "name", None)
    if isinstance(name, str) and not isinstance(value, enum.Enum):
        return name  # a Robot
    if isinstance(value, enum.Enum):
        if isinstance(value.value, str):
            return value.value.capitalize()  # "Good", as the cards print it
        return value.value if isinstance(value.value, int) else value.name
    inner = getattr(value, "value", None)
    if isinstance(inner, int):
        return inner  # a PowerCard
    return str(value)


def _pair(pair: tuple[object, ...]) -> str:
    return " ".join(str(english(one)) for one in pair)


__all__ = ["Message", "N_", "english"]
