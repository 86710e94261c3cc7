"""Whole games played from ``moves.legal`` and ``moves.apply`` alone, in-process, on a clock
of its own (no sleeping): each step, one seat (or a browser without one) picks one of its
legal moves at random, the host's controls seldom, and time runs on to the next deadline
when nobody has anything else to do. Prints games a second, and the moves and rounds a game.

    .venv/bin/python -m bench.moves [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from evilrobots.game.table import Table, moves
from evilrobots.game.table import kinds as k

NAMES = ("Ada", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy")
# How often each kind is picked, against 1 for a move of the round: the host's controls
# seldom (a game would never end), a seat's way out of the table never.
WEIGHTS: dict[type, float] = {
    k.NewGame: 0.0,
    k.Leave: 0.0,
    k.Remove: 0.0,
    k.MakeHost: 0.0,
    k.SetOpen: 0.0,
    k.SetTarget: 0.0,
    k.SetSettings: 0.0,
    k.SetNpr: 0.02,
    k.AbandonRound: 0.01,
    k.OfferLink: 0.0,
    k.Share: 0.0,
    k.AddComputer: 0.0,  # the games of computer players: bench.selfplay
    k.Hide: 0.05,
    k.Show: 0.05,
    k.ChooseAllegiance: 0.3,
    k.RevealAction: 0.3,
    k.Withdraw: 0.1,
    k.Deal: 5.0,
    k.EndRound: 0.5,
    k.KeepScore: 5.0,
    k.ProposeSplit: 3.0,
    k.AnswerSplit: 3.0,
}


def weight(move: k.Move) -> float:
    if isinstance(move, k.Deal) and move.again:
        return 0.02  # a mis-deal, seldom
    return WEIGHTS.get(type(move), 1.0)


@dataclass
class Game:
    """One game's record: its moves in order, as (seat, move, at), and its rounds kept."""

    table: Table
    played: list[tuple[int | None, k.Move, float]] = field(default_factory=list)
    now: float = 0.0


def play(
    seats: int,
    conducted: bool,
    seed: int,
    most: int = 4000,
    check: Callable[[Table, int | None, k.Move, moves.Applied, float], None] | None = None,
) -> Game:
    """A game of ``seats`` players to its winner (at most ``most`` moves), every round run
    by the app or called by voice. ``check`` sees every move applied: the table before it,
    the seat, the move, what it did, and when."""
    rng = random.Random(seed)
    table = moves.start(f"G{seed:05d}", NAMES[0], "secret-1", Table)
    game = Game(table)
    for number in range(2, seats + 1):
        step(game, None, k.Join(NAMES[number - 1], f"secret-{number}"), rng, check)
    settings = game.table.settings
    step(
        game,
        game.table.host,
        k.SetSettings(
            conducted, settings.debate, settings.pace, settings.window, settings.turn_seconds
        ),
        rng,
        check,
    )
    step(game, game.table.host, k.SetTarget(rng.choice((5, 10))), rng, check)
    for _ in range(most):
        if game.table.game.winner is not None:
            break
        offered = [
            (seat.id, move)
            for seat in game.table.seats
            for move in moves.legal(game.table, seat.id, game.now)
        ]
        weighted = [(s, m) for s, m in offered if weight(m) > 0]
        weights = [weight(m) for _, m in weighted]
        quiet = game.table.deadline is not None and rng.random() < 0.15
        if weighted and not quiet:
            seat, move = rng.choices(weighted, weights)[0]
            step(game, seat, move, rng, check)
        elif game.table.deadline is not None:
            game.now = max(game.now, game.table.deadline)
            game.table = moves.advance(game.table, game.now).table
        else:
            raise AssertionError(f"stuck: nothing legal, nothing due ({game.table.code})")
        game.now += rng.choice((0.0, 0.5, 1.0, 2.0))
    return game


def step(
    game: Game,
    seat: int | None,
    move: k.Move,
    rng: random.Random,
    check: Callable[[Table, int | None, k.Move, moves.Applied, float], None] | None,
) -> None:
    if isinstance(move, k.OfferLink):
        move = k.OfferLink(f"token-{rng.random()}", game.now + 60)
    applied = moves.apply(game.table, seat, move, game.now, rng)
    if check is not None:
        check(game.table, seat, move, applied, game.now)
    game.played.append((seat, move, game.now))
    game.table = applied.table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    played = rounds = 0
    started = time.process_time()
    for number in range(args.games):
        seats = rng.randint(3, 9)
        game = play(seats, number % 2 == 0, rng.randrange(1 << 30))
        played += len(game.played)
        rounds += len(game.table.game.rounds)
    took = time.process_time() - started
    print(
        f"{args.games} games (3 to 9 seats, by the app and by voice) in {took:.2f} s of CPU:"
        f" {args.games / took:.1f} games a second; {played / args.games:.0f} moves and"
        f" {rounds / args.games:.1f} rounds a game"
    )


if __name__ == "__main__":
    main()
