"""Shuffling and dealing, with the random source injected.

Production passes ``secrets.SystemRandom()``; tests pass ``random.Random(seed)``.
Nothing here calls the module-level ``random`` functions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .cards import POWER_DECK, ROBOTS, Allegiance, Coin, PowerCard, Robot

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Deal:
    """What one player receives at the start of a round."""

    robot: Robot
    power: PowerCard
    flips: tuple[Coin, Coin]

    @property
    def allegiance(self) -> Allegiance:
        return Allegiance.from_flips(*self.flips)


def shuffled(deck: Sequence[T], rng: random.Random) -> list[T]:
    """Return a freshly shuffled copy of a deck."""
    cards = list(deck)
    rng.shuffle(cards)
    return cards


def flip_coins(rng: random.Random) -> tuple[Coin, Coin]:
    """Flip the allegiance coin twice."""
    return (rng.choice((Coin.HEADS, Coin.TAILS)), rng.choice((Coin.HEADS, Coin.TAILS)))


def deal_hands(players: int, rng: random.Random) -> list[Deal]:
    """Deal one robot and one power card to each player from freshly shuffled decks.

    Dealt from one deck, so no two players share a robot, as with the physical cards.
    """
    if not 1 <= players <= len(ROBOTS):
        raise ValueError(f"Evil Robots deals 1 to {len(ROBOTS)} hands, not {players}")
    robots = shuffled(ROBOTS, rng)
    powers = shuffled(POWER_DECK, rng)
    return [Deal(robots[i], powers[i], flip_coins(rng)) for i in range(players)]


def deal_table(players: int, rng: random.Random) -> tuple[list[Deal], PowerCard]:
    """Deal a whole table from one shuffle of each deck, then turn up the points card.

    No two players share a robot, and each power value appears at most twice among the hands
    and the points card, as with one physical deck. The points card is the next card of the
    shuffled power deck: a fair draw from what is left.
    """
    if not 1 <= players <= len(ROBOTS) // 2:
        raise ValueError(f"a table deals 1 to {len(ROBOTS) // 2} hands, not {players}")
    robots = shuffled(ROBOTS, rng)
    powers = shuffled(POWER_DECK, rng)
    deals = [Deal(robots[i], powers[i], flip_coins(rng)) for i in range(players)]
    return deals, powers[players]


def remaining_power_cards(dealt: Sequence[PowerCard]) -> list[PowerCard]:
    """Return the power deck without the cards already dealt (one copy removed per card)."""
    rest = list(POWER_DECK)
    for card in dealt:
        rest.remove(card)
    return rest


def draw_points_card(dealt: Sequence[PowerCard], rng: random.Random) -> PowerCard:
    """Draw the round's points card from what is left of the power deck."""
    return rng.choice(remaining_power_cards(dealt))


def deal_tag(deal_id: int) -> str:
    """A deal's tag, as pages, forms and the script carry it: eight hex digits ("0000002a").
    A form says which deal it was made for, so that it never lands in another."""
    return f"{deal_id:08x}"
