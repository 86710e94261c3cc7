"""The store's interface, and the steps every store shares: a change applied (a new version,
and who alone may see it), what follows a write (the ticker woken for a new deadline, this
process's streams handed the new state), tables moved on when due, and streams subscribed.
A backend (``sqlite``, ``redis``) holds only its own I/O: reading and writing a document in
one atomic step, finding due tables, the ticker's lease, and its feed of other processes'
changes.

A store keeps each table as one JSON document under its code, changes it atomically (read,
apply a pure change from ``evilrobots.game.table``, write, all or nothing), and tells every
process that serves the table when it has changed. Events are small and public: "table CODE
is now at version N", and, for a change only one seat can see (a move's ``effects.private_to``),
"for seat S". Each process fans an event out to the streams it holds (``hub.Hub``), loading
the table once; a seat's own change wakes only that seat's streams.
"""

from __future__ import annotations

import abc
import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from ..game.table import Table, moves
from ..game.table.moves import Applied
from .documents import StoreUnavailable, TableMissing
from .hub import HEARTBEAT_SECONDS, Hub, Listener
from .ticker import Ticker

LOG = logging.getLogger(__name__)

Change = Callable[[Table], Table | Applied]  # a move applied says what it did


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
        # Where what the ticker does draws its chances (a practice table's next deal): the
        # app's own source (a test's seeded one); None: the system's.
        self.rng: random.Random | None = None
        self.ticking = ticking  # this process moves due tables on (off: only when asked)
        self.ticker = Ticker(self)
        # Made here, in the process (and threading model) that will use it (``Ticker``).
        self._feed_lock = threading.Lock()
        self._feed_started = False

    # -- the interface --

    @abc.abstractmethod
    def create(self, table: Table) -> bool:
        """Keep a new table; False if its code is taken (the caller draws another)."""

    def load(self, code: str) -> Table | None:
        """The table with this code, or None."""
        self.ensure_ticker()
        return self._load(code)

    def change(self, code: str, change: Change) -> Table:
        """Apply ``change`` atomically and tell every process; return the new table.

        Raises TableMissing if there is no such table; whatever ``change`` raises (a
        GameError) leaves the table untouched. A change that returns the very same table
        writes nothing and tells nobody.
        """
        self.ensure_ticker()
        new = self._change(code, change, None)
        if new is None:  # only an advance that is not due comes back with nothing
            raise TableMissing(code)
        return new

    def advance(self, code: str, now: float) -> Table | None:
        """Move a due table past what is due (``Table.tick``), atomically, and tell every
        process; None if it was not due (any more: another process or instance did it).

        Cheap when not due: the deadline is checked before the table is read. A table that
        cannot be read is never due again (logged): the others are moved on all the same.
        """
        return self._change(code, lambda table: moves.advance(table, now, self.rng), now)

    def advance_due(self, now: float | None = None) -> int:
        """Move every due table on; return how many were moved here. Without ``now``, each
        table is moved on at the moment it is reached (its next timer counts from then)."""
        moved = 0
        for code in self.due(self.clock() if now is None else now):
            try:
                moved += self.advance(code, self.clock() if now is None else now) is not None
            except StoreUnavailable:
                raise
            except Exception:  # a defect at one table must not stall every table after it
                LOG.exception("moving table %s on failed", code)
        return moved

    def shared(self, token: str) -> Table | None:
        """The table whose game's story this share token opens, or None (no such token, or
        its table is gone). Only a token the table itself holds opens it."""
        code = self._shared_code(token)
        table = self.load(code) if code is not None else None
        if table is None or token not in dict(table.tokens).values():
            return None
        return table

    @abc.abstractmethod
    def share(self, token: str, code: str) -> None:
        """Keep a game's share token, for ``shared`` to find its table by (once is enough:
        a token already kept is left as it is)."""

    @abc.abstractmethod
    def _shared_code(self, token: str) -> str | None:
        """The code of the table a share token was kept for, if any."""

    @abc.abstractmethod
    def due(self, now: float) -> list[str]:
        """The codes of the tables with something due by ``now`` (a timer run out)."""

    @abc.abstractmethod
    def next_due(self) -> float | None:
        """When the next table is due, if any is on a timer."""

    @abc.abstractmethod
    def hold_lease(self, owner: str, seconds: float) -> bool:
        """Take the ticker's lease for ``owner``, or renew it, for ``seconds`` (by the wall
        clock); whether ``owner`` holds it now."""

    @abc.abstractmethod
    def let_go(self, owner: str) -> None:
        """Give the lease up, if ``owner`` holds it."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release connections and stop the feed (and the ticker: ``_stop_ticker``)."""

    # -- the backend's I/O --

    @abc.abstractmethod
    def _load(self, code: str) -> Table | None:
        """Read the table with this code, or None."""

    @abc.abstractmethod
    def _change(self, code: str, change: Change, due_by: float | None) -> Table | None:
        """Read, ``applied``, write and tell, in one atomic step; with ``due_by``, only if the
        table's deadline has come by then (None, having read nothing more, if it has not).
        The table unchanged (``change``), or None (``advance``), when nothing changes; then
        ``committed`` once written."""

    @abc.abstractmethod
    def _start_feed(self) -> None:
        """Start following change events from every process (once, on first listen)."""

    # -- the steps every store shares --

    @staticmethod
    def applied(table: Table, change: Change) -> tuple[Table, int | None] | None:
        """``change`` applied to a table as the store holds it: the new table, one version on,
        and the seat that alone can see the change (None: everyone may: a move's effects say
        which); None if it changes nothing (nothing to write, nobody to tell)."""
        result = change(table)
        if isinstance(result, Applied):
            changed, seat = result.table, result.effects.private_to
        else:  # a table edited whole (a test's setting up, not a move): told to everyone
            changed, seat = result, None
        if changed is table:
            return None
        return replace(changed, version=table.version + 1), seat

    def committed(self, new: Table, seat: int | None = None) -> None:
        """A change is written: a new deadline may be sooner than the ticker's next look, and
        the streams held here need not wait for the feed."""
        if new.deadline is not None:
            self.ticker.wake()
        self.hub.offer(new, seat=seat)

    def ensure_ticker(self) -> None:
        """Start this process's ticker (once, in the process that serves requests)."""
        if self.ticking:
            self.ticker.start()

    def _stop_ticker(self) -> None:
        self.ticker.stop()

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
