"""Computer players against each other: whole games played through ``moves`` in-process, on
an injected clock (no sleeping), every seat a computer player deciding from its own view.

Prints games a second on one core (the games' process time, over ``--jobs`` processes), and a
table of wins by level: for each pair of levels,
five-player games seated with three of one and two of the other, then the other way round
(as many of each), so that two levels of equal strength would each win half; with a 95 %
confidence interval (Wilson's). Each level should beat the one below it.

    .venv/bin/python -m bench.selfplay [--games 2000] [--seed 1] [--quick]
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from evilrobots.game.table import moves
from evilrobots.game.table.kinds import Deal, SetTarget
from evilrobots.game.table.limits import LEVELS
from evilrobots.game.table.state import Computer, TableState

# A game that runs longer than this many moves of the clock is stuck: a defect.
MOST_STEPS = 20_000


class Stuck(RuntimeError):
    """A game that no longer moves: nothing due, and no winner."""


@dataclass(frozen=True, slots=True)
class Played:
    winner_level: str
    rounds: int
    steps: int


def seated(levels: Sequence[str], seed: int, npr: bool = False, target: int = 10) -> TableState:
    """A table to practise at whose every seat, its host's too, a computer player plays,
    its first round dealt."""
    table = moves.start("SELFPLAY", "Host", "", practice=True)
    rng = random.Random(seed)
    for level in levels[1:]:
        table = moves.apply(table, table.host, moves.AddComputer(level), 0.0, rng).table
    first = Computer(table.host, levels[0])
    table = replace(table, computers=(first, *table.computers), npr_next_deal=npr)
    if target != table.game.target:
        table = moves.apply(table, table.host, SetTarget(target), 0.0, rng).table
    return moves.apply(table, table.host, Deal(table.deals), 0.0, rng).table


def play(levels: Sequence[str], seed: int, npr: bool = False) -> Played:
    """One whole game to its winner, on the clock of the table's deadlines."""
    rng = random.Random(seed)
    table = seated(levels, seed, npr)
    now = 0.0
    for step in range(MOST_STEPS):
        if table.game.winner is not None:
            level = table.computer(table.game.winner).level
            return Played(level, len(table.game.rounds), step)
        due = table.deadline
        if due is None:
            raise Stuck(f"game {seed}: nothing due at {now:.1f} s, and no winner")
        now = max(now, due)
        table = moves.advance(table, now, rng).table
    raise Stuck(f"game {seed}: no winner after {MOST_STEPS} steps")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def games_of(stronger: str, weaker: str, numbers: range, seed: int) -> tuple[int, float]:
    """Five-player games of two levels, three of one and two of the other by turns (the
    game's number says which, and its seats' order): how many the first won, and the
    process time they took."""
    wins = 0
    started = time.process_time()
    for n in numbers:
        many, few = (stronger, weaker) if n % 2 else (weaker, stronger)
        levels = [many, many, many, few, few]
        random.Random(seed * 1_000_003 + n).shuffle(levels)
        wins += play(levels, seed * 1_000_003 + n).winner_level == stronger
    return wins, time.process_time() - started


def duel(
    stronger: str, weaker: str, games: int, seed: int, jobs: int = 1
) -> tuple[int, int, float]:
    """``games`` five-player games of two levels (``games_of``), over ``jobs`` processes:
    how many the first won, of how many, and the process time they took in all."""
    if jobs <= 1:
        wins, took = games_of(stronger, weaker, range(games), seed)
        return wins, games, took
    parts = [range(start, games, jobs) for start in range(jobs)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        done = pool.starmap(games_of, [(stronger, weaker, part, seed) for part in parts])
    return sum(w for w, _ in done), games, sum(t for _, t in done)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="five-player games a pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="100 games a pair")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    args = parser.parse_args(argv)
    games = 100 if args.quick else args.games
    pairs = [(LEVELS[i + 1], LEVELS[i]) for i in range(len(LEVELS) - 1)]
    pairs.append((LEVELS[-1], LEVELS[0]))
    played = 0
    seconds = 0.0
    lines = []
    for stronger, weaker in pairs:
        wins, n, took = duel(stronger, weaker, games, args.seed, args.jobs)
        played += n
        seconds += took
        low, high = wilson(wins, n)
        lines.append(
            f"{stronger.title()} vs {weaker.title()}: {100 * wins / n:.1f}% "
            f"[{100 * low:.1f}, {100 * high:.1f}] of {n} games"
        )
    print(
        f"{played} five-player games in {seconds:.1f} s of one core: "
        f"{played / seconds:.1f} games a second"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
