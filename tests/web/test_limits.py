"""Limits per client address (``serving.limits``): a flood of table starts, joins or posts from
one address meets a 429 in the phone's language with ``Retry-After``, and nothing is lost;
other addresses are served; a proxy's header counts only when the server trusts it; the
counts are shared through Redis when it is the store; ``LIMITS`` turns them off or raises
them."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from werkzeug.exceptions import NotFound
from werkzeug.middleware.proxy_fix import ProxyFix

from evilrobots.factory import create_app
from evilrobots.serving import limits
from tests.support.pages import visible_text

FLOOD = "203.0.113.7"  # one client (documentation addresses: RFC 5737)
OTHER = "198.51.100.2"


def make_app(tmp_path, **config):
    base = {"TESTING": True, "SECRET_KEY": "limit-key-" + "x" * 40, "TICKER": False}
    base["RANDOM"] = random.Random(5)
    return create_app(base | config, instance_path=tmp_path)


def start(app, address: str, language: str = "en"):
    """A new browser at ``address`` starts a table (a new one each time: one browser's cookie
    would grow with every table it hosts)."""
    return app.test_client().post(
        "/table",
        data={"name": "Ada"},
        environ_overrides={"REMOTE_ADDR": address},
        headers={"Accept-Language": language},
    )


def tables_in(app) -> int:
    """How many tables the app's SQLite store holds."""
    with sqlite3.connect(Path(app.instance_path) / "tables.sqlite3") as db:
        return db.execute("SELECT COUNT(*) FROM tables").fetchone()[0]


def test_a_flood_of_table_starts_from_one_address_meets_a_429_in_words(tmp_path):
    app = make_app(tmp_path)
    served = [start(app, FLOOD).status_code for _ in range(limits.TABLES)]
    assert served == [303] * limits.TABLES
    refused = start(app, FLOOD, "fr")
    assert refused.status_code == 429
    seconds = int(refused.headers["Retry-After"])
    assert 1 <= seconds <= 61  # the oldest start, a minute on (to the second above)
    text = visible_text(refused.get_data(as_text=True))
    assert "Trop de tables ont été ouvertes depuis votre adresse." in text
    assert f"Réessayez dans {seconds} secondes" in text and "rien n'a été perdu." in text
    assert "429" in text and "Trop de requêtes" in text
    # The refusals started nothing; another client is served meanwhile.
    assert tables_in(app) == limits.TABLES
    assert start(app, OTHER).status_code == 303
    assert tables_in(app) == limits.TABLES + 1


def test_a_flood_of_joins_from_one_address_meets_a_429_and_the_seated_keep_their_seats(tmp_path):
    app = make_app(tmp_path)
    host = app.test_client()
    started = host.post("/table", data={"name": "Ada"}, environ_overrides={"REMOTE_ADDR": OTHER})
    code = started.headers["Location"].rsplit("/", 1)[1]
    flood = app.test_client()
    answers = [
        flood.post(
            "/table/join",
            data={"code": "ZZZZ2222", "name": f"P{n}"},  # no such table: it counts all the same
            environ_overrides={"REMOTE_ADDR": FLOOD},
        ).status_code
        for n in range(limits.JOINS)
    ]
    assert set(answers) == {404}
    refused = flood.post(
        f"/t/{code}/join",  # the other way to join shares the count
        data={"name": "Mallory"},
        environ_overrides={"REMOTE_ADDR": FLOOD},
        headers={"Accept-Language": "de"},
    )
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Von deiner Adresse aus wurden zu viele Plätze eingenommen." in visible_text(
        refused.get_data(as_text=True)
    )
    bob = app.test_client()
    joined = bob.post(f"/t/{code}/join", data={"name": "Bob"})
    assert joined.status_code == 303  # another address is served
    page = host.get(f"/t/{code}", environ_overrides={"REMOTE_ADDR": OTHER})
    names = visible_text(page.get_data(as_text=True))
    assert "Ada" in names and "Bob" in names and "Mallory" not in names


def test_a_flood_of_posts_of_any_kind_meets_a_429_and_the_hand_is_unchanged(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    assert client.get("/", environ_overrides={"REMOTE_ADDR": FLOOD}).status_code == 200
    taps = [
        client.post(
            "/hide", data={"part": "robot"}, environ_overrides={"REMOTE_ADDR": FLOOD}
        ).status_code
        for _ in range(limits.POSTS)
    ]
    assert 429 not in taps
    with client.session_transaction() as session:
        hand = dict(session["hand"])  # the robot hidden
    refused = client.post("/show", data={"part": "robot"}, environ_overrides={"REMOTE_ADDR": FLOOD})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Too many taps and forms came from your address." in visible_text(
        refused.get_data(as_text=True)
    )
    with client.session_transaction() as session:
        assert dict(session["hand"]) == hand  # the refused tap changed nothing
    # The script's tap is told in words it can show, in the phone's language, never as a
    # lost connection: which limit, and when to try again.
    script = client.post(
        "/show",
        data={"part": "robot"},
        environ_overrides={"REMOTE_ADDR": FLOOD},
        headers={"Accept": "application/json", "Accept-Language": "fr"},
    )
    assert script.status_code == 429 and script.is_json
    seconds = int(script.headers["Retry-After"])
    assert script.get_json() == {
        "error": "Trop de touches et de formulaires sont venus de votre adresse. "
        f"Réessayez dans {seconds} secondes\u00a0: rien n'a été perdu.",
        "retry": seconds,
    }
    # Pages are not posts: the phone still opens its cards.
    assert client.get("/", environ_overrides={"REMOTE_ADDR": FLOOD}).status_code == 200


def test_behind_a_trusted_proxy_each_forwarded_address_counts_on_its_own(tmp_path):
    app = make_app(tmp_path)
    app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # --behind-proxy
    client = app.test_client()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}

    def start_for(address: str) -> int:
        forwarded = {"X-Forwarded-For": address}
        return client.post(
            "/table", data={"name": "Ada"}, environ_overrides=proxy, headers=forwarded
        ).status_code

    assert [start_for(FLOOD) for _ in range(limits.TABLES)] == [303] * limits.TABLES
    assert start_for(FLOOD) == 429
    assert start_for(OTHER) == 303  # another player behind the same proxy


def test_without_trusting_a_proxy_its_header_is_not_believed(tmp_path):
    app = make_app(tmp_path)
    client = app.test_client()
    answers = [
        client.post(
            "/table",
            data={"name": "Ada"},
            environ_overrides={"REMOTE_ADDR": FLOOD},
            headers={"X-Forwarded-For": f"192.0.2.{n}"},  # a client cannot pose as many
        ).status_code
        for n in range(limits.TABLES + 1)
    ]
    assert answers[-1] == 429


def test_with_redis_as_the_store_two_instances_count_together(tmp_path, redis_url):
    first = make_app(tmp_path / "a", STORE=redis_url, RANDOM=random.Random(1))
    second = make_app(tmp_path / "b", STORE=redis_url, RANDOM=random.Random(2))
    try:
        half = limits.TABLES // 2
        assert all(start(first, FLOOD).status_code == 303 for _ in range(half))
        rest = limits.TABLES - half
        assert all(start(second, FLOOD).status_code == 303 for _ in range(rest))
        assert start(first, FLOOD).status_code == 429
        assert start(second, FLOOD).status_code == 429
    finally:
        for app in (first, second):
            app.extensions["evilrobots.store"].close()


@pytest.mark.parametrize(
    ("setting", "served"), [("off", 3 * limits.TABLES), ("2", 2 * limits.TABLES)]
)
def test_the_limits_setting_turns_them_off_or_raises_them(tmp_path, setting, served):
    app = make_app(tmp_path, LIMITS=setting)
    answers = [start(app, FLOOD).status_code for _ in range(served + 1)]
    assert answers[:served] == [303] * served
    assert answers[-1] == (303 if setting == "off" else 429)


@pytest.mark.parametrize("setting", ["sometimes", "-1", "0.5"])
def test_a_limits_setting_it_does_not_know_is_refused_in_words(tmp_path, setting):
    with pytest.raises(ValueError, match="use on, off, or a whole number"):
        make_app(tmp_path, LIMITS=setting)


def test_a_workers_memory_forgets_spent_counts_once_a_second_not_at_every_hit(
    tmp_path, monkeypatch
):
    """``limits``' own memory storage sweeps every address it holds 10 ms after any hit (a
    hundred sweeps a second under load, each 13.6 ms for 9,000 addresses); the app's sweeps
    once per ``SWEEP_SECONDS``, and its counts still run out on time."""
    import time

    from limits import parse
    from limits.strategies import MovingWindowRateLimiter

    monkeypatch.setattr(limits, "SWEEP_SECONDS", 0.2)
    app = make_app(tmp_path)
    storage = app.extensions[limits.EXTENSION].storage
    assert isinstance(storage, limits.SweptMemory)
    sweeps = []
    sweep = storage._MemoryStorage__expire_events
    storage._MemoryStorage__expire_events = lambda: (sweeps.append(1), sweep())
    counter = MovingWindowRateLimiter(storage)
    per_second = parse("5 per second")
    allowed = []
    began = time.monotonic()
    while time.monotonic() - began < 1.0:  # a hit every 5 ms for a second
        allowed.append(counter.hit(per_second, FLOOD))
        time.sleep(0.005)
    assert 1 <= len(sweeps) <= 6  # about one each 0.2 s (the library's: some 100)
    assert 5 <= sum(allowed) <= 10  # 5 a second, in a moving second


# ---- What one address holds: live streams, story pages; what a read costs ------------------


def _table(app, address: str = OTHER) -> str:
    started = app.test_client().post(
        "/table", data={"name": "Ada"}, environ_overrides={"REMOTE_ADDR": address}
    )
    return started.headers["Location"].rsplit("/", 1)[1]


def _stream(app, code: str, address: str, language: str = "en"):
    return app.test_client().get(
        f"/t/{code}/events?board=1",
        environ_overrides={"REMOTE_ADDR": address},
        headers={"Accept-Language": language},
        buffered=False,
    )


def test_one_address_holds_so_many_live_streams_and_a_group_never_meets_it(tmp_path):
    """A group of nine phones and a board behind one router, each page reconnected twice
    before the server noticed its old stream had gone, holds 30 streams: all served. Past
    ``STREAMS`` from one address a stream is refused, in words, with ``Retry-After``, while
    another address is served at once; a stream closed lets the next one in."""
    app = make_app(tmp_path)
    code = _table(app)
    group = [_stream(app, code, FLOOD) for _ in range(10 * 3)]
    assert {response.status_code for response in group} == {200}
    more = [_stream(app, code, FLOOD) for _ in range(limits.STREAMS - len(group))]
    assert {response.status_code for response in more} == {200}
    refused = _stream(app, code, FLOOD, "fr")
    assert refused.status_code == 429
    seconds = int(refused.headers["Retry-After"])
    assert seconds == 15  # the heartbeat, by which a stream that is gone is found so
    text = visible_text(refused.get_data(as_text=True))
    assert "Trop de pages en direct sont ouvertes depuis votre adresse." in text
    assert "Réessayez dans 15 secondes" in text
    other = _stream(app, code, OTHER)
    assert other.status_code == 200
    assert (
        app.test_client()
        .head(f"/t/{code}/events", environ_overrides={"REMOTE_ADDR": FLOOD})
        .status_code
        == 200
    )  # a HEAD (the page asking whether to come back) opens none
    # (Closed newest first: the test client runs every stream in this one thread.)
    other.close()
    more.pop().close()  # one page closed: its stream let go, and the next one is served
    again = _stream(app, code, FLOOD)
    assert again.status_code == 200
    for response in [again, *reversed(more), *reversed(group)]:
        response.close()
    assert app.extensions[limits.STREAMS_EXTENSION].held(FLOOD) == 0


def test_story_pages_are_read_within_a_limit_per_address(tmp_path):
    app = make_app(tmp_path)
    code = _table(app)
    reader = app.test_client()
    answers = [
        reader.get(f"/t/{code}/story", environ_overrides={"REMOTE_ADDR": FLOOD}).status_code
        for _ in range(limits.STORIES)
    ]
    assert set(answers) == {200}
    refused = reader.get(
        "/story/" + "x" * 22,
        environ_overrides={"REMOTE_ADDR": FLOOD},
        headers={"Accept-Language": "de"},
    )  # the share links count with the stories read by code
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "Von deiner Adresse aus wurden zu viele Geschichten gelesen." in visible_text(
        refused.get_data(as_text=True)
    )
    got = reader.get(f"/t/{code}/story", environ_overrides={"REMOTE_ADDR": OTHER})
    assert got.status_code == 200
    # The table's own pages are no stories: still served to the flooding address.
    seat = reader.get(f"/t/{code}/board", environ_overrides={"REMOTE_ADDR": FLOOD})
    assert seat.status_code == 200


def test_a_read_no_limit_counts_costs_the_limits_nothing(tmp_path, redis_url):
    """The card view, a table's pages and stream, a static file: the limiter does not even
    look for a limit that applies (its hooks do not run: working out that none applies was
    a read's cost), nor reach its storage. A post and a story read do both."""
    app = make_app(tmp_path, STORE=redis_url)
    try:
        code = _table(app)
        limiter = app.extensions[limits.EXTENSION]
        looked, stored = [], []
        identify = limiter.identify_request
        limiter.identify_request = lambda: looked.append(1) or identify()  # its first step
        storage = limiter.storage
        for name in ("incr", "get", "acquire_entry", "get_moving_window", "check"):
            if hasattr(storage, name):
                original = getattr(storage, name)

                def counted(*args, _original=original, **kwargs):
                    stored.append(1)
                    return _original(*args, **kwargs)

                setattr(storage, name, counted)
        client = app.test_client()
        address = {"REMOTE_ADDR": FLOOD}
        for path in ("/", "/rules", f"/t/{code}", f"/t/{code}/board", "/static/css/app.css"):
            assert client.get(path, environ_overrides=address).status_code == 200
        client.get(f"/t/{code}/events", environ_overrides=address, buffered=False).close()
        assert looked == [] and stored == []
        client.get(f"/t/{code}/story", environ_overrides=address)
        assert looked and stored
        looked.clear(), stored.clear()
        client.post("/hide", data={"part": "robot"}, environ_overrides=address)
        assert looked and stored
    finally:
        app.extensions["evilrobots.store"].close()


def test_a_head_of_a_story_counts_as_its_read(tmp_path):
    app = make_app(tmp_path)
    code = _table(app)
    reader = app.test_client()
    for _ in range(limits.STORIES):
        reader.head(f"/t/{code}/story", environ_overrides={"REMOTE_ADDR": FLOOD})
    refused = reader.get(f"/t/{code}/story", environ_overrides={"REMOTE_ADDR": FLOOD})
    assert refused.status_code == 429


def test_an_ipv6_home_network_counts_as_one_address(tmp_path):
    """A phone may take a new IPv6 address in its network's /64 for each connection: the
    limits count the /64, so one home cannot pose as many."""
    app = make_app(tmp_path)
    code = _table(app)
    opened = [
        _stream(app, code, f"2001:db8:1:2::{number:x}") for number in range(limits.STREAMS + 1)
    ]
    assert [r.status_code for r in opened].count(429) == 1
    other = _stream(app, code, "2001:db8:1:3::1")  # another network
    assert other.status_code == 200
    for response in reversed([*opened, other]):
        response.close()


def test_a_stream_whose_answer_never_reached_the_server_gives_its_place_back(tmp_path):
    """Should a hook after the view fail, the server never gets the stream to close: its
    place is given back all the same, once the response is dropped."""
    app = make_app(tmp_path)
    code = _table(app)
    held = app.extensions[limits.STREAMS_EXTENSION]

    with app.test_request_context(
        f"/t/{code}/events?board=1", environ_overrides={"REMOTE_ADDR": FLOOD}
    ):
        response = app.view_functions["tables.events"](code)
        assert held.held(FLOOD) == 1
        del response  # dropped, never closed
        assert held.held(FLOOD) == 0
    with (
        app.test_request_context("/t/NOSUCHTAB/events", environ_overrides={"REMOTE_ADDR": FLOOD}),
        pytest.raises(NotFound),
    ):  # a table that is not there: no stream
        app.view_functions["tables.events"]("NOSUCHTAB")
    assert held.held(FLOOD) == 0


def test_a_proxy_the_server_does_not_trust_is_said_once(tmp_path, monkeypatch, caplog):
    """Behind a proxy it was not told to trust, every player counts as the proxy's one
    address: the log says so, once, with what to do."""
    monkeypatch.setattr(limits, "_warned", False)
    app = make_app(tmp_path)
    client = app.test_client()
    through = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "192.0.2.9"}
    with caplog.at_level("WARNING", logger="evilrobots.serving.limits"):
        for _ in range(3):
            client.post("/hide", data={"part": "robot"}, environ_overrides=through)
    said = [r.getMessage() for r in caplog.records if "--behind-proxy" in r.getMessage()]
    assert len(said) == 1 and "127.0.0.1" in said[0]
