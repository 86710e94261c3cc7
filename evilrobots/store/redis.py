"""Tables in Redis: for several instances of the app behind one load balancer.

Each table is one key holding its JSON and when it was last changed, expiring a day after
that change. A change is optimistic: ``WATCH`` the key, read, apply the pure change, then
``MULTI``/``EXEC`` the write together with its event (``PUBLISH``); if anyone else wrote the
key in between, Redis refuses the whole transaction and the change is applied again to the
newer table. No write is ever lost, and no lock is held while Python works.

Each process follows the one events channel with one thread (a greenlet under gevent) and
fans events out to the streams it holds. When the connection drops (Redis restarts, the
network blinks), the thread reconnects and hands every stream it holds the newest state of
its table, so live pages catch up on whatever happened while it was away.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import redis

from ..game.codec import load_table, table_state
from ..game.table import Table, moves
from .base import Change, Store
from .documents import IDLE_SECONDS, StoreUnavailable, TableMissing, decode, encode
from .hub import HEARTBEAT_SECONDS

LOG = logging.getLogger(__name__)

# Redis's own errors that mean "not usable right now" (down, loading, failing over, out of
# memory, its disk full), as opposed to a bug of ours.
UNREACHABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.exceptions.BusyLoadingError,
    redis.exceptions.ReadOnlyError,
    redis.exceptions.OutOfMemoryError,
    redis.exceptions.MasterDownError,
    redis.exceptions.TryAgainError,
    redis.exceptions.ExecAbortError,
)
# Said by Redis when it refuses writes because it cannot save them.
REFUSING = ("MISCONF",)
# Changes that lose the race this many times in a row are refused (503): never seen in
# practice, since a change takes well under a millisecond, but a bound all the same.
ATTEMPTS = 100
# Connections to Redis per process, at most: each request holds one for a command or two.
CONNECTIONS = 32
# The feed looks up from waiting this often, to stop when asked.
WAKE_SECONDS = 0.5
# The feed reads the events that have come, up to this many, and the tables they name in
# one request: one at a time, each request would wait for the loop to come round again
# (a worker's streams run in between), and under load the feed would fall behind.
FEED_BATCH = 256
# The ticker moves due tables on this many at a time, in one transaction each.
ADVANCE_BATCH = 64
# After losing the connection, wait this long before trying again, doubling to a cap.
RECONNECT_SECONDS = (0.05, 2.0)
# The ticker's lease (``Store.hold_lease``): taken when free, renewed by its holder alone.
TAKE_LEASE = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""
LET_GO = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"""


class RedisStore(Store):
    """Tables in one Redis database, shared by every process and instance that uses it."""

    def __init__(
        self,
        url: str,
        clock: Callable[[], float] = time.time,
        prefix: str = "evilrobots:",
        ticking: bool = True,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        super().__init__(self.load, clock, ticking, heartbeat)
        self.url = url
        self.prefix = prefix
        self.channel = prefix + "events"
        self.deadlines = prefix + "deadlines"  # a sorted set: each timed table by its deadline
        # A bounded pool that makes a request wait its turn for a connection (a greenlet
        # yields meanwhile) rather than fail when thousands of streams open at once.
        pool = redis.BlockingConnectionPool.from_url(
            url,
            max_connections=CONNECTIONS,
            timeout=5,
            socket_timeout=5,
            socket_connect_timeout=2,
            health_check_interval=30,
        )
        self.redis = redis.Redis.from_pool(pool)
        self._lease = self.redis.register_script(TAKE_LEASE)
        self._release = self.redis.register_script(LET_GO)
        self._stop = threading.Event()
        self._feed: threading.Thread | None = None
        self.connected = threading.Event()  # the feed is subscribed (for tests and benches)

    def _key(self, code: str) -> str:
        return f"{self.prefix}table:{code}"

    def _document(self, table: Table) -> str:
        return encode({"touched": self.clock(), "state": table_state(table)})

    def _table(self, raw: bytes | None) -> Table | None:
        """The table a key holds; None if none, or if it has been idle for a day (by our
        clock, which tests move; Redis's own expiry does the same by the wall clock)."""
        if raw is None:
            return None
        document = decode(raw)
        try:
            if self.clock() - document["touched"] > IDLE_SECONDS:
                return None
            state = document["state"]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a table's document: {exc!r}") from exc
        return load_table(state)

    def _readable(self, code: str, raw: bytes | None) -> Table | None:
        """``_table``, or None (logged) for a document that is not a table's: one such key
        must not keep the others from being read, in a batch, or moved on."""
        try:
            return self._table(raw)
        except ValueError:
            LOG.exception("table %s in Redis cannot be read", code)
            return None

    @contextmanager
    def _reachable(self) -> Iterator[None]:
        try:
            yield
        except UNREACHABLE as error:
            raise StoreUnavailable(str(error)) from error
        except redis.ResponseError as error:
            if str(error).startswith(REFUSING):
                raise StoreUnavailable(str(error)) from error
            raise

    # -- the store --

    def create(self, table: Table) -> bool:
        with self._reachable():
            made = self.redis.set(
                self._key(table.code), self._document(table), nx=True, ex=IDLE_SECONDS
            )
        return bool(made)

    def _load(self, code: str) -> Table | None:
        with self._reachable():
            return self._table(self.redis.get(self._key(code)))

    def _share_key(self, token: str) -> str:
        """A shared game's token, to its table's code: it lives as long as its table (each
        write of the table keeps it as long again), and ``shared`` checks the table holds it."""
        return f"{self.prefix}share:{token}"

    def share(self, token: str, code: str) -> None:
        with self._reachable():
            self.redis.set(self._share_key(token), code, nx=True, ex=IDLE_SECONDS)

    def _shared_code(self, token: str) -> str | None:
        with self._reachable():
            code = self.redis.get(self._share_key(token))
        return code.decode() if isinstance(code, bytes) else code

    def _change(self, code: str, change: Change, due_by: float | None) -> Table | None:
        """Apply ``change`` optimistically: WATCH, read, MULTI/EXEC."""
        key = self._key(code)
        with self._reachable(), self.redis.pipeline() as pipe:
            for _ in range(ATTEMPTS):
                try:
                    pipe.watch(key)
                    if due_by is not None:
                        deadline = pipe.zscore(self.deadlines, code)
                        if deadline is None or deadline > due_by:
                            pipe.unwatch()
                            return None
                    raw = pipe.get(key)
                    # Moving on, a table that cannot be read is as good as gone.
                    table = self._table(raw) if due_by is None else self._readable(code, raw)
                    if table is None:
                        if due_by is not None:  # gone meanwhile: forget its deadline
                            pipe.multi()
                            pipe.zrem(self.deadlines, code)
                            pipe.execute()
                            return None
                        raise TableMissing(code)
                    applied = self.applied(table, change)
                    if applied is None:  # nothing to write, nobody to tell
                        pipe.unwatch()
                        return None if due_by is not None else table
                    new, seat = applied
                    pipe.multi()
                    self._write(pipe, new, seat)
                    pipe.execute()
                    break
                except redis.WatchError:
                    continue  # someone else changed it first: apply the change to theirs
            else:
                raise StoreUnavailable(f"table {code} is changing too fast to change")
        self.committed(new, seat)
        return new

    def advance_due(self, now: float | None = None) -> int:
        """Move every due table on, many in one transaction: one at a time, the four
        requests of each (each a wait for the loop to come round again, a worker's streams
        running in between) would leave the calls of a busy worker late."""
        moved = 0
        due = self.due(self.clock() if now is None else now)
        for start in range(0, len(due), ADVANCE_BATCH):
            moved += self._advance_batch(due[start : start + ADVANCE_BATCH], now)
        return moved

    def _advance_batch(self, codes: list[str], now: float | None) -> int:
        """Move these tables on, those still due, in one transaction (WATCH them all, read
        them in one request, write them in one MULTI/EXEC); if any changed meanwhile, each
        is moved on alone, as ``advance`` does. Without ``now``, the clock is read once for
        the batch (its tables are reached within moments of each other)."""
        when = self.clock() if now is None else now
        keys = [self._key(code) for code in codes]
        moved: list[tuple[Table, int | None]] = []
        with self._reachable(), self.redis.pipeline() as pipe:
            try:
                pipe.watch(*keys)
                documents = pipe.mget(keys)
                gone = []  # forget the deadlines of tables that are no more
                for code, raw in zip(codes, documents, strict=True):
                    table = self._readable(code, raw)
                    if table is None:  # (or unreadable: it cannot be moved on)
                        gone.append(code)
                    elif table.deadline is not None and table.deadline <= when:
                        try:
                            applied = self.applied(table, lambda t: moves.advance(t, when))
                        except Exception:  # a defect at one table stalls none of the others
                            LOG.exception("moving table %s on failed", code)
                            continue
                        if applied is not None:
                            moved.append(applied)  # the table, and whom alone it may tell
                if not moved and not gone:
                    pipe.unwatch()
                    return 0
                pipe.multi()
                for new, seat in moved:
                    self._write(pipe, new, seat)
                if gone:
                    pipe.zrem(self.deadlines, *gone)
                pipe.execute()
            except redis.WatchError:  # a player's act, or another process: one at a time
                return sum(
                    self.advance(code, self.clock() if now is None else now) is not None
                    for code in codes
                )
        for new, seat in moved:
            self.committed(new, seat)
        return len(moved)

    def _write(self, pipe: Any, new: Table, seat: int | None = None) -> None:
        """Queue a table's new state, its deadline and its event in a transaction (``seat``:
        a change only that seat can see)."""
        pipe.set(self._key(new.code), self._document(new), ex=IDLE_SECONDS)
        for _number, token in new.tokens:
            pipe.expire(self._share_key(token), IDLE_SECONDS)
        if new.deadline is None:
            pipe.zrem(self.deadlines, new.code)
        else:
            pipe.zadd(self.deadlines, {new.code: new.deadline})
        scope = "" if seat is None else f" {seat}"
        pipe.publish(self.channel, f"{new.code} {new.version}{scope}")

    def due(self, now: float) -> list[str]:
        with self._reachable():
            return [code.decode() for code in self.redis.zrangebyscore(self.deadlines, "-inf", now)]

    def next_due(self) -> float | None:
        with self._reachable():
            first = self.redis.zrange(self.deadlines, 0, 0, withscores=True)
        return first[0][1] if first else None

    def hold_lease(self, owner: str, seconds: float) -> bool:
        with self._reachable():
            return bool(
                self._lease(keys=[self.prefix + "ticker"], args=[owner, int(seconds * 1000)])
            )

    def let_go(self, owner: str) -> None:
        with self._reachable():
            self._release(keys=[self.prefix + "ticker"], args=[owner])

    # -- following every process's changes --

    def _start_feed(self) -> None:
        self._feed = threading.Thread(
            target=self._follow, name="evilrobots-redis-feed", daemon=True
        )
        self._feed.start()

    def _ensure_feed(self) -> None:
        super()._ensure_feed()
        if self._feed is not None and not self._feed.is_alive() and not self._stop.is_set():
            with self._feed_lock:  # it died (it should not): start another
                if not self._feed.is_alive():
                    self._start_feed()

    def _follow(self) -> None:
        """Follow the events channel until the store closes, through any outage."""
        pubsub: Any = None
        delay = RECONNECT_SECONDS[0]
        restored = False  # the first subscription has nothing to restore
        while not self._stop.is_set():
            try:
                if pubsub is None:
                    pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
                    pubsub.subscribe(self.channel)
                    self._catch_up(restored)  # whatever changed while we were away
                    self.connected.set()
                    delay, restored = RECONNECT_SECONDS[0], True
                message = pubsub.get_message(timeout=WAKE_SECONDS)
                events: list[bytes] = []
                while message is not None:
                    if message["type"] == "message":
                        events.append(message["data"])
                    if len(events) >= FEED_BATCH:
                        break
                    message = pubsub.get_message(timeout=0.0)  # come already: no waiting
                if events:
                    self._dispatch(events)
            except Exception as error:  # an outage, or anything unforeseen: never stop following
                if not isinstance(error, (*UNREACHABLE, StoreUnavailable)):
                    LOG.exception("the Redis event feed failed; reconnecting")
                self.connected.clear()
                if pubsub is not None:
                    _close_quietly(pubsub)
                pubsub = None
                self._stop.wait(delay)
                delay = min(delay * 2, RECONNECT_SECONDS[1])
        self.connected.clear()
        if pubsub is not None:
            _close_quietly(pubsub)

    def _dispatch(self, messages: list[bytes]) -> None:
        """Hand the tables these events name to the streams held here, read in one request."""
        events = []
        for data in messages:
            try:
                code, version, *seat = data.decode().split()
                events.append((code, int(version), int(seat[0]) if seat else None))
            except (UnicodeDecodeError, ValueError):
                LOG.warning("ignored a message on %s that is not an event: %r", self.channel, data)
        self._offer(self.hub.wanted(events))

    def _offer(self, wanted: list[tuple[str, int | None]], restored: bool = False) -> None:
        """Read these tables (code, and the seat whose change it is, or None) in one request
        and hand each to the streams held here that need it."""
        if not wanted:
            return
        with self._reachable():
            documents = self.redis.mget([self._key(code) for code, _ in wanted])
        for (code, seat), raw in zip(wanted, documents, strict=True):
            table = self._readable(code, raw)
            if table is not None:
                self.hub.offer(table, restored=restored, seat=seat)

    def _catch_up(self, restored: bool) -> None:
        """Hand every stream held here the newest state of its table (``restored``: after a
        reconnection, when Redis may have come back with older states than were sent)."""
        wanted = [(code, None) for code in self.hub.codes()]
        for start in range(0, len(wanted), FEED_BATCH):
            self._offer(wanted[start : start + FEED_BATCH], restored)

    def close(self) -> None:
        self._stop_ticker()
        self._stop.set()
        if self._feed is not None:
            self._feed.join(timeout=2 * WAKE_SECONDS)  # it closes its own connection
        self.redis.close()


def _close_quietly(pubsub: Any) -> None:
    try:
        pubsub.close()
    except (*UNREACHABLE, OSError):
        pass  # it is being thrown away; a broken socket has nothing more to say
