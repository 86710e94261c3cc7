"""Fan-out: from a reveal's POST to its event at every phone and board of the table.

Starts the production server (``python -m evilrobots.serve``: gunicorn, gevent workers), sets
up TABLES tables of 9 players each (all dealt), opens 10 live streams per table (9 phones,
each with its player's cookie, and 1 board), then posts REVEALS reveals to random tables at
a steady rate and times each event's arrival at each of the table's 10 streams. Prints the
median and p99 from POST to arrival, how many events were lost, and the server's memory per
open stream.

    .venv/bin/python bench/fanout.py [--tables 100] [--reveals 300] [--store redis://...]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATS = 9


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def workers_rss(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return sum(rss_kib(int(pid)) for pid in children)


# ---- A small HTTP/1.1 client on asyncio: thousands of connections in one process ------------


async def request(
    port: int, method: str, path: str, cookie: str = "", form: str = ""
) -> tuple[int, dict, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    if method == "POST":
        head += [
            "Content-Type: application/x-www-form-urlencoded",
            f"Content-Length: {len(form)}",
            "Sec-Fetch-Site: same-origin",
            "Accept: application/json",
        ]
    writer.write(("\r\n".join(head) + "\r\n\r\n" + form).encode())
    await writer.drain()
    raw = await reader.read()
    writer.close()
    header, _, body = raw.partition(b"\r\n\r\n")
    lines = header.decode().split("\r\n")
    status = int(lines[0].split()[1])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(": ")
        headers.setdefault(name.lower(), value)
    return status, headers, body


def cookie_of(headers: dict) -> str:
    return headers["set-cookie"].split(";", 1)[0]


async def set_up_table(port: int, number: int) -> dict:
    status, headers, _ = await request(port, "POST", "/table", form=f"name=P{number}x0")
    code = headers["location"].rsplit("/", 1)[1]
    cookies = [cookie_of(headers)]
    for seat in range(1, SEATS):
        _, headers, _ = await request(
            port, "POST", f"/t/{code}/join", form=f"name=P{number}x{seat}"
        )
        cookies.append(cookie_of(headers))
    await request(port, "POST", f"/t/{code}/deal", cookie=cookies[0])
    return {"code": code, "cookies": cookies}


class Stream:
    """One open event stream; notes when each version arrives."""

    def __init__(self, arrivals: dict, table: int) -> None:
        self.arrivals = arrivals
        self.table = table
        self.ready = asyncio.Event()

    async def run(self, port: int, path: str, cookie: str) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        head = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept: text/event-stream"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        await writer.drain()
        try:
            while True:
                line = await reader.readline()
                if not line:
                    return
                if line.startswith(b"id: "):
                    version = int(line[4:])
                    self.arrivals.setdefault((self.table, version), []).append(time.perf_counter())
                    self.ready.set()
        finally:
            writer.close()


async def main_async(args: argparse.Namespace, port: int, master: int) -> None:
    tables = []
    started = time.perf_counter()
    for batch in range(0, args.tables, 25):
        tables += await asyncio.gather(
            *(set_up_table(port, n) for n in range(batch, min(args.tables, batch + 25)))
        )
    print(f"{len(tables)} tables of {SEATS} players dealt in {time.perf_counter() - started:.1f} s")
    await asyncio.sleep(1)
    memory_before = workers_rss(master)
    arrivals: dict[tuple[int, int], list[float]] = {}
    streams, tasks = [], []
    for number, table in enumerate(tables):
        for seat in range(SEATS + 1):
            stream = Stream(arrivals, number)
            path = f"/t/{table['code']}/events" + ("?board=1" if seat == SEATS else "")
            cookie = table["cookies"][seat] if seat < SEATS else ""
            tasks.append(asyncio.create_task(stream.run(port, path, cookie)))
            streams.append(stream)
        if number % 50 == 49:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(s.ready.wait() for s in streams)), timeout=120)
    await asyncio.sleep(2)
    memory_after = workers_rss(master)
    per_stream = (memory_after - memory_before) / len(streams)
    print(
        f"{len(streams)} streams open: server workers {memory_before / 1024:.0f} MiB -> "
        f"{memory_after / 1024:.0f} MiB, {per_stream:.1f} KiB per stream"
    )

    # Each stream has had its table's current version; each reveal makes the next one.
    current = {
        number: max(v for (t, v) in arrivals if t == number) for number in range(len(tables))
    }
    rng = random.Random(1)
    expected: list[tuple[int, int, float]] = []  # (table, version, sent at)
    interval = 1 / args.rate
    for _ in range(args.reveals):
        number = rng.randrange(len(tables))
        table = tables[number]
        seat = rng.randrange(SEATS)
        sent = time.perf_counter()
        status, _, body = await request(
            port,
            "POST",
            f"/t/{table['code']}/reveal",
            cookie=table["cookies"][seat],
            form="action=prove-power&round=00000001",
        )
        if status != 200:
            raise RuntimeError(f"reveal answered {status}: {body[:200]!r}")
        current[number] += 1
        expected.append((number, current[number], sent))
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - sent)))
    await asyncio.sleep(3)
    for task in tasks:
        task.cancel()

    latencies, lost = [], 0
    for number, version, sent in expected:
        times = arrivals.get((number, version), [])
        lost += SEATS + 1 - len(times)
        latencies += [(arrival - sent) * 1000 for arrival in times]
    latencies.sort()
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    print(
        f"{args.reveals} reveals at {args.rate}/s to {len(tables)} tables: "
        f"{len(latencies)} events received, {lost} lost; POST to arrival "
        f"median {statistics.median(latencies):.1f} ms, p99 {p99:.1f} ms, "
        f"worst {latencies[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--reveals", type=int, default=300)
    parser.add_argument("--rate", type=float, default=20, help="reveals per second")
    parser.add_argument("--store", default=None, help="redis://HOST:PORT/DB (default SQLite)")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1)
    args = parser.parse_args()
    raise_open_files()
    port = free_port()
    instance = tempfile.mkdtemp()
    env = os.environ | {"SECRET_KEY": "bench-" + "x" * 40, "PYTHONPATH": str(ROOT)}
    store = args.store or f"sqlite:{instance}/tables.sqlite3"
    command = [
        sys.executable,
        "-m",
        "evilrobots.serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(args.workers),
        "--store",
        store,
    ]
    server = subprocess.Popen(command, env=env, cwd=instance, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        time.sleep(1)
        print(f"evilrobots (gunicorn gevent, {args.workers} workers), store: {store}")
        asyncio.run(main_async(args, port, server.pid))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
