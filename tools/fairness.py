"""The fairness of the deal, as chi-square p-values over many seeded deals: the test's
statistics (``tests/game/test_fairness.py``) and the benchmark's (``bench.fairness``).

Four statistics at once: the robot, the power value, the points card given the player's card,
and the allegiance. A fair dealer gives p-values spread evenly between 0 and 1.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence

from evilrobots.game.cards import ROBOTS, Allegiance
from evilrobots.game.deal import Deal, deal_hands, draw_points_card

DEALS = 100_000


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


Dealer = Callable[[random.Random], tuple[Deal, int]]


def production_dealer(rng: random.Random) -> tuple[Deal, int]:
    (deal,) = deal_hands(1, rng)
    return deal, draw_points_card([deal.power], rng).value


def p_values(dealer: Dealer, seed: int, deals: int = DEALS) -> dict[str, float]:
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
