"""Who may see a change (``privacy``): a change only one seat can see is told as such."""

from __future__ import annotations

from evilrobots.game.actions import Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.table.conduct import Story
from tests.support.tables import conducted

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_a_change_only_its_seat_can_see_is_told_as_such():
    """What the stores tell only that seat's streams: its hidden cards, CheatBot's and
    PassBot's choices; anything else is everyone's."""
    from evilrobots.game.table.privacy import private_to

    table = conducted("Ada", "Bob", "Cy", ada=("CheatBot", 3, G), bob=("PassBot", 5, E))
    assert private_to(table, table.hide(3, 1, Part.POWER)) == 3
    assert private_to(table, table.choose_cheat(1, 1, 1.0, E, Story.FAILED)) == 1
    assert private_to(table, table.choose_first(2, 1, 1.0, False)) == 2
    both = table.hide(3, 1, Part.POWER).hide(2, 1, Part.ROBOT)
    assert private_to(table, both) is None
    assert private_to(table, table.pass_debate(3, 1, 1.0)) is None
    assert private_to(table, table.tick(60.0)) is None
