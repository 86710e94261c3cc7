"""Tables in the pure model, seated and dealt, for the game's own tests."""

from __future__ import annotations

import random

from evilrobots.game.table import Table


def seated(*names: str) -> Table:
    """A table whose first player started it (and hosts it), the others joined in order."""
    table = Table.start("ABCD2345", names[0], "secret-0")
    for number, name in enumerate(names[1:], start=1):
        table = table.join(name, f"secret-{number}")
    return table


def dealt(*names: str, seed: int = 4) -> Table:
    """A table of these players, dealt by its host from a seeded deck."""
    return seated(*names).deal(1, random.Random(seed))
