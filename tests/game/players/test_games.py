"""Seeded whole games of computer players, 3 to 9 seats of every level, with and without the
non-player robot, to 5 points and to 10: at every step, no move a computer seat chose was
refused or out of date when made, nothing stuck (every game ends with its winner), each
computer seat was given its own seat's view and nothing more (another seat as the board
shows it, CheatBot's truth included), and the scores are what the kept counts make."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.selfplay import Stuck, seated
from evilrobots.game import players
from evilrobots.game.table import computers, moves
from evilrobots.game.table.limits import LEVELS
from evilrobots.game.table.views import board_view

GAMES = 500
CHUNKS = 10


def given_no_more_than_its_view(table, seat, view) -> list[str]:
    """What the view given to a computer seat shows beyond its own phone's."""
    wrong = []
    board = board_view(table)
    round_ = table.round
    own = round_.hand_of(seat) if round_ is not None else None
    if view.hand != own:
        wrong.append(f"seat {seat} was given a hand not its own")
    others = {s.id: s for s in view.seats if s.id != seat}
    if others != {s.id: s for s in board.seats if s.id != seat}:
        wrong.append(f"seat {seat} was shown another seat beyond the board")
    if round_ is not None and round_.in_play and (view.truth or view.tally):
        wrong.append(f"seat {seat} was given the round's truths while it was in play")
    return wrong


def play_checked(seed: int) -> tuple[int, Counter]:
    rng = random.Random(seed)
    seats = 3 + seed % 7
    levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(seats)]
    table = seated(levels, seed, npr=seed % 4 == 0, target=5 if seed % 2 else 10)
    made: Counter = Counter()
    wrong: list[str] = []
    original_decide = players.decide
    original_view = computers.seat_view
    looked: dict = {}

    def view_of(t, seat, board=None, shared=None):
        looked["table"] = t
        return original_view(t, seat, board, shared)

    def decide(level, view, legal, seed_, now):
        wrong.extend(given_no_more_than_its_view(looked["table"], view.you.id, view))
        return original_decide(level, view, legal, seed_, now)

    def dropped(t, planned):
        wrong.append(f"{planned} was out of date when its time came")
        return original_dropped(t, planned)

    original_dropped = computers.dropped
    players.decide, computers.seat_view, computers.dropped = decide, view_of, dropped
    try:
        now = 0.0
        for _ in range(20_000):
            if table.game.winner is not None:
                break
            if table.deadline is None:
                raise Stuck(f"game {seed}: nothing due, no winner")
            now = max(now, table.deadline)
            for planned in table.planned:
                if planned.at <= now:
                    made[type(planned.move).__name__] += 1
            table = moves.advance(table, now, rng).table
            assert not wrong, wrong[:3]
        else:
            raise Stuck(f"game {seed}: no winner")
    finally:
        players.decide, computers.seat_view, computers.dropped = (
            original_decide,
            original_view,
            original_dropped,
        )
    scores = Counter()
    for counted in table.game.rounds:
        scores.update(counted.points())
    assert {s: p for s, p in scores.items() if p} == {
        s: p for s, p in dict(table.game.scores).items() if p
    }
    assert table.game.winner is not None
    return seats, made


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_games_of_computer_players_end_with_the_scores_their_counts_make(chunk):
    made: Counter = Counter()
    sizes = set()
    for seed in range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS):
        seats, moved = play_checked(seed)
        sizes.add(seats)
        made.update(moved)
    assert sizes == set(range(3, 10))
    assert {"Claim", "Convert", "PassTurn", "NoReaction", "Prove", "EndRound", "KeepScore"} <= set(
        made
    )
    assert {"Deal", "ProposeSplit", "AnswerSplit"} <= set(made)


def test_the_view_check_catches_a_seat_given_another_hand():
    table = seated(["player", "sharp", "beginner"], 1)
    from evilrobots.game.table.views import seat_view

    view = seat_view(table, table.computers[1].seat)
    assert given_no_more_than_its_view(table, table.computers[1].seat, view) == []
    other = table.computers[2].seat
    assert given_no_more_than_its_view(table, other, view) != []
    full = board_view(table.with_round(table.round))
    assert given_no_more_than_its_view(table, table.computers[1].seat, full) != []
