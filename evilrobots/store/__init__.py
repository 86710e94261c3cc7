"""Where tables live: a small interface, with SQLite (the default) and Redis behind it.

A store keeps each table as one JSON document under its code, changes it atomically (read,
apply a pure change from ``evilrobots.game.table``, write, all or nothing), and tells every
process that serves the table when it has changed. The views and the model never know which
store they talk to.

Events are small and public: "table CODE is now at version N", and, for a change only one
seat can see (what it hides, its CheatBot's or PassBot's choices: ``views.private_to``), "for
seat S". Each process fans an event out to the streams it holds (``Hub``), loading the table
once; each stream then renders its own viewer's view. A seat's own change wakes only that
seat's streams: nobody else's stream hears of it, nor spends a moment on it. Nothing private
goes out on a channel every subscriber reads.

Idle streams keep time by one schedule per process, not a timer each: the hub's heartbeat
wheel beats each stream every ``HEARTBEAT_SECONDS`` from the moment it opened, whatever the
table does, so no act of anyone's (a seat's own taps least of all) moves a heartbeat.
"""

from __future__ import annotations

import abc
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import orjson

from ..game.table import Table

LOG = logging.getLogger(__name__)

# Tables nobody has touched for this long are removed.
IDLE_SECONDS = 24 * 3600
# The ticker looks for tables that are due at least this often (sooner when it knows of one).
TICK_IDLE_SECONDS = 0.25
# A table due that this process found nothing to do for is looked at again after this.
TICK_BUSY_SECONDS = 0.02
# One process at a time keeps time, under a lease it renews at half its life; when its
# holder stops (it lets go) or hangs (it lapses), another takes it. The others would only
# find each step done already, and waiting on the store to learn it would hold up the
# streams they serve.
LEASE_SECONDS = 3.0
# Each open stream sends a comment this often, so that proxies keep it open: on a schedule of
# its own, from the moment it opened, turned by one wheel per process in steps of about
# BEAT_STEP_SECONDS.
HEARTBEAT_SECONDS = 15.0
BEAT_STEP_SECONDS = 0.1


def encode(document: Any) -> str:
    """A document as JSON text. orjson, not the standard library's encoder: a table's state is
    written at every change and read back by every process that follows the table, and
    orjson writes it in a tenth of the time and reads it in less than half."""
    return orjson.dumps(document).decode()


decode = orjson.loads  # JSON text (or bytes) to a document


class StoreUnavailable(Exception):
    """The shared store cannot be reached: the request cannot be served right now."""


class TableMissing(Exception):
    """No table has this code (any more)."""


class Listener:
    """One stream's subscription to one table: the latest state, its heartbeats, and a signal
    when either comes."""

    __slots__ = ("_arrived", "_latest", "beats", "closed", "code", "rewound", "seat", "slot")

    def __init__(self, code: str, seat: int | None = None) -> None:
        self.code = code
        self.seat = seat  # the seat whose view the stream shows (None: the board's)
        self.closed = False  # the server is stopping: the stream should end
        self.rewound = False  # the store came back with an older state than was sent
        self.beats = 0  # heartbeats due and not yet sent
        self.slot = 0  # its place on the hub's heartbeat wheel
        self._latest: Table | None = None
        self._arrived = threading.Event()

    def deliver(self, table: Table, rewound: bool = False) -> None:
        if rewound or self._latest is None or table.version > self._latest.version:
            self._latest = table
            self.rewound = self.rewound or rewound
        self._arrived.set()

    def beat(self) -> None:
        """Its heartbeat is due (the hub's wheel says so). (Under threads, rather than gevent,
        a beat landing as the stream takes the last may wait for the next: a comment late.)"""
        self.beats += 1
        self._arrived.set()

    def close(self) -> None:
        self.closed = True
        self._arrived.set()

    def wait(self, timeout: float | None = None) -> Table | None:
        """The newest state delivered since the last wait, or None: when a heartbeat is due
        (``take_beats``), when the server stops (``closed``), or after ``timeout`` seconds."""
        if not self._arrived.wait(timeout):
            return None
        self._arrived.clear()
        latest, self._latest = self._latest, None
        return latest

    def take_beats(self) -> int:
        """The heartbeats due since the last call (each stream sends one comment for them)."""
        beats, self.beats = self.beats, 0
        return beats


class Hub:
    """The streams one process holds, by table; fans each event out to them, and beats each
    one's heartbeat on a wheel that turns by itself (one thread, whatever the streams)."""

    def __init__(
        self, load: Callable[[str], Table | None], heartbeat: float = HEARTBEAT_SECONDS
    ) -> None:
        self._load = load
        self._listeners: dict[str, set[Listener]] = {}
        self._dispatched: dict[str, int] = {}  # the newest version handed out, by table
        self._lock = threading.Lock()
        self.closed = False
        # The wheel: a slot per step of the heartbeat's period; each stream sits in the slot
        # the hand had just passed when it opened, and beats each time the hand comes round.
        self.heartbeat = heartbeat
        self._slots = max(1, round(heartbeat / BEAT_STEP_SECONDS))
        self._wheel: list[set[Listener]] = [set() for _ in range(self._slots)]
        self._hand = 0
        self._turning: threading.Thread | None = None
        self._epoch = 0.0
        self._stop = threading.Event()

    def add(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.setdefault(listener.code, set()).add(listener)
            listener.slot = (self._hand - 1) % self._slots
            self._wheel[listener.slot].add(listener)
            if self._turning is None:
                self._epoch = time.monotonic()  # the schedule starts with the first stream
                self._turning = threading.Thread(
                    target=self._turn, name="evilrobots-heartbeat", daemon=True
                )
                self._turning.start()
        if self.closed:
            listener.close()

    def _turn(self) -> None:
        """Turn the wheel a slot a step, on a schedule fixed when it started: a late step
        (a busy process) is made up at once, so each stream's beats stay where they were."""
        step = self.heartbeat / self._slots
        start = self._epoch
        steps = 0
        while not self._stop.is_set():
            steps += 1
            delay = start + steps * step - time.monotonic()
            if delay > 0 and self._stop.wait(delay):
                return
            with self._lock:
                hand = self._hand
                self._hand = (hand + 1) % self._slots
                due = list(self._wheel[hand])
            for listener in due:
                listener.beat()

    def close(self) -> None:
        """The server is stopping: end every stream this process holds.

        Called from a signal handler, which may run in the event loop itself, where nothing
        may wait: so it takes no lock. The code it interrupted is paused between two steps,
        and these copies see the sets whole."""
        self.closed = True
        self._stop.set()
        listeners = [one for group in list(self._listeners.values()) for one in list(group)]
        for listener in listeners:
            listener.close()

    def remove(self, listener: Listener) -> None:
        with self._lock:
            self._wheel[listener.slot].discard(listener)
            listeners = self._listeners.get(listener.code)
            if listeners is not None:
                listeners.discard(listener)
                if not listeners:
                    del self._listeners[listener.code]
                    self._dispatched.pop(listener.code, None)

    def codes(self) -> list[str]:
        with self._lock:
            return list(self._listeners)

    def count(self) -> int:
        with self._lock:
            return sum(len(listeners) for listeners in self._listeners.values())

    def dispatch(self, code: str, version: int, seat: int | None = None) -> None:
        """A table changed (``seat``: a change only that seat can see): load it once and hand
        it to every local stream that follows it (that seat's alone).

        An event may arrive twice (from this process's own write, then from the feed); a
        version already handed out is not loaded again.
        """
        for found, scope in self.wanted([(code, version, seat)]):
            table = self._load(found)
            if table is not None:
                self.offer(table, seat=scope)

    def wanted(self, events: list[tuple[str, int, int | None]]) -> list[tuple[str, int | None]]:
        """Of these changes (code, version, seat or None), the tables to load, each once, if a
        local stream follows it and that version has not been handed out yet: with the seat
        whose streams alone need it, or None if any change among them is everyone's."""
        found: dict[str, int | None] = {}
        with self._lock:
            for code, version, seat in events:
                if code in self._listeners and version > self._dispatched.get(code, 0):
                    if code in found and found[code] != seat:
                        seat = None  # two seats' changes, or a public one: everyone's
                    found[code] = seat
        return list(found.items())

    def offer(self, table: Table, restored: bool = False, seat: int | None = None) -> None:
        """Hand a table's state to every local stream that follows it, unless a state at
        least as new has been handed out already.

        ``restored``: the state is the store's own after it came back (a restart): if it is
        older than what was handed out (writes lost in a crash), it is handed out all the
        same, marked as rewound, so that pages follow the store rather than wait for its
        versions to catch up with theirs.
        """
        with self._lock:
            listeners = list(self._listeners.get(table.code, ()))
            handed = self._dispatched.get(table.code, 0)
            rewound = restored and table.version < handed
            if not listeners or (table.version <= handed and not rewound):
                return
            self._dispatched[table.code] = table.version
        for listener in listeners:
            if seat is None or listener.seat == seat:
                listener.deliver(table, rewound)


class Store(abc.ABC):
    """Tables by code, changed atomically, with change events across processes."""

    def __init__(
        self,
        load: Callable[[str], Table | None],
        clock: Callable[[], float] = time.time,
        ticking: bool = True,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        self.hub = Hub(load, heartbeat)
        self.clock = clock
        # Made here, in the process (and under the threading model, patched by gevent or
        # not) that will use them: a lock made before gevent patches threading would block
        # every greenlet of a worker while one waits.
        self._feed_lock = threading.Lock()
        self._feed_started = False
        self.ticking = ticking  # this process moves due tables on (off: only when asked)
        self._ticker: threading.Thread | None = None
        self._ticker_wake = threading.Event()
        self._ticker_stop = threading.Event()

    @abc.abstractmethod
    def create(self, table: Table) -> bool:
        """Keep a new table; False if its code is taken (the caller draws another)."""

    @abc.abstractmethod
    def load(self, code: str) -> Table | None:
        """The table with this code, or None."""

    @abc.abstractmethod
    def change(self, code: str, change: Callable[[Table], Table]) -> Table:
        """Apply ``change`` atomically and tell every process; return the new table.

        Raises TableMissing if there is no such table; whatever ``change`` raises (a
        GameError) leaves the table untouched. A change that returns the very same table
        writes nothing and tells nobody.
        """

    @abc.abstractmethod
    def due(self, now: float) -> list[str]:
        """The codes of the tables with something due by ``now`` (a timer run out)."""

    @abc.abstractmethod
    def next_due(self) -> float | None:
        """When the next table is due, if any is on a timer."""

    @abc.abstractmethod
    def advance(self, code: str, now: float) -> Table | None:
        """Move a due table past what is due (``Table.tick``), atomically, and tell every
        process; None if it was not due (any more: another process or instance did it).

        Cheap when not due: the deadline is checked before the table is read. A table that
        cannot be read is never due again (logged): the others are moved on all the same.
        """

    def advance_due(self, now: float | None = None) -> int:
        """Move every due table on; return how many were moved here. Without ``now``, each
        table is moved on at the moment it is reached (its next timer counts from then)."""
        moved = 0
        for code in self.due(self.clock() if now is None else now):
            moved += self.advance(code, self.clock() if now is None else now) is not None
        return moved

    @abc.abstractmethod
    def hold_lease(self, owner: str, seconds: float) -> bool:
        """Take the ticker's lease for ``owner``, or renew it, for ``seconds`` (by the wall
        clock); whether ``owner`` holds it now."""

    @abc.abstractmethod
    def let_go(self, owner: str) -> None:
        """Give the lease up, if ``owner`` holds it."""

    def _deadline_changed(self, deadline: float | None) -> None:
        """A change here set a deadline: the ticker may need to wake sooner."""
        if deadline is not None:
            self._ticker_wake.set()

    def ensure_ticker(self) -> None:
        """Start this process's ticker (once, in the process that serves requests), which
        moves tables on when their timers run out. Every process may run one: the store's
        atomic change makes each step happen once."""
        if not self.ticking or self._ticker is not None:
            return
        with self._feed_lock:
            if self._ticker is None:
                self._ticker = threading.Thread(
                    target=self._tick_loop, name="evilrobots-ticker", daemon=True
                )
                self._ticker.start()

    def _tick_loop(self) -> None:
        owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        held_until = 0.0  # by the monotonic clock
        while not self._ticker_stop.is_set():
            wait = LEASE_SECONDS / 3  # not the holder: ask for the lease again after this
            try:
                if time.monotonic() > held_until - LEASE_SECONDS / 2:
                    taken = time.monotonic()
                    held = self.hold_lease(owner, LEASE_SECONDS)
                    held_until = taken + LEASE_SECONDS if held else 0.0
                if held_until > time.monotonic():
                    wait = self._tick()
            except StoreUnavailable:
                wait = TICK_IDLE_SECONDS  # out of reach for a moment: look again soon
            except Exception:  # never stop keeping time
                LOG.exception("moving due tables on failed")
                wait = TICK_IDLE_SECONDS
            self._ticker_wake.wait(wait)
            self._ticker_wake.clear()
        try:
            self.let_go(owner)
        except StoreUnavailable:
            pass  # it lapses by itself

    def _tick(self) -> float:
        """Move the due tables on; how long to wait before the next look."""
        moved = self.advance_due()
        upcoming = self.next_due()
        if upcoming is None:
            return TICK_IDLE_SECONDS
        wait = min(max(upcoming - self.clock(), 0.0), TICK_IDLE_SECONDS)
        if not moved and wait == 0.0:
            wait = TICK_BUSY_SECONDS  # due, but another instance moved it on, or is on it
        return wait

    def _stop_ticker(self) -> None:
        self._ticker_stop.set()
        self._ticker_wake.set()
        if self._ticker is not None:
            self._ticker.join(timeout=2)

    @abc.abstractmethod
    def _start_feed(self) -> None:
        """Start following change events from every process (once, on first listen)."""

    def listen(self, code: str, seat: int | None = None) -> Listener:
        """Subscribe to a table's changes, as the viewer ``seat`` (None: the board) sees them;
        pair with ``unlisten``."""
        self._ensure_feed()
        listener = Listener(code, seat)
        self.hub.add(listener)
        return listener

    def unlisten(self, listener: Listener) -> None:
        self.hub.remove(listener)

    def _ensure_feed(self) -> None:
        # Started lazily, so it runs in the worker process that holds the streams (never in
        # a server's master before it forks), and in the worker's own threading model.
        if not self._feed_started:
            with self._feed_lock:
                if not self._feed_started:
                    self._start_feed()
                    self._feed_started = True

    @abc.abstractmethod
    def close(self) -> None:
        """Release connections and stop the feed."""


def open_store(
    url: str | None,
    instance_path: str,
    clock: Callable[[], float],
    ticking: bool = True,
    heartbeat: float = HEARTBEAT_SECONDS,
) -> Store:
    """The store a URL names: ``redis://host:port/db``, or SQLite in the instance folder.
    ``ticking``: this process moves due tables on by itself; ``heartbeat``: how often each
    open stream beats."""
    if url and url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisStore

        return RedisStore(url, clock=clock, ticking=ticking, heartbeat=heartbeat)
    if url and not url.startswith("sqlite:"):
        raise ValueError(f"unknown store {url!r}: use redis://HOST:PORT/DB, or none for SQLite")
    from .sqlite import SQLiteStore

    path = url.removeprefix("sqlite:") if url else None
    return SQLiteStore(
        path or f"{instance_path}/tables.sqlite3",
        clock=clock,
        ticking=ticking,
        heartbeat=heartbeat,
    )


__all__ = [
    "HEARTBEAT_SECONDS",
    "IDLE_SECONDS",
    "Hub",
    "Listener",
    "Store",
    "StoreUnavailable",
    "TableMissing",
    "decode",
    "encode",
    "open_store",
]
