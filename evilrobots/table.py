"""A shared table: seats, rounds dealt from one deck, verified reveals, the count at the end
of each round, the game to its target, and per-viewer views.

Pure: no Flask, no I/O, randomness and time passed in. A ``Table`` is immutable; every change
returns a new one, or raises a ``TableError`` that says, in a player's words, why not. The
counting itself is ``scoring``'s; here is what the round did that it counts.

Secrets never travel through here in the clear: a seat holds the hash of its browser's secret
(and of a one-time move link), so a copy of the store does not let anyone take a seat.
``view_for(seat)`` is what one seat may see: its own hand in full, everyone else only as they
have revealed it; ``view_for(None)`` is the board. A view simply lacks what its viewer may
not see, so a template cannot leak it.
"""

from __future__ import annotations

import hmac
import random
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .cards import ROBOTS, Allegiance, PowerCard, Robot
from .deal import deal_table
from .hand import Action, Hand, Part, dump, load
from .scoring import (
    DEFAULT_TARGET,
    Game,
    Proposal,
    ScoringError,
    Seated,
    Tally,
    answer,
    propose,
    settle,
    tally,
)

MAX_SEATS = 9
MIN_TO_DEAL = 2
NAME_LIMIT = 24
# Easy to read aloud and to type: no 0/O, no 1/I/L. Eight of 31 symbols make 8.5e11 codes:
# at a thousand guesses a second against a thousand open tables, a first hit takes ten days.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# The non-player robot of the optional rule for low player counts.
NPR_POWER = PowerCard(5)
NPR_NAME = "The non-player robot"
NPR_SEAT = 0  # how a robot action names the non-player robot as its target
CHEATBOT = "CheatBot"
COPYBOT = "CopyBot"
# The actions that change the count, by the robot whose action each is.
COUNT_ACTIONS = ("NegativeBot", "SwapBot", "BetBot")


class TableError(Exception):
    """A change the table refuses; ``status`` is the HTTP status a view should answer with."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(TableError):
    """Only the host (or the holder of a card) may do that."""

    status = 403


class Conflict(TableError):
    """The table is not in a state that allows it: full, closed, a name taken."""

    status = 409


class RoundOver(TableError):
    """A change for a round that is no longer being played."""

    status = 409


# ---- Codes and names -----------------------------------------------------------------------


def new_code(rng: random.Random) -> str:
    """Draw a table code."""
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(raw: str) -> str | None:
    """Read a code as a player typed it (any case, spaces or dashes); None if it cannot be one."""
    code = "".join(raw.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_ALPHABET):
        return None
    return code


def spoken_code(code: str) -> str:
    """The code as shown and read aloud: two groups of four, "ABCD-2345"."""
    return f"{code[:4]}-{code[4:]}"


def clean_name(raw: str) -> str:
    """Return a player's name, trimmed; raise TableError if it cannot be one."""
    name = " ".join(raw.split())
    if not name:
        raise TableError("Say your name: it is how the others see you at the table.")
    if len(name) > NAME_LIMIT:
        raise TableError(f"Your name can be {NAME_LIMIT} characters at most.")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise TableError("Your name can only hold letters, digits, spaces and punctuation.")
    return name


# ---- The values ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table, held by one browser (by the hash of its secret)."""

    id: int  # seats are numbered in the order they were taken, so the lowest sat longest
    name: str
    secret: str
    move: str | None = None  # hash of a one-time link that moves the seat to another phone
    move_until: float = 0.0


@dataclass(frozen=True, slots=True)
class Reveal:
    """What one seat showed the table through the app, with the values the server holds."""

    seat: int
    name: str
    action: Action
    robot: Robot | None = None
    power: PowerCard | None = None
    allegiance: Allegiance | None = None
    effect: str = ""  # what a robot action did, in words
    power_after: PowerCard | None = None  # SwapBot's power once swapped (public from then)

    @property
    def words(self) -> str:
        """ "Ada · Convert another player · power 4 · Evil"."""
        shown = [
            self.robot.name if self.robot else "",
            f"power {self.power.value}" if self.power else "",
            self.allegiance.label if self.allegiance else "",
            self.effect,
        ]
        return " · ".join([self.name, self.action.label, *(part for part in shown if part)])


@dataclass(frozen=True, slots=True)
class Use:
    """A robot action that changes the count, as used this round."""

    seat: int
    robot: str  # whose action it is: NegativeBot, SwapBot or BetBot
    copied: bool = False  # used by CopyBot
    target: int | None = None  # NegativeBot: the seat it picked (NPR_SEAT: the non-player robot)
    bet: Allegiance | None = None  # BetBot: the team it bet on


@dataclass(frozen=True, slots=True)
class Round:
    """One deal: each seat's hand, the shared points card, the non-player robot, the reveals."""

    number: int
    hands: tuple[tuple[int, Hand], ...]
    points: PowerCard
    npr: Allegiance | None = None  # None: the non-player robot is not in this round
    reveals: tuple[Reveal, ...] = ()
    uses: tuple[Use, ...] = ()
    ended: bool = False
    proposal: Proposal | None = None
    scaredy: tuple[tuple[int, bool], ...] = ()  # the host's corrections of ScaredyBot's bonus
    kept: bool = False  # its points are on the scoreboard
    id: int = 0  # the deal's tag, never the same twice at a table (numbers restart each game)
    gone: tuple[tuple[int, str], ...] = ()  # seats that left once it ended: counted, unpaid
    left: tuple[str, ...] = ()  # names of the seats that left while it was in play

    @property
    def in_play(self) -> bool:
        return not self.ended

    def hand_of(self, seat: int) -> Hand | None:
        for holder, hand in self.hands:
            if holder == seat:
                return hand
        return None

    def with_hand(self, seat: int, hand: Hand) -> Round:
        return replace(self, hands=tuple((s, hand if s == seat else h) for s, h in self.hands))

    def only_power_shown(self, seat: int) -> bool:
        """ScaredyBot's condition: through the app, this seat showed nothing but its power
        (the end of the round's own reveal aside), unless the host corrected it."""
        corrected = dict(self.scaredy)
        if seat in corrected:
            return corrected[seat]
        return all(
            reveal.robot is None and reveal.allegiance is None
            for reveal in self.reveals
            if reveal.seat == seat and reveal.action is not Action.END_OF_ROUND
        )

    def seated(self, names: dict[int, str]) -> list[Seated]:
        """Every seat's cards as the round ends, and what the round's actions did to them."""
        picked = {use.target for use in self.uses if use.robot == "NegativeBot"}
        bets = {use.seat: use.bet for use in self.uses if use.robot == "BetBot"}
        gone = dict(self.gone)
        names = gone | names
        seated = [
            Seated(
                seat,
                names.get(seat, "?"),
                hand.robot,
                hand.power,
                hand.allegiance,
                negated=seat in picked,
                bet=bets.get(seat),
                only_power_shown=self.only_power_shown(seat),
                gone=seat in gone,
            )
            for seat, hand in self.hands
        ]
        if self.npr is not None:
            seated.append(
                Seated(None, NPR_NAME, None, NPR_POWER, self.npr, negated=NPR_SEAT in picked)
            )
        return seated

    def tally(self, names: dict[int, str]) -> Tally:
        """The round counted (once it has ended), with the winners' split if they settled it."""
        counted = tally(self.seated(names), self.points.value, self.number)
        return settle(counted, self.proposal) if self.proposal else counted


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
class RobotAction:
    """A robot action the viewer may use now: its own, or CopyBot's copy of one."""

    robot: str
    copied: bool
    targets: tuple[tuple[int, str], ...] = ()  # NegativeBot: who it may pick

    @property
    def slug(self) -> str:
        return self.robot.lower()


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
    history: tuple[Kept, ...] = ()  # every kept round of the game, newest first
    scores_after: tuple[Score, ...] = ()  # the ended round's: what the scores become
    robot_actions: tuple[RobotAction, ...] = ()  # the viewer's, while the round is in play
    bets: tuple[tuple[str, Allegiance], ...] = ()  # public: who bet on what
    picked: tuple[str, ...] = ()  # public: whose power counts as negative
    left: tuple[str, ...] = ()  # public: who left the table while this round was in play
    scaredy: tuple[tuple[int, str, bool], ...] = ()  # host: ScaredyBot seats to correct
    round_id: int = 0  # the deal's tag, as forms carry it

    @property
    def names(self) -> dict[int, str]:
        return {seat.id: seat.name for seat in self.seats}

    @property
    def in_play(self) -> bool:
        return self.round > 0 and not self.ended

    @property
    def game_over(self) -> bool:
        return self.winner is not None

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
    def may_set_target(self) -> bool:
        return self.host and self.round == 0

    @property
    def round_label(self) -> str:
        """Where the game stands, in a few words, for the top of a seat's page."""
        if not self.round:
            return "No deal yet"
        if self.game_over:
            return "Game over"
        return f"Round {self.round}: over" if self.ended else f"Round {self.round}"

    @property
    def spoken_code(self) -> str:
        return spoken_code(self.code)

    @property
    def round_tag(self) -> str:
        """The round as forms carry it, like a hand's round tag."""
        return f"{self.round_id:08x}"

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
        """Fewer than the 3 the rules are written for."""
        return len(self.seats) < 3


# ---- The table -------------------------------------------------------------------------------


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
        raise TableError("That player is no longer at this table.")

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
            raise TableError("To leave the table yourself, use Leave the table.")
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
                "(the game is meant for 3 to 9)."
            )
        number = (self.round.number if self.round else 0) + 1
        round_id = self.deals + 1
        deals, points = deal_table(len(self.seats), rng)
        hands = tuple(
            (seat.id, Hand.from_deal(deal, round_id=round_id))
            for seat, deal in zip(self.seats, deals, strict=True)
        )
        npr = Allegiance.NEUTRAL if self.npr else None
        round_ = Round(number, hands, points, npr, id=round_id)
        return replace(self, round=round_, deals=round_id)

    def _playing(self, seat_id: int, round_id: int) -> tuple[Round, Hand]:
        """The round being played and the seat's hand in it; RoundOver if that round is not
        the one the seat means (``round_id``: the deal its page was made for)."""
        self.seat(seat_id)
        round_ = self.round
        if round_ is None or round_.id != round_id:
            raise RoundOver("That round is over: a new one was dealt. Here are your new cards.")
        if round_.ended:
            raise RoundOver("That round is over: everything is shown and counted.")
        hand = round_.hand_of(seat_id)
        if hand is None:
            raise RoundOver("You joined after this round was dealt: you play from the next deal.")
        return round_, hand

    def _hand(self, seat_id: int, round_number: int) -> Hand:
        return self._playing(seat_id, round_number)[1]

    def arrange(
        self, seat_id: int, round_number: int, hidden: frozenset[Part], allegiance: Allegiance
    ) -> Table:
        """Set what the seat hides and its (true) allegiance, as its phone shows them."""
        round_, hand = self._playing(seat_id, round_number)
        return replace(self, round=round_.with_hand(seat_id, hand.arrange(hidden, allegiance)))

    def hide(self, seat_id: int, round_number: int, part: Part) -> Table:
        hand = self._hand(seat_id, round_number)
        return self.arrange(seat_id, round_number, hand.hidden | {part}, hand.allegiance)

    def show(self, seat_id: int, round_number: int, part: Part) -> Table:
        hand = self._hand(seat_id, round_number)
        return self.arrange(seat_id, round_number, hand.hidden - {part}, hand.allegiance)

    def choose(self, seat_id: int, round_number: int, allegiance: Allegiance) -> Table:
        hand = self._hand(seat_id, round_number)
        return self.arrange(seat_id, round_number, hand.hidden, allegiance)

    def convert_npr(self, seat_id: int, round_number: int, allegiance: Allegiance) -> Table:
        """A player converts the non-player robot; its new allegiance is public."""
        self.seat(seat_id)
        if self.round is None or self.round.id != round_number or self.round.ended:
            raise RoundOver("That round is over.")
        if self.round.npr is None:
            raise Conflict("There is no non-player robot in this round.")
        return replace(self, round=replace(self.round, npr=allegiance))

    def reveal(
        self,
        seat_id: int,
        round_number: int,
        action: Action,
        shown_allegiance: Allegiance | None = None,
    ) -> Table:
        """Publish exactly what the action shows, with the values this seat holds.

        CheatBot may show any allegiance until the end of the round; the reveal then holds
        the allegiance shown, and nothing else about it.
        """
        round_, hand = self._playing(seat_id, round_number)
        if not action.parts:
            raise TableError(f"{action.label} shows nothing, so there is nothing to reveal.")
        allegiance = None
        if Part.ALLEGIANCE in action.parts:
            allegiance = shown_allegiance or hand.allegiance
            if allegiance is not hand.allegiance:
                if hand.robot.name != CHEATBOT:
                    raise NotAllowed("Only CheatBot may show an allegiance it does not hold.")
                if action is Action.END_OF_ROUND:
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
        """The count-changing actions this seat may use now: its robot's own (once a round),
        or, for CopyBot, a copy of any such action already used this round."""
        round_ = self.round
        hand = round_.hand_of(seat_id) if round_ and round_.in_play else None
        if hand is None or any(use.seat == seat_id for use in round_.uses):
            return ()
        if hand.robot.name in COUNT_ACTIONS:
            robots = [hand.robot.name]
        elif hand.robot.name == COPYBOT:
            robots = list(dict.fromkeys(use.robot for use in round_.uses))
        else:
            return ()
        names = {seat.id: seat.name for seat in self.seats}
        targets = tuple((seat, names.get(seat, "?")) for seat, _ in round_.hands)
        if round_.npr is not None:
            targets += ((NPR_SEAT, NPR_NAME),)
        return tuple(
            RobotAction(
                robot, hand.robot.name == COPYBOT, targets if robot == "NegativeBot" else ()
            )
            for robot in robots
        )

    def use_robot(
        self,
        seat_id: int,
        round_number: int,
        robot: str,
        target: int | None = None,
        bet: Allegiance | None = None,
    ) -> Table:
        """Use NegativeBot, SwapBot or BetBot (or CopyBot's copy of one): a verified reveal
        of the robot and power on the board, and its effect on the count."""
        round_, hand = self._playing(seat_id, round_number)
        offered = {action.robot: action for action in self.robot_actions(seat_id)}
        if robot not in offered:
            if any(use.seat == seat_id for use in round_.uses):
                raise Conflict("You have used your robot's action this round already.")
            raise NotAllowed(f"Your robot cannot use {robot}'s action now.")
        names = {seat.id: seat.name for seat in self.seats}
        use = Use(seat_id, robot, copied=offered[robot].copied)
        power_after = None
        if robot == "NegativeBot":
            if target not in dict(offered[robot].targets):
                raise TableError("Pick a player at this table (or the non-player robot).")
            use = replace(use, target=target)
            picked = NPR_NAME if target == NPR_SEAT else names[target]
            effect = f"{picked}'s power counts as negative"
        elif robot == "SwapBot":
            old, points = hand.power, round_.points
            round_ = replace(round_.with_hand(seat_id, replace(hand, power=points)), points=old)
            power_after = points
            effect = (
                f"swaps power {old.value} with the points card {points.value}: "
                f"the round is now worth {old.value}"
            )
        else:
            if bet is None:
                raise TableError("Bet on Good, Evil or Neutral.")
            use = replace(use, bet=bet)
            effect = f"bets on {bet.label}"
        if use.copied:
            effect = f"copies {robot}: {effect}"
        reveal = Reveal(
            seat_id,
            names[seat_id],
            Action.ROBOT_ACTION,
            robot=hand.robot,
            power=hand.power,
            effect=effect,
            power_after=power_after,
        )
        round_ = replace(round_, uses=(*round_.uses, use), reveals=(*round_.reveals, reveal))
        return replace(self, round=round_)

    # -- the end of the round, the split, the score --

    def _names(self) -> dict[int, str]:
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
        return self._ended_round().tally(self._names())

    def propose_split(self, seat_id: int, shares: dict[int, int]) -> Table:
        round_ = self._ended_round()
        if round_.proposal is not None:
            raise Conflict("A split is already proposed: answer it, or wait for the answers.")
        try:
            proposal = propose(self.tally(), seat_id, shares)
        except ScoringError as refused:
            raise TableError(refused.message) from None
        return replace(self, round=replace(round_, proposal=proposal))

    def answer_split(self, seat_id: int, agree: bool) -> Table:
        round_ = self._ended_round()
        if round_.proposal is None:
            raise Conflict("No split has been proposed yet.")
        try:
            proposal = answer(self.tally(), round_.proposal, seat_id, agree)
        except ScoringError as refused:
            raise Conflict(refused.message) from None
        return replace(self, round=replace(round_, proposal=proposal))

    def correct_scaredy(self, by: int, seat_id: int, only_power: bool) -> Table:
        """The host corrects ScaredyBot's bonus (a card shown on camera only), before the
        score is kept."""
        self._host_only(by, "correct ScaredyBot's bonus")
        round_ = self._ended_round()
        hand = round_.hand_of(seat_id)
        if hand is None or hand.robot.name != "ScaredyBot":
            raise TableError("That player is not ScaredyBot this round.")
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
        try:
            return replace(self, game=self.game.with_target(target))
        except ScoringError as refused:
            raise TableError(refused.message) from None

    def new_game(self, by: int) -> Table:
        """The host starts again: the same seats, every score at zero."""
        self._host_only(by, "start a new game")
        return replace(self, round=None, game=self.game.restart())

    # -- views --

    def _history(self) -> tuple[Kept, ...]:
        """Each kept round with the scores it left, newest first."""
        totals: dict[int, int] = {}
        names = self._names()
        kept = []
        for counted in self.game.rounds:
            for seat, points in counted.points().items():
                totals[seat] = totals.get(seat, 0) + points
            every = names | counted.names()
            after = _ranked(Score(seat, every.get(seat, "?"), p) for seat, p in totals.items())
            kept.append(Kept(counted.number, counted, after))
        return tuple(reversed(kept))

    def shown_by(self, seat_id: int) -> Shown:
        """What a seat has shown this round, each card as last revealed; everything, once
        the round has ended (CheatBot's truth included)."""
        round_ = self.round
        if round_ is not None and round_.ended:
            hand = round_.hand_of(seat_id)
            if hand is not None:
                return Shown(hand.robot, hand.power, hand.allegiance)
        robot = power = allegiance = None
        for reveal in round_.reveals if round_ else ():
            if reveal.seat == seat_id:
                robot = reveal.robot or robot
                power = reveal.power_after or reveal.power or power
                allegiance = reveal.allegiance or allegiance
        return Shown(robot, power, allegiance)

    def view_for(self, seat_id: int | None) -> TableView:
        """What one seat (or, with None, the board and anyone else) may see."""
        round_ = self.round
        seats = tuple(
            SeatView(
                seat.id,
                seat.name,
                host=seat.id == self.host,
                dealt=round_ is not None and round_.hand_of(seat.id) is not None,
                shown=self.shown_by(seat.id),
                you=seat.id == seat_id,
            )
            for seat in self.seats
        )
        you = next((seat for seat in seats if seat.you), None)
        names = self._names()
        ended = round_ is not None and round_.ended
        scores = _ranked(Score(seat.id, seat.name, self.game.score(seat.id)) for seat in self.seats)
        winner = self.game.winner
        history = self._history()
        ended_tally = round_.tally(names) if round_ and ended else None
        scores_after: tuple[Score, ...] = ()
        if ended_tally is not None and ended_tally.settled:
            if round_ is not None and round_.kept:
                scores_after = tuple(scores)
            else:
                gained = ended_tally.points()
                scores_after = _ranked(
                    Score(s.seat, s.name, s.points + gained.get(s.seat, 0)) for s in scores
                )
        uses = round_.uses if round_ else ()
        picked = tuple(
            NPR_NAME if use.target == NPR_SEAT else names.get(use.target or -1, "?")
            for use in uses
            if use.robot == "NegativeBot"
        )
        return TableView(
            code=self.code,
            open=self.open,
            seats=seats,
            round=round_.number if round_ else 0,
            points=round_.points if round_ else None,
            npr=NprView(round_.npr) if round_ and round_.npr else None,
            npr_next_deal=self.npr,
            reveals=tuple(reversed(round_.reveals)) if round_ else (),
            you=you,
            hand=round_.hand_of(you.id) if round_ and you else None,
            ended=ended,
            tally=ended_tally,
            proposal=round_.proposal if round_ and ended else None,
            kept=bool(round_ and round_.kept),
            target=self.game.target,
            scores=tuple(scores),
            winner=names.get(winner) if winner is not None else None,
            history=history,
            scores_after=scores_after,
            robot_actions=self.robot_actions(you.id) if you else (),
            bets=tuple((names.get(u.seat, "?"), u.bet) for u in uses if u.bet is not None),
            picked=picked,
            left=round_.left if round_ else (),
            scaredy=tuple(
                (seat, names.get(seat, "?"), round_.only_power_shown(seat))
                for seat, hand in round_.hands
                if hand.robot.name == "ScaredyBot"
            )
            if round_ and ended and not round_.kept and you and you.host
            else (),
            round_id=round_.id if round_ else 0,
        )


def _ranked(scores: Iterable[Score]) -> tuple[Score, ...]:
    """Most points first; ties in seating order."""
    return tuple(sorted(scores, key=lambda score: (-score.points, score.seat)))


# ---- Kept as JSON (the store's concern is only bytes) ----------------------------------------

_ROBOT_INDEX = {robot: i for i, robot in enumerate(ROBOTS)}
STATE_VERSION = 1


def _robot(index: int | None) -> Robot | None:
    return ROBOTS[index] if index is not None else None


def _reveal_state(reveal: Reveal) -> dict[str, Any]:
    return {
        "s": reveal.seat,
        "n": reveal.name,
        "a": reveal.action.slug,
        "r": _ROBOT_INDEX[reveal.robot] if reveal.robot else None,
        "p": reveal.power.value if reveal.power else None,
        "g": reveal.allegiance.value if reveal.allegiance else None,
        "e": reveal.effect,
        "pa": reveal.power_after.value if reveal.power_after else None,
    }


def _reveal(r: dict[str, Any]) -> Reveal:
    return Reveal(
        r["s"],
        r["n"],
        Action.from_slug(r["a"]),
        _robot(r["r"]),
        PowerCard(r["p"]) if r["p"] is not None else None,
        Allegiance(r["g"]) if r["g"] else None,
        r.get("e", ""),
        PowerCard(r["pa"]) if r.get("pa") else None,
    )


def _proposal_state(proposal: Proposal | None) -> dict[str, Any] | None:
    if proposal is None:
        return None
    return {"by": proposal.by, "shares": proposal.shares, "answers": proposal.answers}


def _proposal(state: dict[str, Any] | None) -> Proposal | None:
    if state is None:
        return None
    return Proposal(
        state["by"],
        tuple((seat, points) for seat, points in state["shares"]),
        tuple((seat, bool(agree)) for seat, agree in state["answers"]),
    )


def _seated_state(one: Seated) -> list[Any]:
    return [
        one.seat,
        one.name,
        _ROBOT_INDEX[one.robot] if one.robot else None,
        one.power.value,
        one.allegiance.value,
        one.negated,
        one.bet.value if one.bet else None,
        one.only_power_shown,
        one.gone,
    ]


def _seated(state: list[Any]) -> Seated:
    seat, name, robot, power, allegiance, negated, bet, only, *gone = state
    return Seated(
        seat,
        name,
        _robot(robot),
        PowerCard(power),
        Allegiance(allegiance),
        negated,
        Allegiance(bet) if bet else None,
        only,
        gone=bool(gone and gone[0]),
    )


def _tally_state(counted: Tally) -> dict[str, Any]:
    """A kept round, as what it was counted from (the count is made again when loaded) and
    how its winners settled their split."""
    return {
        "number": counted.number,
        "value": counted.value,
        "seated": [_seated_state(row.seated) for row in counted.rows],
        "shares": counted.shares,
        "split": counted.split,
    }


def _kept_tally(state: dict[str, Any]) -> Tally:
    counted = tally([_seated(one) for one in state["seated"]], state["value"], state["number"])
    shares = tuple((seat, points) for seat, points in state["shares"])
    return replace(counted, shares=shares, split=state["split"])


def to_state(table: Table) -> dict[str, Any]:
    """The table as JSON-safe values."""
    round_ = table.round
    return {
        "v": STATE_VERSION,
        "code": table.code,
        "seats": [
            {"id": s.id, "name": s.name, "secret": s.secret, "move": s.move, "until": s.move_until}
            for s in table.seats
        ],
        "host": table.host,
        "open": table.open,
        "npr": table.npr,
        "next": table.next_seat,
        "version": table.version,
        "deals": table.deals,
        "round": None
        if round_ is None
        else {
            "number": round_.number,
            "hands": [[seat, dump(hand)] for seat, hand in round_.hands],
            "points": round_.points.value,
            "npr": round_.npr.value if round_.npr else None,
            "reveals": [_reveal_state(r) for r in round_.reveals],
            "uses": [
                [u.seat, u.robot, u.copied, u.target, u.bet.value if u.bet else None]
                for u in round_.uses
            ],
            "ended": round_.ended,
            "proposal": _proposal_state(round_.proposal),
            "scaredy": round_.scaredy,
            "kept": round_.kept,
            "id": round_.id,
            "gone": round_.gone,
            "left": round_.left,
        },
        "game": {
            "target": table.game.target,
            "scores": table.game.scores,
            "rounds": [_tally_state(counted) for counted in table.game.rounds],
        },
    }


def from_state(state: dict[str, Any]) -> Table:
    """Rebuild a table from ``to_state``'s output; raise ValueError on anything else."""
    try:
        if not isinstance(state, dict) or state.get("v") != STATE_VERSION:
            raise ValueError("not a table")
        round_state = state["round"]
        round_ = None
        if round_state is not None:
            round_ = Round(
                number=round_state["number"],
                hands=tuple((seat, load(hand)) for seat, hand in round_state["hands"]),
                points=PowerCard(round_state["points"]),
                npr=Allegiance(round_state["npr"]) if round_state["npr"] else None,
                reveals=tuple(_reveal(r) for r in round_state["reveals"]),
                uses=tuple(
                    Use(seat, robot, copied, target, Allegiance(bet) if bet else None)
                    for seat, robot, copied, target, bet in round_state.get("uses", [])
                ),
                ended=round_state.get("ended", False),
                proposal=_proposal(round_state.get("proposal")),
                scaredy=tuple((seat, bool(v)) for seat, v in round_state.get("scaredy", [])),
                kept=round_state.get("kept", False),
                id=round_state.get("id", round_state["number"]),
                gone=tuple((seat, name) for seat, name in round_state.get("gone", [])),
                left=tuple(str(name) for name in round_state.get("left", [])),
            )
        game_state = state.get("game") or {}
        game = Game(
            target=game_state.get("target", DEFAULT_TARGET),
            scores=tuple((seat, points) for seat, points in game_state.get("scores", [])),
            rounds=tuple(_kept_tally(kept) for kept in game_state.get("rounds", [])),
        )
        return Table(
            code=state["code"],
            seats=tuple(
                Seat(s["id"], s["name"], s["secret"], s["move"], s["until"]) for s in state["seats"]
            ),
            host=state["host"],
            open=state["open"],
            npr=state["npr"],
            round=round_,
            next_seat=state["next"],
            version=state["version"],
            game=game,
            deals=state.get("deals", round_.id if round_ else 0),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a table: {exc!r}") from exc


__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_SEATS",
    "Conflict",
    "NotAllowed",
    "Reveal",
    "Round",
    "RoundOver",
    "Seat",
    "Table",
    "TableError",
    "TableView",
    "clean_code",
    "clean_name",
    "from_state",
    "new_code",
    "spoken_code",
    "to_state",
]
