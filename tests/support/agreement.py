"""The agreement of ``moves.legal`` with ``moves.apply``, checked at one table: every move
offered to every seat is taken and changes the table, and moves of every kind, with every
choice the table makes sense of, are refused when not offered (or change nothing, or are
another spelling of one offered)."""

from __future__ import annotations

import dataclasses
import random

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import ROBOTS, Allegiance
from evilrobots.game.errors import GameError
from evilrobots.game.table import NPR_SEAT, Table, controls, moves
from evilrobots.game.table import kinds as k
from evilrobots.game.table.conduct import CheatSays, Proof
from evilrobots.game.table.limits import LEVELS
from tests.support.privacy import private_to

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
        *(k.AddComputer(level) for level in (*LEVELS, "wizard")),
        *(k.StandIn(s) for s in seats),
        k.TakeBack(),
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
            *(k.ChooseCheat(deal, a, story) for a in (None, *Allegiance) for story in CheatSays),
            *(k.RevealAction(deal, action) for action in Action if action.parts),
            *(k.UseRobot(deal, robot.name) for robot in ROBOTS),
            *(k.UseRobot(deal, robot.name, target=s) for robot in ROBOTS for s in seats),
            *(k.UseRobot(deal, robot.name, team=a) for robot in ROBOTS for a in Allegiance),
        }
    return found


def agrees(table: Table, now: float, every: bool = True) -> list[str]:
    """What disagrees between ``legal`` and ``apply`` at this table, for every seat: the
    moves not offered tried are those of ``every_move`` (``every``), or only those offered
    to another seat (a quicker check, for every step of many rounds)."""
    wrong = []
    offered = {seat.id: set(moves.legal(table, seat.id, now)) for seat in table.seats}
    offered[None] = set(moves.legal(table, None, now))
    for seat, given in offered.items():
        if seat is not None and (table.deadline is None or now < table.deadline):
            drawn = controls.offered(table, seat)  # what the pages draw the controls from
            if drawn != {type(move) for move in given} & controls.CONTROLS:
                wrong.append(
                    f"seat {seat}: the page's controls {sorted(k.__name__ for k in drawn)}"
                )
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
            seen_by = private_to(table, applied.table)  # the oracle: before and after compared
            if applied.effects.private_to != seen_by:
                told = applied.effects.private_to
                wrong.append(f"seat {seat}: {move} told to {told}, only {seen_by} sees it")
        tried = every_move(table) if every else set()
        others = (tried | set().union(*offered.values())) - given
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
