"""Every act a seat can take, as data: one frozen dataclass per kind, with the choices it
carries. Plain values: comparable, hashable, picklable. ``moves`` applies them and says which
a seat may make now; a web form is turned into one, and a computer player returns one.
``deal`` is the deal a move was made for (``Round.deal_id``, the ``round`` a form carries): a
move that lands in a later deal is refused. A field a caller fills in (a name, a secret, a
link's token) is given empty by ``moves.legal``."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action, Part
from ..cards import Allegiance
from .conduct import CheatSays, Proof


class Move:
    """What every move is: a kind below, with its choices."""

    __slots__ = ()


# -- any seat, and a browser without one --


@dataclass(frozen=True, slots=True)
class Join(Move):
    """Take a seat (the seat ``None`` makes it): the name typed, the browser's secret."""

    name: str = ""
    secret: str = ""


@dataclass(frozen=True, slots=True)
class TakeLink(Move):
    """Take the seat a one-time link names, on this phone (the seat ``None`` makes it)."""

    token: str = ""
    secret: str = ""


@dataclass(frozen=True, slots=True)
class Leave(Move):
    """Give up the seat."""


@dataclass(frozen=True, slots=True)
class OfferLink(Move):
    """Make a one-time link that moves this seat to another phone, until ``until``."""

    token: str = ""
    until: float = 0.0


@dataclass(frozen=True, slots=True)
class Share(Move):
    """Make a read-only link to a game that is over (its number at the table)."""

    game: int
    token: str = ""


@dataclass(frozen=True, slots=True)
class Speak(Move):
    """The host's phone speaks another language: the board follows."""

    language: str


# -- the host's, and the winners' split --


@dataclass(frozen=True, slots=True)
class SetSettings(Move):
    conducted: bool
    debate: int
    pace: int
    window: int
    turn_seconds: int
    split: int | None = None  # None: the table's time for the split as it is


@dataclass(frozen=True, slots=True)
class SetNpr(Move):
    wanted: bool


@dataclass(frozen=True, slots=True)
class SetTarget(Move):
    target: int


@dataclass(frozen=True, slots=True)
class SetOpen(Move):
    open: bool


@dataclass(frozen=True, slots=True)
class Remove(Move):
    seat: int


@dataclass(frozen=True, slots=True)
class MakeHost(Move):
    seat: int


@dataclass(frozen=True, slots=True)
class AddComputer(Move):
    level: str  # a seat the app plays, at this level (``limits.LEVELS``); removed by Remove


@dataclass(frozen=True, slots=True)
class StandIn(Move):
    seat: int  # a seat left mid-game, handed to a computer player (``TakeBack`` ends it)


@dataclass(frozen=True, slots=True)
class TakeBack(Move):
    """The seat's player is back: the computer that played it for them stops."""


@dataclass(frozen=True, slots=True)
class Deal(Move):
    last_deal: int | None = None  # the table's last deal, as the page showed it
    again: bool = False  # the round in play dealt again (a mis-deal)


@dataclass(frozen=True, slots=True)
class NewGame(Move):
    last_deal: int | None = None  # the table's last deal, as the page showed it


@dataclass(frozen=True, slots=True)
class EndRound(Move):
    """Every card shown, and the round counted."""


@dataclass(frozen=True, slots=True)
class AbandonRound(Move):
    deal: int


@dataclass(frozen=True, slots=True)
class CorrectScaredy(Move):
    seat: int
    only_power: bool


@dataclass(frozen=True, slots=True)
class KeepScore(Move):
    """The counted round on the scoreboard."""


@dataclass(frozen=True, slots=True)
class ProposeSplit(Move):
    shares: tuple[tuple[int, int], ...]  # each winner's share (any that add up are taken)
    seen: int | None = None  # the proposals the page showed


@dataclass(frozen=True, slots=True)
class AnswerSplit(Move):
    agree: bool
    proposal: int | None = None


# -- a seat's cards, in any round, and a round called by voice --


@dataclass(frozen=True, slots=True)
class Arrange(Move):
    """What the phone shows: the parts hidden, and, by voice, the allegiance."""

    deal: int
    hidden: frozenset[Part]
    allegiance: Allegiance | None = None


@dataclass(frozen=True, slots=True)
class Hide(Move):
    deal: int
    part: Part


@dataclass(frozen=True, slots=True)
class Show(Move):
    deal: int
    part: Part


@dataclass(frozen=True, slots=True)
class ChooseAllegiance(Move):
    deal: int
    allegiance: Allegiance


@dataclass(frozen=True, slots=True)
class ConvertNpr(Move):
    deal: int
    allegiance: Allegiance


@dataclass(frozen=True, slots=True)
class RevealAction(Move):
    """Show the table what an action shows (CheatBot's allegiance as it chooses)."""

    deal: int
    action: Action
    shown: Allegiance | None = None


@dataclass(frozen=True, slots=True)
class Withdraw(Move):
    deal: int


# -- a round the app runs --


@dataclass(frozen=True, slots=True)
class PassDebate(Move):
    deal: int


@dataclass(frozen=True, slots=True)
class StartCountdown(Move):
    deal: int


@dataclass(frozen=True, slots=True)
class Claim(Move):
    """I act, at the level called (FreeBot may show its power too)."""

    deal: int
    with_power: bool = False


@dataclass(frozen=True, slots=True)
class Promote(Move):
    deal: int
    other: int


@dataclass(frozen=True, slots=True)
class PassTurn(Move):
    deal: int


@dataclass(frozen=True, slots=True)
class Convert(Move):
    """On its turn: convert another seat (``target``), or itself (``allegiance``)."""

    deal: int
    target: int | None = None
    allegiance: Allegiance | None = None


@dataclass(frozen=True, slots=True)
class React(Move):
    deal: int
    on_instigator: bool = False  # BlockBot: the conversion turned on its instigator


@dataclass(frozen=True, slots=True)
class NoReaction(Move):
    deal: int


@dataclass(frozen=True, slots=True)
class Prove(Move):
    deal: int
    proof: Proof


@dataclass(frozen=True, slots=True)
class ChooseCheat(Move):
    deal: int
    shows: Allegiance | None  # CheatBot's choices: the allegiance it shows (None: the truth)
    story: CheatSays


@dataclass(frozen=True, slots=True)
class ChooseFirst(Move):
    """PassBot's choice: act first in the Pass phase, or at its power's place."""

    deal: int
    first: bool


@dataclass(frozen=True, slots=True)
class UseRobot(Move):
    """A robot's action (or CopyBot's copy): a seat picked, a team bet on or forced."""

    deal: int
    robot: str
    target: int | None = None
    team: Allegiance | None = None  # BetBot's bet, or the allegiance PushBot forces
