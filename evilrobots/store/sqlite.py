"""Tables in SQLite, in the instance folder: the default, for one machine.

Each table is one row (its JSON, version and when it was last touched). A change is one
``BEGIN IMMEDIATE`` transaction: read, apply, write, and append an event row, so the write
and its event land together or not at all, whichever process wrote it. Each process follows
the events table with one poller thread, woken cheaply by ``PRAGMA data_version`` (which
changes when any other connection commits), and fans events out to the streams it holds.

WAL mode lets readers work while a writer commits; ``synchronous=NORMAL`` in WAL mode keeps
every committed change through a crash of the app or a restart of the server.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..game.codec import load_table, table_state
from ..game.table import Table
from .base import Change, Store
from .documents import IDLE_SECONDS, StoreUnavailable, TableMissing, decode, encode
from .hub import HEARTBEAT_SECONDS

LOG = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    touched REAL NOT NULL,
    deadline REAL
);
CREATE INDEX IF NOT EXISTS tables_touched ON tables (touched);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL,
    version INTEGER NOT NULL,
    seat INTEGER
);
CREATE TABLE IF NOT EXISTS shares (
    token TEXT PRIMARY KEY,
    code TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    name TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until REAL NOT NULL
);
"""
# How often the poller looks for other processes' changes: a reveal reaches a stream held
# by another process within this (5 ms on average), for a query that costs microseconds.
POLL_SECONDS = 0.010
# Events are only for processes that are running now; older ones are pruned.
KEEP_EVENTS = 10_000
# How long a write waits for another's to finish.
BUSY_MILLISECONDS = 10_000


class SQLiteStore(Store):
    """Tables in one SQLite file, shared by every process on this machine."""

    def __init__(
        self,
        path: str,
        clock: Callable[[], float] = time.time,
        ticking: bool = True,
        heartbeat: float = HEARTBEAT_SECONDS,
    ) -> None:
        self.path = path
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        super().__init__(self.load, clock, ticking, heartbeat)
        self._idle: list[sqlite3.Connection] = []
        self._idle_lock = threading.Lock()
        self._stop = threading.Event()
        with self._connection() as db:
            db.executescript(SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
            if "deadline" not in columns:  # a file made before conducted rounds
                db.execute("ALTER TABLE tables ADD COLUMN deadline REAL")
            if "seat" not in {row[1] for row in db.execute("PRAGMA table_info(events)")}:
                db.execute("ALTER TABLE events ADD COLUMN seat INTEGER")  # before seats' own
            db.execute("CREATE INDEX IF NOT EXISTS tables_deadline ON tables (deadline)")

    # -- connections: a small pool, since a thread (or greenlet) per request is short-lived --

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(
            self.path,
            timeout=BUSY_MILLISECONDS / 1000,
            isolation_level=None,
            check_same_thread=False,
        )
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        with self._idle_lock:
            db = self._idle.pop() if self._idle else None
        if db is None:
            db = self._connect()
        try:
            yield db
        except BaseException:
            db.close()  # it may be mid-transaction: never hand it to another request
            raise
        with self._idle_lock:
            if len(self._idle) < 16:
                self._idle.append(db)
                return
        db.close()

    # -- the store --

    def create(self, table: Table) -> bool:
        now = self.clock()
        with self._connection() as db:
            db.execute("DELETE FROM tables WHERE touched < ?", (now - IDLE_SECONDS,))
            try:
                db.execute(
                    "INSERT INTO tables (code, state, version, touched, deadline)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (
                        table.code,
                        encode(table_state(table)),
                        table.version,
                        now,
                        table.deadline,
                    ),
                )
            except sqlite3.IntegrityError:
                return False
        return True

    def _load(self, code: str) -> Table | None:
        with self._connection() as db:
            row = db.execute(
                "SELECT state FROM tables WHERE code = ? AND touched >= ?",
                (code, self.clock() - IDLE_SECONDS),
            ).fetchone()
        return load_table(decode(row[0])) if row else None

    def _change(self, code: str, change: Change, due_by: float | None) -> Table | None:
        """Apply ``change`` in one ``BEGIN IMMEDIATE`` transaction, with its event row."""
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "SELECT state, version, deadline FROM tables WHERE code = ? AND touched >= ?",
                    (code, self.clock() - IDLE_SECONDS),
                ).fetchone()
                if row is None:
                    if due_by is not None:
                        db.execute("ROLLBACK")
                        return None
                    raise TableMissing(code)
                if due_by is not None and (row[2] is None or row[2] > due_by):
                    db.execute("ROLLBACK")
                    return None
                try:
                    table = load_table(decode(row[0]))
                except ValueError:
                    if due_by is None:
                        raise
                    # Not a table's document: it can never be moved on, so never due again.
                    LOG.exception("table %s cannot be read", code)
                    db.execute("UPDATE tables SET deadline = NULL WHERE code = ?", (code,))
                    db.execute("COMMIT")
                    return None
                applied = self.applied(table, change)
                if applied is None:  # nothing to write, nobody to tell
                    db.execute("ROLLBACK")
                    return None if due_by is not None else table
                new, seat = applied
                db.execute(
                    "UPDATE tables SET state = ?, version = ?, touched = ?, deadline = ?"
                    " WHERE code = ?",
                    (encode(table_state(new)), new.version, self.clock(), new.deadline, code),
                )
                event = db.execute(
                    "INSERT INTO events (code, version, seat) VALUES (?, ?, ?)",
                    (code, new.version, seat),
                ).lastrowid
                if event and event % 1000 == 0:
                    db.execute("DELETE FROM events WHERE id < ?", (event - KEEP_EVENTS,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        self.committed(new, seat)
        return new

    def due(self, now: float) -> list[str]:
        with self._connection() as db:
            rows = db.execute(
                "SELECT code FROM tables WHERE deadline <= ? AND touched >= ? ORDER BY deadline",
                (now, self.clock() - IDLE_SECONDS),
            ).fetchall()
        return [code for (code,) in rows]

    def next_due(self) -> float | None:
        with self._connection() as db:
            row = db.execute(
                "SELECT MIN(deadline) FROM tables WHERE deadline IS NOT NULL AND touched >= ?",
                (self.clock() - IDLE_SECONDS,),
            ).fetchone()
        return row[0] if row else None

    def sweep(self) -> int:
        """Remove tables idle for a day (and their share tokens); return how many."""
        with self._connection() as db:
            cursor = db.execute(
                "DELETE FROM tables WHERE touched < ?", (self.clock() - IDLE_SECONDS,)
            )
            db.execute("DELETE FROM shares WHERE code NOT IN (SELECT code FROM tables)")
            return cursor.rowcount

    def share(self, token: str, code: str) -> None:
        with self._connection() as db:
            db.execute("INSERT OR IGNORE INTO shares (token, code) VALUES (?, ?)", (token, code))

    def _shared_code(self, token: str) -> str | None:
        with self._connection() as db:
            row = db.execute("SELECT code FROM shares WHERE token = ?", (token,)).fetchone()
        return row[0] if row else None

    def hold_lease(self, owner: str, seconds: float) -> bool:
        now = time.time()
        with self._connection() as db:
            # Not a moment's wait for the write lock, which the holder takes at each step:
            # SQLite waits by sleeping, and a process that sleeps serves none of its streams.
            db.execute("PRAGMA busy_timeout = 0")
            try:
                cursor = db.execute(
                    "INSERT INTO leases (name, owner, until) VALUES ('ticker', ?, ?)"
                    " ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until ="
                    " excluded.until WHERE leases.owner = excluded.owner OR leases.until < ?",
                    (owner, now + seconds, now),
                )
            except sqlite3.OperationalError as exc:  # busy: ask again in a moment
                raise StoreUnavailable(str(exc)) from exc
            finally:
                db.execute(f"PRAGMA busy_timeout = {BUSY_MILLISECONDS}")
            return cursor.rowcount == 1

    def let_go(self, owner: str) -> None:
        with self._connection() as db:
            db.execute("DELETE FROM leases WHERE name = 'ticker' AND owner = ?", (owner,))

    # -- following other processes' changes --

    def _start_feed(self) -> None:
        db = self._connect()
        # Where to start is read before the first listener is added, so nothing after it is
        # missed (and nothing before it matters: a new stream loads the table itself).
        last = db.execute("SELECT COALESCE(MAX(id), 0) FROM events").fetchone()[0]
        thread = threading.Thread(
            target=self._follow, args=(db, last), name="evilrobots-sqlite-feed", daemon=True
        )
        thread.start()

    def _follow(self, db: sqlite3.Connection, last: int) -> None:
        seen = None
        while not self._stop.is_set():
            try:
                data_version = db.execute("PRAGMA data_version").fetchone()[0]
                if data_version != seen:
                    seen = data_version
                    rows = db.execute(
                        "SELECT id, code, version, seat FROM events WHERE id > ? ORDER BY id",
                        (last,),
                    ).fetchall()
                    for event, code, version, seat in rows:
                        last = event
                        self.hub.dispatch(code, version, seat)
            except sqlite3.Error:
                pass  # a locked or busy moment: look again at the next tick
            self._stop.wait(POLL_SECONDS)
        db.close()

    def close(self) -> None:
        self._stop_ticker()
        self._stop.set()
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for db in idle:
            db.close()
