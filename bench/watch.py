"""What each worker's event loop went through, second by second, for the benchmarks.

``python bench/watch.py ARGS`` (the file, with ``PYTHONPATH`` on the build to serve: this one,
or an older one checked out elsewhere; nothing here imports this one's modules) runs that
build's production server with ARGS and, in each of its workers, a probe: a greenlet that
sleeps ``NAP`` seconds again and again and notes how late it wakes (a stall: the time the
worker's loop served nobody else, busy on the CPU or waiting, for a core or in a call that
blocks), and a ``gc`` callback that notes each collection's pause. Each second, a worker
writes one line of JSON to ``$BENCH_WATCH_DIR/PID.jsonl``:

    {"t": wall clock, "stall": worst lateness (ms), "stall_cpu": the worker's CPU during that
     stall (ms), "cpu": the worker's CPU in the second (ms), "gc": [[generation, ms], ...]}

A stall with as much CPU as wall clock was the worker's own work (a long greenlet, a
collection); one with little CPU was a wait (for a core, or a call that blocked the loop).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

NAP = 0.005
ENV = "BENCH_WATCH_DIR"


class Probe:
    """One worker's record of its stalls and collections, written out once a second."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / f"{os.getpid()}.jsonl"
        self.stall = self.stall_cpu = 0.0
        self.pauses: list[list[float]] = []
        self._collecting = 0.0

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._collecting = time.perf_counter()
        elif self._collecting:
            pause = (time.perf_counter() - self._collecting) * 1000
            self.pauses.append([info["generation"], round(pause, 2)])

    def run(self) -> None:
        import gevent  # the worker's loop: imported in the worker, never in the bench

        second, cpu_second = time.time(), time.process_time()
        with self.path.open("a") as out:
            while True:
                asleep, cpu = time.perf_counter(), time.process_time()
                gevent.sleep(NAP)
                late = time.perf_counter() - asleep - NAP
                if late > self.stall:
                    self.stall, self.stall_cpu = late, time.process_time() - cpu
                now = time.time()
                if now - second >= 1.0:
                    spent = time.process_time() - cpu_second
                    line = {
                        "t": round(now, 3),
                        "stall": round(self.stall * 1000, 2),
                        "stall_cpu": round(self.stall_cpu * 1000, 2),
                        "cpu": round(spent * 1000, 1),
                        "gc": self.pauses,
                    }
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                    self.stall = self.stall_cpu = 0.0
                    self.pauses = []
                    second, cpu_second = now, time.process_time()


def start_probe(directory: Path) -> Probe:
    import gevent

    probe = Probe(directory)
    gc.callbacks.append(probe.collected)
    gevent.spawn(probe.run)
    return probe


def serve(argv: list[str]) -> None:
    """Run the production server found on ``PYTHONPATH`` with ``argv``, a probe in each
    worker."""
    from evilrobots.serving import serve as served  # the build's, not necessarily this one

    directory = Path(os.environ[ENV])
    set_up = served.set_up_worker

    def set_up_worker(worker: Any) -> None:
        set_up(worker)
        start_probe(directory)

    served.set_up_worker = set_up_worker  # read by served.build when it configures gunicorn
    served.main(argv)


def read(directory: Path, start: float, end: float) -> dict[int, list[dict]]:
    """Each worker's seconds between ``start`` and ``end`` (wall clock), by its process id."""
    seconds = {}
    for path in sorted(directory.glob("*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line]
        seconds[int(path.stem)] = [line for line in lines if start <= line["t"] <= end + 1]
    return seconds


if __name__ == "__main__":
    serve(sys.argv[1:])
