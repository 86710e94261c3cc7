"""One list of what a seat may do (``moves.legal``) and one way to do it (``moves.apply``):
in whole games of 3 to 9 seats, run by the app and called by voice, the host's acts
included, every move ``legal`` gives every seat is taken and changes the table, and the
moves it gives another seat but not this one are refused (or change nothing)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from bench.moves import play
from evilrobots.game.errors import GameError
from evilrobots.game.table import Table, moves
from evilrobots.game.table import kinds as k
from tests.support.agreement import agrees


@pytest.mark.parametrize("conducted", [True, False], ids=["by the app", "by voice"])
@pytest.mark.parametrize("seats", range(3, 10))
def test_every_move_legal_gives_is_taken_and_no_other_seats_is(seats, conducted):
    wrong: list[str] = []
    kinds: set[type] = set()

    steps = iter(range(10**6))

    def check(before: Table, seat, move, applied, now: float) -> None:
        kinds.add(type(move))
        if next(steps) % 3 == 0 and len(wrong) < 5:  # every third step: a game's whole way
            wrong.extend(agrees(before, now))

    play(seats, conducted, seed=seats * 2 + conducted, most=400, check=check)
    assert wrong == []
    assert {k.Deal, k.EndRound, k.KeepScore} <= kinds


def test_games_played_from_legal_alone_end_with_a_winner_and_meet_every_kind_of_round_move():
    seen: set[type] = set()
    for seed in range(12):
        game = play(
            3 + seed % 7, seed % 2 == 0, seed, check=lambda t, s, m, a, n: seen.add(type(m))
        )
        state = game.table.game
        assert state.winner is not None, seed
        assert max(dict(state.scores).values()) >= state.target, seed
    assert {
        k.Claim,
        k.Convert,
        k.PassTurn,
        k.PassDebate,
        k.StartCountdown,
        k.NoReaction,
        k.React,
        k.UseRobot,
        k.RevealAction,
        k.ChooseAllegiance,
        k.ChooseCheat,
        k.EndRound,
        k.KeepScore,
        k.ProposeSplit,
        k.AnswerSplit,
        k.Deal,
    } <= seen, {kind.__name__ for kind in seen}


def test_moves_are_plain_data():
    move = k.Convert(3, target=2)
    assert move == k.Convert(3, target=2) and hash(move) == hash(k.Convert(3, target=2))
    assert pickle.loads(pickle.dumps(move)) == move
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.deal = 4  # type: ignore[misc]


def test_a_joining_player_is_the_seat_none_and_the_effects_name_its_seat():
    table = moves.start("ABCDE", "Ada", "s1", Table)
    assert moves.legal(table, None, 0.0) == (k.Join(),)
    applied = moves.apply(table, None, k.Join("Bob", "s2"), 0.0)
    assert applied.effects.seat == 2 and applied.table.names[2] == "Bob"
    closed = moves.apply(applied.table, 1, k.SetOpen(False), 0.0).table
    assert moves.legal(closed, None, 0.0) == ()


def test_a_move_not_legal_is_refused_in_words():
    table = moves.start("ABCDE", "Ada", "s1", Table)
    table = moves.apply(table, None, k.Join("Bob", "s2"), 0.0).table
    with pytest.raises(GameError) as refused:
        moves.apply(table, 2, k.SetOpen(False), 0.0)
    assert "host" in str(refused.value.said)


def test_an_answer_to_a_split_is_refused_once_the_score_is_kept():
    """Found by the agreement test: an answer landed after Keep the score was taken."""
    for seed in range(40):
        found = []

        def check(before, seat, move, applied, now, found=found):
            if isinstance(move, k.KeepScore) and before.round.proposal is not None:
                found.append((applied.table, now))

        play(6, True, seed, most=600, check=check)
        for table, now in found:
            proposal = table.round.proposal
            waiting = proposal.waiting_for(table.tally())
            if waiting:
                with pytest.raises(GameError) as refused:
                    moves.apply(table, waiting[0], k.AnswerSplit(True, table.round.proposals), now)
                assert "kept already" in str(refused.value.said)
                return
    raise AssertionError("no kept round with an answer awaited in 40 games")
