"""A seat's own private choices (``choices``): what CheatBot shows and the story it tells,
whether PassBot acts first; each only its holder's, only while it can count.
"""

from __future__ import annotations

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, NotAllowed
from evilrobots.game.table.conduct import CheatSays
from tests.support.tables import pass_phase, play

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_only_cheatbot_chooses_what_it_shows():
    with pytest.raises(NotAllowed, match="CheatBot"):
        play("Ada", "Bob", ada=("BetBot", 3, G)).cheat(1, E)


def test_only_passbot_chooses_and_only_before_the_pass_phase():
    game = pass_phase(1, ada=("PassBot", 6, G), bob=("BetBot", 2, E))
    with pytest.raises(NotAllowed):
        game.table.choose_first(2, 1, game.now, False)
    with pytest.raises(Conflict, match="order is set"):
        game.table.choose_first(1, 1, game.now, False)


def test_a_private_choice_that_lands_once_something_is_due_is_refused():
    game = play("Ada", "Bob", ada=("SwapBot", 7, E), bob=("CheatBot", 3, G)).call(7).claim(1)
    game.convert(1, target=2)
    due = game.table.deadline
    with pytest.raises(Conflict, match="moving on"):
        game.table.choose_cheat(2, 1, due, G, CheatSays.FAILED)
    assert game.table.choose_cheat(2, 1, due - 0.1, G, CheatSays.FAILED).round.conduct.cheats
