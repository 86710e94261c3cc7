"""What one viewer may see of a table: a seat its own hand in full and everyone else only as
revealed; the board (and anyone without a seat) only what was revealed.

A view simply lacks what its viewer may not see, so a template cannot leak it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING

from ..cards import NEGATIVEBOT, SCAREDYBOT, Allegiance, PowerCard, Robot
from ..hand import Hand
from ..scoring import Proposal, Tally
from .conduct import Settings, Stage
from .names import spoken_code
from .now import Choices, Happening, choices, happening
from .robots import RobotAction, robot_actions
from .round import NPR_NAME, NPR_POWER, NPR_SEAT, Reveal, Round

if TYPE_CHECKING:
    from .model import Table

MAX_SEATS = 9
MIN_TO_DEAL = 2
# The rules are written for 3 to 9 players; a table deals to 2 as well, for a try-out.
MIN_PLAYERS = 3


@dataclass(frozen=True, slots=True)
class Shown:
    """What one seat has shown this round: each card as last revealed, or None."""

    robot: Robot | None = None
    power: PowerCard | None = None
    allegiance: Allegiance | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat as anyone at the table may see it."""

    id: int
    name: str
    host: bool
    dealt: bool  # holds cards this round (a newcomer waits for the next deal)
    shown: Shown
    you: bool = False


@dataclass(frozen=True, slots=True)
class NprView:
    """The non-player robot: its allegiance is public, like the coin it is given."""

    allegiance: Allegiance
    power: PowerCard = NPR_POWER
    name: str = NPR_NAME


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
    robot_actions: tuple[RobotAction, ...] = ()  # the viewer's, while the round is in play
    bets: tuple[tuple[str, Allegiance], ...] = ()  # public: who bet on what
    picked: tuple[str, ...] = ()  # public: whose power counts as negative
    left: tuple[str, ...] = ()  # public: who left the table while this round was in play
    scaredy: tuple[tuple[int, str, bool], ...] = ()  # host: ScaredyBot seats to correct
    deal_id: int = 0  # the deal's tag, as forms carry it
    deals: int = 0  # the table's last deal (a deal form carries it: sent twice, it deals nothing)
    conducted: bool = False  # the app runs this round's turns (False: called by voice)
    abandoned: bool = False  # the host called the round off before its end: nobody scores it
    dealt_again: bool = False  # the host dealt the round again (a mis-deal)
    proposals: int = 0  # how many splits were proposed this round (the forms carry it)
    happening: Happening | None = None  # what is going on now, for everyone
    choices: Choices = Choices()  # what the viewer's phone offers it now
    withdrawing: Reveal | None = None  # the viewer's last reveal, while it may be taken back
    settings: Settings = Settings()  # the host's: how the next deal is run
    # A number for everything public but ``happening``, worked out once per table state in
    # this process (``view_for``), so that thousands of streams need not hash or compare
    # whole views to learn whether theirs changed: 0 for a view made any other way.
    public_key: int = field(default=0, compare=False, repr=False)

    @property
    def rest_key(self) -> Hashable:
        """What this view is drawn from, but for the strip's part (``happening`` and what this
        phone may do now, CheatBot's and PassBot's choices excepted): equal keys, equal
        rest."""
        public = self.public_key or hash(replace(self, happening=None, choices=Choices()))
        c = self.choices
        private = (self.hand, self.robot_actions, self.withdrawing, self.scaredy, self.settings)
        # The host's next step hangs on the round's phases being done (``may_end``), which
        # comes with the strip's part: it is part of the rest's key too.
        return (
            public,
            self.you,
            private,
            c.cheat,
            c.shows,
            c.story,
            c.passbot,
            c.first,
            self.may_end,
        )

    @property
    def key(self) -> Hashable:
        """What this view is drawn from: equal keys, equal views."""
        return (self.rest_key, self.happening, self.choices)

    @property
    def names(self) -> dict[int, str]:
        return {seat.id: seat.name for seat in self.seats}

    @property
    def in_play(self) -> bool:
        return self.round > 0 and not self.ended and not self.abandoned

    @property
    def may_end(self) -> bool:
        """Whether the round in play may be ended now: any time by voice; once its phases
        are done when the app runs it."""
        return self.in_play and (
            not self.conducted
            or (self.happening is not None and self.happening.stage is Stage.DONE)
        )

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
    def may_propose(self) -> bool:
        return (
            self.you is not None
            and self.tally is not None
            and not self.tally.settled
            and self.proposal is None
            and self.you.id in self.tally.winners
        )

    @property
    def must_answer(self) -> bool:
        return (
            self.you is not None
            and self.proposal is not None
            and self.tally is not None
            and self.you.id in self.proposal.waiting_for(self.tally)
        )

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
    def may_set_target(self) -> bool:
        return self.host and self.round == 0

    @property
    def deal_offered(self) -> bool:
        """Whether the table is at a point where a deal makes sense: no game won, and no
        counted round waiting for its score to be kept."""
        return not self.game_over and (not self.ended or self.kept)

    @property
    def spoken_code(self) -> str:
        return spoken_code(self.code)

    @property
    def deal_tag(self) -> str:
        """The deal as forms carry it, like a hand's deal tag."""
        return f"{self.deal_id:08x}"

    @property
    def last_deal_tag(self) -> str:
        """The table's last deal, as the host's deal and new-game forms carry it."""
        return f"{self.deals:08x}"

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


def ranked(scores: Iterable[Score]) -> tuple[Score, ...]:
    """Most points first; ties in seating order."""
    return tuple(sorted(scores, key=lambda score: (-score.points, score.seat)))


def history(table: Table) -> tuple[Kept, ...]:
    """Each kept round with the scores it left, newest first."""
    totals: dict[int, int] = {}
    names = table.names
    kept = []
    for counted in table.game.rounds:
        for seat, points in counted.points().items():
            totals[seat] = totals.get(seat, 0) + points
        every = names | counted.names()
        after = ranked(Score(seat, every.get(seat, "?"), p) for seat, p in totals.items())
        kept.append(Kept(counted.number, counted, after))
    return tuple(reversed(kept))


def shown_by(table: Table, seat_id: int) -> Shown:
    """What a seat has shown this round, each card as last revealed; everything, once the
    round has ended (CheatBot's truth included)."""
    round_ = table.round
    if round_ is not None and round_.ended:
        hand = round_.hand_of(seat_id)
        if hand is not None:
            return Shown(hand.robot, hand.power, hand.allegiance)
    robot = power = allegiance = None
    for reveal in round_.reveals if round_ else ():
        if reveal.seat == seat_id and not reveal.withdrawn:  # taken back: it stands no more
            robot = reveal.robot or robot
            power = reveal.power_after or reveal.power or power
            allegiance = reveal.allegiance or allegiance
    return Shown(robot, power, allegiance)


def view_for(table: Table, seat_id: int | None) -> TableView:
    """What one seat (or, with None, the board and anyone else) may see: what everyone may
    see, and the seat's own."""
    public, fields_of_public = _public(table)
    you = next((seat for seat in public.seats if seat.id == seat_id), None)
    if you is None:
        return public
    you = replace(you, you=True)
    round_ = table.round
    names = table.names
    # The public view's fields, and the seat's own: a dataclasses.replace of the public view
    # would read each of its fields again, for each seat's view at every change.
    return TableView(
        **fields_of_public,
        seats=tuple(you if seat.id == seat_id else seat for seat in public.seats),
        you=you,
        hand=round_.hand_of(you.id) if round_ else None,
        robot_actions=robot_actions(table, you.id),
        withdrawing=_withdrawable(round_, you.id) if round_ and round_.in_play else None,
        scaredy=tuple(
            (seat, names.get(seat, "?"), round_.only_power_shown(seat))
            for seat, hand in round_.hands
            if hand.robot is SCAREDYBOT
        )
        if round_ and round_.ended and not round_.kept and you.host
        else (),
        choices=choices(round_, names, you.id, you.host) if round_ else Choices(),
        settings=table.settings if you.host else Settings(),
    )


def private_to(before: Table, after: Table) -> int | None:
    """The seat that alone can see the change from ``before`` to ``after``, if it is a change
    of that seat's own (what it hides, CheatBot's and PassBot's choices): nobody else's view
    shows it, so nobody else need hear of it. None for any other change."""
    one, two = before.round, after.round
    if one is None or two is None or one.deal_id != two.deal_id:
        return None
    if replace(before, round=None, version=0) != replace(after, round=None, version=0):
        return None
    if [seat for seat, _ in one.hands] != [seat for seat, _ in two.hands]:
        return None
    changed = {seat for (seat, a), (_, b) in zip(one.hands, two.hands, strict=True) if a != b}
    if one.conduct is not None and two.conduct is not None:
        for conduct, other in ((one.conduct, two.conduct), (two.conduct, one.conduct)):
            changed |= {c.seat for c in conduct.cheats if c not in other.cheats}
            changed |= set(conduct.waits) ^ set(other.waits)
    if len(changed) != 1:
        return None
    (seat,) = changed
    return seat if _unseen(one, seat) == _unseen(two, seat) else None


def _unseen(round_: Round, seat: int) -> Round:
    """The round as everyone but ``seat`` sees it: nothing hidden, no choice of its own."""
    hand = round_.hand_of(seat)
    round_ = round_.with_hand(seat, replace(hand, hidden=frozenset())) if hand else round_
    conduct = round_.conduct
    if conduct is None:
        return round_
    cheats = tuple(c for c in conduct.cheats if c.seat != seat)
    waits = tuple(s for s in conduct.waits if s != seat)
    return replace(round_, conduct=replace(conduct, cheats=cheats, waits=waits))


def _withdrawable(round_: Round, seat_id: int) -> Reveal | None:
    """The seat's last reveal, if it is one its player may still take back (the clock is the
    page's to watch: the server checks it again)."""
    mine = [reveal for reveal in round_.reveals if reveal.seat == seat_id]
    if mine and mine[-1].withdrawable_until is not None:
        return mine[-1]
    return None


# The public view of the tables seen last in this process, by the table itself: each seat's
# stream of a table is handed the same table at a change, and its view starts from this.
# Its streams draw theirs within moments of each other, so few are kept: each kept table
# and view is some 60 objects that the garbage collector would scan again and again.
_PUBLIC: dict[int, tuple[Table, TableView, dict]] = {}
PUBLIC_KEPT = 32
# A seat's view is the public view with these of its fields the seat's own.
OWN = ("seats", "you", "hand", "robot_actions", "withdrawing", "scaredy", "choices", "settings")


def _public(table: Table) -> tuple[TableView, dict]:
    """The table's public view, and its fields but those a seat's view has of its own."""
    found = _PUBLIC.get(id(table))
    if found is not None and found[0] is table:  # (the table is held: its id is its own)
        return found[1], found[2]
    view = _public_view(table)
    shared = {f.name: getattr(view, f.name) for f in fields(TableView) if f.name not in OWN}
    _PUBLIC[id(table)] = (table, view, shared)
    while len(_PUBLIC) > PUBLIC_KEPT:
        _PUBLIC.pop(next(iter(_PUBLIC)), None)
    return view, shared


def _public_view(table: Table) -> TableView:
    """What everyone at the table, and the board, may see."""
    round_ = table.round
    seats = tuple(
        SeatView(
            seat.id,
            seat.name,
            host=seat.id == table.host,
            dealt=round_ is not None and round_.hand_of(seat.id) is not None,
            shown=shown_by(table, seat.id),
        )
        for seat in table.seats
    )
    names = table.names
    ended = round_ is not None and round_.ended
    scores = ranked(Score(seat.id, seat.name, table.game.score(seat.id)) for seat in table.seats)
    winner = table.game.winner
    ended_tally = round_.tally(names) if round_ and ended else None
    scores_after: tuple[Score, ...] = ()
    if ended_tally is not None and ended_tally.settled:
        if round_ is not None and round_.kept:
            scores_after = tuple(scores)
        else:
            gained = ended_tally.points()
            scores_after = ranked(
                Score(s.seat, s.name, s.points + gained.get(s.seat, 0)) for s in scores
            )
    uses = round_.uses if round_ else ()
    picked = tuple(
        NPR_NAME if use.target == NPR_SEAT else names.get(use.target or -1, "?")
        for use in uses
        if use.robot is NEGATIVEBOT
    )
    public = dict(
        code=table.code,
        open=table.open,
        seats=seats,
        round=round_.number if round_ else 0,
        points=round_.points if round_ else None,
        npr=NprView(round_.npr) if round_ and round_.npr else None,
        npr_next_deal=table.npr,
        reveals=tuple(reversed(round_.reveals)) if round_ else (),
        ended=ended,
        tally=ended_tally,
        proposal=round_.proposal if round_ and ended else None,
        kept=bool(round_ and round_.kept),
        target=table.game.target,
        scores=tuple(scores),
        winner=names.get(winner) if winner is not None else None,
        winner_seat=winner,
        history=history(table),
        scores_after=scores_after,
        bets=tuple((names.get(u.seat, "?"), u.bet) for u in uses if u.bet is not None),
        picked=picked,
        left=round_.left if round_ else (),
        deal_id=round_.deal_id if round_ else 0,
        deals=table.deals,
        conducted=bool(round_ and round_.conduct is not None),
        abandoned=bool(round_ and round_.abandoned),
        dealt_again=bool(round_ and round_.again),
        proposals=round_.proposals if round_ else 0,
    )
    key = hash(tuple(public.values())) or 1  # (before what is happening now)
    return TableView(
        **public, happening=happening(round_, names) if round_ else None, public_key=key
    )
