"""The deal is fair: chi-square tests over 100,000 seeded deals.

Four statistics are tested at once (robot, power value, points card given the player's
card, allegiance), each at the Bonferroni level 0.001 / 4, so a correct dealer fails this
file less than once in a thousand runs with a fresh seed (`FAIRNESS_SEED`).
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from evilrobots.game.cards import POWER_DECK, ROBOTS, Allegiance, PowerCard
from evilrobots.game.deal import Deal, deal_hands, draw_points_card, flip_coins

DEALS = 100_000
ALPHA = 0.001 / 4
SEED = int(os.environ.get("FAIRNESS_SEED", "20261129"))


def chi2_sf(x: float, df: int) -> float:
    """Probability that a chi-square variable with ``df`` degrees of freedom exceeds ``x``."""
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= half / k
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(2 * x / math.pi) * math.exp(-half)
    for j in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * j + 1)
    return total


def chi_square_p(observed: Sequence[float], expected: Sequence[float], df: int = 0) -> float:
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    return chi2_sf(statistic, df or len(observed) - 1)


def test_chi_square_tail_matches_known_critical_values():
    # Upper 0.1% points from standard tables.
    assert chi2_sf(13.816, 2) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(26.124, 8) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(40.790, 17) == pytest.approx(0.001, rel=1e-3)


Dealer = Callable[[random.Random], tuple[Deal, int]]


def production_dealer(rng: random.Random) -> tuple[Deal, int]:
    (deal,) = deal_hands(1, rng)
    return deal, draw_points_card([deal.power], rng).value


def p_values(dealer: Dealer, seed: int = SEED, deals: int = DEALS) -> dict[str, float]:
    rng = random.Random(seed)
    robots, powers, allegiances, points = Counter(), Counter(), Counter(), Counter()
    for _ in range(deals):
        deal, point = dealer(rng)
        robots[deal.robot] += 1
        powers[deal.power.value] += 1
        allegiances[deal.allegiance] += 1
        points[deal.power.value, point] += 1
    values = range(1, 10)
    # Given a player's card of value v, one v and two of every other value remain: the points
    # card is v with chance 1/17 and each other value with 2/17. Nine rows of 8 freedoms.
    cells = [(v, p) for v in values for p in values]
    expected_points = [powers[v] * (1 if v == p else 2) / 17 for v, p in cells]
    shares = {Allegiance.GOOD: 0.25, Allegiance.EVIL: 0.25, Allegiance.NEUTRAL: 0.5}
    return {
        "robot": chi_square_p([robots[r] for r in ROBOTS], [deals / 18] * 18),
        "power": chi_square_p([powers[v] for v in values], [deals / 9] * 9),
        "points": chi_square_p([points[c] for c in cells], expected_points, df=9 * 8),
        "allegiance": chi_square_p(
            [allegiances[a] for a in shares], [deals * s for s in shares.values()]
        ),
    }


def test_the_deal_is_uniform():
    results = p_values(production_dealer)
    assert all(p > ALPHA for p in results.values()), results


def biased_robots(rng: random.Random) -> tuple[Deal, int]:
    deal, point = production_dealer(rng)
    if deal.robot is ROBOTS[0] and rng.random() < 0.15:  # BadBot a little too rare
        deal = Deal(ROBOTS[1], deal.power, deal.flips)
    return deal, point


def rare_nines(rng: random.Random) -> tuple[Deal, int]:
    deal, point = production_dealer(rng)
    if deal.power.value == 9 and rng.random() < 0.05:  # a 9 dealt a little too rarely
        deal = Deal(deal.robot, PowerCard(1), deal.flips)
    return deal, point


def one_coin(rng: random.Random) -> tuple[Deal, int]:
    deal, point = production_dealer(rng)
    first, _ = flip_coins(rng)
    return Deal(deal.robot, deal.power, (first, first)), point


def points_from_full_deck(rng: random.Random) -> tuple[Deal, int]:
    deal, _ = production_dealer(rng)
    return deal, rng.choice(POWER_DECK).value  # forgets the player's card is out of the deck


@pytest.mark.parametrize(
    ("dealer", "statistic"),
    [
        (biased_robots, "robot"),
        (rare_nines, "power"),
        (one_coin, "allegiance"),
        (points_from_full_deck, "points"),
    ],
)
def test_the_test_catches_a_biased_dealer(dealer, statistic):
    assert p_values(dealer)[statistic] < ALPHA
