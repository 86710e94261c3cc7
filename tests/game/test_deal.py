import random
from collections import Counter

import pytest

from evilrobots.game.cards import POWER_DECK, ROBOTS, PowerCard
from evilrobots.game.deal import (
    deal_hands,
    draw_points_card,
    flip_coins,
    remaining_power_cards,
    shuffled,
)


def test_same_seed_deals_the_same_hand():
    assert deal_hands(1, random.Random(42)) == deal_hands(1, random.Random(42))


def test_different_seeds_deal_different_hands():
    hands = {tuple(deal_hands(1, random.Random(seed))) for seed in range(50)}
    assert len(hands) > 40


def test_a_deal_is_one_robot_one_power_card_and_two_flips():
    (deal,) = deal_hands(1, random.Random(1))
    assert deal.robot in ROBOTS
    assert deal.power in POWER_DECK
    assert len(deal.flips) == 2


def test_a_table_gets_unique_robots_and_at_most_two_of_a_power():
    for seed in range(200):
        deals = deal_hands(9, random.Random(seed))
        assert len({deal.robot for deal in deals}) == 9
        assert max(Counter(deal.power for deal in deals).values()) <= 2


@pytest.mark.parametrize("players", [0, 19, -3])
def test_impossible_table_sizes_are_refused(players):
    with pytest.raises(ValueError):
        deal_hands(players, random.Random(1))


def test_shuffling_returns_a_shuffled_copy_and_leaves_the_deck_alone():
    deck = list(range(18))
    result = shuffled(deck, random.Random(3))
    assert deck == list(range(18))
    assert sorted(result) == deck
    assert result != deck


def test_dealing_uses_only_the_random_source_it_is_given():
    random.seed(1)
    first = deal_hands(9, random.Random(5))
    random.seed(2)
    assert deal_hands(9, random.Random(5)) == first


def test_remaining_deck_removes_one_copy_per_dealt_card():
    rest = remaining_power_cards([PowerCard(7)])
    assert len(rest) == 17
    assert rest.count(PowerCard(7)) == 1


def test_points_card_comes_from_the_rest_of_the_deck():
    seen = Counter(draw_points_card([PowerCard(9)], random.Random(seed)) for seed in range(3000))
    assert set(seen) == set(POWER_DECK)
    # One 9 is in the player's hand, so a 9 comes up about half as often as any other value.
    assert seen[PowerCard(9)] < 0.75 * seen[PowerCard(5)]


def test_flips_are_heads_and_tails_with_both_seen():
    flips = {flip_coins(random.Random(seed)) for seed in range(100)}
    assert len(flips) == 4
