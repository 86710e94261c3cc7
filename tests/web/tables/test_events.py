"""Live pages: each viewer's events, caught up after a reconnection, kept open by heartbeats."""

from __future__ import annotations

import re
import threading

from evilrobots.store import StoreUnavailable
from evilrobots.web.tables import events
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import read_events

# ---- Live: Server-Sent Events -----------------------------------------------------------------


def test_the_event_stream_sends_the_current_state_then_each_change(app, ada, bob, dealt):
    response = ada.client.get(f"/t/{ada.code}/events?v=0", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    ((name, version, data),) = read_events(response, 1)
    assert name == "seat" and int(version) == dealt.version
    assert dealt.round.hand_of(1).robot.name in data["hand"]

    def reveal_soon():
        bob.post("/reveal", action="prove-power", round=deal_tag(dealt))

    threading.Timer(0.2, reveal_soon).start()
    ((name, version, data),) = read_events(response, 1)
    assert int(version) == dealt.version + 1
    assert "Bob · Prove your power" in data["live"]
    response.close()


def test_a_reconnecting_stream_catches_up_on_what_it_missed(app, ada, bob, dealt):
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    current = table_of(app, ada.code).version
    response = app.test_client().get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": str(dealt.version)}, buffered=False
    )
    ((name, version, data),) = read_events(response, 1)
    assert name == "board" and int(version) == current
    assert "Bob · Prove your power" in data["board"]
    response.close()


def test_idle_streams_send_a_comment_to_keep_proxies_open(app, ada, monkeypatch):
    monkeypatch.setattr(events, "HEARTBEAT_SECONDS", 0.05)
    version = table_of(app, ada.code).version
    response = ada.client.get(f"/t/{ada.code}/events?v={version}", buffered=False)
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    assert next(chunks) == b": still here\n\n"
    response.close()


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


def test_a_page_ahead_of_the_store_is_sent_the_stores_state(app, ada, bob, dealt):
    """After a crash that lost the last writes, a page knows a newer version than the store:
    it gets the store's state rather than waiting for the versions to catch up."""
    response = ada.client.get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": str(dealt.version + 50)}, buffered=False
    )
    ((name, version, _),) = read_events(response, 1)
    assert (name, int(version)) == ("seat", dealt.version)
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
