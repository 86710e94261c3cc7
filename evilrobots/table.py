"""A shared table: seats, rounds dealt from one deck, verified reveals, and per-viewer views.

Pure: no Flask, no I/O, randomness and time passed in. A ``Table`` is immutable; every change
returns a new one, or raises a ``TableError`` that says, in a player's words, why not.

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
from dataclasses import dataclass, replace
from typing import Any

from .cards import ROBOTS, Allegiance, PowerCard, Robot
from .deal import deal_table
from .hand import Action, Hand, Part, dump, load

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
CHEATBOT = "CheatBot"


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

    @property
    def words(self) -> str:
        """ "Ada · Convert another player · power 4 · Evil"."""
        shown = [
            self.robot.name if self.robot else "",
            f"power {self.power.value}" if self.power else "",
            self.allegiance.label if self.allegiance else "",
        ]
        return " · ".join([self.name, self.action.label, *(part for part in shown if part)])


@dataclass(frozen=True, slots=True)
class Round:
    """One deal: each seat's hand, the shared points card, the non-player robot, the reveals."""

    number: int
    hands: tuple[tuple[int, Hand], ...]
    points: PowerCard
    npr: Allegiance | None = None  # None: the non-player robot is not in this round
    reveals: tuple[Reveal, ...] = ()

    def hand_of(self, seat: int) -> Hand | None:
        for holder, hand in self.hands:
            if holder == seat:
                return hand
        return None

    def with_hand(self, seat: int, hand: Hand) -> Round:
        return replace(self, hands=tuple((s, hand if s == seat else h) for s, h in self.hands))


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
class TableView:
    """The table as one viewer may see it. Anything they may not see is absent."""

    code: str
    open: bool
    seats: tuple[SeatView, ...]
    round: int  # 0 before the first deal
    points: PowerCard | None
    npr: NprView | None
    npr_next_deal: bool
    reveals: tuple[Reveal, ...]  # this round's, newest first
    you: SeatView | None = None
    hand: Hand | None = None  # the viewer's own hand, in full

    @property
    def spoken_code(self) -> str:
        return spoken_code(self.code)

    @property
    def round_tag(self) -> str:
        """The round as forms carry it, like a hand's round tag."""
        return f"{self.round:08x}"

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
        if round_ is not None:
            round_ = replace(round_, hands=tuple(p for p in round_.hands if p[0] != seat_id))
        return replace(self, seats=seats, host=host, round=round_)

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
        if len(self.seats) < MIN_TO_DEAL:
            raise Conflict(
                f"Deal needs at least {MIN_TO_DEAL} players at the table "
                "(the game is meant for 3 to 9)."
            )
        number = (self.round.number if self.round else 0) + 1
        deals, points = deal_table(len(self.seats), rng)
        hands = tuple(
            (seat.id, Hand.from_deal(deal, round_id=number))
            for seat, deal in zip(self.seats, deals, strict=True)
        )
        npr = Allegiance.NEUTRAL if self.npr else None
        return replace(self, round=Round(number, hands, points, npr))

    def _playing(self, seat_id: int, round_number: int) -> tuple[Round, Hand]:
        """The round being played and the seat's hand in it; RoundOver if that round is not
        the one the seat means."""
        self.seat(seat_id)
        round_ = self.round
        if round_ is None or round_.number != round_number:
            raise RoundOver("That round is over: a new one was dealt. Here are your new cards.")
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
        if self.round is None or self.round.number != round_number:
            raise RoundOver("That round is over: a new one was dealt.")
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
        return replace(self, round=replace(round_, reveals=(*round_.reveals, reveal)))

    # -- views --

    def shown_by(self, seat_id: int) -> Shown:
        """What a seat has shown this round, each card as last revealed."""
        robot = power = allegiance = None
        for reveal in self.round.reveals if self.round else ():
            if reveal.seat == seat_id:
                robot = reveal.robot or robot
                power = reveal.power or power
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
        )


# ---- Kept as JSON (the store's concern is only bytes) ----------------------------------------

_ROBOT_INDEX = {robot: i for i, robot in enumerate(ROBOTS)}
STATE_VERSION = 1


def _reveal_state(reveal: Reveal) -> dict[str, Any]:
    return {
        "s": reveal.seat,
        "n": reveal.name,
        "a": reveal.action.slug,
        "r": _ROBOT_INDEX[reveal.robot] if reveal.robot else None,
        "p": reveal.power.value if reveal.power else None,
        "g": reveal.allegiance.value if reveal.allegiance else None,
    }


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
        "round": None
        if round_ is None
        else {
            "number": round_.number,
            "hands": [[seat, dump(hand)] for seat, hand in round_.hands],
            "points": round_.points.value,
            "npr": round_.npr.value if round_.npr else None,
            "reveals": [_reveal_state(r) for r in round_.reveals],
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
                reveals=tuple(
                    Reveal(
                        r["s"],
                        r["n"],
                        Action.from_slug(r["a"]),
                        ROBOTS[r["r"]] if r["r"] is not None else None,
                        PowerCard(r["p"]) if r["p"] is not None else None,
                        Allegiance(r["g"]) if r["g"] else None,
                    )
                    for r in round_state["reveals"]
                ),
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
