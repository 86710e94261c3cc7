"""Short pauses from Python's garbage collector in a worker that holds thousands of streams.

Each open stream is a few hundred objects the collector tracks (its greenlet, its frames, its
request), so in a worker holding 2,000 of them a full collection scans some million objects
and stops every stream of the worker for 200 to 600 ms: a power called in that moment
reaches its phones that much later (``bench/countdown.py`` found these pauses behind most of
its p99). So what survives a collection of the middle or oldest generation is frozen at
once (``gc.freeze``): what lasts (streams, caches) then stays out of every later collection,
and the oldest generation stays empty, so no full collection comes between two thaws
(freezing only after full collections left them of 25 to 575 ms, as the objects a worker
keeps for seconds piled up between them).

What is frozen and later becomes garbage is freed at once as usual, unless it is caught in a
cycle; such cycles wait until what is frozen is thawed, every ``THAW_SECONDS``, and collected
then by one full collection: one long pause per worker in that time, at a moment drawn for
each worker, so that the workers of a server do not all pause at once.
"""

from __future__ import annotations

import gc
import random
import threading
import time
from collections.abc import Callable
from typing import Any

# How often the thawing is looked at.
LOOK_SECONDS = 1.0
# How often what was frozen is thawed, for its cycles to be collected.
THAW_SECONDS = 600.0


class Freezer:
    """Freezes what survives each collection of the older generations (a ``gc`` callback);
    thaws it every ``THAW_SECONDS`` and collects it once."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        # The first thaw comes after half to all of THAW_SECONDS, drawn for each worker:
        # workers started together would otherwise pause together, every time.
        self._thawed = clock() - random.uniform(0, THAW_SECONDS / 2)  # nosec B311: not a secret
        self._thawing = False
        self.thaws = 0

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        """After a collection of the middle or oldest generation, what is left in them has
        just survived it: freeze it. (The youngest is collected too often for this to pay:
        what survives it is mostly work in progress.)"""
        if phase == "stop" and info["generation"] >= 1 and not self._thawing:
            gc.freeze()

    def look(self) -> str:
        """One look: "thawed" (and collected) when it is time, or ""."""
        if self.clock() - self._thawed < THAW_SECONDS:
            return ""
        self._thawing = True  # (another thread's collection meanwhile must not freeze it)
        try:
            gc.unfreeze()
            gc.collect()  # the cycles among what was frozen
        finally:
            self._thawing = False
        gc.freeze()  # and what survived them
        self._thawed = self.clock()
        self.thaws += 1
        return "thawed"


def keep_pauses_short() -> Freezer:
    """Freeze what survives collections, and thaw it in time, for as long as this process runs
    (a worker: under gevent, the thread that thaws is a greenlet)."""
    freezer = Freezer()
    gc.callbacks.append(freezer.collected)

    def run() -> None:
        while True:
            time.sleep(LOOK_SECONDS)
            freezer.look()

    threading.Thread(target=run, name="evilrobots-collector", daemon=True).start()
    return freezer
