"""Everything the server knows about one table, as data: its seats, the round, the game's
score, the host's choices. Immutable: an act returns a new state (``dataclasses.replace``,
which keeps the class it was given, so the ``model.Table`` facade comes back from every act).

Secrets never travel through here in the clear: a seat holds the hash of its browser's secret
(and of a one-time move link), so a copy of the store does not let anyone take a seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import GameError
from ..messages import N_
from ..scoring import Game
from .kinds import Move
from .round import Round
from .settings import Settings
from .story import Chapter, Page, Past


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table, held by one browser (by the hash of its secret)."""

    id: int  # seats are numbered in the order they were taken, so the lowest sat longest
    name: str
    secret: str
    move: str | None = None  # hash of a one-time link that moves the seat to another phone
    move_until: float = 0.0


@dataclass(frozen=True, slots=True)
class Computer:
    """A seat the app plays (``players``), at a level: one the host added (its seat holds no
    browser's secret)."""

    seat: int
    level: str  # ``players.LEVELS``
    stands_in: bool = False  # the seat is a player's who left: the computer plays it for them


@dataclass(frozen=True, slots=True)
class Gone:
    """A seat its player left (or the host removed) while the game was under way, kept with
    its score for the host to hand to a computer player (``standins``)."""

    seat: Seat
    points: int


@dataclass(frozen=True, slots=True)
class Planned:
    """A computer seat's next move, chosen from its own view, and when it makes it: kept
    here, beside the round, so a restart or another instance makes it all the same."""

    seat: int
    move: Move
    at: float


@dataclass(frozen=True, slots=True)
class TableState:
    """One table: who sits where, who hosts, the round, the game's score and the host's
    choices for the next deal."""

    code: str
    seats: tuple[Seat, ...] = ()
    host: int = 0
    open: bool = True
    npr_next_deal: bool = False  # the host's choice: the next deal with the non-player robot
    round: Round | None = None
    next_seat: int = 1
    version: int = 0
    game: Game = Game()
    deals: int = 0  # every deal ever made at this table: each round's id
    settings: Settings = Settings()  # the host's choices for the next deal
    language: str = "en"  # the board's: the host's (a code the web knows: "en", "fr" …)
    game_number: int = 1  # this game's at the table: New game starts the next
    chapters: tuple[Page, ...] = ()  # this game's rounds that are over, before the one dealt
    past: tuple[Past, ...] = ()  # the table's earlier games, oldest first
    tokens: tuple[tuple[int, str], ...] = ()  # each shared game's link: (its number, token)
    computers: tuple[Computer, ...] = ()  # the seats the app plays
    planned: tuple[Planned, ...] = ()  # their next moves (``computers.plan``)
    gone: tuple[Gone, ...] = ()  # seats left this game, which a computer player may take
    practice: bool = False  # the app also ends, keeps and deals (a table to practise at)
    seed: int = 0  # the computers' dice: their choices and think times, never told

    @property
    def closed(self) -> tuple[Page, ...]:
        """This game's rounds that are over: those before the round dealt, and the round
        itself once counted or abandoned (never a round in play)."""
        round_ = self.round
        if round_ is None or round_.in_play:
            return self.chapters
        return (*self.chapters, self.chapter(round_))

    def chapter(self, round_: Round) -> Chapter:
        """The round, once over, as the game's story keeps it: with its seats' names, its
        computer players' levels, and the seats a computer played for a while."""
        names = self.names
        # The seats stood in for when the round was dealt: those stood in now, the round's
        # notes read back to its start. A seat handed over in it plays from the next deal
        # (its player's hand left with them); one given back in it was played for a while.
        dealt_to = {c.seat for c in self.computers if c.stands_in}
        by_name = {name: seat for seat, name in names.items()}
        for name, back in reversed(round_.handed):
            if name in by_name:
                (dealt_to.add if back else dealt_to.discard)(by_name[name])
        return Chapter(round_, tuple(names.items()), self.computer_levels, tuple(sorted(dealt_to)))

    @property
    def computer_levels(self) -> tuple[tuple[int, str], ...]:
        """Each computer player's seat and level (not a stand-in's: that seat is a player's)."""
        return tuple((c.seat, c.level) for c in self.computers if not c.stands_in)

    def earlier(self, number: int) -> Past | None:
        """The table's earlier game with this number (numbered from 1), as kept; None if it
        has none (this game, one to come, or no game at all)."""
        if 1 <= number < self.game_number and number <= len(self.past):
            return self.past[number - 1]
        return None

    def seat(self, seat_id: int) -> Seat:
        """The seat with this number; a GameError if it is no longer at the table."""
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise GameError(N_("That player is no longer at this table."))

    @property
    def names(self) -> dict[int, str]:
        """Each seat's player, by seat."""
        return {seat.id: seat.name for seat in self.seats}

    @property
    def deadline(self) -> float | None:
        """When the round in play next needs moving on, its winners' split runs out, or a
        computer seat makes its move (the store keeps it, to find tables that are due); None
        if nothing is on a timer."""
        due = self.round_deadline
        if self.planned:
            first = min(planned.at for planned in self.planned)
            return first if due is None else min(due, first)
        return due

    @property
    def round_deadline(self) -> float | None:
        """When the round's own clock (a step, or the winners' split) next runs out."""
        round_ = self.round
        if round_ is not None and round_.split_until is not None:
            return round_.split_until
        if round_ is None or not round_.in_play or round_.conduct is None:
            return None
        return round_.conduct.next_deadline

    def computer(self, seat: int) -> Computer | None:
        """The seat's computer player, if the app plays it."""
        return next((c for c in self.computers if c.seat == seat), None)

    def with_round(self, round_: Round) -> TableState:
        return replace(self, round=round_)
