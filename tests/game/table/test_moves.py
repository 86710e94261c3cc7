"""One list of what a seat may do (``moves.legal``) and one way to do it (``moves.apply``):
in whole games of 3 to 9 seats, run by the app and called by voice, the host's acts
included, every move ``legal`` gives every seat is taken and changes the table, and the
moves it gives another seat but not this one are refused (or change nothing)."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest

from bench.moves import play
from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import ROBOTS, Allegiance
from evilrobots.game.errors import GameError
from evilrobots.game.table import NPR_SEAT, Table, moves
from evilrobots.game.table import kinds as k
from evilrobots.game.table.conduct import Proof, Story

PRIVATE = (k.Hide, k.Show, k.ChooseCheat, k.ChooseFirst)


def filled(move: k.Move) -> k.Move:
    """A move with what the caller fills in."""
    if isinstance(move, k.Join):
        return k.Join("Zed", "secret-zed")
    if isinstance(move, k.OfferLink):
        return k.OfferLink("a-token", 1e9)
    if isinstance(move, k.Share):
        return k.Share(move.game, "a-share")
    return move


def every_move(table: Table) -> set[k.Move]:
    """Moves of every kind, with every choice the table makes sense of: what ``legal`` gives
    a seat, and what it must not."""
    deals = {table.deals, table.deals + 1}
    seats = [seat.id for seat in table.seats] + [NPR_SEAT, 99]
    found: set[k.Move] = {
        k.Leave(),
        k.EndRound(),
        k.KeepScore(),
        *(k.Share(n) for n in range(1, table.game_number + 2)),
        *(k.SetNpr(b) for b in (True, False)),
        *(k.SetOpen(b) for b in (True, False)),
        *(k.SetTarget(t) for t in (5, 10, 15)),
        *(k.NewGame(d) for d in deals),
        *(k.Deal(d, b) for d in deals for b in (True, False)),
        *(k.Remove(s) for s in seats),
        *(k.MakeHost(s) for s in seats),
        *(k.CorrectScaredy(s, b) for s in seats for b in (True, False)),
        *(k.AnswerSplit(b, table.round.proposals if table.round else 0) for b in (True, False)),
    }
    for deal in deals:
        found |= {
            k.PassDebate(deal),
            k.StartCountdown(deal),
            k.PassTurn(deal),
            k.NoReaction(deal),
            k.Withdraw(deal),
            k.AbandonRound(deal),
            *(k.Claim(deal, b) for b in (True, False)),
            *(k.React(deal, b) for b in (True, False)),
            *(k.ChooseFirst(deal, b) for b in (True, False)),
            *(k.Prove(deal, proof) for proof in Proof),
            *(k.Promote(deal, s) for s in seats),
            *(k.Convert(deal, target=s) for s in seats),
            *(k.Convert(deal, allegiance=a) for a in Allegiance),
            *(k.ChooseAllegiance(deal, a) for a in Allegiance),
            *(k.ConvertNpr(deal, a) for a in Allegiance),
            *(k.Hide(deal, part) for part in Part),
            *(k.Show(deal, part) for part in Part),
            *(k.ChooseCheat(deal, a, story) for a in (None, *Allegiance) for story in Story),
            *(k.RevealAction(deal, action) for action in Action if action.parts),
            *(k.UseRobot(deal, robot.name) for robot in ROBOTS),
            *(k.UseRobot(deal, robot.name, target=s) for robot in ROBOTS for s in seats),
            *(k.UseRobot(deal, robot.name, bet=a) for robot in ROBOTS for a in Allegiance),
        }
    return found


def agrees(table: Table, now: float) -> list[str]:
    """What disagrees between ``legal`` and ``apply`` at this table, for every seat."""
    wrong = []
    offered = {seat.id: set(moves.legal(table, seat.id, now)) for seat in table.seats}
    offered[None] = set(moves.legal(table, None, now))
    for seat, given in offered.items():
        for move in given:
            try:
                applied = moves.apply(table, seat, filled(move), now, random.Random(1))
            except GameError as refused:
                wrong.append(f"seat {seat}: {move} offered, refused: {refused.said}")
                continue
            if applied.table is table or applied.table == table:
                wrong.append(f"seat {seat}: {move} offered, changes nothing")
            if isinstance(move, PRIVATE) and applied.effects.private_to != seat:
                wrong.append(f"seat {seat}: {move} is told to {applied.effects.private_to}")
        others = (every_move(table) | set().union(*offered.values())) - given
        for move in others:
            if isinstance(move, k.Join) or seat is None:
                continue
            try:
                applied = moves.apply(table, seat, filled(move), now, random.Random(1))
            except GameError:
                continue
            if applied.table is not table and applied.table != table:
                if not any(  # another spelling of one offered (a shown truth, say)
                    type(same) is type(move)
                    and moves.apply(table, seat, filled(same), now, random.Random(1)).table
                    == applied.table
                    for same in given
                ):
                    wrong.append(f"seat {seat}: {move} not offered, taken")
        for move in given:
            deal = getattr(move, "deal", None)
            if deal is None:
                continue
            stale = dataclasses.replace(move, deal=deal + 1)
            try:
                moves.apply(table, seat, stale, now, random.Random(1))
            except GameError:
                continue
            wrong.append(f"seat {seat}: {stale} for another deal, taken")
    return wrong


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
