"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.test_actions`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

import pytest

from evilrobots.game.actions import Action, Occasion, actions_by_occasion
from evilrobots.web import words
from tests.game.test_actions import ROUND_ORDER, A, P, R  # noqa: F401


@pytest.mark.parametrize(
    ("action", "kicker", "parts", "shows"),
    [
        (Action.DEBATE, "", (), "nothing"),
        (Action.PROVE_POWER, "Your turn", (P,), "power"),
        (Action.ROBOT_ACTION, "Your turn", (R, P), "robot, power"),
        (Action.PASS_TURN, "Your turn", (P,), "power"),
        (Action.PASS_PHASE, "The Pass phase", (P,), "power"),
        (Action.END_OF_ROUND, "", (R, P, A), "robot, power, allegiance"),
    ],
)
def test_each_action_says_its_occasion_line_and_what_it_shows(action, kicker, parts, shows):
    assert words.kicker(action) == kicker
    assert action.parts == parts
    assert words.shows(action) == shows


def test_the_occasion_line_is_left_out_only_when_the_title_already_says_it():
    for action in Action:
        repeated = words.label(action).lower() in words.label(action.occasion).lower()
        assert (words.kicker(action) == "") == repeated
        if not repeated:
            assert words.kicker(action) == words.label(action.occasion)
    assert Action.DEBATE.occasion is Occasion.DEBATE and words.kicker(Action.DEBATE) == ""


def test_actions_are_grouped_in_the_order_a_round_runs():
    groups = actions_by_occasion()
    assert [
        (words.label(occasion), [words.label(action) for action in actions])
        for occasion, actions in groups
    ] == ROUND_ORDER
