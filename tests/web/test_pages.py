"""The pages to read: the rules, the robot gallery, playing over video."""

import re

import pytest

from evilrobots.game.cards import ROBOTS
from evilrobots.web.guide import ROBOT_NOTES, note_for
from evilrobots.web.words import robot_text


def text_of(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_every_robot_has_a_gallery_note():
    assert set(ROBOT_NOTES) == {robot.name for robot in ROBOTS}
    assert all(len(note_for(robot)) > 60 for robot in ROBOTS)


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ('<h2 id="setup">', "Setup"),
        ('<h2 id="phases">', "The three phases"),
        ("<h3>", "1. Debate"),
        ("<h3>", "2. Countdown"),
        ("<h3>", "3. Pass phase"),
        ('<h2 id="conversions">', "Conversions"),
        ('<h2 id="reveals">', "What you must show"),
        ('<h2 id="ending">', "Ending and scoring a round"),
        ('<h2 id="winning">', "Winning the game"),
        ('<h2 id="small">', "The non-player robot (small groups)"),
        ('<h2 id="lying">', "Lying is fine; cheating is not"),
    ],
)
def test_rules_page_covers_each_topic(client, heading, title):
    page = client.get("/rules").get_data(as_text=True)
    # The heading itself (not a table-of-contents link), with some rules under it.
    level = heading[2]
    opening = f"{heading}{title}</h{level}>"
    assert opening in page
    after = page.split(opening, 1)[1]
    section = re.split(r"<h2|</main>" if level == "2" else r"<h[23]|</main>", after)[0]
    assert len(re.sub(r"<[^>]+>", " ", section).split()) >= 20, title
    anchor = re.match(r'<h2 id="(\w+)">', heading)
    if anchor:
        assert f'<a href="#{anchor.group(1)}">' in page  # listed on the table of contents


def test_rules_state_the_key_numbers(client):
    text = text_of(client, "/rules")
    assert "10 points" in text
    assert "power 5" in text
    assert "a tie means Neutral wins" in text


def test_gallery_shows_every_card_with_its_explanation(client):
    page = client.get("/robots").get_data(as_text=True)
    text = text_of(client, "/robots")
    for robot in ROBOTS:
        assert f'id="{robot.slug}"' in page
        assert robot_text(robot) in text
        assert note_for(robot) in text.replace("&#39;", "'")
    assert "Reaction chains" in text


def test_video_page_explains_the_points_card_and_one_phone_each(client):
    text = text_of(client, "/video")
    assert "One phone each" in text
    assert "Draw points card" in text
