"""What a seat may do now (``legal.acts``), the one list its phone's buttons are drawn from,
agrees with what the acts take: in rounds played at random, every act it offers is taken, and
every act it does not offer is refused (or, for a second No reaction, changes nothing)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import GameError
from evilrobots.game.table import Table
from evilrobots.game.table.conduct import Proof, Story
from tests.support.random_play import dealt, hands, later, step, steps
from tests.support.tables import play, three_at_six

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def taken(act) -> bool:
    """Whether the act is taken (True) or refused (False)."""
    try:
        act()
    except GameError:
        return False
    return True


def agrees(table: Table, seat: int, now: float) -> list[str]:
    """Where what ``legal.acts`` offers this seat and what the acts take disagree."""
    acts = table.acts(seat)
    found = []

    def check(name: str, offered: bool, act) -> None:
        if taken(act) != offered:
            found.append(f"seat {seat}: {name} offered {offered}")

    check("pass in the Debate", acts.pass_debate, lambda: table.pass_debate(seat, 1, now))
    check("start the Countdown", acts.start_countdown, lambda: table.start_countdown(seat, 1, now))
    check("I act", bool(acts.claim), lambda: table.claim(seat, 1, now))
    check("pass as the turn", acts.turn, lambda: table.pass_turn(seat, 1, now))
    for target, _ in acts.targets:
        check(f"convert {target}", True, lambda t=target: table.convert(seat, 1, now, target=t))
    if acts.turn:
        yourself = acts.convert_self
        check("convert yourself", yourself, lambda: table.convert(seat, 1, now, allegiance=E))
    for other, _ in acts.promote:
        check(f"let {other} go next", True, lambda o=other: table.promote(seat, 1, now, o))
    if not acts.promote:
        for other in (1, 2, 3, 4):
            check(f"let {other} go next", False, lambda o=other: table.promote(seat, 1, now, o))
    check("react", bool(acts.reactions), lambda: table.react(seat, 1, now))
    if acts.no_reaction:
        check("No reaction", True, lambda: table.no_reaction(seat, 1, now))
    elif taken(lambda: table.no_reaction(seat, 1, now)):
        if table.no_reaction(seat, 1, now) is not table:  # a second tap changes nothing
            found.append(f"seat {seat}: No reaction taken, not offered")
    for proof in Proof:
        offered = proof in acts.proofs
        check(f"prove by {proof.value}", offered, lambda p=proof: table.prove(seat, 1, now, p))
    for action in acts.robots:
        target = action.targets[0][0] if action.targets else None
        bet = (action.bets or action.allegiances or (None,))[0]

        def use(action=action, target=target, bet=bet):
            return table.use_robot(seat, 1, action.robot.name, target=target, bet=bet, now=now)

        check(f"use {action.robot.name}", True, use)
    offered_robots = {action.robot.name for action in acts.robots}
    for name in ("NegativeBot", "SwapBot", "BetBot", "PushBot", "GandalfBot"):
        if name not in offered_robots:
            check(f"use {name}", False, lambda n=name: table.use_robot(seat, 1, n, 2, G, now))
    check("CheatBot's choice", acts.cheat, lambda: table.choose_cheat(seat, 1, now, G, Story.TRUTH))
    check("PassBot's choice", acts.passbot, lambda: table.choose_first(seat, 1, now, False))
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), hands, st.booleans(), steps)
def test_what_a_seat_may_do_is_what_the_acts_take(seed, cards, npr, requests):
    table, now = dealt(seed, cards, npr), 0.0
    for what, seat, choice in requests:
        if what in ("wait", "deadline"):
            now = later(table, now, what, choice)
            table = table.tick(now)
        else:
            now += 0.5
            table = table.tick(now)
            try:
                table = step(table, now, what, seat, choice)
            except GameError:
                pass
        if table.round.in_play:
            assert [seen for seat in (1, 2, 3, 4) for seen in agrees(table, seat, now)] == []


def test_the_agreement_check_sees_an_act_offered_that_is_refused():
    """A control: a list that offered Bob a turn that is not his would be caught."""
    from dataclasses import replace

    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, G)).call(7).claim(1)
    honest = game.table
    assert agrees(honest, 2, game.now) == []
    lying = replace(honest.acts(2), turn=True)
    original = Table.acts
    try:
        Table.acts = lambda self, seat: lying if seat == 2 else original(self, seat)
        assert agrees(honest, 2, game.now) != []
    finally:
        Table.acts = original


def every_seat_agrees(game) -> list[str]:
    return [seen for seat in (1, 2, 3, 4) for seen in agrees(game.table, seat, game.now)]


def test_what_a_seat_may_do_agrees_in_each_step_of_a_hand_played_round():
    """The steps random play reaches seldom, played by hand: CheatBot's and PassBot's own
    choices in the Debate, a tie's order, a reaction window, a proof, the Pass phase."""
    game = three_at_six(di=("CheatBot", 2, E))
    assert every_seat_agrees(game) == []  # the Debate: passes, CheatBot's choices
    game.call(6).claim(1).claim(2).claim(3)
    assert every_seat_agrees(game) == []  # Ada's turn at 6, Bob and Cy waiting
    game.pass_turn(1)
    assert game.table.acts(1).promote and every_seat_agrees(game) == []  # Ada orders them
    game.promote(1, 3)
    game.convert(3, target=4)  # Cy (6) converts Di (2): it fails
    assert every_seat_agrees(game) == []  # the window
    game.close()
    assert game.table.acts(4).proofs and every_seat_agrees(game) == []  # Di's proof
    passers = play("Ada", "Bob", "Cy", ada=("PassBot", 4, G), bob=("BetBot", 2, E))
    passers.pass_debate(1).pass_debate(2)
    assert passers.table.acts(1).passbot and every_seat_agrees(passers) == []
    passers.call(1).at(passers.table.deadline)
    assert every_seat_agrees(passers) == []  # the Pass phase


def test_random_play_reaches_the_kinds_of_act():
    """The random rounds above do reach claims, turns, windows, proofs and robot actions."""
    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        table, now = dealt(seed, [(rng.randint(1, 9), G) for _ in range(4)], seed % 2 == 0), 0.0
        for _ in range(40):
            what = rng.choice(["pass", "start", "act-now", "turn", "answer", "prove", "deadline"])
            now = later(table, now, "deadline", 0) if what == "deadline" else now + 0.5
            table = table.tick(now)
            try:
                if what != "deadline":
                    table = step(table, now, what, rng.randint(1, 3), rng.randint(0, 9))
            except GameError:
                pass
            for seat in (1, 2, 3, 4):
                acts = table.acts(seat)
                seen |= {
                    name
                    for name in ("claim", "turn", "no_reaction", "proofs", "robots")
                    if getattr(acts, name)
                }
    assert seen == {"claim", "turn", "no_reaction", "proofs", "robots"}
