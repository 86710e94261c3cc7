"""Undo shuffle on the server: the hand from before the shuffle, exactly, for 30 seconds."""

from __future__ import annotations

import random

import pytest

from evilrobots.factory import create_app
from evilrobots.game.codec import load_hand as load
from evilrobots.web.solo.cookie import UNDO_GRACE, UNDO_SECONDS
from tests.support.clients import Player


@pytest.fixture
def player(tmp_path, clock) -> Player:
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "k" * 40, "RANDOM": random.Random(11), "CLOCK": clock},
        instance_path=tmp_path,
    )
    return Player(app.test_client())


def played_hand(player: Player) -> dict:
    """A hand that has been played with: converted, randomised, points drawn, cards hidden."""
    player.post("/allegiance", allegiance="evil")
    player.post("/randomise")
    player.post("/points")
    player.post("/hide", part="robot")
    player.post("/hide", part="allegiance")
    return player.hand()


def test_undo_brings_back_exactly_the_hand_before_the_shuffle(player):
    before = played_hand(player)
    assert player.post("/shuffle").status_code == 303
    assert player.hand() != before
    response = player.post("/undo")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert player.hand() == before
    hand = load(before)
    assert hand.points is not None and hand.hidden and hand.flips is not None


def test_the_page_offers_undo_for_thirty_seconds_after_a_shuffle(player, clock):
    page = player.client.get("/").get_data(as_text=True)
    assert "Undo shuffle" not in page
    player.post("/shuffle")
    page = player.client.get("/").get_data(as_text=True)
    assert "Undo shuffle" in page
    assert f'data-undo-seconds="{UNDO_SECONDS}"' in page
    clock.now += UNDO_SECONDS - 12
    assert 'data-undo-seconds="12"' in player.client.get("/").get_data(as_text=True)
    clock.now += 12
    assert "Undo shuffle" not in player.client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("late", "status"),
    [(UNDO_SECONDS + UNDO_GRACE - 1, 303), (UNDO_SECONDS + UNDO_GRACE + 1, 409)],
    ids=["in-the-grace-second", "too-late"],
)
def test_an_undo_a_little_late_still_counts_a_late_one_is_refused(player, clock, late, status):
    before = player.hand()
    player.post("/shuffle")
    shuffled = player.hand()
    clock.now += late
    response = player.post("/undo")
    assert response.status_code == status
    assert player.hand() == (before if status == 303 else shuffled)
    if status == 409:
        assert "Too late to undo" in response.get_data(as_text=True)
        assert "Your cards are safe" in response.get_data(as_text=True)


def test_undo_without_a_shuffle_is_refused_and_changes_nothing(player):
    before = player.hand()
    response = player.post("/undo")
    assert response.status_code == 409
    assert "no shuffle to undo" in response.get_data(as_text=True)
    assert player.hand() == before


def test_an_undo_is_used_once(player):
    before = player.hand()
    player.post("/shuffle")
    player.post("/undo")
    assert player.hand() == before
    assert player.post("/undo").status_code == 409
    assert player.hand() == before


def test_the_script_gets_the_new_card_view_to_swap_in(player):
    response = player.post_json("/shuffle")
    state = response.get_json()
    hand = load(player.hand())
    assert state["round"] == hand.deal_tag
    assert state["html"].startswith('<main class="hand" id="hand"')
    assert hand.robot.name in state["html"] and "Undo shuffle" in state["html"]
    assert f'data-round="{hand.deal_tag}"' in state["html"]
    undone = player.post_json("/undo").get_json()
    assert "Undo shuffle" not in undone["html"]
