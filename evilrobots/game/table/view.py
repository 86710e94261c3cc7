"""What one viewer may see of a table, as data: a seat its own hand in full and everyone else
only as revealed; the board (and anyone without a seat) only what was revealed. A view simply
lacks what its viewer may not see, so a template cannot leak it. Made by ``views``."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Allegiance, PowerCard
from ..deal import deal_tag
from ..hand import Hand
from ..scoring import Proposal, Tally
from . import kinds
from .controls import CONTROLS
from .legal import Acts
from .limits import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL
from .now import Happening, Standing
from .round import NPR_POWER, Reveal
from .settings import Settings
from .shown import Shown
from .truths import RoundTruth


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat as anyone at the table may see it."""

    id: int
    name: str
    host: bool
    dealt: bool  # holds cards this round (a newcomer waits for the next deal)
    shown: Shown
    you: bool = False
    computer: str | None = None  # the level of the computer player that plays it, if one does
    stands_in: bool = False  # a player's seat the computer plays while they are away


@dataclass(frozen=True, slots=True)
class NprView:
    """The non-player robot: its allegiance is public, like the coin it is given."""

    allegiance: Allegiance
    power: PowerCard = NPR_POWER


@dataclass(frozen=True, slots=True)
class Score:
    """One row of the scoreboard."""

    seat: int
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class Kept:
    """A round on the scoreboard: its tally, and the scores once it was kept."""

    number: int
    tally: Tally
    scores_after: tuple[Score, ...]


@dataclass(frozen=True, slots=True)
class TableView:
    """The table as one viewer may see it. Anything they may not see is absent."""

    code: str
    open: bool
    seats: tuple[SeatView, ...]
    round: int  # the round's number in this game; 0 before the first deal
    points: PowerCard | None
    npr: NprView | None
    npr_next_deal: bool
    reveals: tuple[Reveal, ...]  # this round's, newest first
    you: SeatView | None = None
    hand: Hand | None = None  # the viewer's own hand, in full
    ended: bool = False
    tally: Tally | None = None  # only once the round has ended, when everything is shown
    proposal: Proposal | None = None
    kept: bool = False
    target: int = 10
    scores: tuple[Score, ...] = ()  # most points first
    winner: str | None = None  # the game's winner, by name
    winner_seat: int | None = None  # and by seat
    history: tuple[Kept, ...] = ()  # every kept round of the game, newest first
    scores_after: tuple[Score, ...] = ()  # the ended round's: what the scores become
    bets: tuple[tuple[str, Allegiance], ...] = ()  # public: who bet on what
    picked: tuple[tuple[int, str], ...] = ()  # public: whose power counts as negative (place, name)
    departed: tuple[str, ...] = ()  # public: who left the table while this round was in play
    handed: tuple[tuple[str, bool], ...] = ()  # public: seats the computer took, or gave back
    gone: tuple[tuple[int, str], ...] = ()  # public: seats left this game, free for a computer
    scaredy: tuple[tuple[int, str, bool], ...] = ()  # host: ScaredyBot seats to correct
    deal_id: int = 0  # the deal's tag, as forms carry it
    deals: int = 0  # the table's last deal (a deal form carries it: sent twice, it deals nothing)
    conducted: bool = False  # the app runs this round's turns (False: called by voice)
    abandoned: bool = False  # the host called the round off before its end: nobody scores it
    dealt_again: bool = False  # the host dealt the round again (a mis-deal)
    proposals: int = 0  # how many splits were proposed this round (the forms carry it)
    split_until: float | None = None  # when the winners' split runs out (its clock)
    happening: Happening | None = None  # what is going on now, for everyone
    acts: Acts = Acts()  # what the viewer may do now (``legal``)
    standing: Standing = Standing()  # where the viewer stands in the round, its own choices
    withdrawing: Reveal | None = None  # the viewer's last reveal, while it may be taken back
    settings: Settings = Settings()  # the host's: how the next deal is run
    truth: RoundTruth | None = None  # every card of the round, once it is over (``truths``)
    game_number: int = 1  # this game's at the table (New game starts the next)
    offered: frozenset[type] = frozenset()  # the kinds of control the viewer may use now

    def may(self, kind: str) -> bool:
        """Whether the viewer may now make a move of this kind of the table's controls (the
        host's, the split's, its own: ``controls.offered``), by the kind's name; what every
        such button is drawn by. A name that is no kind of move is a mistake, not a no."""
        found = getattr(kinds, kind, None)
        if found not in CONTROLS:  # a round's act is the view's ``acts``
            raise ValueError(f"no kind of the table's controls is called {kind!r}")
        return found in self.offered

    @property
    def names(self) -> dict[int, str]:
        return {seat.id: seat.name for seat in self.seats}

    @property
    def in_play(self) -> bool:
        return self.round > 0 and not self.ended and not self.abandoned

    @property
    def running(self) -> bool:
        """Whether the app is running a round now (a conducted round in play)."""
        return self.conducted and self.in_play

    @property
    def game_over(self) -> bool:
        return self.winner is not None

    @property
    def you_win(self) -> bool:
        """Whether the viewer has won the game."""
        return self.you is not None and self.you.id == self.winner_seat

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The winners whose answer to the proposed split is awaited."""
        if self.proposal is None or self.tally is None or self.tally.settled:
            return ()
        names = self.names
        return tuple(names.get(s, "?") for s in self.proposal.waiting_for(self.tally))

    @property
    def awaiting_proposal(self) -> bool:
        """Several winners, and none has proposed how to share the round's value yet."""
        return (
            self.tally is not None
            and len(self.tally.winners) > 1
            and not self.tally.settled
            and self.proposal is None
        )

    @property
    def deal_tag(self) -> str:
        """The deal as forms carry it, like a hand's deal tag."""
        return deal_tag(self.deal_id)

    @property
    def last_deal_tag(self) -> str:
        """The table's last deal, as the host's deal and new-game forms carry it."""
        return deal_tag(self.deals)

    @property
    def host(self) -> bool:
        """Whether the viewer is the host."""
        return self.you is not None and self.you.host

    @property
    def full(self) -> bool:
        return len(self.seats) >= MAX_SEATS

    @property
    def can_deal(self) -> bool:
        return len(self.seats) >= MIN_TO_DEAL

    @property
    def short_of_players(self) -> bool:
        """Fewer than the players the rules are written for."""
        return len(self.seats) < MIN_PLAYERS
