"""The host's choices for the game and the next deal, and the deal itself: how the round is
run (by the app, with its timers, or by voice), the non-player robot, the points to win, a new
round dealt from both decks (or dealt again, a mis-deal), and a new game. Acts: each takes a
table and returns a new one, or raises a ``GameError`` that says why not."""

from __future__ import annotations

import random
from dataclasses import replace

from ..cards import Allegiance
from ..deal import deal_table
from ..errors import Conflict
from ..hand import Hand
from ..messages import N_
from .conduct import begin
from .guards import host_only
from .refusals import deal_refused, new_game_refused, refuse, target_refused
from .round import Dealt, Round
from .settings import Settings
from .state import TableState
from .story import Ended


def set_settings(table: TableState, by: int, settings: Settings) -> TableState:
    """The host chooses, for the next deal, whether the app conducts the round, and its
    timers."""
    host_only(table, by, N_("Only the host can set how the round is run."))
    if table.computers and not settings.conducted:
        raise Conflict(
            N_(
                "Computer players play only rounds the app runs: remove them to call rounds "
                "by voice."
            )
        )
    return replace(table, settings=settings.check())


def set_npr(table: TableState, by: int, wanted: bool) -> TableState:
    """The host chooses whether the next deal includes the non-player robot."""
    host_only(table, by, N_("Only the host can choose the non-player robot."))
    return replace(table, npr_next_deal=wanted)


def set_target(table: TableState, by: int, target: int) -> TableState:
    """The host sets the points that win the game, before its first deal."""
    refuse(target_refused(table, by))
    return replace(table, game=table.game.with_target(target))


def deal(
    table: TableState,
    by: int,
    rng: random.Random,
    now: float = 0.0,
    last_deal: int | None = None,
    again: bool = False,
) -> TableState:
    """Start a new round for everyone seated, from both decks shuffled once; conducted by the
    app (its Debate on the clock from ``now``) unless the host chose to call it by voice.

    ``last_deal`` is the deal the host's page was showing (0 before the first): a form that
    lands twice, or late, finds another and changes nothing. A round in play is dealt again
    only when the host says so (``again``: a mis-deal), and the board says so."""
    refuse(deal_refused(table, by, last_deal, again))
    # Rounds are counted as played: a round dealt again before its end keeps its number.
    number = len(table.game.rounds) + 1
    deal_id = table.deals + 1
    deals, points = deal_table(len(table.seats), rng)
    hands = tuple(
        (seat.id, Hand.from_deal(dealt, deal_id=deal_id))
        for seat, dealt in zip(table.seats, deals, strict=True)
    )
    npr = Allegiance.NEUTRAL if table.npr_next_deal else None
    conducted = begin(table.settings, now) if table.settings.conducted else None
    dealt = tuple(
        Dealt(seat.id, one.power, one.flips) for seat, one in zip(table.seats, deals, strict=True)
    )
    round_ = Round(
        number, hands, points, npr, deal_id=deal_id, conduct=conducted, again=again, dealt=dealt
    )
    return replace(table, round=round_, deals=deal_id, chapters=table.closed)


def new_game(table: TableState, by: int, last_deal: int | None = None) -> TableState:
    """The host starts again: the same seats, every score at zero, the next game's number;
    the game that ends keeps its story (``story.Ended``). ``last_deal``: the last deal the host's
    page showed (a form that lands twice, or late, is refused)."""
    refuse(new_game_refused(table, by, last_deal))
    ended = Ended(
        table.game_number,
        table.game,
        table.closed,
        tuple(table.names.items()),
        table.computer_levels,
    )
    return replace(
        table,
        round=None,
        game=table.game.restart(),
        game_number=table.game_number + 1,
        chapters=(),
        past=(*table.past, ended),
        gone=(),
    )


def share(table: TableState, game_number: int, token: str) -> TableState:
    """A game that is over gets its read-only link's ``token`` (any seat may ask; a game
    shared already keeps its first token, and the table is unchanged). This game is over
    once it has a winner; an earlier game is over."""
    if dict(table.tokens).get(game_number):
        return table
    over = game_number == table.game_number and table.game.winner is not None
    if not (over or table.earlier(game_number) is not None):
        raise Conflict(N_("A game's story is shared once the game is over."))
    return replace(table, tokens=(*table.tokens, (game_number, token)))
