"""A game's story, as data: each round that is over (counted, or abandoned), kept whole with
the names its seats went by, and each earlier game at the table with its rounds. Read by the
web's story pages once a round is over; never by a view of a round in play.

A chapter is kept as the store holds it (``Packed``: read only when a story is told, so a
table with a long evening behind it loads as fast as a new one) or as the round itself, just
closed (``Chapter``). ``codec.story`` turns one into the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scoring import Game
from .round import Names, Round


@dataclass(frozen=True, slots=True)
class Chapter:
    """A round that is over, whole (its hands, its log, its truths), its seats' names, and
    the seats the app played in it."""

    round: Round
    names: tuple[tuple[int, str], ...]
    computers: tuple[tuple[int, str], ...] = ()  # a computer player's seat and its level
    stood_in: tuple[int, ...] = ()  # seats a computer played for their player, for a while

    @property
    def named(self) -> Names:
        return dict(self.names)


@dataclass(frozen=True, slots=True)
class Packed:
    """A chapter, or an earlier game, as the store keeps it: unread until a story is told
    (``codec.story``)."""

    text: str


Page = Chapter | Packed


@dataclass(frozen=True, slots=True)
class Ended:
    """An earlier game at the table: its number, its scores and kept rounds, its rounds'
    story, and its players' names (and which of them the app played) as it ended."""

    number: int
    game: Game
    chapters: tuple[Page, ...]
    names: tuple[tuple[int, str], ...] = ()
    computers: tuple[tuple[int, str], ...] = ()  # its computer players as it ended: seat, level


Past = Ended | Packed
