import json
from pathlib import Path

import pytest

from evilrobots.game.cards import POWER_DECK, ROBOTS, Allegiance, Coin, Kind, PowerCard, robot_named

THE_BOTS = Path(__file__).resolve().parents[1] / "data" / "the-bots.json"

H, T = Coin.HEADS, Coin.TAILS


def rules_bots() -> dict[str, list[str]]:
    """The "The Bots" JSON from the v0.8 rules (see tests/data/README.md), the reference."""
    return json.loads(THE_BOTS.read_text())


def test_robot_names_are_unique_and_findable_by_slug():
    assert len({robot.name for robot in ROBOTS}) == 18
    assert robot_named("dooverbot").name == "DoOverBot"
    with pytest.raises(KeyError):
        robot_named("judasbot")


def test_every_kind_is_used():
    assert {robot.kind for robot in ROBOTS} == set(Kind)


def test_power_deck_is_two_of_each_value():
    assert len(POWER_DECK) == 18
    assert sorted(card.value for card in POWER_DECK) == sorted(list(range(1, 10)) * 2)


@pytest.mark.parametrize("value", [0, 10, -1])
def test_power_card_refuses_impossible_values(value):
    with pytest.raises(ValueError):
        PowerCard(value)


@pytest.mark.parametrize(
    ("first", "second", "allegiance"),
    [
        (H, H, Allegiance.GOOD),
        (T, T, Allegiance.EVIL),
        (H, T, Allegiance.NEUTRAL),
        (T, H, Allegiance.NEUTRAL),
    ],
)
def test_coin_flips_give_allegiance(first, second, allegiance):
    assert Allegiance.from_flips(first, second) is allegiance
