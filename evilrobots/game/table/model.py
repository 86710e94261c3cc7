"""A shared table: seats, rounds dealt from one deck, verified reveals, the count at the end
of each round, and the game to its target.

Pure: no Flask, no I/O, randomness and time passed in. A ``Table`` is immutable; every change
returns a new one, or raises a ``GameError`` that says, in a player's words, why not. The
counting itself is ``scoring``'s; the robot actions are ``robots``'s; what each viewer may see
is ``views``'s; the JSON is ``codec``'s.

Secrets never travel through here in the clear: a seat holds the hash of its browser's secret
(and of a one-time move link), so a copy of the store does not let anyone take a seat.
"""

from __future__ import annotations

import hmac
import random
from dataclasses import dataclass, replace

from ..actions import Action, Part
from ..cards import CHEATBOT, Allegiance
from ..deal import deal_table
from ..errors import Conflict, GameError, NotAllowed, RoundOver
from ..hand import Hand
from ..messages import N_
from ..scoring import Game
from . import countdown
from .conduct import Settings, begin
from .ending import Ending
from .facts import CHANGED, Fact, What
from .names import clean_name, look_alike
from .robots import RobotAction, robot_actions, undo_use, use_robot
from .round import WITHDRAW_SECONDS, Reveal, Round
from .turns import Turns
from .views import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL, Shown, TableView, shown_by, view_for

# A round the app runs takes no act by voice: its acts are its turns' (and windows') own.
NOT_BY_VOICE = N_(
    "The app runs this round: your acts are the buttons at the top of your phone, on your "
    "turn and in the reaction windows, and your allegiance changes only through them."
)
# What the board says when a player sets another allegiance by voice (not to what).


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table, held by one browser (by the hash of its secret)."""

    id: int  # seats are numbered in the order they were taken, so the lowest sat longest
    name: str
    secret: str
    move: str | None = None  # hash of a one-time link that moves the seat to another phone
    move_until: float = 0.0


@dataclass(frozen=True, slots=True)
class Table(Turns, Ending):
    """Everything the server knows about one table. Running a conducted round (``turns``) and
    ending a round (``ending``) are its methods too, kept in modules of their own."""

    code: str
    seats: tuple[Seat, ...] = ()
    host: int = 0
    open: bool = True
    npr: bool = False  # the host's choice: play the next deal with the non-player robot
    round: Round | None = None
    next_seat: int = 1
    version: int = 0
    game: Game = Game()
    deals: int = 0  # every deal ever made at this table: each round's id
    settings: Settings = Settings()  # the host's choices for the next deal
    language: str = "en"  # the board's: the host's (a code the web knows: "en", "fr" …)

    @classmethod
    def start(cls, code: str, host_name: str, secret: str) -> Table:
        """A new table with its first seat, the host."""
        return cls(code).join(host_name, secret)

    def speaks(self, by: int, language: str) -> Table:
        """The host's phone is in ``language``: the board follows it (anyone else: no change,
        as the board is the host's)."""
        if by != self.host or language == self.language:
            return self
        return replace(self, language=language)

    # -- seats --

    def seat(self, seat_id: int) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise GameError(N_("That player is no longer at this table."))

    def seat_with_secret(self, secret: str) -> Seat | None:
        """The seat this browser's secret (hashed) holds, if any."""
        found = None
        for seat in self.seats:
            if hmac.compare_digest(seat.secret, secret):
                found = seat
        return found

    def join(self, raw_name: str, secret: str) -> Table:
        """Take a seat."""
        name = clean_name(raw_name)
        if not self.open:
            raise Conflict(N_("This table is closed to newcomers. Ask the host to open it."))
        if len(self.seats) >= MAX_SEATS:
            raise Conflict(
                N_("This table is full: %(most)d players is the most the game allows."),
                most=MAX_SEATS,
            )
        taken = look_alike(name, [seat.name for seat in self.seats])
        if taken is not None:
            raise Conflict(
                N_(
                    "Someone at this table is already called %(taken)s, which %(name)s looks "
                    "like: pick a name the others can tell apart."
                ),
                taken=taken,
                name=name,
            )
        seat = Seat(self.next_seat, name, secret)
        return replace(
            self,
            seats=(*self.seats, seat),
            next_seat=self.next_seat + 1,
            host=self.host or seat.id,
        )

    def leave(self, seat_id: int, now: float = 0.0) -> Table:
        """Give up a seat; if it was the host's, the longest-seated player becomes host. In a
        conducted round, the seat is out of its turns and queues (``countdown.leave``); a
        seat in a conversion whose window is open stays until it is settled."""
        self.seat(seat_id)
        moved = self.tick(now)  # judged against the round as it now stands
        if moved is not self:
            return moved.leave(seat_id, now)
        if (
            self.round is not None
            and self.round.in_play
            and countdown.in_chain(self.round, seat_id)
        ):
            raise Conflict(
                N_(
                    "%(name)s is in a conversion being settled: wait until its reaction window "
                    "closes (a few seconds)."
                ),
                name=self.seat(seat_id).name,
            )
        seats = tuple(seat for seat in self.seats if seat.id != seat_id)
        host = self.host if self.host != seat_id else min((s.id for s in seats), default=0)
        round_ = self.round
        if round_ is not None and round_.hand_of(seat_id) is not None:
            # A split the seat was part of is proposed afresh.
            proposal = round_.proposal
            if proposal and (proposal.by == seat_id or seat_id in dict(proposal.shares)):
                proposal = None
            if round_.ended:
                # Its cards were shown and counted: the count stands as everyone saw it,
                # but a player who has left scores nothing.
                gone = (*round_.gone, (seat_id, self.seat(seat_id).name))
                round_ = replace(round_, proposal=proposal, gone=gone)
            elif round_.in_play:  # its cards go with it, and the board says so
                hands = tuple(p for p in round_.hands if p[0] != seat_id)
                left = (*round_.left, self.seat(seat_id).name)
                round_ = replace(round_, hands=hands, proposal=proposal, left=left)
                names = {seat.id: seat.name for seat in seats}
                round_ = countdown.leave(round_, names, seat_id, now)
        return replace(self, seats=seats, host=host, round=round_, game=self.game.without(seat_id))

    def _host_only(self, by: int, refusal: str) -> None:
        """``refusal``: what a player other than the host is told, "Only the host can …"."""
        if by != self.host:
            raise NotAllowed(refusal)

    def remove(self, by: int, seat_id: int, now: float = 0.0) -> Table:
        """The host sends a player away from the table."""
        self._host_only(by, N_("Only the host can remove a player."))
        if seat_id == by:
            raise GameError(N_("To leave the table yourself, use Leave the table."))
        return self.leave(seat_id, now)

    def make_host(self, by: int, seat_id: int) -> Table:
        """The host hands the role to another player."""
        self._host_only(by, N_("Only the host can make another player host."))
        self.seat(seat_id)
        return replace(self, host=seat_id)

    def set_open(self, by: int, open_: bool) -> Table:
        """The host closes the table to newcomers, or opens it again."""
        self._host_only(by, N_("Only the host can close or open the table."))
        return replace(self, open=open_)

    def set_npr(self, by: int, wanted: bool) -> Table:
        """The host chooses whether the next deal includes the non-player robot."""
        self._host_only(by, N_("Only the host can choose the non-player robot."))
        return replace(self, npr=wanted)

    def offer_move(self, seat_id: int, token: str, until: float) -> Table:
        """Keep (the hash of) a one-time link that moves this seat to another phone."""
        return self._replace_seat(replace(self.seat(seat_id), move=token, move_until=until))

    def seat_with_move(self, token: str, now: float) -> Seat | None:
        """The seat a live move link (hashed) would move, if any."""
        for seat in self.seats:
            if seat.move and hmac.compare_digest(seat.move, token) and now <= seat.move_until:
                return seat
        return None

    def take_move(self, token: str, secret: str, now: float) -> tuple[Table, Seat]:
        """Give the seat whose move link this is to the browser holding ``secret``."""
        for seat in self.seats:
            if seat.move and hmac.compare_digest(seat.move, token):
                if now > seat.move_until:
                    break
                moved = replace(seat, secret=secret, move=None, move_until=0.0)
                return self._replace_seat(moved), moved
        raise Conflict(
            N_(
                "This link to move a seat was used already or is too old. Ask for a new one on "
                "the phone that holds the seat (Move to another phone)."
            )
        )

    def _replace_seat(self, new: Seat) -> Table:
        return replace(self, seats=tuple(new if s.id == new.id else s for s in self.seats))

    # -- rounds --

    def deal(
        self,
        by: int,
        rng: random.Random,
        now: float = 0.0,
        replaces: int | None = None,
        again: bool = False,
    ) -> Table:
        """Start a new round for everyone seated, from both decks shuffled once; conducted
        by the app (its Debate on the clock from ``now``) unless the host chose to call it by
        voice.

        ``replaces`` is the deal the host's page was showing (0 before the first): a form that
        lands twice, or late, finds another and changes nothing. A round in play is dealt
        again only when the host says so (``again``: a mis-deal), and the board says so."""
        self._host_only(by, N_("Only the host can deal."))
        if replaces is not None and replaces != self.deals:
            raise Conflict(N_("That deal was made already: here are the cards dealt."))
        if self.game.winner is not None:
            raise Conflict(N_("The game is over. Start a New game to play again."))
        in_play = self.round is not None and self.round.in_play
        if in_play and not again:
            raise Conflict(
                N_(
                    "Round %(number)d is in play: to deal it again (a mis-deal), use Deal this "
                    "round again."
                ),
                number=self.round.number,
            )
        if again and not in_play:
            raise Conflict(N_("There is no round in play to deal again."))
        if self.round is not None and self.round.ended and not self.round.kept:
            raise Conflict(
                N_("Keep the score of round %(number)d before dealing the next one."),
                number=self.round.number,
            )
        if len(self.seats) < MIN_TO_DEAL:
            raise Conflict(
                N_(
                    "Deal needs at least %(least)d players at the table (the game is meant for "
                    "%(fewest)d to %(most)d)."
                ),
                least=MIN_TO_DEAL,
                fewest=MIN_PLAYERS,
                most=MAX_SEATS,
            )
        # Rounds are counted as played: a round dealt again before its end keeps its number.
        number = len(self.game.rounds) + 1
        deal_id = self.deals + 1
        deals, points = deal_table(len(self.seats), rng)
        hands = tuple(
            (seat.id, Hand.from_deal(deal, deal_id=deal_id))
            for seat, deal in zip(self.seats, deals, strict=True)
        )
        npr = Allegiance.NEUTRAL if self.npr else None
        conducted = begin(self.settings, now) if self.settings.conducted else None
        round_ = Round(number, hands, points, npr, deal_id=deal_id, conduct=conducted, again=again)
        return replace(self, round=round_, deals=deal_id)

    def _playing(self, seat_id: int, deal_id: int) -> tuple[Round, Hand]:
        """The round being played and the seat's hand in it; RoundOver if that round is not
        the one the seat means (``deal_id``: the deal its page was made for)."""
        self.seat(seat_id)
        round_ = self.round
        if round_ is None or round_.deal_id != deal_id:
            raise RoundOver(N_("That round is over: a new one was dealt. Here are your new cards."))
        if round_.ended:
            raise RoundOver(N_("That round is over: everything is shown and counted."))
        if round_.abandoned:
            raise RoundOver(
                N_("The host called that round off: nobody scores it. Wait for the deal.")
            )
        hand = round_.hand_of(seat_id)
        if hand is None:
            raise RoundOver(
                N_("You joined after this round was dealt: you play from the next deal.")
            )
        return round_, hand

    def _hand(self, seat_id: int, deal_id: int) -> Hand:
        return self._playing(seat_id, deal_id)[1]

    def arrange(
        self,
        seat_id: int,
        deal_id: int,
        hidden: frozenset[Part],
        allegiance: Allegiance | None = None,
    ) -> Table:
        """Set what the seat hides and (by voice) its allegiance, as its phone shows them.

        In a conducted round the allegiance belongs to the table and changes only through the
        round's acts: a phone that sets another is refused. By voice, a change is the
        player's own (being converted, as a rule), and the board says that it changed, not
        to what; it is not a turn.
        """
        round_, hand = self._playing(seat_id, deal_id)
        if allegiance is None or allegiance is hand.allegiance:
            arranged = replace(hand, hidden=hidden)
            return self if arranged == hand else self._with_hand(round_, seat_id, arranged)
        if round_.conduct is not None:
            raise Conflict(NOT_BY_VOICE)
        last = round_.reveals[-1] if round_.reveals else None
        if last is None or last.seat != seat_id or last.lead != CHANGED:
            # Taps in a row (Good, then Evil) are one change: the board says it once.
            change = Reveal(seat_id, self.seat(seat_id).name, Action.CONVERTED, lead=CHANGED)
            round_ = replace(round_, reveals=(*round_.reveals, change))
        return self._with_hand(round_, seat_id, hand.arrange(hidden, allegiance))

    def _with_hand(self, round_: Round, seat_id: int, hand: Hand) -> Table:
        return replace(self, round=round_.with_hand(seat_id, hand))

    def hide(self, seat_id: int, deal_id: int, part: Part) -> Table:
        hand = self._hand(seat_id, deal_id)
        return self.arrange(seat_id, deal_id, hand.hidden | {part}, hand.allegiance)

    def show(self, seat_id: int, deal_id: int, part: Part) -> Table:
        hand = self._hand(seat_id, deal_id)
        return self.arrange(seat_id, deal_id, hand.hidden - {part}, hand.allegiance)

    def choose(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        """The seat sets its allegiance by hand: by voice only."""
        round_, hand = self._playing(seat_id, deal_id)
        if round_.conduct is not None:
            raise Conflict(NOT_BY_VOICE)
        return self.arrange(seat_id, deal_id, hand.hidden, allegiance)

    def convert_npr(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        """By voice, a player converts the non-player robot: its new allegiance is public,
        and the board says who converted it."""
        self.seat(seat_id)
        if self.round is None or self.round.deal_id != deal_id or not self.round.in_play:
            raise RoundOver(N_("That round is over."))
        if self.round.npr is None:
            raise Conflict(N_("There is no non-player robot in this round."))
        if self.round.conduct is not None:
            raise Conflict(
                N_(
                    "The non-player robot is converted like any player, on a turn: "
                    "Convert another player."
                )
            )
        if allegiance is self.round.npr:
            return self
        entry = Reveal(
            seat_id,
            self.seat(seat_id).name,
            Action.CONVERT_OTHER,
            lead=Fact(What.CONVERTS_NPR, allegiance=allegiance),
        )
        round_ = replace(self.round, npr=allegiance, reveals=(*self.round.reveals, entry))
        return replace(self, round=round_)

    def reveal(
        self,
        seat_id: int,
        deal_id: int,
        action: Action,
        shown_allegiance: Allegiance | None = None,
        now: float = 0.0,
    ) -> Table:
        """Publish exactly what the action shows, with the values this seat holds (at ``now``,
        from when its player may take it back for ``WITHDRAW_SECONDS``).

        CheatBot may show any allegiance until the end of the round; the reveal then holds
        the allegiance shown, and nothing else about it.
        """
        round_, hand = self._playing(seat_id, deal_id)
        if not action.parts:
            raise GameError(
                N_("%(action)s shows nothing, so there is nothing to reveal."), action=action
            )
        if round_.conduct is not None:
            raise Conflict(NOT_BY_VOICE)
        allegiance = None
        if Part.ALLEGIANCE in action.parts:
            allegiance = shown_allegiance or hand.allegiance
            if allegiance is not hand.allegiance:
                if hand.robot is not CHEATBOT:
                    raise NotAllowed(N_("Only CheatBot may show an allegiance it does not hold."))
                if not action.cheat_may_lie:
                    raise NotAllowed(N_("At the end of the round even CheatBot shows the truth."))
        reveal = Reveal(
            seat_id,
            self.seat(seat_id).name,
            action,
            robot=hand.robot if Part.ROBOT in action.parts else None,
            power=hand.power if Part.POWER in action.parts else None,
            allegiance=allegiance,
            at=now,
        )
        if round_.reveals and replace(round_.reveals[-1], at=now) == reveal:
            return self  # the same reveal twice in a row is a double tap, not news
        return replace(self, round=replace(round_, reveals=(*round_.reveals, reveal)))

    def withdraw(self, seat_id: int, deal_id: int, now: float) -> Table:
        """Take back this seat's last reveal, within ``WITHDRAW_SECONDS`` of it (a mis-tap).
        Everyone saw it: the board keeps it, struck through as withdrawn."""
        round_, _ = self._playing(seat_id, deal_id)
        if round_.conduct is not None:
            raise Conflict(NOT_BY_VOICE)
        mine = [i for i, r in enumerate(round_.reveals) if r.seat == seat_id]
        if not mine:
            raise Conflict(N_("You have revealed nothing this round."))
        last = mine[-1]
        until = round_.reveals[last].withdrawable_until
        if until is None:
            raise Conflict(N_("Your last reveal cannot be taken back (or already was)."))
        if now > until:
            raise Conflict(
                N_("Too late: a reveal can be taken back within %(seconds)d seconds."),
                seconds=round(WITHDRAW_SECONDS),
            )
        reveals = list(round_.reveals)
        reveals[last] = replace(reveals[last], withdrawn=True)
        if reveals[last].action is Action.ROBOT_ACTION and reveals[last].effect:
            round_ = undo_use(round_, seat_id)  # its pick, bet or swap goes with it
        return replace(self, round=replace(round_, reveals=tuple(reveals)))

    # -- robot actions that change the count --

    def robot_actions(self, seat_id: int) -> tuple[RobotAction, ...]:
        """The count-changing actions this seat may use now (``robots.robot_actions``)."""
        return robot_actions(self, seat_id)

    def use_robot(
        self,
        seat_id: int,
        deal_id: int,
        robot: str,
        target: int | None = None,
        bet: Allegiance | None = None,
        now: float = 0.0,
    ) -> Table:
        """Use a robot's action (or CopyBot's copy of one): a verified reveal of the robot on
        the board, and its effect. ``bet``: BetBot's team, or PushBot's allegiance."""
        table = self.tick(now)
        round_, hand = table._playing(seat_id, deal_id)
        used = use_robot(table, seat_id, round_, hand, robot, target, bet, now)
        return replace(table, round=used)

    # -- the end of the round, the split, the score --

    @property
    def names(self) -> dict[int, str]:
        """Each seat's player, by seat."""
        return {seat.id: seat.name for seat in self.seats}

    # -- views --

    def shown_by(self, seat_id: int) -> Shown:
        """What a seat has shown this round (``views.shown_by``)."""
        return shown_by(self, seat_id)

    def view_for(self, seat_id: int | None) -> TableView:
        """What one seat (or, with None, the board and anyone else) may see."""
        return view_for(self, seat_id)
