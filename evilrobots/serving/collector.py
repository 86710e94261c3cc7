"""Short pauses from Python's garbage collector in a worker that holds thousands of streams.

Each open stream is a few hundred objects the collector tracks (its greenlet, its frames, its
request), so in a worker holding 2,000 of them a full collection scans some million objects
and stops every stream of the worker for 200 to 600 ms: a power called in that moment
reaches its phones that much later (``bench/countdown.py`` found these pauses behind most of
its p99). After each full collection, what survived it is frozen (``gc.freeze``): the next
ones scan only what came since, and take a few tens of milliseconds.

What is frozen and later becomes garbage is freed at once as usual, unless it is caught in a
cycle; such cycles wait until what is frozen is thawed, every ``THAW_SECONDS``, and collected
by the next full collection (one long pause per worker in that time).
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable

# How often the collector's work is looked at.
LOOK_SECONDS = 1.0
# How often what was frozen is thawed, for its cycles to be collected.
THAW_SECONDS = 600.0


def full_collections() -> int:
    return gc.get_stats()[2]["collections"]


class Freezer:
    """Freezes what survives each full collection; thaws it every ``THAW_SECONDS``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._seen = full_collections()
        self._thawed = clock()

    def look(self) -> str:
        """One look: "froze" after a full collection, "thawed" when it is time, or ""."""
        if self.clock() - self._thawed >= THAW_SECONDS:
            gc.unfreeze()
            self._thawed = self.clock()
            self._seen = full_collections()
            return "thawed"
        seen = full_collections()
        if seen == self._seen:
            return ""
        self._seen = seen
        gc.freeze()
        return "froze"


def keep_pauses_short() -> threading.Thread:
    """Look at the collector's work every ``LOOK_SECONDS`` for as long as this process runs
    (a worker: under gevent, this thread is a greenlet)."""
    freezer = Freezer()

    def run() -> None:
        while True:
            time.sleep(LOOK_SECONDS)
            freezer.look()

    thread = threading.Thread(target=run, name="evilrobots-collector", daemon=True)
    thread.start()
    return thread
