"""Computer players' moves are made by the store's ticker, the one that moves every clock on:
on SQLite and on Redis, with two instances racing to move the same tables on, each planned
move is made once (every game ends, its scores what its counts make), and a store closed
mid-game (a restart, an instance lost) and opened again carries on from where it was."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest

from evilrobots.game.table import Table, moves
from evilrobots.game.table import kinds as k
from evilrobots.store import open_store


@pytest.fixture(params=["sqlite", "redis"])
def url(request, tmp_path) -> str:
    if request.param == "redis":
        return request.getfixturevalue("redis_url")
    return f"sqlite:{tmp_path / 'tables.sqlite3'}"


def practice_table(store, code: str, seed: int) -> Table:
    """A table to practise at: its host and four computer players, to 5 points, dealt."""
    rng = random.Random(seed)
    table = moves.start(code, "Ada", "secret-ada", Table, practice=True)
    for level in ("beginner", "player", "sharp", "player"):
        table = moves.apply(table, table.host, k.AddComputer(level), 0.0, rng).table
    table = moves.apply(table, table.host, k.SetTarget(5), 0.0, rng).table
    assert store.create(table)
    return store.change(code, lambda t: moves.apply(t, t.host, k.Deal(t.deals), 0.0, rng))


def counted(table: Table) -> Counter:
    points: Counter = Counter()
    for tally in table.game.rounds:
        points.update(tally.points())
    return points


def race(store, start: threading.Barrier, now: float) -> None:
    start.wait()
    store.advance_due(now)


def test_two_instances_racing_make_each_computer_move_once_and_every_game_ends(
    url, tmp_path, clock
):
    one, two = (open_store(url, str(tmp_path), clock, ticking=False) for _ in range(2))
    written: Counter = Counter()  # each version of each table, as either store wrote it
    for store in (one, two):
        commit = store.committed

        def noted(new, seat=None, commit=commit):
            written[new.code, new.version] += 1
            commit(new, seat)

        store.committed = noted
    codes = [f"RACE{n}".replace("0", "A").replace("1", "B") for n in range(4)]
    for n, code in enumerate(codes):
        practice_table(one, code, n)
    clock.now = 0.0
    try:
        for _ in range(4000):
            tables = [one.load(code) for code in codes]
            if all(t.game.winner is not None for t in tables):
                break
            due = min(t.deadline for t in tables if t.deadline is not None)
            clock.now = max(clock.now, due)
            start = threading.Barrier(2)
            threads = [
                threading.Thread(target=race, args=(s, start, clock.now)) for s in (one, two)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        for code in codes:
            table = one.load(code)
            assert table.game.winner is not None, code
            assert {s: p for s, p in counted(table).items() if p} == {
                s: p for s, p in table.game.scores if p
            }
            mine = [version for (c, version), _ in written.items() if c == code]
            # Every version written once, none skipped: each step (a computer's move, a
            # clock run out) made by one store only.
            assert sorted(mine) == list(range(min(mine), table.version + 1)), code
        assert written and max(written.values()) == 1
    finally:
        one.close()
        two.close()


def test_a_store_closed_mid_game_and_opened_again_carries_on(url, tmp_path, clock):
    store = open_store(url, str(tmp_path), clock, ticking=False)
    practice_table(store, "RESTART2", 7)
    clock.now = 0.0
    for _ in range(40):  # into the game: computer moves planned and made
        table = store.load("RESTART2")
        clock.now = max(clock.now, table.deadline)
        store.advance_due(clock.now)
    before = store.load("RESTART2")
    assert before.planned or before.deadline is not None
    store.close()  # the instance goes, its plans kept in the table
    again = open_store(url, str(tmp_path), clock, ticking=False)
    try:
        assert again.load("RESTART2") == before
        for _ in range(4000):
            table = again.load("RESTART2")
            if table.game.winner is not None:
                break
            assert table.deadline is not None, "nothing due, and no winner: stalled"
            clock.now = max(clock.now, table.deadline)
            again.advance_due(clock.now)
        assert again.load("RESTART2").game.winner is not None
    finally:
        again.close()
