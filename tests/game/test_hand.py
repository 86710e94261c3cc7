"""One player's hand: hiding and showing, the allegiance by hand or by coins, the points card."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import NOTHING, Part
from evilrobots.game.cards import ROBOTS, Allegiance, Coin, PowerCard
from evilrobots.game.deal import Deal
from evilrobots.game.hand import Hand

R, P, A = Part.ROBOT, Part.POWER, Part.ALLEGIANCE
H, T = Coin.HEADS, Coin.TAILS


@pytest.fixture
def hand() -> Hand:
    return Hand.from_deal(Deal(ROBOTS[2], PowerCard(6), (H, T)))


def test_a_new_hand_shows_everything_and_takes_its_flips(hand):
    assert hand.hidden == NOTHING
    assert hand.allegiance is Allegiance.NEUTRAL
    assert hand.flips == (H, T)
    assert hand.points is None


@pytest.mark.parametrize("part", list(Part))
def test_hide_and_show_each_card(hand, part):
    hidden = hand.hide(part)
    assert hidden.is_hidden(part)
    assert hidden.hidden == {part}
    assert hidden.hide(part) == hidden
    assert hidden.show(part) == hand


@pytest.mark.parametrize("allegiance", [Allegiance.GOOD, Allegiance.EVIL])
def test_choosing_another_allegiance_forgets_the_flips(hand, allegiance):
    chosen = hand.choose(allegiance)
    assert chosen.allegiance is allegiance
    assert chosen.flips is None
    assert (chosen.robot, chosen.power) == (hand.robot, hand.power)


def test_choosing_the_same_allegiance_keeps_the_flips(hand):
    assert hand.choose(Allegiance.NEUTRAL) == hand


def test_randomise_flips_twice_and_follows_the_coins(hand):
    seen = set()
    for seed in range(60):
        new = hand.hide(P).randomise(random.Random(seed))
        assert new.flips is not None
        assert new.allegiance is Allegiance.from_flips(*new.flips)
        assert new.hidden == {P}
        seen.add(new.allegiance)
    assert seen == set(Allegiance)


def test_points_card_is_drawn_once_per_round(hand):
    drawn = hand.draw_points(random.Random(1))
    assert drawn.points is not None
    assert drawn.draw_points(random.Random(2)).points == drawn.points
