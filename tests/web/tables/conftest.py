"""A table's players through the Flask client: an app with its own clock and seeded
decks, and Ada (the host), Bob and Cy seated at one table."""

from __future__ import annotations

import random

import pytest

from evilrobots.factory import create_app
from tests.support.clients import Phone, table_of


@pytest.fixture(params=["sqlite", "redis"])
def app(request, tmp_path, clock):
    """The app with its tables in SQLite (the default) or in a real Redis: every table test
    runs against both stores. ``@pytest.mark.heartbeat(seconds)``: its live pages beat that
    often (15 s otherwise)."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "table-key-" + "x" * 40,
        "RANDOM": random.Random(21),
        "CLOCK": clock,
        "TICKER": False,  # time moves when the test moves it (the store's advance_due)
    }
    heartbeat = request.node.get_closest_marker("heartbeat")
    if heartbeat is not None:
        config["HEARTBEAT_SECONDS"] = heartbeat.args[0]
    if request.param == "redis":
        config["STORE"] = request.getfixturevalue("redis_url")
    app = create_app(config, instance_path=tmp_path)
    yield app
    app.extensions["evilrobots.store"].close()


@pytest.fixture
def restart(tmp_path):
    """Start the same app again (a deploy, a crash): the same key, store and clock."""
    made = []

    def again(app):
        keep = {k: app.config[k] for k in ("SECRET_KEY", "STORE", "CLOCK") if k in app.config}
        made.append(create_app(keep, instance_path=tmp_path))
        return made[-1]

    yield again
    for app in made:
        app.extensions["evilrobots.store"].close()


@pytest.fixture
def ada(app) -> Phone:
    phone = Phone(app, "Ada")
    phone.start()
    return phone


@pytest.fixture
def bob(app, ada) -> Phone:
    phone = Phone(app, "Bob")
    phone.join(ada.code)
    return phone


@pytest.fixture
def cy(app, ada, bob) -> Phone:
    phone = Phone(app, "Cy")
    phone.join(ada.code)
    return phone


@pytest.fixture
def dealt(app, ada, bob, cy):
    """A round called by voice (the host chose it): reveals and robot actions from the
    phones, the allegiance set by hand."""
    ada.by_voice()
    assert ada.deal().status_code == 303
    return table_of(app, ada.code)


@pytest.fixture
def conducted(app, clock, ada, bob, cy):
    """A round the app conducts (the host's default), dealt now: its Debate on a 60 s timer,
    each power called for 5 s, each reaction window 8 s."""
    assert ada.deal().status_code == 303
    return table_of(app, ada.code)
