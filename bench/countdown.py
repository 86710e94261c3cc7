"""Tables in their Countdown at once: what keeping time costs the server, and how soon each
power called reaches the phones and the board.

Starts the production server (``python -m evilrobots.serving.serve``: gunicorn, gevent
workers) on a store, sets up TABLES tables of 9 players whose rounds the app conducts (no
Debate timer: each host starts its Countdown), opens 10 live streams per table (9 phones and
a board), and measures the workers' CPU while every stream sits idle (30 s: two heartbeats
each). The hosts then start their Countdowns, spread over one level's time, and nobody acts:
the server calls 9 or more, 8, ... 1 at each table, at its own pace, by itself (each worker's
ticker). For each call, each stream notes when the event saying so arrives, against the
moment the call was due (the server's own deadline); the workers' CPU is measured again over
the Countdown.

    .venv/bin/python -m bench.countdown [--tables 1000] [--pace 5] [--store sqlite|redis]
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
from pathlib import Path

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


def workers_cpu(master: int) -> float:
    """CPU seconds used so far by the server's worker processes."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    total = 0
    for pid in children:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def stolen() -> float:
    """CPU seconds the hypervisor has given to others so far (``steal`` in /proc/stat), summed
    over the cores: on a shared virtual machine, time this server had no core it could use."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / TICKS


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


async def main_async(args: argparse.Namespace, port: int, master: int) -> None:
    settings = f"conducted=yes&debate=0&pace={args.pace}&window=8&turn=60"
    tables = []
    started = time.perf_counter()
    for batch in range(0, args.tables, 25):
        tables += await asyncio.gather(
            *(set_up_table(port, n, settings) for n in range(batch, min(args.tables, batch + 25)))
        )
    print(f"{len(tables)} tables of {SEATS} players dealt in {time.perf_counter() - started:.1f} s")
    streams, tasks = [], []
    opening = asyncio.Semaphore(500)
    for number, table in enumerate(tables):
        for seat in range(SEATS + 1):
            stream = Stream({}, 0, number, keep=True)
            path = f"/t/{table['code']}/events" + ("?board=1" if seat == SEATS else "")
            cookie = table["cookies"][seat] if seat < SEATS else ""
            tasks.append(asyncio.create_task(stream.run(port, path, cookie, opening)))
            streams.append(stream)
    await all_open(streams, tasks)
    again = sum(stream.reconnected for stream in streams)
    print(f"  {len(streams)} streams open ({again} opened again after the server dropped them)")
    await asyncio.sleep(2)
    idle_seconds = 30.0  # two heartbeats of every stream
    before = workers_cpu(master)
    await asyncio.sleep(idle_seconds)
    idle = (workers_cpu(master) - before) / idle_seconds

    # Every host starts its Countdown, spread over one level's time; then nobody acts.
    before, wall, mine = workers_cpu(master), time.perf_counter(), time.process_time()
    steal = stolen()
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
    counting = (workers_cpu(master) - before) / elapsed
    client = (time.process_time() - mine) / elapsed
    steal = (stolen() - steal) / elapsed
    for task in tasks:
        task.cancel()

    # The first call of each table follows its host's request; the other eight, the clock.
    latencies, read, written, missing = [], [], [], 0
    by_call: dict[tuple[int, str], list[float]] = {}  # when each stream's event was written
    for stream in streams:
        seen = calls_seen(stream)
        timed = [one for one in seen if one[0] != "9 or more"]
        missing += max(0, 8 - len({one[0] for one in timed}))
        by_level = {}
        for level, *times in timed:
            by_level.setdefault(level, times)  # its first event saying so
        for level, (due, clock, arrived, when) in by_level.items():
            called = due - args.pace
            latencies.append((arrived - called) * 1000)
            read.append((when - called) * 1000)
            written.append((clock - called) * 1000)
            by_call.setdefault((stream.table, level), []).append((clock - called) * 1000)
    # Where the server's part goes: its first stream (the clock, the feed, one render), and
    # how far behind it the others of the same call were (workers busy or waiting for a core).
    first = [min(call) for call in by_call.values()]
    behind = [one - min(call) for call in by_call.values() for one in call]
    for figures in (latencies, read, written, first, behind):
        figures.sort()
    calls = len(tables) * 9
    print(
        f"{len(tables)} tables counting down at once, a power called every {args.pace} s at "
        f"each ({calls / (args.pace * 9):.0f} calls a second in all), 10 viewers a table:"
    )
    print(
        f"  workers' CPU: {idle:.2f} cores with every stream idle, {counting:.2f} cores while "
        f"counting down: {counting - idle:.2f} cores for the timers and their events "
        f"({(counting - idle) * 1000 / (calls / (args.pace * 9)):.1f} ms of CPU a call); "
        f"this client, reading every stream, {client:.2f} cores; taken by the host "
        f"(steal), {steal:.2f} cores"
    )
    print(
        f"  a call reaching each of its table's viewers: median "
        f"{statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
        f"worst {latencies[-1]:.1f} ms ({len(latencies)} arrivals, {missing} calls missed)"
    )
    print(
        f"  of which the server took, from the call to writing its event: median "
        f"{statistics.median(written):.1f} ms, p99 {percentile(written, 0.99):.1f} ms"
    )
    print(
        f"    the first stream of its table written: median {statistics.median(first):.1f} ms, "
        f"p99 {percentile(first, 0.99):.1f} ms; the others after it: median "
        f"{statistics.median(behind):.1f} ms, p99 {percentile(behind, 0.99):.1f} ms"
    )
    print(
        f"  and read by this client (on the same 2 cores as the server): median "
        f"{statistics.median(read):.1f} ms, p99 {percentile(read, 0.99):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--pace", type=int, default=5, help="seconds a power is called for")
    parser.add_argument("--store", default="sqlite", help="sqlite, or redis (started here)")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    raise_open_files()
    instance_path = tempfile.mkdtemp()
    redis = None
    if args.store == "redis":
        redis = RedisServer(Path(instance_path) / "redis").start()
        store = redis.url
    else:
        store = f"sqlite:{instance_path}/tables.sqlite3"
    workers = args.workers or default_workers()
    env = os.environ | {"SECRET_KEY": "bench-" + "x" * 40, "PYTHONPATH": str(ROOT)}
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "evilrobots.serving.serve", "--host", "127.0.0.1"]
        + ["--port", str(port), "--workers", str(workers), "--store", store],
        env=env,
        cwd=instance_path,
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        time.sleep(1)
        print(
            f"evilrobots (gunicorn gevent), {workers} workers, store: {args.store}; "
            f"{os.cpu_count()} cores shared with this client"
        )
        asyncio.run(main_async(args, port, server.pid))
    finally:
        server.terminate()
        server.wait()
        if redis is not None:
            redis.stop()
        shutil.rmtree(instance_path, ignore_errors=True)


if __name__ == "__main__":
    main()
