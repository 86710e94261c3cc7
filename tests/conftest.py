from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator

import pytest

from tests.support.clients import Clock, LiveClock, Player
from tests.support.suite import (  # noqa: F401 (how the suite runs: its reruns, its workers)
    pytest_collection_modifyitems,
    pytest_xdist_make_scheduler,
)
from tools import chromium
from tools.redis_server import RedisServer


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path):
    from evilrobots.factory import create_app  # here: the game's tests run without the web

    config = {"TESTING": True, "SECRET_KEY": "test-key-" + "x" * 40, "RANDOM": random.Random(7)}
    return create_app(config, instance_path=tmp_path)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory) -> Iterator[RedisServer]:
    """A real redis-server on a free port, for the whole run."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server) -> str:
    """The Redis server's URL, its data wiped: each test starts from nothing."""
    redis_server.flush()
    return redis_server.url


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def player(client) -> Player:
    return Player(client)


# ---- Browser tests: a real server in a thread and Debian's Chromium -----------------


class GroupAddress:
    """The live server's clients, as the groups they stand for: every request of one test
    comes from that test's own address (``REMOTE_ADDR``), as a group's phones come from their
    own place, and all of it from one address in the worst case (nine players at one house).
    The limits per client address (``serving.limits``) stay on, at their defaults: each test
    shows that a group never meets them; the whole suite from one address would be a flood."""

    address = "127.0.0.1"

    def __init__(self, app) -> None:
        self.app = app

    def __call__(self, environ, start_response):
        environ["REMOTE_ADDR"] = GroupAddress.address
        return self.app(environ, start_response)


_GROUPS = itertools.count(1)


@pytest.fixture(autouse=True)
def group_address() -> str:
    """This test's own client address (see ``GroupAddress``): the next one of the session."""
    number = next(_GROUPS)
    GroupAddress.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
    return GroupAddress.address


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    """The app the browser tests' server serves (tests may set up a table in its store), on
    the wall clock, which a test may move on (``tests.support.cards.time_runs_out``); each
    test's requests from an address of its own (``GroupAddress``)."""
    from evilrobots.factory import create_app

    instance = tmp_path_factory.mktemp("instance")
    config = {"SECRET_KEY": "browser-key-" + "x" * 40, "CLOCK": LiveClock()}
    app = create_app(config, instance_path=instance)
    app.wsgi_app = GroupAddress(app.wsgi_app)  # type: ignore[method-assign]
    return app


@pytest.fixture(scope="session")
def live_server(live_app) -> Iterator[str]:
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, live_app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    live_app.extensions["evilrobots.store"].hub.close()  # end the live streams
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if chromium.missing():
        pytest.fail(chromium.missing())
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        yield browser
        browser.close()


PHONE = {"width": 390, "height": 844}


@pytest.fixture
def new_phone(browser):
    """Open a fresh browser profile (a new player) at a phone's size."""
    contexts = []

    def open_phone(viewport=PHONE, javascript=True, locale=None):
        # ``locale`` is the phone's language: its Accept-Language and navigator.language.
        context = browser.new_context(
            viewport=viewport,
            java_script_enabled=javascript,
            has_touch=True,
            is_mobile=True,
            **({"locale": locale} if locale else {}),
        )
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        # Leave each page first: a context closed while one of its table pages reloads
        # itself (a live update) hung about one run in ten, and the close has no timeout.
        for page in context.pages:
            try:
                page.goto("about:blank", timeout=5000)
            except Exception:  # a page already gone, or one that will not leave: close anyway
                pass
        context.close()


@pytest.fixture
def phone(new_phone, live_server):
    page = new_phone()
    page.goto(live_server + "/")
    return page
