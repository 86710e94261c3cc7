"""Live pages: each viewer's events, caught up after a reconnection, kept open by heartbeats."""

from __future__ import annotations

import json
import re
import threading

import pytest

from evilrobots.store import StoreUnavailable
from evilrobots.web.tables import events
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import read_events

# ---- Live: Server-Sent Events -----------------------------------------------------------------


def page_tag(page: str) -> str:
    """The tag a page carries of what it shows (its live section's data-version)."""
    return re.search(r'data-version="([^"]*)"', page).group(1)


def test_an_event_is_one_data_line_whatever_its_parts_hold(app):
    """Parts hold line breaks and text past ASCII: an event still carries them in one
    ``data:`` line (a line break would end it early), and a browser reads them back."""
    text = "<p>Zoë “Z”\r\nconverts\u2028Bob</p>\n"
    with app.app_context():
        with_clock = events.event("seat", "tag1", {"now": text}).decode()
    lines = with_clock.split("\n")
    assert lines[:2] == ["event: seat", "id: tag1"] and lines[3:] == ["", ""]
    assert json.loads(lines[2].removeprefix("data: "))["now"] == text


def test_the_event_stream_sends_the_current_state_then_each_change(app, ada, bob, dealt):
    response = ada.client.get(f"/t/{ada.code}/events?v=0", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    ((name, tag, data),) = read_events(response, 1)
    assert name == "seat" and tag == page_tag(ada.page())  # the page's own tag
    assert dealt.round.hand_of(1).robot.name in data["hand"]

    def reveal_soon():
        bob.post("/reveal", action="prove-power", round=deal_tag(dealt))

    threading.Timer(0.2, reveal_soon).start()
    ((name, newer, data),) = read_events(response, 1)
    assert newer != tag and newer == page_tag(ada.page())
    assert "Bob · proves their power" in data["live"]
    assert "hand" not in data  # Ada's cards did not change: the phone keeps its own
    response.close()


def test_a_power_called_sends_each_seat_its_strip_alone(app, clock, ada, bob, conducted):
    """A call changes what is happening and what a phone may do, not the players, the log or
    the cards: the event carries the strip (and the short round label and card key), not the
    rest of the page again, and the page follows it (its tag is the page's)."""
    ada.post("/countdown", round=deal_tag(conducted))
    response = bob.client.get(f"/t/{ada.code}/events?v=0", buffered=False)
    ((_, tag, first),) = read_events(response, 1)
    assert {"live", "banner", "now", "hand", "round", "hand_key"} <= first.keys()

    def call_the_next_power():
        clock.now += 5
        app.extensions["evilrobots.store"].advance_due(clock.now)

    threading.Timer(0.2, call_the_next_power).start()
    ((_, newer, data),) = read_events(response, 1)
    assert "Power 8 is called" in data["now"] and "Power 9 or more" in first["now"]
    assert data.keys() == {"now", "hand_key", "clock"}
    assert newer != tag and newer == page_tag(bob.page())
    response.close()


def test_a_reconnecting_stream_catches_up_on_what_it_missed(app, ada, bob, dealt):
    stranger = app.test_client()
    seen = page_tag(stranger.get(f"/t/{ada.code}/board").get_data(as_text=True))
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    response = stranger.get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": seen}, buffered=False
    )
    ((name, tag, data),) = read_events(response, 1)
    assert name == "board" and tag != seen
    assert "Bob · proves their power" in data["board"]
    response.close()


def heartbeats_only(response, count: int = 3) -> bool:
    """Whether the stream's next chunks are all heartbeats (no event)."""
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    return all(next(chunks) == b": still here\n\n" for _ in range(count))


@pytest.mark.heartbeat(0.05)
def test_idle_streams_send_a_comment_to_keep_proxies_open(app, ada):
    response = ada.client.get(f"/t/{ada.code}/events?v={page_tag(ada.page())}", buffered=False)
    assert heartbeats_only(response, 1)
    response.close()


@pytest.mark.heartbeat(0.2)
def test_a_seats_own_taps_send_nothing_to_anyone_else(app, ada, bob, cy, dealt):
    """Bob hides and shows his cards: neither Ada's phone nor the board hears of it, not even
    that something happened."""
    board = app.test_client()
    before = table_of(app, ada.code).version

    def taps():
        for part in ("robot", "power", "allegiance"):
            bob.post("/hide", part=part, round=deal_tag(dealt))
            bob.post("/show", part=part, round=deal_tag(dealt))

    for client, path in ((ada.client, ""), (board, "/board")):
        tag = page_tag(client.get(f"/t/{ada.code}{path}").get_data(as_text=True))
        query = f"?board=1&v={tag}" if path else f"?v={tag}"
        stream = client.get(f"/t/{ada.code}/events{query}", buffered=False)
        threading.Timer(0.05, taps).start()
        assert heartbeats_only(stream, 3)
        stream.close()
    assert table_of(app, ada.code).version >= before + 12  # the taps were kept all the same


@pytest.mark.heartbeat(0.2)
def test_a_change_everyone_sees_reaches_every_stream(app, ada, bob, dealt):
    """The control of the test above: a reveal is an event, on the same streams."""
    stream = ada.client.get(f"/t/{ada.code}/events?v={page_tag(ada.page())}", buffered=False)
    threading.Timer(
        0.05, lambda: bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    ).start()
    ((name, _, data),) = read_events(stream, 1)
    assert name == "seat" and "Bob · proves their power" in data["live"]
    stream.close()


def test_a_head_request_for_the_stream_subscribes_to_nothing(app, ada):
    hub = app.extensions["evilrobots.store"].hub
    for _ in range(3):
        assert ada.client.head(f"/t/{ada.code}/events").status_code == 200
    assert hub.count() == 0
    response = ada.client.get(f"/t/{ada.code}/events", buffered=False)
    next(iter(response.response))
    assert hub.count() == 1
    response.close()
    assert hub.count() == 0


def test_a_page_that_shows_something_else_is_sent_the_stores_state(app, ada, bob, dealt):
    """After a crash that lost the last writes, a page shows what the store no longer holds:
    it gets the store's state at once."""
    response = ada.client.get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": "a-state-since-lost"}, buffered=False
    )
    ((name, tag, _),) = read_events(response, 1)
    assert (name, tag) == ("seat", page_tag(ada.page()))
    response.close()


def test_streams_ask_browsers_to_come_back_at_spread_out_moments(app, ada):
    """After a restart, thousands of browsers must not all reconnect in the same instant."""
    retries = set()
    for _ in range(12):
        response = ada.client.get(f"/t/{ada.code}/events", buffered=False)
        first = next(iter(response.response)).decode()
        response.close()
        assert re.fullmatch(r"retry: \d+\n\n", first)
        retries.add(int(first.split()[1]))
    assert all(2000 <= ms <= 4000 for ms in retries)
    assert len(retries) > 1


def test_a_stream_whose_store_goes_out_of_reach_ends_cleanly(app, ada, monkeypatch):
    """The browser reconnects, and is told in words (503) while the store is away."""
    store = app.extensions["evilrobots.store"]
    response = ada.client.get(f"/t/{ada.code}/events", buffered=False)

    def unreachable(code):
        raise StoreUnavailable("Redis restarting")

    monkeypatch.setattr(store, "load", unreachable)
    assert [chunk[:6] for chunk in response.response] == [b"retry:"]  # then it ends
    response.close()
    again = ada.client.get(f"/t/{ada.code}/events")
    assert again.status_code == 503
    assert again.headers["Retry-After"] == "5"


def test_tables_idle_for_a_day_are_removed(app, clock, ada):
    code = ada.code
    clock.now += 23 * 3600
    Phone(app, "Other").start()
    assert table_of(app, code) is not None
    clock.now += 2 * 3600
    Phone(app, "Third").start()
    assert table_of(app, code) is None
