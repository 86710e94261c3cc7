"""The deal is fair: chi-square tests over 100,000 seeded deals.

Four statistics are tested at once (robot, power value, points card given the player's
card, allegiance), each at the Bonferroni level 0.001 / 4, so a correct dealer fails this
file less than once in a thousand runs with a fresh seed (`FAIRNESS_SEED`).
"""

from __future__ import annotations

import os
import random

import pytest

from evilrobots.game.cards import POWER_DECK, ROBOTS, PowerCard
from evilrobots.game.deal import Deal, flip_coins
from tools.fairness import chi2_sf, p_values, production_dealer

ALPHA = 0.001 / 4
SEED = int(os.environ.get("FAIRNESS_SEED", "20261129"))


def test_chi_square_tail_matches_known_critical_values():
    # Upper 0.1% points from standard tables.
    assert chi2_sf(13.816, 2) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(26.124, 8) == pytest.approx(0.001, rel=1e-3)
    assert chi2_sf(40.790, 17) == pytest.approx(0.001, rel=1e-3)


def test_the_deal_is_uniform():
    results = p_values(production_dealer, SEED)
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
    assert p_values(dealer, SEED)[statistic] < ALPHA
