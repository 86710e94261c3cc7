"""The live streams one process holds, by table: each stream's subscription (``Listener``: the
newest state delivered, its heartbeats, a signal when either comes), and the ``Hub`` that fans
each change out to the streams that follow its table and beats each stream's heartbeat on one
wheel.

Idle streams keep time by one schedule per process, not a timer each: the wheel beats each
stream every ``HEARTBEAT_SECONDS`` from the moment it opened, whatever the table does, so no
act of anyone's (a seat's own taps least of all) moves a heartbeat.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..game.table import Table

# Each open stream sends a comment this often, so that proxies keep it open: on a schedule of
# its own, from the moment it opened, turned by one wheel per process in steps of about
# BEAT_STEP_SECONDS.
HEARTBEAT_SECONDS = 15.0
BEAT_STEP_SECONDS = 0.1


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
