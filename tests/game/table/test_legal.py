"""What a seat may do now in a round (``legal.acts``, which ``moves.legal`` gives as moves)
agrees with what ``moves.apply`` takes: in rounds played at random, and in the steps random
play reaches seldom, every move offered is taken, and every one not offered is refused (or
changes nothing). The check is ``support.agreement``'s, the one over whole games too."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import GameError
from evilrobots.game.table import Table
from tests.support.agreement import agrees as every_seats
from tests.support.random_play import dealt, hands, later, step, steps
from tests.support.tables import play, three_at_six

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def agrees(table: Table, seat: int, now: float) -> list[str]:
    """Where what ``moves.legal`` offers this seat (the round's acts from ``legal.acts``)
    and what ``moves.apply`` takes disagree (``support.agreement``)."""
    return [wrong for wrong in every_seats(table, now) if wrong.startswith(f"seat {seat}:")]


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
            assert every_seats(table, now, every=False) == []
    assert every_seats(table, now) == []


def test_the_agreement_check_sees_an_act_offered_that_is_refused(monkeypatch):
    """A control: a list that offered Bob a turn that is not his would be caught."""
    from dataclasses import replace

    from evilrobots.game.table import legal

    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, G)).call(7).claim(1)
    honest = game.table
    assert agrees(honest, 2, game.now) == []
    original = legal.acts

    def lying(table, seat):
        acts = original(table, seat)
        return replace(acts, turn=True) if seat == 2 else acts

    monkeypatch.setattr(legal, "acts", lying)
    assert any("PassTurn" in wrong for wrong in agrees(honest, 2, game.now))


def every_seat_agrees(game) -> list[str]:
    return every_seats(game.table, game.now)


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
