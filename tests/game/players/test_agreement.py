"""The one list and the one way hold at tables with computer players too: at every step of
games where computer seats play beside people, one of whom leaves mid-game, is stood in
for and comes back, every move ``legal`` gives each seat is taken, and the moves it gives
another seat but not this one are refused (``tests.support.agreement``)."""

from __future__ import annotations

import random

from evilrobots.game.table import Table, moves
from evilrobots.game.table import kinds as k
from tests.support.agreement import agrees


def table_with_people_and_computers(seed: int) -> Table:
    """Ada (host) and Bob, who never tap, and three computer players, at a table to practise
    at (the app ends, keeps and deals), its first round dealt."""
    rng = random.Random(seed)
    table = moves.start("AGREE", "Ada", "secret-1", Table, practice=True)
    table = moves.apply(table, None, k.Join("Bob", "secret-2")).table
    for level in ("beginner", "player", "sharp"):
        table = moves.apply(table, table.host, k.AddComputer(level), 0.0, rng).table
    return moves.apply(table, table.host, k.Deal(table.deals), 0.0, rng).table


def test_legal_and_apply_agree_beside_computer_players_and_a_stand_in():
    wrong: list[str] = []
    for seed in range(2):
        rng = random.Random(seed)
        table = table_with_people_and_computers(seed)
        now, step, left, stood_in = 0.0, 0, False, 0
        while table.game.winner is None and step < 400:
            step += 1
            if step % 7 == 0 and len(wrong) < 5:
                wrong += agrees(table, now)
            if table.round is not None and table.round.kept and not left:
                table = moves.apply(table, 2, k.Leave(), now).table  # Bob leaves mid-game
                assert [g.seat.id for g in table.gone] == [2]
                wrong += agrees(table, now)
                table = moves.apply(table, table.host, k.StandIn(2), now).table
                wrong += agrees(table, now)
                left = True
            elif left and table.computer(2) is not None and step % 50 == 0:
                table = moves.apply(table, 2, k.TakeBack(), now).table
                wrong += agrees(table, now)
            stood_in += table.computer(2) is not None and any(p.seat == 2 for p in table.planned)
            assert table.deadline is not None  # a table to practise at: the app moves it on
            now = max(now, table.deadline)
            table = moves.advance(table, now, rng).table
        assert left
        assert stood_in  # the computer played Bob's seat
    assert wrong == []
