"""Known cards: a dealt table with the cards a test needs, set by the players' names."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from evilrobots.game.cards import Allegiance, Coin, PowerCard, robot_named
from evilrobots.game.table import Table
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.now import Step, happening
from evilrobots.game.table.round import Dealt

# What a test says of a seat's cards: a robot's name; (robot, power, allegiance); or the
# hand's fields to set, by name (robot=..., allegiance=..., ...).
Cards = str | tuple[str, int, Allegiance] | dict[str, Any]
# The coins that deal each allegiance, for cards set as dealt.
FLIPS = {
    Allegiance.GOOD: (Coin.HEADS, Coin.HEADS),
    Allegiance.EVIL: (Coin.TAILS, Coin.TAILS),
    Allegiance.NEUTRAL: (Coin.HEADS, Coin.TAILS),
}


def _hand_fields(cards: Cards) -> dict[str, Any]:
    if isinstance(cards, str):
        return {"robot": robot_named(cards)}
    if isinstance(cards, tuple):
        robot, power, allegiance = cards
        return {
            "robot": robot_named(robot),
            "power": PowerCard(power),
            "allegiance": allegiance,
            "flips": None,
        }
    fields = dict(cards)
    if isinstance(fields.get("robot"), str):
        fields["robot"] = robot_named(fields["robot"])
    if isinstance(fields.get("power"), int):
        fields["power"] = PowerCard(fields["power"])
    return fields


def known(table: Table, points: int | None = None, **players: Cards) -> Table:
    """The table with each named player's cards set (``ada=("SumoBot", 5, GOOD)``), as
    dealt, and the points card if given. Nothing else changes: a case may give two seats one
    robot."""
    round_ = table.round
    assert round_ is not None, "deal first"
    by_name = {seat.name.casefold(): seat.id for seat in table.seats}
    for name, cards in players.items():
        seat = by_name[name.casefold()]
        hand = replace(round_.hand_of(seat), **_hand_fields(cards))
        round_ = replace(
            round_.with_hand(seat, hand),
            dealt=tuple(
                Dealt(seat, hand.power, FLIPS[hand.allegiance]) if d.seat == seat else d
                for d in round_.dealt
            ),
        )
    if points is not None:
        round_ = replace(round_, points=PowerCard(points))
    return replace(table, round=round_)


def give(app: Any, code: str, points: int | None = None, **players: Cards) -> Table:
    """Set known cards at a table in the app's store (to set up a case); live pages follow."""
    return app.extensions["evilrobots.store"].change(
        code, lambda table: known(table, points, **players)
    )


def run_out(app: Any, code: str) -> Table:
    """Time passes, in the app's store, until the round the app runs has nothing left on a
    timer: every call, turn, window and proof runs out, and the round waits for the host to
    end it (its live pages follow)."""

    def finish(table: Table) -> Table:
        while table.deadline is not None:
            table = table.tick(table.deadline)
        return table

    return app.extensions["evilrobots.store"].change(code, finish)


def time_runs_out(app: Any, code: str, moment: Step, level: int | None = None) -> None:
    """The step on the clock at this table, while it is ``moment`` (at power ``level``, if
    given: a call, or a turn in the Countdown), runs out now: the live server's clock (a
    ``LiveClock``) moves on to its deadline, and the server's ticker moves the table on by
    itself, as when nobody acts in time. A step already over changes nothing: a clock that
    has moved on to the next step never skips that one too."""
    table = app.extensions["evilrobots.store"].load(code)
    now = happening(table.round, {seat.id: seat.name for seat in table.seats})
    assert now is not None, "no round the app runs is in play"
    same = now.step is moment and level in (None, now.level)
    if same and now.deadline is not None:
        app.config["CLOCK"].reach(now.deadline)


def countdown_to(
    app: Any, code: str, level: int, also: tuple[Step, ...] = (), timeout: float = 30.0
) -> None:
    """The Countdown goes on to ``level`` without waiting for the calls above it that nobody
    takes: each runs out at once (as ``time_runs_out``), and so does each step that is one
    of ``also`` (a window nobody else answers, a proof never given); any other step (a turn
    being taken) is waited for as it comes. Returns once ``level`` is called (for 0, once
    the Countdown is over: every call has gone by)."""
    store = app.extensions["evilrobots.store"]
    give_up = time.monotonic() + timeout
    while True:
        table = store.load(code)
        now = happening(table.round, {seat.id: seat.name for seat in table.seats})
        assert now is not None, "no round the app runs is in play"
        if now.step is Step.CALLED and now.level == level:
            return
        if level == 0 and now.phase is not Phase.COUNTDOWN:
            return
        above = now.step is Step.CALLED and now.level > level
        if (above or now.step in also) and now.deadline is not None:
            app.config["CLOCK"].reach(now.deadline)
        while store.load(code).version == table.version:  # until the table moves on
            assert time.monotonic() < give_up, f"power {level} was never called: {now}"
            time.sleep(0.02)
