"""Tables of the pure model for the game's tests: Ada (the host), Bob and Cy."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.table import Table
from tests.support.cards import known
from tests.support.tables import Play, play, seated


@pytest.fixture
def three() -> Table:
    """Ada (host), Bob and Cy, dealt from a seeded deck."""
    return seated("Ada", "Bob", "Cy").deal(1, random.Random(4))


@pytest.fixture
def table() -> Table:
    """Ada (host), Bob, Cy; dealt; Ada SumoBot 5 Good, Bob LockBot 3 Evil, Cy PushBot 2
    Neutral; the round worth 6."""
    dealt = seated("Ada", "Bob", "Cy").deal(1, random.Random(2))
    return known(
        dealt,
        6,
        ada=("SumoBot", 5, Allegiance.GOOD),
        bob=("LockBot", 3, Allegiance.EVIL),
        cy=("PushBot", 2, Allegiance.NEUTRAL),
    )


@pytest.fixture
def four() -> Play:
    """Ada SumoBot 7, Bob LockBot 4, Cy BlockBot 2, Di ForceBot 9."""
    return play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        ada=("SumoBot", 7, Allegiance.GOOD),
        bob=("LockBot", 4, Allegiance.EVIL),
        cy=("BlockBot", 2, Allegiance.NEUTRAL),
        di=("ForceBot", 9, Allegiance.EVIL),
    )
