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
from ..cards import CHEATBOT, SCAREDYBOT, Allegiance
from ..deal import deal_table
from ..errors import Conflict, GameError, NotAllowed, RoundOver
from ..hand import Hand
from ..scoring import Game, Tally, answer, propose
from .names import clean_name
from .robots import RobotAction, robot_actions, use_robot
from .round import Reveal, Round
from .views import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL, Shown, TableView, shown_by, view_for


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table, held by one browser (by the hash of its secret)."""

    id: int  # seats are numbered in the order they were taken, so the lowest sat longest
    name: str
    secret: str
    move: str | None = None  # hash of a one-time link that moves the seat to another phone
    move_until: float = 0.0


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the server knows about one table."""

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

    @classmethod
    def start(cls, code: str, host_name: str, secret: str) -> Table:
        """A new table with its first seat, the host."""
        return cls(code).join(host_name, secret)

    # -- seats --

    def seat(self, seat_id: int) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise GameError("That player is no longer at this table.")

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
            raise Conflict("This table is closed to newcomers. Ask the host to open it.")
        if len(self.seats) >= MAX_SEATS:
            raise Conflict(f"This table is full: {MAX_SEATS} players is the most the game allows.")
        if any(seat.name.casefold() == name.casefold() for seat in self.seats):
            raise Conflict(f"Someone at this table is already called {name}. Pick another name.")
        seat = Seat(self.next_seat, name, secret)
        return replace(
            self,
            seats=(*self.seats, seat),
            next_seat=self.next_seat + 1,
            host=self.host or seat.id,
        )

    def leave(self, seat_id: int) -> Table:
        """Give up a seat; if it was the host's, the longest-seated player becomes host."""
        self.seat(seat_id)
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
            else:  # its cards go with it, and the board says so
                hands = tuple(p for p in round_.hands if p[0] != seat_id)
                left = (*round_.left, self.seat(seat_id).name)
                round_ = replace(round_, hands=hands, proposal=proposal, left=left)
        return replace(self, seats=seats, host=host, round=round_, game=self.game.without(seat_id))

    def _host_only(self, by: int, doing: str) -> None:
        if by != self.host:
            raise NotAllowed(f"Only the host can {doing}.")

    def remove(self, by: int, seat_id: int) -> Table:
        """The host sends a player away from the table."""
        self._host_only(by, "remove a player")
        if seat_id == by:
            raise GameError("To leave the table yourself, use Leave the table.")
        return self.leave(seat_id)

    def make_host(self, by: int, seat_id: int) -> Table:
        """The host hands the role to another player."""
        self._host_only(by, "make another player host")
        self.seat(seat_id)
        return replace(self, host=seat_id)

    def set_open(self, by: int, open_: bool) -> Table:
        """The host closes the table to newcomers, or opens it again."""
        self._host_only(by, "close or open the table")
        return replace(self, open=open_)

    def set_npr(self, by: int, wanted: bool) -> Table:
        """The host chooses whether the next deal includes the non-player robot."""
        self._host_only(by, "choose the non-player robot")
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
            "This link to move a seat was used already or is too old. Ask for a new one on the "
            "phone that holds the seat (Move to another phone)."
        )

    def _replace_seat(self, new: Seat) -> Table:
        return replace(self, seats=tuple(new if s.id == new.id else s for s in self.seats))

    # -- rounds --

    def deal(self, by: int, rng: random.Random) -> Table:
        """Start a new round for everyone seated, from both decks shuffled once."""
        self._host_only(by, "deal")
        if self.game.winner is not None:
            raise Conflict("The game is over. Start a New game to play again.")
        if self.round is not None and self.round.ended and not self.round.kept:
            raise Conflict(
                f"Keep the score of round {self.round.number} before dealing the next one."
            )
        if len(self.seats) < MIN_TO_DEAL:
            raise Conflict(
                f"Deal needs at least {MIN_TO_DEAL} players at the table "
                f"(the game is meant for {MIN_PLAYERS} to {MAX_SEATS})."
            )
        number = (self.round.number if self.round else 0) + 1
        deal_id = self.deals + 1
        deals, points = deal_table(len(self.seats), rng)
        hands = tuple(
            (seat.id, Hand.from_deal(deal, deal_id=deal_id))
            for seat, deal in zip(self.seats, deals, strict=True)
        )
        npr = Allegiance.NEUTRAL if self.npr else None
        round_ = Round(number, hands, points, npr, deal_id=deal_id)
        return replace(self, round=round_, deals=deal_id)

    def _playing(self, seat_id: int, deal_id: int) -> tuple[Round, Hand]:
        """The round being played and the seat's hand in it; RoundOver if that round is not
        the one the seat means (``deal_id``: the deal its page was made for)."""
        self.seat(seat_id)
        round_ = self.round
        if round_ is None or round_.deal_id != deal_id:
            raise RoundOver("That round is over: a new one was dealt. Here are your new cards.")
        if round_.ended:
            raise RoundOver("That round is over: everything is shown and counted.")
        hand = round_.hand_of(seat_id)
        if hand is None:
            raise RoundOver("You joined after this round was dealt: you play from the next deal.")
        return round_, hand

    def _hand(self, seat_id: int, deal_id: int) -> Hand:
        return self._playing(seat_id, deal_id)[1]

    def arrange(
        self, seat_id: int, deal_id: int, hidden: frozenset[Part], allegiance: Allegiance
    ) -> Table:
        """Set what the seat hides and its (true) allegiance, as its phone shows them."""
        round_, hand = self._playing(seat_id, deal_id)
        return replace(self, round=round_.with_hand(seat_id, hand.arrange(hidden, allegiance)))

    def hide(self, seat_id: int, deal_id: int, part: Part) -> Table:
        hand = self._hand(seat_id, deal_id)
        return self.arrange(seat_id, deal_id, hand.hidden | {part}, hand.allegiance)

    def show(self, seat_id: int, deal_id: int, part: Part) -> Table:
        hand = self._hand(seat_id, deal_id)
        return self.arrange(seat_id, deal_id, hand.hidden - {part}, hand.allegiance)

    def choose(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        hand = self._hand(seat_id, deal_id)
        return self.arrange(seat_id, deal_id, hand.hidden, allegiance)

    def convert_npr(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        """A player converts the non-player robot; its new allegiance is public."""
        self.seat(seat_id)
        if self.round is None or self.round.deal_id != deal_id or self.round.ended:
            raise RoundOver("That round is over.")
        if self.round.npr is None:
            raise Conflict("There is no non-player robot in this round.")
        return replace(self, round=replace(self.round, npr=allegiance))

    def reveal(
        self,
        seat_id: int,
        deal_id: int,
        action: Action,
        shown_allegiance: Allegiance | None = None,
    ) -> Table:
        """Publish exactly what the action shows, with the values this seat holds.

        CheatBot may show any allegiance until the end of the round; the reveal then holds
        the allegiance shown, and nothing else about it.
        """
        round_, hand = self._playing(seat_id, deal_id)
        if not action.parts:
            raise GameError(f"{action.label} shows nothing, so there is nothing to reveal.")
        allegiance = None
        if Part.ALLEGIANCE in action.parts:
            allegiance = shown_allegiance or hand.allegiance
            if allegiance is not hand.allegiance:
                if hand.robot is not CHEATBOT:
                    raise NotAllowed("Only CheatBot may show an allegiance it does not hold.")
                if not action.cheat_may_lie:
                    raise NotAllowed("At the end of the round even CheatBot shows the truth.")
        reveal = Reveal(
            seat_id,
            self.seat(seat_id).name,
            action,
            robot=hand.robot if Part.ROBOT in action.parts else None,
            power=hand.power if Part.POWER in action.parts else None,
            allegiance=allegiance,
        )
        if round_.reveals and round_.reveals[-1] == reveal:
            return self  # the same reveal twice in a row is a double tap, not news
        return replace(self, round=replace(round_, reveals=(*round_.reveals, reveal)))

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
    ) -> Table:
        """Use NegativeBot, SwapBot or BetBot (or CopyBot's copy of one): a verified reveal
        of the robot and power on the board, and its effect on the count."""
        round_, hand = self._playing(seat_id, deal_id)
        return replace(self, round=use_robot(self, seat_id, round_, hand, robot, target, bet))

    # -- the end of the round, the split, the score --

    @property
    def names(self) -> dict[int, str]:
        """Each seat's player, by seat."""
        return {seat.id: seat.name for seat in self.seats}

    def _ended_round(self) -> Round:
        if self.round is None or not self.round.ended:
            raise Conflict("The round has not ended yet: the host ends it with End the round.")
        return self.round

    def end_round(self, by: int) -> Table:
        """The host ends the round: everything is shown, and the count is made."""
        self._host_only(by, "end the round")
        if self.round is None or self.round.ended:
            raise Conflict("There is no round in play to end.")
        return replace(self, round=replace(self.round, ended=True))

    def tally(self) -> Tally:
        """The ended round, counted."""
        return self._ended_round().tally(self.names)

    def propose_split(self, seat_id: int, shares: dict[int, int]) -> Table:
        round_ = self._ended_round()
        if round_.proposal is not None:
            raise Conflict("A split is already proposed: answer it, or wait for the answers.")
        proposal = propose(self.tally(), seat_id, shares)
        return replace(self, round=replace(round_, proposal=proposal))

    def answer_split(self, seat_id: int, agree: bool) -> Table:
        round_ = self._ended_round()
        if round_.proposal is None:
            raise Conflict("No split has been proposed yet.")
        try:
            proposal = answer(self.tally(), round_.proposal, seat_id, agree)
        except GameError as refused:
            raise Conflict(refused.message) from None
        return replace(self, round=replace(round_, proposal=proposal))

    def correct_scaredy(self, by: int, seat_id: int, only_power: bool) -> Table:
        """The host corrects ScaredyBot's bonus (a card shown on camera only), before the
        score is kept."""
        self._host_only(by, "correct ScaredyBot's bonus")
        round_ = self._ended_round()
        hand = round_.hand_of(seat_id)
        if hand is None or hand.robot is not SCAREDYBOT:
            raise GameError("That player is not ScaredyBot this round.")
        if round_.kept:
            raise Conflict("The score of this round is kept already.")
        fixes = tuple(p for p in round_.scaredy if p[0] != seat_id) + ((seat_id, only_power),)
        return replace(self, round=replace(round_, scaredy=fixes))

    def keep_score(self, by: int) -> Table:
        """The host puts the counted round on the scoreboard."""
        self._host_only(by, "keep the score")
        round_ = self._ended_round()
        if round_.kept:
            raise Conflict("The score of this round is kept already.")
        counted = self.tally()
        if not counted.settled:
            raise Conflict("The winners have not settled their split yet.")
        return replace(self, round=replace(round_, kept=True), game=self.game.keep(counted))

    def set_target(self, by: int, target: int) -> Table:
        """The host sets the points that win the game, before its first deal."""
        self._host_only(by, "set the points to win")
        if self.round is not None:
            raise Conflict("The points to win are set before the game's first deal.")
        return replace(self, game=self.game.with_target(target))

    def new_game(self, by: int) -> Table:
        """The host starts again: the same seats, every score at zero."""
        self._host_only(by, "start a new game")
        return replace(self, round=None, game=self.game.restart())

    # -- views --

    def shown_by(self, seat_id: int) -> Shown:
        """What a seat has shown this round (``views.shown_by``)."""
        return shown_by(self, seat_id)

    def view_for(self, seat_id: int | None) -> TableView:
        """What one seat (or, with None, the board and anyone else) may see."""
        return view_for(self, seat_id)
