"""Conducted rounds played at random, checked as properties.

- Secrets: two deals that differ only in the hidden cards of a seat that reveals nothing,
  given the same public inputs, give the board and every other seat the same views, step by
  step, and the same refusals. A control shows that the check sees a difference when the
  seat does reveal something.
- Invariants of any sequence of requests: one turn per seat; allegiances change only by a
  conversion on the log; the Pass phase's order follows the rule; every step is on a clock,
  so a round left alone goes on to its end; a proof is given only in its own step and shows
  the cards the seat holds at that moment.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.game.cards import CHEATBOT, PASSBOT, ROBOTS, Allegiance
from evilrobots.game.errors import GameError
from evilrobots.game.table import NPR_SEAT, Table
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.facts import What
from evilrobots.game.table.hands import power_in_play
from tests.support.random_play import (
    QUIET,
    dealt,
    hands,
    later,
    left_alone,
    requested,
    step,
    steps,
)

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def other_quiet_cards(table: Table, rng: random.Random) -> Table:
    """The same table, but the quiet seat holds other cards: a robot nobody holds, another
    power, another allegiance."""
    from evilrobots.game.cards import PowerCard

    round_ = table.round
    hand = round_.hand_of(QUIET)
    taken = {h.robot for _, h in round_.hands}
    robot = rng.choice([r for r in ROBOTS if r not in taken])
    power = PowerCard(rng.choice([v for v in range(1, 10) if v != hand.power.value]))
    allegiance = rng.choice([a for a in Allegiance if a is not hand.allegiance])
    changed = replace(hand, robot=robot, power=power, allegiance=allegiance, flips=None)
    return replace(table, round=round_.with_hand(QUIET, changed))


def play_out(table: Table, requests, quiet_taps: bool = False):
    """Play the requests on the table; yield, after each, what each viewer but the quiet
    seat sees, and whether the request was refused. The quiet seat says No reaction to every
    window (a public tap, made on both sides); with ``quiet_taps`` it also hides and shows
    its cards at every step (its own taps, made on one side only)."""
    from evilrobots.game.actions import Part

    now = 0.0
    for what, seat, choice in requests:
        if what in ("wait", "deadline"):
            now = later(table, now, what, choice)
            moved = table.tick(now)
            refused = False
        else:
            now += 0.5
            try:
                moved = step(table, now, what, seat, choice)
                refused = False
            except GameError:
                moved, refused = table, True
        table = moved
        if quiet_taps and table.round.hand_of(QUIET) is not None and not table.round.ended:
            table = table.hide(QUIET, 1, Part.POWER).show(QUIET, 1, Part.POWER)
            table = table.hide(QUIET, 1, list(Part)[int(now) % 3])
        if table.round.conduct.chain is not None:
            try:
                table = table.no_reaction(QUIET, 1, now)
            except GameError:
                pass
        yield refused, tuple(table.view_for(viewer) for viewer in (None, 1, 2, 3))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), hands, st.booleans(), steps)
def test_a_quiet_seats_hidden_cards_change_nothing_anyone_else_sees(seed, cards, npr, requests):
    one = dealt(seed, cards, npr)
    other = other_quiet_cards(one, random.Random(seed))
    # Both sides say No reaction for the quiet seat (a public tap); one side also taps its
    # own cards (private): neither may tell the quiet seat's cards.
    for (refused_a, seen_a), (refused_b, seen_b) in zip(
        play_out(one, requests, quiet_taps=True),
        play_out(other, requests, quiet_taps=True),
        strict=True,
    ):
        assert refused_a == refused_b
        assert seen_a == seen_b


def test_the_secrets_check_sees_a_seat_that_does_reveal_something():
    """The control: the same check fails when the 'quiet' seat converts someone."""
    one = dealt(7, [(3, G), (5, E), (2, N), (6, G)], False)
    other = other_quiet_cards(one, random.Random(7))
    sequences = [one, other]
    for index, table in enumerate(sequences):
        table = table.tick(30.0)
        for _ in range(12):
            conduct = table.round.conduct
            hand = table.round.hand_of(QUIET)
            if (
                conduct.phase is Phase.COUNTDOWN
                and not conduct.busy
                and (conduct.level == min(power_in_play(hand), 9))
            ):
                table = table.claim(QUIET, 1, table.round.conduct.deadline - 1)
                break
            table = table.tick(table.deadline)
        sequences[index] = table
    assert sequences[0].view_for(None) != sequences[1].view_for(None)


# ---- Invariants --------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), hands, st.booleans(), steps)
def test_random_requests_keep_the_rules_invariants(seed, cards, npr, requests):
    table = dealt(seed, cards, npr)
    now = 0.0
    for what, seat, choice in requests:
        before = table
        table, now, refused = requested(table, now, what, seat, choice)
        if refused:
            continue
        conduct = table.round.conduct
        # One turn per seat: never twice, never both a turn and a reaction.
        assert len(conduct.acted) == len(set(conduct.acted))
        assert not set(conduct.acted) & set(conduct.reacted)
        assert conduct.turn not in conduct.reacted
        # Allegiances change only by a conversion settled on the log, of its target or of
        # the instigator it was turned on.
        new = table.round.reveals[len(before.round.reveals) :]
        settled = {
            r.seat
            for r in new
            if r.lead
            and r.lead.what
            in (
                What.IS_CONVERTED,
                What.IS_CONVERTED_BY,  # (its converter, or the reaction that did it over)
                What.IS_CONVERTED_INSTEAD,
                What.IS_NOT_CONVERTED,
            )
        }
        for seat_id, hand in table.round.hands:
            if hand.allegiance is not before.round.hand_of(seat_id).allegiance:
                chain = before.round.conduct.chain
                assert chain is not None and seat_id in (chain.target, chain.by), new
                assert settled, new
        if table.round.npr is not before.round.npr:
            assert NPR_SEAT in settled
        # The Pass phase: PassBot first (unless it chose its power's place); then ascending
        # power; the lowest sat out.
        if before.round.conduct.phase is not Phase.PASS and conduct.phase is Phase.PASS:
            order = [s for s in (conduct.turn, *conduct.queue) if s is not None]
            power = {s: power_in_play(table.round.hand_of(s)) for s in (*order, *conduct.sat_out)}
            passbot = [
                s
                for s in order
                if table.round.hand_of(s).robot is PASSBOT and s not in conduct.waits
            ]
            rest = [s for s in order if s not in passbot]
            assert order[: len(passbot)] == passbot
            assert [power[s] for s in rest] == sorted(power[s] for s in rest)
            if conduct.sat_out:
                lowest = min(power[s] for s in conduct.sat_out)
                assert all(power[s] == lowest for s in conduct.sat_out)
                assert all(power[s] > lowest for s in rest)
        assert table.round.conduct.settings == before.round.conduct.settings
        # Every step is on a clock: whatever happens next, a deadline says when.
        if conduct.phase is not Phase.DONE:
            assert table.deadline is not None, conduct
        if conduct.turn is not None:
            assert conduct.until <= now + conduct.settings.turn_seconds
        # A proof shows the truth of its moment (CheatBot aside), and only in its own step.
        for reveal in new:
            hand = table.round.hand_of(reveal.seat)
            what = reveal.lead.what if reveal.lead else None
            if what is What.SHOWS_WHY:
                assert before.round.conduct.proof is not None
                assert before.round.conduct.proof.seat == reveal.seat
                assert reveal.power in (None, hand.power)
                assert reveal.robot in (None, hand.robot)
            if what is What.SHOWS_FAILED and hand.robot is not CHEATBOT:
                assert reveal.allegiance is hand.allegiance
    # Left alone, the round goes on by itself to its end.
    table, now = left_alone(table, now)
    assert table.round.conduct.phase is Phase.DONE
