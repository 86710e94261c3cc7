"""The stores that keep tables, SQLite and Redis, through the one interface the app uses.

Every test runs against both; "another process" is a second store on the same file or the
same Redis, as a second worker or a second instance of the app would have.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
import redis

from evilrobots.factory import create_app
from evilrobots.game.actions import Action, Part
from evilrobots.game.codec import table_state
from evilrobots.game.errors import Conflict
from evilrobots.game.table import Table, moves
from evilrobots.game.table.kinds import Hide
from evilrobots.game.table.settings import Settings
from evilrobots.store import IDLE_SECONDS, Store, StoreUnavailable, TableMissing, open_store
from evilrobots.store.redis import RedisStore
from tools.redis_server import RedisServer


@pytest.fixture(params=["sqlite", "redis"])
def url(request, tmp_path) -> str:
    if request.param == "redis":
        return request.getfixturevalue("redis_url")
    return f"sqlite:{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def stores(url, tmp_path, clock) -> Iterator[tuple[Store, Store]]:
    """Two stores on the same tables, as two processes (or two instances) have; neither moves
    due tables on by itself (a test asks, when it means to)."""
    one, two = (open_store(url, str(tmp_path), clock, ticking=False) for _ in range(2))
    yield one, two
    one.close()
    two.close()


def dealt_table(store: Store, code: str = "TABLE234") -> Table:
    """Ada, Bob and Cy at a table, dealt a round called by voice (their taps change it)."""
    table = Table.start(code, "Ada", "secret-ada")
    for name in ["Bob", "Cy"]:
        table = table.join(name, f"secret-{name}")
    table = table.set_settings(1, Settings(conducted=False))
    assert store.create(table)
    return store.change(code, lambda t: t.deal(1, random.Random(3)))


def wait_for(listener, version: int, seconds: float = 5.0) -> Table:
    """The first state at least this new that reaches the listener, within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = listener.wait(0.05)
        if table is not None and table.version >= version:
            return table
    raise AssertionError(f"version {version} never reached the stream")


def test_a_table_is_kept_changed_and_versioned(stores):
    one, two = stores
    assert one.create(Table.start("TABLE234", "Ada", "s1"))
    assert not two.create(Table.start("TABLE234", "Eve", "s2")), "a code is never taken twice"
    changed = two.change("TABLE234", lambda t: t.join("Bob", "s3"))
    assert changed.version == 1
    again = one.load("TABLE234")
    assert again == changed
    assert [seat.name for seat in again.seats] == ["Ada", "Bob"]
    assert one.load("NOSUCH23") is None


def test_tables_written_by_earlier_builds_are_read_as_they_were(stores, url):
    """Earlier builds wrote a table's state with the standard library's encoder (spaces after
    separators, every character past ASCII escaped): a file or a Redis kept from them reads
    back the same tables, and changes them."""
    one, two = stores
    table = dealt_table(one)
    table = one.change(table.code, lambda t: t.join("Zoë “Z”", "secret-zoe"))
    document = table_state(table)
    if url.startswith("sqlite:"):
        with one._connection() as db:
            db.execute(
                "UPDATE tables SET state = ? WHERE code = ?", (json.dumps(document), table.code)
            )
    else:
        raw = json.dumps({"touched": one.clock(), "state": document})
        one.redis.set(one._key(table.code), raw)
    assert "\\u201c" in json.dumps(document) and two.load(table.code) == table
    changed = two.change(table.code, lambda t: t.join("Dee", "secret-dee"))
    assert one.load(table.code) == changed and changed.seats[3].name == "Zoë “Z”"


def test_a_refused_change_leaves_the_table_as_it_was(stores):
    one, two = stores
    table = dealt_table(one)
    with pytest.raises(Conflict):
        two.change(table.code, lambda t: t.join("ada", "s9"))  # the name is taken
    assert one.load(table.code) == table
    with pytest.raises(TableMissing):
        two.change("NOSUCH23", lambda t: t.join("Bob", "s"))


def test_tables_idle_for_a_day_are_gone(stores, clock):
    one, two = stores
    one.create(Table.start("TABLE234", "Ada", "s1"))
    clock.now += IDLE_SECONDS - 60
    two.change("TABLE234", lambda t: t.join("Bob", "s2"))  # a change keeps it
    clock.now += IDLE_SECONDS - 60
    assert one.load("TABLE234") is not None
    clock.now += 120
    assert one.load("TABLE234") is None
    with pytest.raises(TableMissing):
        two.change("TABLE234", lambda t: t.join("Cy", "s3"))


def test_a_shared_games_token_finds_its_table_in_every_process_while_it_lives(stores, clock):
    one, two = stores
    one.create(Table.start("TABLE234", "Ada", "s1"))
    token = "t" * 22
    assert two.shared(token) is None
    # The table does not hold the token yet: the store's note alone opens nothing.
    one.share(token, "TABLE234")
    assert two.shared(token) is None
    one.change("TABLE234", lambda t: replace(t, tokens=((1, token),)))
    one.share(token, "TABLE234")  # kept once: again changes nothing
    assert two.shared(token).code == "TABLE234"
    assert two.shared("u" * 22) is None
    if isinstance(one, RedisStore):  # the token's key lives as long as its table
        assert 0 < one.redis.ttl(one._share_key(token)) <= IDLE_SECONDS
    clock.now += IDLE_SECONDS + 60  # the table is gone: so is its story
    assert two.shared(token) is None
    if hasattr(one, "sweep"):
        one.sweep()
        with one._connection() as db:
            assert db.execute("SELECT COUNT(*) FROM shares").fetchone()[0] == 0


def test_a_change_made_by_another_process_reaches_this_ones_streams(stores):
    one, two = stores
    table = dealt_table(one)
    listener = one.listen(table.code)
    try:
        changed = two.change(table.code, lambda t: t.reveal(2, 1, Action.PROVE_POWER))
        got = wait_for(listener, changed.version)
        assert got.round.reveals == changed.round.reveals
    finally:
        one.unlisten(listener)


def test_a_seats_own_change_wakes_only_its_own_streams_in_every_process(stores):
    """Bob hides a card (a move that says it is his alone): his streams hear of it, in this
    process and the other; Ada's and the board's do not (not even to find nothing new). A
    reveal wakes them all."""
    one, two = stores
    table = dealt_table(one)
    listeners = {
        (store_name, seat): store.listen(table.code, seat)
        for store_name, store in (("one", one), ("two", two))
        for seat in (None, 1, 2)
    }
    try:
        for store in (one, two):  # Redis: each feed subscribed (and caught up) first
            if isinstance(store, RedisStore):
                assert store.connected.wait(5)
        time.sleep(0.1)
        for listener in listeners.values():
            listener.wait(0.01)
        hidden = one.change(table.code, lambda t: moves.apply(t, 2, Hide(1, Part.ROBOT)))
        for (_, seat), listener in listeners.items():
            if seat == 2:
                assert wait_for(listener, hidden.version).round.hand_of(2).hidden
        time.sleep(0.3)  # the other process's feed has long read the event by now
        for (_, seat), listener in listeners.items():
            if seat != 2:
                assert listener.wait(0.01) is None, seat
        shown = two.change(table.code, lambda t: t.reveal(1, 1, Action.PROVE_POWER))
        for listener in listeners.values():
            assert wait_for(listener, shown.version).round.reveals
    finally:
        for (store_name, _), listener in listeners.items():
            (one if store_name == "one" else two).unlisten(listener)


def all_at_once(stores: tuple[Store, Store], code: str, changes: list) -> None:
    """Apply every change to the table at the same instant, alternating processes."""
    start = threading.Barrier(len(changes))
    failures: list[BaseException] = []

    def run(store: Store, change) -> None:
        try:
            start.wait()
            store.change(code, change)
        except BaseException as error:  # reported below, not lost in a thread
            failures.append(error)

    threads = [
        threading.Thread(target=run, args=(stores[i % 2], change))
        for i, change in enumerate(changes)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_concurrent_changes_from_two_processes_never_lose_a_write(stores):
    """Six players join through two processes while Bob reveals and Ada hides her robot, all
    at the same instant and many times over: every change stays."""
    changes = [lambda t, n=n: t.join(f"Player{n}", f"s{n}") for n in range(6)]
    changes += [
        lambda t: t.reveal(2, 1, Action.PROVE_POWER),
        lambda t: t.hide(1, 1, Part.ROBOT),
    ]
    for attempt in range(5):
        code = f"RACE{attempt}ABC"
        dealt_table(stores[0], code)
        all_at_once(stores, code, changes)
        table = stores[1].load(code)
        assert {f"Player{n}" for n in range(6)} <= {seat.name for seat in table.seats}
        assert len(table.seats) == 9
        assert [reveal.seat for reveal in table.round.reveals] == [2]
        assert Part.ROBOT in table.round.hand_of(1).hidden
        assert table.version == 1 + len(changes)


# ---- Redis: restarts and outages ---------------------------------------------------------------


@pytest.fixture
def own_redis(tmp_path) -> Iterator[RedisServer]:
    """A Redis server of this test's own, to stop and start without disturbing the others."""
    server = RedisServer(tmp_path / "redis").start()
    yield server
    server.stop()


def test_a_redis_restart_keeps_every_table_and_streams_catch_up(own_redis, tmp_path, clock):
    one = open_store(own_redis.url, str(tmp_path), clock)
    two = open_store(own_redis.url, str(tmp_path), clock)
    try:
        table = dealt_table(one)
        listener = one.listen(table.code)
        assert one.connected.wait(5)
        own_redis.stop()
        own_redis.start()  # same port, same folder: the append-only file brings it all back
        assert one.load(table.code) == table
        # A change lands, perhaps before this process has subscribed again: it arrives all
        # the same, by the event or by the catch-up that follows a reconnection.
        changed = two.change(table.code, lambda t: t.reveal(3, 1, Action.PROVE_POWER))
        assert wait_for(listener, changed.version, 10).version == changed.version
        assert one.connected.wait(5)
    finally:
        one.close()
        two.close()


@pytest.fixture
def two_on_redis(redis_url, tmp_path, clock) -> Iterator[tuple[Store, Store]]:
    one, two = (open_store(redis_url, str(tmp_path), clock) for _ in range(2))
    yield one, two
    one.close()
    two.close()


def test_the_feed_skips_what_is_not_an_event_and_keeps_following(two_on_redis):
    one, two = two_on_redis
    table = dealt_table(one)
    listener = one.listen(table.code)
    try:
        assert one.connected.wait(5)
        for junk in ["hello", "TABLE234 many", "\xff", f"{table.code}"]:
            two.redis.publish(two.channel, junk.encode("latin-1"))
        changed = two.change(table.code, lambda t: t.reveal(2, 1, Action.PROVE_POWER))
        assert wait_for(listener, changed.version).version == changed.version
        assert one._feed.is_alive()
    finally:
        one.unlisten(listener)


def test_after_losing_its_subscription_a_process_catches_up_on_what_it_missed(two_on_redis):
    """A change whose event this process never heard (its pub/sub connection was cut) still
    reaches its streams once it has subscribed again."""
    one, two = two_on_redis
    table = dealt_table(one)
    listener = one.listen(table.code)
    try:
        assert one.connected.wait(5)
        admin = redis.Redis.from_url(two.url)
        assert admin.client_kill_filter(_type="pubsub") >= 1
        # Written as a change would be, but with no event on the channel: only a catch-up
        # can bring it.
        silent = replace(table.reveal(3, 1, Action.PROVE_POWER), version=table.version + 1)
        admin.set(two._key(table.code), two._document(silent))
        admin.close()
        got = wait_for(listener, silent.version, 10)
        assert got.round.reveals == silent.round.reveals
    finally:
        one.unlisten(listener)


@pytest.mark.parametrize(
    "error",
    [
        redis.exceptions.ReadOnlyError("READONLY You can't write against a read only replica."),
        redis.exceptions.OutOfMemoryError("OOM command not allowed"),
        redis.ResponseError("MISCONF Redis is configured to save RDB snapshots, but it's..."),
        redis.exceptions.BusyLoadingError("LOADING Redis is loading the dataset in memory"),
    ],
    ids=["read-only replica", "out of memory", "disk full", "loading"],
)
def test_redis_refusing_for_a_moment_is_unavailable_not_a_crash(redis_url, tmp_path, error):
    store = open_store(redis_url, str(tmp_path), time.time)
    try:
        with pytest.raises(StoreUnavailable), store._reachable():
            raise error
        with pytest.raises(redis.ResponseError), store._reachable():
            raise redis.ResponseError("WRONGTYPE Operation against a key")  # a bug: not hidden
    finally:
        store.close()


def test_while_redis_is_down_the_store_says_unavailable_and_pages_say_503(own_redis, tmp_path):
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "r" * 40, "STORE": own_redis.url}, instance_path=tmp_path
    )
    client = app.test_client()
    response = client.post("/table", data={"name": "Ada"})
    assert response.status_code == 303
    seat = response.headers["Location"]
    bob = app.test_client()
    assert bob.post(seat + "/join", data={"name": "Bob"}).status_code == 303
    own_redis.stop()
    try:
        with pytest.raises(StoreUnavailable):
            app.extensions["evilrobots.store"].load("TABLE234")
        for response in [
            client.get(seat),
            client.get(seat + "/board"),
            client.post(seat + "/deal", data={"round": "00000000"}),
            client.post("/table", data={"name": "Bob"}),
            client.post("/table/join", data={"code": "ABCD2345"}),
        ]:
            page = response.get_data(as_text=True)
            assert response.status_code == 503, page
            assert response.headers["Retry-After"] == "5"
            assert "out of reach for a moment" in page
            assert "Back to" in page
        assert client.get("/").status_code == 200, "the one-phone cards need no store"
    finally:
        own_redis.start()
    assert client.get(seat).status_code == 200, "the seat is still this browser's"
    assert client.post(seat + "/deal", data={"round": "00000000"}).status_code == 303
    app.extensions["evilrobots.store"].close()


# ---- Deadlines: a due table moved on once, by whichever process sees it first -------------------


def conducted_table(store: Store, code: str = "TIMED234") -> Table:
    """Ada, Bob and Cy, dealt a conducted round whose Debate ends 60 s after the deal."""
    table = Table.start(code, "Ada", "secret-ada")
    for name in ["Bob", "Cy"]:
        table = table.join(name, f"secret-{name}")
    assert store.create(table)
    return store.change(code, lambda t: t.deal(1, random.Random(3), now=store.clock()))


def test_the_stores_know_which_tables_are_due_and_when_the_next_is(stores, clock):
    one, two = stores
    table = conducted_table(one)
    dealt_table(one, "VOICED23")  # called by voice: never due
    assert two.next_due() == table.deadline == clock.now + 60
    assert two.due(clock.now + 59) == [] and two.due(clock.now + 60) == ["TIMED234"]


def test_a_due_table_is_moved_on_once_when_two_processes_race_for_it(stores, clock):
    one, two = stores
    table = conducted_table(one)
    clock.now += 60
    results = []
    start = threading.Barrier(2)

    def advance(store):
        start.wait()
        results.append(store.advance("TIMED234", clock.now))

    threads = [threading.Thread(target=advance, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moved = [result for result in results if result is not None]
    assert len(moved) == 1 and results.count(None) == 1
    after = two.load("TIMED234")
    assert after.version == table.version + 1 and after.round.conduct.level == 9
    assert one.advance("TIMED234", clock.now) is None  # not due any more
    assert two.next_due() == clock.now + 5  # the level's own deadline


def test_many_due_tables_are_each_moved_on_once_when_two_processes_race_for_them(stores, clock):
    """Redis moves due tables on many at a time, in one transaction: two processes at it at
    once still move each table on exactly once, and every stream hears of each (those the
    other process moved on through its feed, which reads the events come at once together)."""
    one, two = stores
    codes = [f"TIMED{n:03d}".replace("0", "A").replace("1", "B") for n in range(150)]
    dealt = {code: conducted_table(one, code) for code in codes}
    listeners = {code: two.listen(code) for code in codes}
    clock.now += 60
    moved = []
    start = threading.Barrier(2)

    def advance(store):
        start.wait()
        moved.append(store.advance_due(clock.now))

    threads = [threading.Thread(target=advance, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(moved) == len(codes) and one.due(clock.now) == []
    for code in codes:
        after = two.load(code)
        assert after.version == dealt[code].version + 1 and after.round.conduct.level == 9
    for code, listener in listeners.items():
        assert wait_for(listener, dealt[code].version + 1).round.conduct.level == 9
        two.unlisten(listener)


def test_a_due_table_changed_while_redis_moves_a_batch_on_is_moved_on_after_it(
    redis_url, tmp_path, clock
):
    """A table a player changes between the ticker's read and its write: the batch is refused
    whole (nothing written twice, nothing lost), and each table is then moved on alone."""

    class Interrupted(RedisStore):
        interrupt = True

        def _table(self, raw):
            table = super()._table(raw)
            if self.interrupt and table is not None:  # the batch's read: someone acts now
                self.interrupt = False
                other.change(table.code, lambda t: t.join("Dee", "secret-dee"))
            return table

    ticker = Interrupted(redis_url, clock=clock, ticking=False)
    other = open_store(redis_url, str(tmp_path), clock, ticking=False)
    try:
        dealt = [conducted_table(other, code) for code in ("TIMEDAAA", "TIMEDBBB", "TIMEDCCC")]
        clock.now += 60
        assert ticker.advance_due(clock.now) == 3
        first = other.load("TIMEDAAA")  # joined, then moved on: both kept
        assert first.version == dealt[0].version + 2 and first.seats[-1].name == "Dee"
        assert first.round.conduct.level == 9
        for table in dealt[1:]:
            assert other.load(table.code).version == table.version + 1
    finally:
        ticker.close()
        other.close()


def spoil(store: Store, code: str, url: str) -> None:
    """Put a document that is not a table's under ``code``, as a bug or a hand could."""
    if url.startswith("sqlite:"):
        with store._connection() as db:
            db.execute("UPDATE tables SET state = ? WHERE code = ?", ('{"v": 99}', code))
    else:
        store.redis.set(store._key(code), b'["not", "a", "table"]')


def test_a_due_table_that_cannot_be_read_keeps_no_other_from_moving_on(stores, clock, url):
    """Moved on alone (``advance``) or among others (``advance_due``, in a batch on Redis)."""
    one, two = stores
    codes = ("TIMEDAAA", "TIMEDBBB", "TIMEDCCC", "TIMEDDDD")
    dealt = [conducted_table(one, code) for code in codes]
    spoil(one, "TIMEDBBB", url)
    spoil(one, "TIMEDCCC", url)
    clock.now += 60
    assert two.advance("TIMEDBBB", clock.now) is None
    assert two.advance_due(clock.now) == 2
    for table in (dealt[0], dealt[3]):
        assert one.load(table.code).version == table.version + 1
    due = two.due(clock.now + 3600)
    assert due == ["TIMEDAAA", "TIMEDDDD"], "the spoilt ones never due again: they cannot move on"


def test_the_redis_feed_reads_a_batch_of_events_whatever_is_among_them(redis_url, tmp_path):
    """Events come at once, read together: a message that is no event, the same table twice,
    a table gone and one that cannot be read among them keep no stream from its table."""
    one, two = (open_store(redis_url, str(tmp_path), time.time, ticking=False) for _ in range(2))
    try:
        good = [dealt_table(one, code) for code in ("GOODAAAA", "GOODBBBB")]
        dealt_table(one, "SPOILTAA")
        spoil(one, "SPOILTAA", redis_url)
        listeners = {code: two.listen(code) for code in ("GOODAAAA", "GOODBBBB", "SPOILTAA")}
        assert two.connected.wait(5)
        for listener in listeners.values():
            listener.wait(0.2)  # what a new subscription is handed at once
        # Newer states, written without an event: only the batch below tells of them.
        newer = [replace(t.join("Zed", "secret-zed"), version=t.version + 1) for t in good]
        for table in newer:
            one.redis.set(one._key(table.code), one._document(table))
        a, b = (f"{table.code} {table.version}".encode() for table in newer)
        two._dispatch([b"hello", a, b"GONEAAAA 5", b"SPOILTAA 7", a, b, b"\xff\xfe"])
        for table in newer:
            assert listeners[table.code].wait(1) == table
        assert listeners["SPOILTAA"].wait(0.2) is None
    finally:
        one.close()
        two.close()


def test_a_change_that_changes_nothing_writes_nothing_and_tells_nobody(stores):
    one, two = stores
    table = dealt_table(one)
    listener = two.listen("TABLE234")
    listener.wait(0.5)  # what a new subscription is handed at once, if anything
    same = one.change("TABLE234", lambda t: t)
    assert same.version == table.version and two.load("TABLE234").version == table.version
    assert listener.wait(0.3) is None  # no event arrives
    two.unlisten(listener)


def debate_ending(store: Store, code: str, seconds: float) -> None:
    """A conducted table dealt now, its 30 s Debate over in ``seconds`` by the real clock."""
    table = Table.start(code, "Ada", "secret-ada").join("Bob", "secret-bob")
    assert store.create(table.set_settings(1, Settings(debate=30)))
    store.change(code, lambda t: t.deal(1, random.Random(3), now=time.time() - 30 + seconds))


def counted_down(store: Store, code: str, within: float) -> bool:
    """Whether the table's Countdown begins within ``within`` seconds, with nobody asking."""
    deadline = time.monotonic() + within
    while store.load(code).round.conduct.phase.value == "debate":
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return store.load(code).round.conduct.level == 9


def test_one_process_at_a_time_holds_the_tickers_lease(stores):
    one, two = stores
    assert one.hold_lease("one", 0.3)
    assert not two.hold_lease("two", 0.3)  # held: the other process keeps time
    assert one.hold_lease("one", 0.3)  # its holder renews it
    time.sleep(0.4)
    assert two.hold_lease("two", 5)  # lapsed (its holder hung): another takes it
    assert not one.hold_lease("one", 5)
    two.let_go("two")  # a holder that stops lets go: the next takes it at once
    assert one.hold_lease("one", 5)
    two.let_go("two")  # letting go of a lease another holds does nothing
    assert not two.hold_lease("two", 5)
    one.let_go("one")


def test_the_stores_keep_time_and_another_process_takes_over(url, tmp_path):
    """Stores on the real clock, as two processes: one keeps time (a conducted table's Debate
    runs out and its Countdown begins, with nobody asking); when it stops, the other does."""
    one = open_store(url, str(tmp_path), time.time, ticking=True)
    two = open_store(url, str(tmp_path), time.time, ticking=True)
    try:
        one.ensure_ticker()
        time.sleep(0.3)  # it takes the lease
        two.ensure_ticker()
        debate_ending(two, "TICKS234", 0.3)
        assert counted_down(two, "TICKS234", within=5)
        assert not two.hold_lease("someone else", 1)  # one of them holds it
        one.close()  # it lets go
        debate_ending(two, "TICKS567", 0.3)
        assert counted_down(two, "TICKS567", within=5)  # the other took over
    finally:
        one.close()
        two.close()
