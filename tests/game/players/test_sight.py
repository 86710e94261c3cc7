"""A computer player sees only what its own phone would: the package imports nothing that
can reach a table, a deck or another hand, and two tables alike in everything a computer
seat's view shows, but for other seats' hidden cards, make it choose the same move at the
same moment. Its think time does not depend on its own hand either. Each check is shown to
catch what it looks for."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bench.selfplay import seated
from evilrobots.game.actions import Part
from evilrobots.game.cards import POWER_DECK, ROBOTS, Allegiance
from evilrobots.game.table import moves
from evilrobots.game.table.computers import plan
from evilrobots.game.table.views import seat_view

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ROOT / "evilrobots" / "game" / "players"
# All the package may import of ours: the cards, the actions, the enums (and itself).
MAY_IMPORT = {"evilrobots.game.cards", "evilrobots.game.actions", "evilrobots.game.enums"}
# What would reach a table, a deck or a hand, were it imported.
REACHES = ("evilrobots.game.table", "evilrobots.game.deal", "evilrobots.game.hand")
REACHES += ("evilrobots.game.codec", "evilrobots.store", "evilrobots.web")


def imports_of(source: str, package: str = "evilrobots.game.players") -> set[str]:
    """The modules a module of the package imports (relative imports made absolute)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
    return found


def outside(found: set[str]) -> set[str]:
    """What is neither the standard library, the package itself nor what it may import."""
    ours = {name for name in found if name.startswith("evilrobots")}
    stray = {name for name in found - ours if name.split(".")[0] not in sys.stdlib_module_names}
    return stray | {
        name
        for name in ours
        if name not in MAY_IMPORT and not name.startswith("evilrobots.game.players")
    }


def test_the_players_import_only_the_cards_the_actions_and_the_enums():
    for path in sorted(PLAYERS.glob("*.py")):
        assert outside(imports_of(path.read_text())) == set(), path.name
    # The check catches a module that reaches for the table, or a library.
    assert outside(imports_of("from ..table import moves")) == {"evilrobots.game.table"}
    assert outside(imports_of("from evilrobots.game.table.kinds import Claim")) != set()
    assert outside(imports_of("import flask")) == {"flask"}


def test_importing_the_players_loads_nothing_that_reaches_a_table():
    probe = (
        "import sys, evilrobots.game.players\n"
        f"print(sorted(m for m in sys.modules if m.startswith({REACHES!r})))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert loaded == "[]"
    control = probe.replace("evilrobots.game.players", "evilrobots.game.table.computers")
    reached = subprocess.run(
        [sys.executable, "-c", control], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    assert "evilrobots.game.table" in reached  # the probe sees a module that does reach


def moments(seed: int, levels=("player", "sharp", "beginner", "sharp", "player"), most=400):
    """The tables of one self-played game, step by step, with the time of each."""
    rng = random.Random(seed)
    table = seated(levels, seed, npr=seed % 3 == 0)
    now = 0.0
    for _ in range(most):
        if table.game.winner is not None or table.deadline is None:
            return
        now = max(now, table.deadline)
        table = moves.advance(table, now, rng).table
        yield table, now


def hidden_changed(table, seat: int, rng: random.Random):
    """The table with another seat's cards changed where that seat has shown nothing of
    them (its power, robot or allegiance), or None if every other seat has shown all."""
    round_ = table.round
    if round_ is None or not round_.in_play:
        return None
    shown = {other: moves_shown(round_, other) for other, _ in round_.hands}
    for other, hand in round_.hands:
        if other == seat:
            continue
        robot, power, allegiance = shown[other]
        changed = hand
        if power is None:
            choices = [card for card in POWER_DECK if card != hand.power]
            changed = replace(changed, power=rng.choice(choices))
        if allegiance is None:
            choices = [a for a in Allegiance if a is not hand.allegiance]
            changed = replace(changed, allegiance=rng.choice(choices), flips=None)
        if robot is None:
            choices = [r for r in ROBOTS if r is not hand.robot and r.name not in USED]
            changed = replace(changed, robot=rng.choice(choices))
        if changed != hand:
            return table.with_round(round_.with_hand(other, changed))
    return None


# Robots that change what others may do (their reactions open, their rule bends the round):
# a hand changed to hold one would not be "alike in what the seat's view shows" for long.
USED = {"BlockBot", "ForceBot", "DoOverBot", "LockBot", "SumoBot", "PlusBot", "FreeBot"}
USED |= {"PassBot", "CheatBot", "CopyBot"}


def moves_shown(round_, seat):
    from evilrobots.game.table.shown import shown_by

    seen = shown_by(round_, seat)
    return seen.robot, seen.power, seen.allegiance


def own_plans(table, seat):
    return [(p.move, p.at) for p in table.planned if p.seat == seat]


@pytest.mark.parametrize("seed", range(6))
def test_other_seats_hidden_cards_change_no_computer_seats_move_nor_its_moment(seed):
    rng = random.Random(seed)
    compared = 0
    for table, now in moments(seed):
        for computer in table.computers:
            other = hidden_changed(table, computer.seat, rng)
            if other is None:
                continue
            if seat_view(table, computer.seat) != seat_view(other, computer.seat):
                continue  # the change shows (a count over, say): not alike
            one = plan(replace(table, planned=()), now)
            two = plan(replace(other, planned=()), now)
            assert own_plans(one, computer.seat) == own_plans(two, computer.seat)
            compared += bool(own_plans(one, computer.seat))
    assert compared >= 5  # moments at which the seat chose a move, in both tables


def test_the_comparison_sees_a_seat_that_read_another_hand():
    """The control: a level that peeks at another seat's hidden power (through the table,
    which a real level cannot reach) chooses differently in the two tables."""
    from evilrobots.game import players

    peeked: dict = {}

    def peeking(view, legal, rng):
        return legal[peeked["power"] % len(legal)] if legal else None

    rng = random.Random(3)
    for table, now in moments(3):
        computer = table.computers[1]
        other = hidden_changed(table, computer.seat, rng)
        if other is None or not table.round or not table.round.in_play:
            continue
        offered = moves.legal(table, computer.seat, now)
        if len(offered) < 2:
            continue
        found = []
        for version in (table, other):
            hands = dict(version.round.hands)
            peeked["power"] = sum(h.power.value for s, h in hands.items() if s != computer.seat)
            saved = players.STRATEGIES[computer.level]
            players.STRATEGIES[computer.level] = peeking
            try:
                found.append(own_plans(plan(replace(version, planned=()), now), computer.seat))
            finally:
                players.STRATEGIES[computer.level] = saved
        if found[0] != found[1]:
            return
    pytest.fail("the peeking level was never caught")


def own_hand_changed(table, seat: int, rng: random.Random):
    """The table with this seat's own cards drawn again (robot, power, allegiance, what it
    hides): what the seat's own phone shows changes, nothing anyone else sees."""
    round_ = table.round
    hand = round_.hand_of(seat)
    other = replace(
        hand,
        power=rng.choice(POWER_DECK),
        allegiance=rng.choice(list(Allegiance)),
        robot=rng.choice([r for r in ROBOTS if r.name not in USED - {"CheatBot"}]),
        hidden=frozenset(rng.sample(list(Part), rng.randrange(3))),
        flips=None,
    )
    return table.with_round(round_.with_hand(seat, other))


def first_public_move(table, seat: int, now: float):
    """The seat's first move anyone else is told of, and its moment, as the ticker makes
    them: its own taps (CheatBot's bluff) at their moment, then what they lead to."""
    rng = random.Random(0)
    table = plan(replace(table, planned=()), now)
    for _ in range(5):
        mine = [p for p in table.planned if p.seat == seat]
        if not mine:
            return None
        first = mine[0]
        if type(first.move) not in moves.PRIVATE:
            return first.move, first.at
        table = moves.apply(table, seat, first.move, first.at, rng).table
    raise AssertionError("a computer seat made its own taps without end")


def test_a_computer_seats_moment_is_the_same_whatever_it_holds_and_within_the_clock():
    """For every kind of decision, the moment a computer seat acts is the same with any hand
    of its own (the move it chooses may differ, never when it makes it), and within the
    clock of the step in progress."""
    rng = random.Random(5)
    kinds: set[str] = set()
    compared = bluffs = 0
    for seed in range(8):
        for table, now in moments(seed):
            round_ = table.round
            due = table.round_deadline
            for planned in table.planned:
                if table.computer(planned.seat) is None:
                    continue
                kinds.add(type(planned.move).__name__)
                if due is not None and round_ is not None and round_.in_play:
                    assert now <= planned.at < due  # (its own taps: at once)
            if round_ is None or not round_.in_play:
                continue
            for computer in table.computers:
                if round_.hand_of(computer.seat) is None:
                    continue
                other = own_hand_changed(table, computer.seat, rng)
                one = first_public_move(table, computer.seat, now)
                two = first_public_move(other, computer.seat, now)
                if one and two:
                    assert one[1] == two[1], (one, two)
                    compared += 1
                    bluffs += any(
                        type(p.move).__name__ == "ChooseCheat"
                        for p in plan(replace(other, planned=()), now).planned
                    )
    assert {"Claim", "Convert", "NoReaction", "Prove", "AnswerSplit"} <= kinds
    assert compared >= 50 and bluffs >= 1


def test_the_moment_check_sees_a_think_time_that_reads_the_hand(monkeypatch):
    """The control: a think time that leans on the seat's own power is caught."""
    from evilrobots.game import players

    def telling(view, seed, now):
        return 1.0 + view.hand.power.value / 10

    monkeypatch.setattr(players, "think_time", telling)
    rng = random.Random(5)
    for table, now in moments(1):
        if table.round is None or not table.round.in_play:
            continue
        for computer in table.computers:
            other = own_hand_changed(table, computer.seat, rng)
            one = first_public_move(table, computer.seat, now)
            two = first_public_move(other, computer.seat, now)
            if one and two and one[1] != two[1]:
                return
    pytest.fail("a think time that reads the hand went unseen")


def test_a_persons_private_tap_changes_no_computer_seats_plan():
    """Ada hides a card, shows it again, and (holding CheatBot or PassBot) makes her own
    choices: the computer seats' plans, their moves and moments, are exactly as before."""
    from tests.game.players.test_agreement import table_with_people_and_computers

    tapped = 0
    for seed in range(6):
        rng = random.Random(seed)
        table = table_with_people_and_computers(seed)
        now = 0.0
        for _ in range(60):
            if table.deadline is None or table.game.winner is not None:
                break
            now = max(now, table.deadline) - 0.01  # a tap just before the next move is due
            for move in moves.legal(table, 1, now):
                if type(move) in moves.PRIVATE:
                    after = moves.apply(table, 1, move, now, rng)
                    assert after.effects.private_to == 1
                    assert after.table.planned == table.planned
                    tapped += 1
            now += 0.01
            table = moves.advance(table, now, rng).table
    assert tapped >= 20
