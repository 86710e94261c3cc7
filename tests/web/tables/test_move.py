"""A seat moved to another phone with a one-time link."""

from __future__ import annotations

import re

from evilrobots.web.tables import move
from tests.support.pages import visible_text


def test_a_seat_moves_to_another_phone_with_a_one_time_link(app, clock, ada, bob, dealt):
    response = bob.post("/move")
    assert response.headers["Location"] == f"/t/{ada.code}/move"
    page = bob.page("/move")
    assert "do not show it on camera" in page
    link = re.search(r'<p class="join-link">([^<]+/move/[^<]+)</p>', page).group(1)
    path = link.removeprefix("http://localhost")
    other = app.test_client()
    assert "Bob" in visible_text(other.get(path).get_data(as_text=True))
    assert other.post(path).status_code == 303
    hand = dealt.round.hand_of(2)
    assert hand.robot.name in other.get(f"/t/{ada.code}").get_data(as_text=True)
    assert "Join table" in bob.client.get(f"/t/{ada.code}").get_data(as_text=True)
    assert app.test_client().post(path).status_code == 409  # used once


def test_a_move_link_expires_after_ten_minutes(app, clock, ada, bob):
    bob.post("/move")
    link = re.search(r"(/t/\w+/move/[\w-]+)", bob.page("/move")).group(1)
    clock.now += move.MOVE_SECONDS + 1
    assert "too old" in app.test_client().get(link).get_data(as_text=True)
    assert app.test_client().post(link).status_code == 409
