"""Rounds the app runs, played at random for the property tests: four players dealt
robots drawn so that the ones that change a round most come often, and one step of a round
as anyone may request it (which the table may refuse). Di, the fourth seat, never acts: the
quiet seat of the secrets' property."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from evilrobots.game.errors import GameError
from evilrobots.game.table import NPR_SEAT, Table, moves
from evilrobots.game.table import kinds as k
from evilrobots.game.table.conduct import CheatSays, Proof
from evilrobots.game.table.round import Dealt
from evilrobots.game.table.settings import Settings
from tests.support.cards import FLIPS
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
NAMES = ("Ada", "Bob", "Cy", "Di")
QUIET = 4  # Di: the seat that reveals nothing

# One step of a round, as anyone sees it requested: (what, seat, a choice).
steps = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "wait",
                "wait",
                "wait",
                "deadline",  # time passes until the next deadline
                "deadline",
                "deadline",
                "pass",
                "start",
                "claim",
                "claim",
                "claim",
                "turn-pass",
                "convert",
                "convert",
                "self",
                "robot",
                "react",
                "no",
                "no",
                "prove",
                "promote",
                "cheat",
                "first",  # PassBot chooses whether it acts first in the Pass phase
                "turn",  # whoever's turn it is takes it
                "turn",
                "turn",
                "act-now",  # a seat that holds the called power says I act
                "act-now",
                "answer",  # a seat answers the open window: its reaction, or No reaction
                "answer",
            ]
        ),
        st.integers(min_value=1, max_value=3),
        st.integers(min_value=0, max_value=20),
    ),
    min_size=5,
    max_size=80,
)
# Robots drawn for a table: each once, the ones that change a conducted round most often.
OFTEN = ("BlockBot", "ForceBot", "DoOverBot", "PushBot", "CheatBot", "LockBot", "PassBot")
WEIGHTED = [*ROBOTS, *(robot for robot in ROBOTS if robot.name in OFTEN for _ in range(3))]

hands = st.lists(
    st.tuples(st.integers(min_value=1, max_value=9), st.sampled_from([G, E, N])),
    min_size=4,
    max_size=4,
)


def dealt(seed: int, cards: list[tuple[int, Allegiance]], npr: bool) -> Table:
    """Four players dealt at 0 (a 30 s Debate, 3 s a power, 5 s a window), robots from a
    seeded shuffle, powers and allegiances as given."""
    table = seated(*NAMES, conducted=True).set_settings(1, Settings(debate=30, pace=3, window=5))
    table = table.set_npr(1, npr).deal(1, random.Random(seed), now=0.0)
    robots = list(dict.fromkeys(random.Random(seed).sample(WEIGHTED, len(WEIGHTED))))[:4]
    round_ = table.round
    for seat, (robot, (power, allegiance)) in enumerate(zip(robots, cards, strict=True), start=1):
        hand = round_.hand_of(seat)
        round_ = round_.with_hand(
            seat,
            replace(hand, robot=robot, power=PowerCard(power), allegiance=allegiance, flips=None),
        )
        round_ = replace(
            round_,
            dealt=tuple(
                Dealt(seat, PowerCard(power), FLIPS[allegiance]) if d.seat == seat else d
                for d in round_.dealt
            ),
        )
    return replace(table, round=round_)


def later(table: Table, now: float, what: str, choice: int) -> float:
    """The time after a wait: a second or more, or until the table's next deadline."""
    if what == "deadline" and table.deadline is not None:
        return max(now, table.deadline)
    return now + 1.0 + choice / 2


def requested(
    table: Table, now: float, what: str, seat: int, choice: int
) -> tuple[Table, float, bool]:
    """One request of ``steps`` at ``now``: time passing, or a step (which the table may
    refuse). The table and the time after it, and whether it was refused."""
    if what in ("wait", "deadline"):
        now = later(table, now, what, choice)
        return table.tick(now), now, False
    now += 0.5
    try:
        return step(table, now, what, seat, choice), now, False
    except GameError:
        return table, now, True


def left_alone(table: Table, now: float) -> tuple[Table, float]:
    """Time passes until the round has nothing left on a timer (at most 100 deadlines)."""
    for _ in range(100):
        if table.deadline is None:
            break
        now = max(now, table.deadline)
        table = table.tick(now)
    return table, now


def step(table: Table, now: float, what: str, seat: int, choice: int) -> Table:
    """Apply one request (which the table may refuse with a GameError)."""
    conduct = table.round.conduct
    active = (1, 2, 3)  # never the quiet seat: it reveals nothing
    if what == "turn":
        if conduct.turn in active:
            seat = conduct.turn
        what = ["convert", "self", "robot", "turn-pass"][choice % 4]
    elif what == "act-now":
        ready = [s for s in active if table.view_for(s).acts.claim]
        seat, what = (ready[choice % len(ready)] if ready else seat), "claim"
    elif what == "answer":
        holders = [s for s in active if table.view_for(s).acts.reactions]
        if holders and choice % 2 == 0:
            seat, what = holders[choice % len(holders)], "react"
        else:
            waiting = [s for s in active if table.view_for(s).acts.no_reaction]
            seat, what = (waiting[choice % len(waiting)] if waiting else seat), "no"
    others = [s for s in active if s != seat]
    if table.round.npr is not None:
        others.append(NPR_SEAT)
    move = chosen(table, what, seat, choice, others)
    return table if move is None else moves.apply(table, seat, move, now).table


def chosen(table: Table, what: str, seat: int, choice: int, others: list[int]) -> k.Move | None:
    """The move a request of ``steps`` names (None: none to make)."""
    conduct = table.round.conduct
    if what == "pass":
        return k.PassDebate(1)
    if what == "start":
        return k.StartCountdown(1)
    if what == "claim":
        return k.Claim(1, with_power=bool(choice % 2))
    if what == "turn-pass":
        return k.PassTurn(1)
    if what == "convert":
        return k.Convert(1, target=others[choice % len(others)])
    if what == "self":
        return k.Convert(1, allegiance=list(Allegiance)[choice % 3])
    if what == "robot":
        actions = table.robot_actions(seat)
        if not actions:
            return k.UseRobot(1, "NegativeBot", target=others[0], team=G)
        action = actions[choice % len(actions)]
        targets = [t for t, _ in action.targets if t != QUIET] or [None]
        target = targets[choice % len(targets)]
        return k.UseRobot(1, action.robot.name, target, list(Allegiance)[choice % 3])
    if what == "react":
        chain = conduct.chain
        if chain is not None and chain.target == QUIET:
            return None  # never a reaction on a conversion of the quiet seat (none happen)
        return k.React(1, on_instigator=bool(choice % 2))
    if what == "no":
        return k.NoReaction(1)
    if what == "prove":
        return k.Prove(1, list(Proof)[choice % 3])
    if what == "promote":
        return k.Promote(1, (1, 2, 3)[choice % 3])
    if what == "first":
        return k.ChooseFirst(1, bool(choice % 2))
    if what == "cheat":
        return k.ChooseCheat(1, [None, G, E, N][choice % 4], list(CheatSays)[choice % 3])
    raise AssertionError(what)
