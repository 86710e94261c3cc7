"""The game's tables for these tests: the same as ``tests/game``'s."""

from tests.game.conftest import four, table, three  # noqa: F401
from tests.game.table.test_conversions import window  # noqa: F401
