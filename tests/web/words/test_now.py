"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_now`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from evilrobots.web.facts import detail, note
from tests.game.table.test_now import E, G, N  # noqa: F401
from tests.support.tables import play


def test_the_converter_is_told_it_may_not_react_to_its_own_conversion():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).convert(1, target=2)
    assert "you may not react" in note(game.table.view_for(1).standing)
    assert game.table.view_for(2).acts.due and not game.table.view_for(1).acts.due


def test_a_pushbot_window_says_it_is_a_push():
    game = play("Ada", "Bob", "Cy", ada=("PushBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).robot(1, "PushBot", target=2, bet=N)
    assert "Ada pushes Bob to Neutral" in detail(game.table.view_for(None).happening)


def test_copybot_with_nothing_to_copy_is_told_why_it_has_no_robot_button():
    game = play("Ada", "Bob", ada=("CopyBot", 4, E)).call(4).claim(1)
    view = game.table.view_for(1)
    assert view.acts.turn and view.acts.robots == () and game.table.robot_actions(1) == ()
    assert "CopyBot has nothing to copy yet" in note(view.standing)


def test_the_pass_phase_turn_offers_no_self_conversion_in_its_words():
    game = play("Ada", "Bob", bob=("BetBot", 2, E))
    game.pass_debate(2).call(1).at(game.table.deadline)
    assert "convert themselves" not in detail(game.table.view_for(None).happening)
