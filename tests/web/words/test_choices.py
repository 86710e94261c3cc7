"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_choices`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from tests.game.table.test_choices import E, G, N  # noqa: F401
from tests.support.said import log
from tests.support.tables import Play, conduct, pass_phase


def test_passbot_may_act_first_or_at_its_powers_place():
    cards = dict(ada=("PassBot", 6, G), bob=("BetBot", 2, E), cy=("SwapBot", 4, N))
    first = pass_phase(1, 2, 3, **cards)
    assert (conduct(first).turn, conduct(first).queue) == (1, (3,))
    assert "Ada · shows their power for the Pass phase · PassBot · power 6" in log(first)

    def wait(game: Play) -> None:
        game.table = game.table.choose_first(1, 1, game.now, False)
        assert game.table.view_for(1).standing.first is False

    placed = pass_phase(1, 2, 3, after=wait, **cards)
    assert (conduct(placed).turn, conduct(placed).queue) == (3, (1,))  # Cy 4, then Ada 6
    assert "Ada · shows their power for the Pass phase · power 6" in log(placed)  # no PassBot
