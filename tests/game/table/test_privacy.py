"""Who may see a change: a move says it itself (``Effects.private_to``), and agrees with the
tests' oracle, which compares the table before and after (``tests.support.privacy``)."""

from __future__ import annotations

from evilrobots.game.actions import Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.table import kinds as k
from evilrobots.game.table import moves
from evilrobots.game.table.conduct import CheatSays
from tests.support.privacy import private_to
from tests.support.tables import conducted

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def table():
    return conducted("Ada", "Bob", "Cy", ada=("CheatBot", 3, G), bob=("PassBot", 5, E))


def test_the_oracle_finds_a_change_only_its_seat_can_see():
    """What the stores tell only that seat's streams: its hidden cards, CheatBot's and
    PassBot's choices; anything else is everyone's."""
    dealt = table()
    assert private_to(dealt, dealt.hide(3, 1, Part.POWER)) == 3
    assert private_to(dealt, dealt.choose_cheat(1, 1, 1.0, E, CheatSays.FAILED)) == 1
    assert private_to(dealt, dealt.choose_first(2, 1, 1.0, False)) == 2
    both = dealt.hide(3, 1, Part.POWER).hide(2, 1, Part.ROBOT)
    assert private_to(dealt, both) is None
    assert private_to(dealt, dealt.pass_debate(3, 1, 1.0)) is None
    assert private_to(dealt, dealt.tick(60.0)) is None


def test_a_move_says_whom_alone_it_may_be_told_to_as_the_oracle_finds():
    dealt = table()
    for seat, move in [
        (3, k.Hide(1, Part.POWER)),
        (1, k.ChooseCheat(1, E, CheatSays.FAILED)),
        (2, k.ChooseFirst(1, False)),
        (3, k.PassDebate(1)),
        (1, k.SetNpr(True)),
    ]:
        applied = moves.apply(dealt, seat, move, 1.0)
        assert applied.effects.private_to == private_to(dealt, applied.table), move


def test_a_private_choice_made_already_changes_nothing_and_tells_nobody():
    chosen = moves.apply(table(), 1, k.ChooseCheat(1, E, CheatSays.FAILED), 1.0).table
    again = moves.apply(chosen, 1, k.ChooseCheat(1, E, CheatSays.FAILED), 2.0)
    assert again.table is chosen
    waits = moves.apply(table(), 2, k.ChooseFirst(1, False), 1.0).table
    assert moves.apply(waits, 2, k.ChooseFirst(1, False), 2.0).table is waits
