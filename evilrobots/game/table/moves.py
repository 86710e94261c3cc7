"""Every act a move: what a seat may do now (``legal``), the one way to do it (``apply``),
time passing (``advance``), and a new table (``start``). As OpenSpiel's ``legal_actions`` and
``apply_action``: a web form is turned into a move and applied; a computer player chooses
one of ``legal`` and applies it the same way (``computers``).

``apply`` moves the table on to ``now`` first for a move of a round the app runs (and for a
seat leaving, or removed), so a move that lands just after a deadline is judged against the
round as it now stands. A private tap (what a seat hides, CheatBot's and PassBot's choices)
and the host's controls move nothing else on: a private tap that moved the clock would tell
everyone that someone tapped. What a move did comes back with it (``Effects``): the log's
new entries, what it showed the camera, the seat that alone may see it, the seat given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from . import (
    choices,
    clock,
    computers,
    conversions,
    countdown,
    dealing,
    ending,
    proofs,
    robots,
    seating,
    standins,
    voice,
)
from .kinds import (
    AbandonRound,
    AddComputer,
    AnswerSplit,
    Arrange,
    ChooseAllegiance,
    ChooseCheat,
    ChooseFirst,
    Claim,
    Convert,
    ConvertNpr,
    CorrectScaredy,
    Deal,
    EndRound,
    Hide,
    Join,
    KeepScore,
    Leave,
    MakeHost,
    Move,
    NewGame,
    NoReaction,
    OfferLink,
    PassDebate,
    PassTurn,
    Promote,
    ProposeSplit,
    Prove,
    React,
    Remove,
    RevealAction,
    SetNpr,
    SetOpen,
    SetSettings,
    SetTarget,
    Share,
    Show,
    Speak,
    StandIn,
    StartCountdown,
    TakeBack,
    TakeLink,
    UseRobot,
    Withdraw,
)
from .offers import legal
from .round import Reveal
from .settings import Settings
from .shown import ActShown, act_shown
from .state import TableState

__all__ = ["Applied", "Effects", "Move", "advance", "apply", "legal", "start"]


@dataclass(frozen=True, slots=True)
class Effects:
    """What a move did. ``private_to``: the one seat that alone may see the change (None:
    everyone may); ``seat``: the seat that moved (for ``Join`` and ``TakeLink``, the seat it
    was given)."""

    entries: tuple[Reveal, ...] = ()  # the log's entries it added
    shown: ActShown | None = None  # what it showed the camera (``shown.act_shown``)
    private_to: int | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Applied:
    """The table after a move, and what the move did. ``table`` is the very table given when
    the move changed nothing (nothing to write, nobody to tell)."""

    table: Any  # the table's own class (``dataclasses.replace`` keeps it)
    effects: Effects


Act = Callable[[Any, Any, Any, float, random.Random], Any]

# Each kind's act: (table, seat, move, now, rng) -> the new table.
ACTS: dict[type, Act] = {
    Leave: lambda t, s, m, now, rng: seating.leave(t, s, now),
    OfferLink: lambda t, s, m, now, rng: seating.offer_move(t, s, m.token, m.until),
    Share: lambda t, s, m, now, rng: dealing.share(t, m.game, m.token),
    Speak: lambda t, s, m, now, rng: seating.speaks(t, s, m.language),
    SetSettings: lambda t, s, m, now, rng: dealing.set_settings(t, s, _settings(t, m)),
    SetNpr: lambda t, s, m, now, rng: dealing.set_npr(t, s, m.wanted),
    SetTarget: lambda t, s, m, now, rng: dealing.set_target(t, s, m.target),
    SetOpen: lambda t, s, m, now, rng: seating.set_open(t, s, m.open),
    Remove: lambda t, s, m, now, rng: seating.remove(t, s, m.seat, now),
    MakeHost: lambda t, s, m, now, rng: seating.make_host(t, s, m.seat),
    AddComputer: lambda t, s, m, now, rng: seating.add_computer(t, s, m.level, rng.getrandbits(62)),
    StandIn: lambda t, s, m, now, rng: standins.stand_in(t, s, m.seat),
    TakeBack: lambda t, s, m, now, rng: standins.take_back(t, s),
    Deal: lambda t, s, m, now, rng: dealing.deal(t, s, rng, now, m.last_deal, m.again),
    NewGame: lambda t, s, m, now, rng: dealing.new_game(t, s, m.last_deal),
    EndRound: lambda t, s, m, now, rng: ending.end_round(t, s, now),
    AbandonRound: lambda t, s, m, now, rng: ending.abandon_round(t, s, m.deal),
    CorrectScaredy: lambda t, s, m, now, rng: ending.correct_scaredy(t, s, m.seat, m.only_power),
    KeepScore: lambda t, s, m, now, rng: ending.keep_score(t, s, now),
    ProposeSplit: lambda t, s, m, now, rng: ending.propose_split(t, s, dict(m.shares), m.seen, now),
    AnswerSplit: lambda t, s, m, now, rng: ending.answer_split(t, s, m.agree, m.proposal, now),
    Arrange: lambda t, s, m, now, rng: voice.arrange(t, s, m.deal, m.hidden, m.allegiance),
    Hide: lambda t, s, m, now, rng: voice.hide(t, s, m.deal, m.part),
    Show: lambda t, s, m, now, rng: voice.show(t, s, m.deal, m.part),
    ChooseAllegiance: lambda t, s, m, now, rng: voice.choose(t, s, m.deal, m.allegiance),
    ConvertNpr: lambda t, s, m, now, rng: voice.convert_npr(t, s, m.deal, m.allegiance),
    RevealAction: lambda t, s, m, now, rng: voice.reveal(t, s, m.deal, m.action, m.shown, now),
    Withdraw: lambda t, s, m, now, rng: voice.withdraw(t, s, m.deal, now),
    PassDebate: lambda t, s, m, now, rng: countdown.pass_debate(t, s, m.deal, now),
    StartCountdown: lambda t, s, m, now, rng: countdown.start_countdown(t, s, m.deal, now),
    Claim: lambda t, s, m, now, rng: countdown.claim(t, s, m.deal, now, m.with_power),
    Promote: lambda t, s, m, now, rng: countdown.promote(t, s, m.deal, now, m.other),
    PassTurn: lambda t, s, m, now, rng: countdown.pass_turn(t, s, m.deal, now),
    Convert: lambda t, s, m, now, rng: conversions.convert(
        t, s, m.deal, now, m.target, m.allegiance
    ),
    React: lambda t, s, m, now, rng: conversions.react(t, s, m.deal, now, m.on_instigator),
    NoReaction: lambda t, s, m, now, rng: conversions.no_reaction(t, s, m.deal, now),
    Prove: lambda t, s, m, now, rng: proofs.prove(t, s, m.deal, now, m.proof),
    ChooseCheat: lambda t, s, m, now, rng: choices.choose_cheat(
        t, s, m.deal, now, m.shows, m.story
    ),
    ChooseFirst: lambda t, s, m, now, rng: choices.choose_first(t, s, m.deal, now, m.first),
    UseRobot: lambda t, s, m, now, rng: robots.use_robot(
        t, s, m.deal, m.robot, m.target, m.team, now
    ),
}

TIMED = frozenset(  # the kinds that move the table on to ``now`` before they are judged
    {
        Leave,
        Remove,
        EndRound,
        PassDebate,
        StartCountdown,
        Claim,
        Promote,
        PassTurn,
        Convert,
        React,
        NoReaction,
        Prove,
        UseRobot,
    }
)
SEATLESS = frozenset({Join, TakeLink})  # the kinds a browser without a seat makes
# A seat's own taps (what it hides, CheatBot's and PassBot's choices) change only what its
# phone shows (``legal`` gives none while something is due that they could change): told to
# that seat alone. ``Arrange`` is one too when it leaves the allegiance as it is.
PRIVATE = frozenset({Hide, Show, ChooseCheat, ChooseFirst, Arrange})


def _settings(table: TableState, move: SetSettings) -> Settings:
    split = table.settings.split if move.split is None else move.split
    return Settings(move.conducted, move.debate, move.pace, move.window, move.turn_seconds, split)


def apply(
    table: TableState,
    seat: int | None,
    move: Move,
    now: float = 0.0,
    rng: random.Random | None = None,
) -> Applied:
    """The one write: ``move`` made by ``seat`` (None: a browser without one) at ``now``.
    Refused with the ``GameError`` that says why, the table untouched."""
    kind = type(move)
    if kind in SEATLESS:
        return _seatless(table, move, now)
    if seat is None:  # a caller's mistake, not a player's: a browser's seat is found first
        raise TypeError(f"{kind.__name__} is made by a seat")
    act = ACTS.get(kind)
    if act is None:
        raise TypeError(f"not a move: {move!r}")
    moved = clock.tick(table, now) if kind in TIMED else table
    after = act(moved, seat, move, now, rng or random.SystemRandom())
    if after is table:
        return Applied(after, Effects(seat=seat))
    if (table.computers or table.practice) and after == table:
        return Applied(table, Effects(seat=seat))  # nothing to choose again
    private = seat if kind in PRIVATE and _own(table, seat, move) else None
    effects = _effects(table, after, seat, private)
    # Each computer seat chooses afresh (after a private tap, only the seat that made it).
    return Applied(computers.plan(after, now, only=private), effects)


def _own(table: TableState, seat: int, move: Move) -> bool:
    """Whether a private tap stays the seat's own: an arrangement by voice that changes the
    allegiance is said on the board (\"changed allegiance\")."""
    if not isinstance(move, Arrange) or move.allegiance is None:
        return True
    hand = table.round.hand_of(seat) if table.round is not None else None
    return hand is not None and hand.allegiance is move.allegiance


def _seatless(table: TableState, move: Move, now: float) -> Applied:
    if isinstance(move, Join):
        after = seating.join(table, move.name, move.secret)
        given = seating.seat_with_secret(after, move.secret)
    elif isinstance(move, TakeLink):
        after, taken = seating.take_move(table, move.token, move.secret, now)
        given = taken
    else:  # pragma: no cover - SEATLESS names only these
        raise TypeError(move)
    seat = given.id if given else None
    return Applied(after, Effects(seat=seat) if after is table else _effects(table, after, seat))


def _effects(
    before: TableState, after: TableState, seat: int | None, private: int | None = None
) -> Effects:
    """What a move made by ``seat`` did, ``before`` to ``after``: the log's entries it added
    (a new deal's log is all new) and what it showed the camera; ``private``, the seat it is
    told to alone, as the kind of move says (``PRIVATE``)."""
    one, two = before.round, after.round
    entries: tuple[Reveal, ...] = ()
    if two is not None:
        same = one is not None and one.deal_id == two.deal_id
        entries = two.reveals[len(one.reveals) :] if same and one is not None else two.reveals
    return Effects(
        entries=entries,
        shown=act_shown(one, two, seat) if seat is not None else None,
        private_to=private,
        seat=seat,
    )


def advance(table: TableState, now: float, rng: random.Random | None = None) -> Applied:
    """Time passing: the table moved past whatever is due by ``now`` (what the store's ticker
    does when ``table.deadline`` has come), and the computer seats' moves made whose time
    has come; the very same table if nothing is. A computer seat's private move is made
    alone, told to that seat alone."""
    after = clock.tick(table, now)
    if after is not table:
        after = computers.plan(after, now)
    for _ in range(len(after.planned) + 1):
        planned = computers.due(after, now)
        if planned is None:
            break
        if not computers.still_legal(after, planned, now):
            after = computers.plan(computers.dropped(after, planned), now, only=planned.seat)
            continue
        if type(planned.move) in PRIVATE:
            if after is not table:
                break  # the next look makes it, alone, at its time: what it leads to follows
            made = apply(after, planned.seat, planned.move, planned.at, rng)
            return Applied(made.table, replace(made.effects, private_to=planned.seat))
        after = apply(after, planned.seat, planned.move, now, rng).table
    if after is table:
        return Applied(table, Effects())
    return Applied(after, _effects(table, after, None, _quiet(table, after)))


def _quiet(before: TableState, after: TableState) -> int | None:
    """A change of computer seats' plans alone: told to one of them, so no player hears."""
    if before.round is not after.round or replace(before, planned=()) != replace(after, planned=()):
        return None
    return min((p.seat for p in set(before.planned) ^ set(after.planned)), default=None)


def start(
    code: str, host_name: str, secret: str, table_class: type = TableState, practice: bool = False
) -> Any:
    """A new table with its first seat, the host (``practice``: a table to practise at,
    whose host's next steps the app takes too)."""
    return seating.join(table_class(code, practice=practice), host_name, secret)
