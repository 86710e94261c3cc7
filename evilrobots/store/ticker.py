"""One process's clock for the tables it serves: a thread that, while this process holds the
store's lease, moves each table on when its timer runs out (a call, a turn, a window, a
proof), and looks again as soon as the next is due.

One process at a time keeps time, under a lease it renews at half its life; when its holder
stops (it lets go) or hangs (it lapses), another takes it. The others would only find each
step done already, and waiting on the store to learn it would hold up the streams they serve.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Protocol

from .documents import StoreUnavailable

LOG = logging.getLogger(__name__)

# The ticker looks for tables that are due at least this often (sooner when it knows of one).
TICK_IDLE_SECONDS = 0.25
# A table due that this process found nothing to do for is looked at again after this.
TICK_BUSY_SECONDS = 0.02
LEASE_SECONDS = 3.0


class Timed(Protocol):
    """What the ticker asks of its store (``base.Store``)."""

    clock: Callable[[], float]

    def hold_lease(self, owner: str, seconds: float) -> bool: ...

    def let_go(self, owner: str) -> None: ...

    def advance_due(self, now: float | None = None) -> int: ...

    def next_due(self) -> float | None: ...


class Ticker:
    """The thread that moves a store's due tables on, in the process that serves requests."""

    def __init__(self, store: Timed) -> None:
        self.store = store
        # Made here, in the process (and under the threading model, patched by gevent or
        # not) that will use them: a lock made before gevent patches threading would block
        # every greenlet of a worker while one waits.
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()

    def start(self) -> None:
        """Start keeping time (once). Every process may run one: the store's atomic change
        makes each step happen once."""
        if self._thread is not None:
            return
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._loop, name="evilrobots-ticker", daemon=True
                )
                self._thread.start()

    def wake(self) -> None:
        """A change set a deadline: look again now, it may be sooner than the next look."""
        self._wake.set()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=2)

    def _loop(self) -> None:
        owner = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        held_until = 0.0  # by the monotonic clock
        while not self._stop.is_set():
            wait = LEASE_SECONDS / 3  # not the holder: ask for the lease again after this
            try:
                if time.monotonic() > held_until - LEASE_SECONDS / 2:
                    taken = time.monotonic()
                    held = self.store.hold_lease(owner, LEASE_SECONDS)
                    held_until = taken + LEASE_SECONDS if held else 0.0
                if held_until > time.monotonic():
                    wait = self._tick()
            except StoreUnavailable:
                wait = TICK_IDLE_SECONDS  # out of reach for a moment: look again soon
            except Exception:  # never stop keeping time
                LOG.exception("moving due tables on failed")
                wait = TICK_IDLE_SECONDS
            self._wake.wait(wait)
            self._wake.clear()
        try:
            self.store.let_go(owner)
        except StoreUnavailable:
            pass  # it lapses by itself

    def _tick(self) -> float:
        """Move the due tables on; how long to wait before the next look."""
        moved = self.store.advance_due()
        upcoming = self.store.next_due()
        if upcoming is None:
            return TICK_IDLE_SECONDS
        wait = min(max(upcoming - self.store.clock(), 0.0), TICK_IDLE_SECONDS)
        if not moved and wait == 0.0:
            wait = TICK_BUSY_SECONDS  # due, but another instance moved it on, or is on it
        return wait
