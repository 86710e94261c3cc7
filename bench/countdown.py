"""Tables in their Countdown at once: what keeping time costs the server, and how soon each
power called reaches the phones and the board.

Starts the production server (gunicorn, gevent workers, through ``bench/watch.py``: a probe in
each worker notes its event loop's stalls and the garbage collector's pauses) on a store, sets
up TABLES tables of 9 players whose rounds the app conducts (no Debate timer: each host starts
its Countdown), measures the workers' CPU with no stream open (their own loops, the ticker, the
probe), opens 10 live streams per table (9 phones and a board), and measures it again while
every stream sits idle (30 s: two heartbeats each, which the client counts). The hosts then start
their Countdowns, spread over one level's time, and nobody acts: the server calls 9 or more,
8, ... 1 at each table, at its own pace, by itself (each worker's ticker). For each call, each
stream notes when the event saying so arrives, against the moment the call was due (the
server's own deadline); the workers' CPU is measured again over the Countdown, and each
worker's worst stall in it is printed.

The CPU a call is what the Countdown cost beyond the workers' own loops and the heartbeats
sent meanwhile, each heartbeat at its cost while idle (``cpu_a_call``): a build whose streams
put off their heartbeats at each event sends none while counting down, and one that keeps
their schedule sends as many as idle; the idle figure as a whole would count the one's
heartbeats against the other's calls.

    .venv/bin/python -m bench.countdown [--tables 1000] [--pace 5] [--store sqlite|redis]
                                        [--against COMMIT [--against-first]] [--profile DIR]
                                        [--computers N]

``--computers N`` seats N computer players (the Player level) at each table in place of as
many phones: they claim their calls and take their turns (the store's ticker makes their
moves), so a call may wait for a turn or a window, as at a table where people play.

``--against COMMIT`` runs that build too (its files from git, its catalogs compiled), right
after this one (or before it, with ``--against-first``), with the same client, and prints the
two side by side. ``--profile DIR`` samples every worker through the Countdown with py-spy
(``pip install py-spy``), idle stacks included, into DIR (collapsed stacks: a folder a build,
a file a worker).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench import SAID, UNLIMITED, builds, watch
from bench.fanout import (
    SEATS,
    Stream,
    all_open,
    free_port,
    percentile,
    raise_open_files,
    request,
    set_up_table,
    wait_for_port,
)
from evilrobots.serving.serve import default_workers
from tools.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[1]

DEADLINE = re.compile(r'data-deadline=\\?"([\d.]+)\\?"')
CALLED = re.compile(r"Power (9 or more|\d) is called")
TICKS = os.sysconf("SC_CLK_TCK")
# A stall a player could notice: a call this late shows the power before on the phones.
NOTICED_MS = 50.0


def worker_pids(master: int) -> list[int]:
    return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


def workers_cpu(master: int) -> float:
    """CPU seconds used so far by the server's worker processes."""
    total = 0
    for pid in worker_pids(master):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def stolen() -> float:
    """CPU seconds the hypervisor has given to others so far (``steal`` in /proc/stat), summed
    over the cores: on a shared virtual machine, time this server had no core it could use."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / TICKS


def beats_between(streams: list[Stream], start: float, end: float) -> int:
    """How many heartbeats the streams had from ``start`` to ``end`` (wall clock)."""
    return sum(start <= beat < end for stream in streams for beat in stream.beats)


def cpu_a_call(figures: Figures, calls_a_second: float) -> float:
    """The CPU a call cost (ms): the workers' CPU while counting down, less their own loops'
    (no stream open) and the heartbeats they sent meanwhile, each at its cost while idle."""
    beats = figures.beats_counting * figures.beat_ms() / 1000
    return (figures.counting_cores - figures.base_cores - beats) * 1000 / calls_a_second


def calls_seen(stream: Stream) -> list[tuple[str, float, float, float, float]]:
    """(level, when it was due by the server's clock, when the server wrote its event, when
    the event arrived, when this client read it) for each call the stream was told of."""
    seen = []
    for arrived, read, raw in stream.events:
        data = json.loads(raw)
        text = data.get("board") or data.get("now") or ""
        called, deadline = CALLED.search(text), DEADLINE.search(text)
        if called and deadline:
            seen.append((called.group(1), float(deadline.group(1)), data["clock"], arrived, read))
    return seen


@dataclass
class Figures:
    """One run's figures (times in ms)."""

    build: str
    name: str  # the commit's short name
    base_cores: float = 0.0  # no stream open
    idle_cores: float = 0.0  # every stream open, idle
    counting_cores: float = 0.0
    beats_idle: float = 0.0  # heartbeats a second the client read, idle
    beats_counting: float = 0.0  # and while counting down
    cpu_per_call: float = 0.0
    client_cores: float = 0.0
    steal_cores: float = 0.0
    latencies: list[float] = field(default_factory=list)  # each arrival, from its call
    read: list[float] = field(default_factory=list)
    written: list[float] = field(default_factory=list)
    first: list[float] = field(default_factory=list)
    behind: list[float] = field(default_factory=list)
    missing: int = 0
    late_seconds: dict[int, int] = field(default_factory=dict)  # arrivals over NOTICED_MS
    workers: dict[int, list[dict]] = field(default_factory=dict)  # the probe's seconds

    def p99(self) -> float:
        return percentile(self.latencies, 0.99)

    def beat_ms(self) -> float:
        """The CPU a heartbeat costs (ms): what idle streams cost beyond no stream, by the
        heartbeats sent meanwhile."""
        if not self.beats_idle:
            return 0.0
        return max(0.0, self.idle_cores - self.base_cores) * 1000 / self.beats_idle

    def worst_stall(self) -> float:
        return max((second["stall"] for w in self.workers.values() for second in w), default=0)


async def measure(args: argparse.Namespace, port: int, master: int, figures: Figures) -> None:
    settings = f"conducted=yes&debate=0&pace={args.pace}&window=8&turn=60"
    tables = []
    started = time.perf_counter()
    for batch in range(0, args.tables, 25):
        tables += await asyncio.gather(
            *(
                set_up_table(port, n, settings, args.computers)
                for n in range(batch, min(args.tables, batch + 25))
            )
        )
    print(f"{len(tables)} tables of {SEATS} players dealt in {time.perf_counter() - started:.1f} s")
    await asyncio.sleep(2)
    base_seconds = 10.0  # the workers' own loops: no stream open yet
    before = workers_cpu(master)
    await asyncio.sleep(base_seconds)
    figures.base_cores = (workers_cpu(master) - before) / base_seconds
    streams, tasks = [], []
    opening = asyncio.Semaphore(500)
    for number, table in enumerate(tables):
        phones = len(table["cookies"])
        for seat in range(phones + 1):
            stream = Stream({}, 0, number, keep=True)
            path = f"/t/{table['code']}/events" + ("?board=1" if seat == phones else "")
            cookie = table["cookies"][seat] if seat < phones else ""
            tasks.append(asyncio.create_task(stream.run(port, path, cookie, opening)))
            streams.append(stream)
    await all_open(streams, tasks)
    again = sum(stream.reconnected for stream in streams)
    print(f"  {len(streams)} streams open ({again} opened again after the server dropped them)")
    await asyncio.sleep(2)
    idle_seconds = 30.0  # two heartbeats of every stream
    before, began = workers_cpu(master), time.time()
    await asyncio.sleep(idle_seconds)
    figures.idle_cores = (workers_cpu(master) - before) / idle_seconds
    figures.beats_idle = beats_between(streams, began, time.time()) / idle_seconds

    # Every host starts its Countdown, spread over one level's time; then nobody acts.
    counting = args.pace * 10 + 3
    profilers = (
        profile(args.profile / figures.name, worker_pids(master), counting) if args.profile else []
    )
    before, wall, mine = workers_cpu(master), time.perf_counter(), time.process_time()
    steal, began = stolen(), time.time()
    spread = args.pace / len(tables)
    for table in tables:
        status, _, body = await request(
            port,
            "POST",
            f"/t/{table['code']}/countdown",
            cookie=table["cookies"][0],
            form="round=00000001",
        )
        if status != 200:
            raise RuntimeError(f"countdown answered {status}: {body[:200]!r}")
        await asyncio.sleep(spread)
    await asyncio.sleep(args.pace * 9 + 3)
    elapsed = time.perf_counter() - wall
    figures.counting_cores = (workers_cpu(master) - before) / elapsed
    figures.client_cores = (time.process_time() - mine) / elapsed
    figures.steal_cores = (stolen() - steal) / elapsed
    figures.beats_counting = beats_between(streams, began, began + elapsed) / elapsed
    figures.cpu_per_call = cpu_a_call(figures, len(tables) / args.pace)
    for task in tasks:
        task.cancel()
    for profiler in profilers:
        profiler.wait()

    # The first call of each table follows its host's request; the other eight, the clock.
    by_call: dict[tuple[int, str], list[float]] = {}  # when each stream's event was written
    for stream in streams:
        seen = calls_seen(stream)
        timed = [one for one in seen if one[0] != "9 or more"]
        figures.missing += max(0, 8 - len({one[0] for one in timed}))
        by_level = {}
        for level, *times in timed:
            by_level.setdefault(level, times)  # its first event saying so
        for level, (due, clock, arrived, when) in by_level.items():
            called = due - args.pace
            latency = (arrived - called) * 1000
            figures.latencies.append(latency)
            figures.read.append((when - called) * 1000)
            figures.written.append((clock - called) * 1000)
            by_call.setdefault((stream.table, level), []).append((clock - called) * 1000)
            if latency > NOTICED_MS:
                second = int(called - began)
                figures.late_seconds[second] = figures.late_seconds.get(second, 0) + 1
    # Where the server's part goes: its first stream (the clock, the feed, one render), and
    # how far behind it the others of the same call were (workers busy or waiting for a core).
    figures.first = [min(call) for call in by_call.values()]
    figures.behind = [one - min(call) for call in by_call.values() for one in call]
    for figures_ in (figures.latencies, figures.read, figures.written):
        figures_.sort()
    figures.first.sort()
    figures.behind.sort()
    figures.workers = watch.read(Path(os.environ[watch.ENV]), began, began + elapsed)


def profile(directory: Path, pids: list[int], seconds: int) -> list[subprocess.Popen]:
    """py-spy sampling each worker for ``seconds``, without stopping it to read its stacks;
    idle stacks too (a worker waiting in a call that blocks its loop is what a stall may be)."""
    py_spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    directory.mkdir(parents=True, exist_ok=True)
    return [
        subprocess.Popen(
            [py_spy, "record", "--nonblocking", "--idle", "--format", "raw", "--rate", "200"]
            + ["--duration", str(seconds), "--pid", str(pid), "--output", f"{directory}/{pid}.txt"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for pid in pids
    ]


def report(figures: Figures, args: argparse.Namespace) -> None:
    calls = args.tables / args.pace
    print(
        f"{figures.build}: {args.tables} tables counting down at once, a power called every "
        f"{args.pace} s at each ({calls:.0f} calls a second in all), 10 viewers a table:"
    )
    print(
        f"  workers' CPU: {figures.base_cores:.2f} cores with no stream open, "
        f"{figures.idle_cores:.2f} with every stream idle ({figures.beats_idle:.0f} heartbeats "
        f"a second, {figures.beat_ms():.3f} ms each), {figures.counting_cores:.2f} while "
        f"counting down (with {figures.beats_counting:.0f} heartbeats a second): "
        f"{figures.cpu_per_call:.1f} ms of CPU a call; this client, reading every stream, "
        f"{figures.client_cores:.2f} cores; taken by the host (steal), "
        f"{figures.steal_cores:.2f} cores"
    )
    latencies, written = figures.latencies, figures.written
    print(
        f"  a call reaching each of its table's viewers: median "
        f"{statistics.median(latencies):.1f} ms, p99 {figures.p99():.1f} ms, worst "
        f"{latencies[-1]:.1f} ms ({len(latencies)} arrivals, {figures.missing} calls missed)"
    )
    print(
        f"  of which the server took, from the call to writing its event: median "
        f"{statistics.median(written):.1f} ms, p99 {percentile(written, 0.99):.1f} ms"
    )
    print(
        f"    the first stream of its table written: median "
        f"{statistics.median(figures.first):.1f} ms, p99 {percentile(figures.first, 0.99):.1f} "
        f"ms; the others after it: median {statistics.median(figures.behind):.1f} ms, p99 "
        f"{percentile(figures.behind, 0.99):.1f} ms"
    )
    print(
        f"  and read by this client (on the same 2 cores as the server): median "
        f"{statistics.median(figures.read):.1f} ms, p99 {percentile(figures.read, 0.99):.1f} ms"
    )
    late = sorted(figures.late_seconds.items())
    print(
        f"  arrivals over {NOTICED_MS:.0f} ms late, by the second of the Countdown they were "
        f"called in: " + (", ".join(f"{second} s: {count}" for second, count in late) or "none")
    )
    print("  each worker's event loop through the Countdown (the probe: stalls and collections):")
    for pid, seconds in figures.workers.items():
        print("    " + worker_line(pid, seconds))


def worker_line(pid: int, seconds: list[dict]) -> str:
    if not seconds:
        return f"worker {pid}: no record"
    worst = max(seconds, key=lambda second: second["stall"])
    noticed = sum(second["stall"] > NOTICED_MS for second in seconds)
    pauses = [pause for second in seconds for generation, pause in second["gc"] if generation]
    return (
        f"worker {pid}: worst stall {worst['stall']:.1f} ms (on the CPU {worst['stall_cpu']:.1f} "
        f"ms of it), {noticed} of {len(seconds)} s with a stall over {NOTICED_MS:.0f} ms; "
        f"{len(pauses)} collections of the older generations, the longest "
        f"{max(pauses, default=0):.1f} ms"
    )


def side_by_side(runs: list[Figures]) -> None:
    rows = [
        ("CPU a call", lambda f: f"{f.cpu_per_call:.1f} ms"),
        ("workers' CPU counting down", lambda f: f"{f.counting_cores:.2f} cores"),
        ("  with no stream open", lambda f: f"{f.base_cores:.2f} cores"),
        ("  with every stream idle", lambda f: f"{f.idle_cores:.2f} cores"),
        ("heartbeats a second: idle", lambda f: f"{f.beats_idle:.0f}"),
        ("  counting down", lambda f: f"{f.beats_counting:.0f}"),
        ("a call to its viewers: median", lambda f: f"{statistics.median(f.latencies):.1f} ms"),
        ("p99", lambda f: f"{f.p99():.1f} ms"),
        ("worst", lambda f: f"{f.latencies[-1]:.1f} ms"),
        ("first stream written: p99", lambda f: f"{percentile(f.first, 0.99):.1f} ms"),
        ("calls missed", lambda f: str(f.missing)),
        ("worst stall of a worker", lambda f: f"{f.worst_stall():.1f} ms"),
        ("steal", lambda f: f"{f.steal_cores:.2f} cores"),
    ]
    width = max(len(name) for name, _ in rows)
    print()
    print(" " * width + "".join(f"  {run.build:>24}" for run in runs))
    for name, value in rows:
        print(name.ljust(width) + "".join(f"  {value(run):>24}" for run in runs))


def run(tree: Path, build: str, args: argparse.Namespace) -> Figures:
    """One run of the bench on the build in ``tree``."""
    instance_path = Path(tempfile.mkdtemp())
    watching = instance_path / "watch"
    watching.mkdir()
    redis = None
    if args.store == "redis":
        redis = RedisServer(instance_path / "redis").start()
        store = redis.url
    else:
        store = f"sqlite:{instance_path}/tables.sqlite3"
    workers = args.workers or default_workers()
    env = (
        os.environ
        | UNLIMITED
        | {
            "SECRET_KEY": "bench-" + "x" * 40,
            "PYTHONPATH": str(tree),
            watch.ENV: str(watching),
        }
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "watch.py"), "--host", "127.0.0.1"]
        + ["--port", str(port), "--workers", str(workers), "--store", store],
        env=env,
        cwd=instance_path,
        stdout=subprocess.DEVNULL,
    )
    figures = Figures(build, build.split(": ")[1].split()[0])
    try:
        wait_for_port(port)
        time.sleep(1)
        print(
            f"{build}: evilrobots (gunicorn gevent), {workers} workers, store: {args.store}; "
            f"{os.cpu_count()} cores shared with this client; {SAID}",
            flush=True,
        )
        os.environ[watch.ENV] = str(watching)
        asyncio.run(measure(args, port, server.pid, figures))
    finally:
        server.terminate()
        server.wait()
        if redis is not None:
            redis.stop()
        shutil.rmtree(instance_path, ignore_errors=True)
    report(figures, args)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--pace", type=int, default=5, help="seconds a power is called for")
    parser.add_argument("--store", default="sqlite", help="sqlite, or redis (started here)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--against", metavar="COMMIT", help="run this build too, after this one")
    parser.add_argument("--against-first", action="store_true", help="run --against's first")
    parser.add_argument("--profile", type=Path, help="py-spy every worker, into this folder")
    parser.add_argument(
        "--computers",
        type=int,
        default=0,
        help="computer players at each table (they play; the phones still do not)",
    )
    args = parser.parse_args()
    raise_open_files()
    plan = [(ROOT, "this build: " + builds.this_build())]
    with tempfile.TemporaryDirectory() as elsewhere:
        if args.against:
            tree = builds.checkout(args.against, Path(elsewhere) / "tree")
            other = (tree, "against: " + builds.name_of(args.against))
            plan = [other, *plan] if args.against_first else [*plan, other]
        runs = []
        for tree, build in plan:
            runs.append(run(tree, build, args))
    if len(runs) > 1:
        side_by_side(runs)


if __name__ == "__main__":
    main()
