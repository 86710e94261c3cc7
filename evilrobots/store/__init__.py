"""Where tables live: a small interface, with SQLite (the default) and Redis behind it.

A store keeps each table as one JSON document under its code, changes it atomically (read,
apply a pure change from ``evilrobots.game.table``, write, all or nothing), and tells every
process that serves the table when it has changed. The views and the model never know which
store they talk to.

Events are small and public: "table CODE is now at version N". Each process fans an event
out to the streams it holds (``Hub``), loading the table once; each stream then renders its
own viewer's view. Nothing private goes out on a channel every subscriber reads.
"""

from __future__ import annotations

import abc
import threading
from collections.abc import Callable

from ..game.table import Table

# Tables nobody has touched for this long are removed.
IDLE_SECONDS = 24 * 3600


class StoreUnavailable(Exception):
    """The shared store cannot be reached: the request cannot be served right now."""


class TableMissing(Exception):
    """No table has this code (any more)."""


class Listener:
    """One stream's subscription to one table: the latest state, and a signal when it comes."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.closed = False  # the server is stopping: the stream should end
        self.rewound = False  # the store came back with an older state than was sent
        self._latest: Table | None = None
        self._arrived = threading.Event()

    def deliver(self, table: Table, rewound: bool = False) -> None:
        if rewound or self._latest is None or table.version > self._latest.version:
            self._latest = table
            self.rewound = self.rewound or rewound
        self._arrived.set()

    def close(self) -> None:
        self.closed = True
        self._arrived.set()

    def wait(self, timeout: float) -> Table | None:
        """The newest state delivered since the last wait, or None after ``timeout`` seconds
        (or at once, with ``closed`` set, when the server stops)."""
        if not self._arrived.wait(timeout):
            return None
        self._arrived.clear()
        latest, self._latest = self._latest, None
        return latest


class Hub:
    """The streams one process holds, by table; fans each event out to them."""

    def __init__(self, load: Callable[[str], Table | None]) -> None:
        self._load = load
        self._listeners: dict[str, set[Listener]] = {}
        self._dispatched: dict[str, int] = {}  # the newest version handed out, by table
        self._lock = threading.Lock()
        self.closed = False

    def add(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.setdefault(listener.code, set()).add(listener)
        if self.closed:
            listener.close()

    def close(self) -> None:
        """The server is stopping: end every stream this process holds."""
        with self._lock:
            self.closed = True
            listeners = [one for group in self._listeners.values() for one in group]
        for listener in listeners:
            listener.close()

    def remove(self, listener: Listener) -> None:
        with self._lock:
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

    def dispatch(self, code: str, version: int) -> None:
        """A table changed: load it once and hand it to every local stream that follows it.

        An event may arrive twice (from this process's own write, then from the feed); a
        version already handed out is not loaded again.
        """
        with self._lock:
            if code not in self._listeners or version <= self._dispatched.get(code, 0):
                return
        table = self._load(code)
        if table is not None:
            self.offer(table)

    def offer(self, table: Table, restored: bool = False) -> None:
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
            listener.deliver(table, rewound)


class Store(abc.ABC):
    """Tables by code, changed atomically, with change events across processes."""

    def __init__(self, load: Callable[[str], Table | None]) -> None:
        self.hub = Hub(load)
        # Made here, in the process (and under the threading model, patched by gevent or
        # not) that will use them: a lock made before gevent patches threading would block
        # every greenlet of a worker while one waits.
        self._feed_lock = threading.Lock()
        self._feed_started = False

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
        GameError) leaves the table untouched.
        """

    @abc.abstractmethod
    def _start_feed(self) -> None:
        """Start following change events from every process (once, on first listen)."""

    def listen(self, code: str) -> Listener:
        """Subscribe to a table's changes; pair with ``unlisten``."""
        self._ensure_feed()
        listener = Listener(code)
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


def open_store(url: str | None, instance_path: str, clock: Callable[[], float]) -> Store:
    """The store a URL names: ``redis://host:port/db``, or SQLite in the instance folder."""
    if url and url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisStore

        return RedisStore(url, clock=clock)
    if url and not url.startswith("sqlite:"):
        raise ValueError(f"unknown store {url!r}: use redis://HOST:PORT/DB, or none for SQLite")
    from .sqlite import SQLiteStore

    path = url.removeprefix("sqlite:") if url else None
    return SQLiteStore(path or f"{instance_path}/tables.sqlite3", clock=clock)


__all__ = [
    "IDLE_SECONDS",
    "Hub",
    "Listener",
    "Store",
    "StoreUnavailable",
    "TableMissing",
    "open_store",
]
