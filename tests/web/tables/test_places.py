"""Where a form sends a phone back to: a place its page has. And the board's list of reveals,
numbered as they happened."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from evilrobots.game.cards import Allegiance
from tests.support.cards import give
from tests.support.clients import Phone, deal_tag, table_of

G, E = Allegiance.GOOD, Allegiance.EVIL


def lands(phone: Phone, response) -> str:
    """The page a form's answer sends the phone to; fails unless the place it points at (the
    part after #) is an element of that page."""
    assert response.status_code == 303, response.get_data(as_text=True)
    where = urlsplit(response.headers["Location"])
    page = phone.client.get(where.path).get_data(as_text=True)
    if where.fragment:
        assert f'id="{where.fragment}"' in page, f"#{where.fragment} is not on {where.path}"
    return where.fragment


def test_every_form_of_a_round_by_voice_lands_on_a_place_its_page_has(app, ada, bob, cy):
    assert lands(ada, ada.post("/npr-rule", npr="yes")) == "host"
    ada.by_voice()
    assert lands(ada, ada.deal()) == ""  # the top: the bar, then the new cards
    table = table_of(app, ada.code)
    give(app, ada.code, 3, ada=("SumoBot", 9, G), bob=("LockBot", 2, E), cy=("PushBot", 4, E))
    assert lands(bob, bob.post("/npr", allegiance="good", round=deal_tag(table))) == "npr"
    assert lands(bob, bob.post("/reveal", action="prove-power", round=deal_tag(table))) == "reveals"
    assert (
        lands(ada, ada.post("/end")) == ""
    )  # the top: the next step (Keep the score), then the count
    assert lands(ada, ada.post("/keep")) == "tally"  # Ada alone won: nothing to split


def test_the_boards_list_keeps_each_reveals_number_once_it_is_cut_short(app, ada, bob, dealt):
    for turn in range(8):  # Bob, then Ada, in turn (the same reveal twice is a double tap)
        (bob, ada)[turn % 2].post("/reveal", action="prove-power", round=deal_tag(dealt))
    board = ada.page("/board")
    listed = re.search(r'<ol class="reveal-list"[^>]*>(.*?)</ol>', board, re.S)
    assert listed and 'start="8"' in listed.group(0)  # the newest is the 8th, not the 6th
    assert listed.group(1).count("<li>") == 5
    assert "and 3 earlier" in board


def test_from_a_seat_the_actions_lead_back_to_its_table(ada):
    back = f'<a href="/t/{ada.code}">Back to your table</a>'
    for page in (ada.page("/actions"), ada.page()):  # the page, and the panel in the seat's
        assert back in page and "Play at a table" not in page
