"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.test_cards`` that read words:
the game's own tests run without the web)."""

from evilrobots.game.cards import ROBOTS
from evilrobots.web.words import robot_text
from tests.game.test_cards import rules_bots  # noqa: F401


def test_robots_are_exactly_the_rules_json():
    bots = rules_bots()
    assert len(ROBOTS) == 18
    texts = {robot.name: [robot.kind.value, robot_text(robot)] for robot in ROBOTS}
    assert texts == bots  # the web's words for each card: the printed text, word for word
