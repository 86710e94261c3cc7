"""Fan-out: from a reveal's POST to its event at every phone and board of the table.

Starts the production server (``python -m evilrobots.serving.serve``: gunicorn, gevent workers), one
instance or several on one store, sets up TABLES tables of 9 players each (all dealt), and
measures the card view's throughput (wrk) with no stream open. It then opens 10 live streams
per table (9 phones, each with its player's cookie, and 1 board), spread over the instances,
measures the card view again with them all open, and posts REVEALS reveals to random tables
(always through the first instance) at a steady rate, timing each event's arrival at each of
its table's 10 streams. Prints the median and p99 from POST to arrival (for the streams held
by each instance: with two, the second one's events travel through the store), how many
events were lost, and the servers' memory per open stream.

    .venv/bin/python -m bench.fanout [--tables 1000] [--store sqlite|redis|redis://...]
                                     [--instances 2] [--reveals 600] [--rate 20]

``--store redis`` starts a redis-server of its own (Debian's package) on a free port. wrk
(apt-get install -y wrk) measures the card view.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import SAID, UNLIMITED
from bench.throughput import GET_LUA, wrk
from evilrobots.serving.serve import default_workers
from tools.redis_server import RedisServer

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


BY_VOICE = "conducted=no&debate=60&pace=5&window=8&turn=60"


async def set_up_table(
    port: int, number: int, settings: str = BY_VOICE, computers: int = 0
) -> dict:
    """A table of SEATS players, dealt (by default a round called by voice, where each
    player's reveal is a change every viewer sees); ``computers`` of them computer players
    (at the Player level), the rest phones."""
    status, headers, _ = await request(port, "POST", "/table", form=f"name=P{number}x0")
    code = headers["location"].rsplit("/", 1)[1]
    cookies = [cookie_of(headers)]
    for seat in range(1, SEATS - computers):
        _, headers, _ = await request(
            port, "POST", f"/t/{code}/join", form=f"name=P{number}x{seat}"
        )
        cookies.append(cookie_of(headers))
    await request(port, "POST", f"/t/{code}/settings", cookie=cookies[0], form=settings)
    for _ in range(computers):
        await request(port, "POST", f"/t/{code}/computer", cookie=cookies[0], form="level=player")
    await request(port, "POST", f"/t/{code}/deal", cookie=cookies[0], form="round=00000000")
    return {"code": code, "cookies": cookies}


# Times a stream is opened again when the server drops it before its first event.
RECONNECTS = 5
# Linux: receive timestamps on a socket (SO_TIMESTAMPNS; Python names it from 3.13 only).
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
TIMESTAMP_SPACE = socket.CMSG_SPACE(16)  # one struct timespec


def received_at(ancillary: list[tuple[int, int, bytes]]) -> float | None:
    """The kernel's receive time (wall clock) of the last bytes a ``recvmsg`` read."""
    for level, kind, raw in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(raw) >= 16:
            seconds, nanoseconds = struct.unpack("qq", raw[:16])
            return seconds + nanoseconds / 1e9
    return None


class Stream:
    """One open event stream; notes when each event arrives (and what it says, if asked).

    An event's arrival is when its bytes reached this machine: the kernel's receive
    timestamp (``SO_TIMESTAMPNS``), not when this process got round to reading them. Both
    share the server's 2 cores here, and a phone is a machine of its own: a client process
    waiting for a core is not the server's latency. When it read them is kept as well
    (``read``), and the benches report both."""

    def __init__(self, arrivals: dict, instance: int, table: int, keep: bool = False) -> None:
        self.arrivals = arrivals
        self.instance = instance
        self.table = table
        self.keep = keep  # keep each event's data too
        # (arrived, read, data) for each event, both by the wall clock, when kept.
        self.events: list[tuple[float, float, bytes]] = []
        self.times: list[float] = []  # when each event arrived (wall clock), the first included
        self.read: list[float] = []  # when this client read each (wall clock)
        self.beats: list[float] = []  # when each heartbeat (a comment) arrived (wall clock)
        self.ready = asyncio.Event()
        self.opened = 0.0  # when its first event arrived (perf_counter)
        self.reconnected = 0  # times the server dropped it before its first event

    async def run(self, port: int, path: str, cookie: str, opening: asyncio.Semaphore) -> None:
        """Open the stream once fewer than the semaphore's count are still waiting for their
        first event (as phones arrive: not all in the same millisecond), then follow it.

        A server that drops a stream before its first event (an overloaded worker that did
        not read the request in time) is asked again three seconds later, as a browser's
        EventSource does; ``reconnected`` counts those times."""
        for _ in range(RECONNECTS):
            try:
                return await self._run(port, path, cookie, opening)
            except ConnectionError:  # reset, refused, or a broken pipe as it asked
                if self.ready.is_set():
                    raise
                self.reconnected += 1
                await asyncio.sleep(3)
        raise RuntimeError(f"{path}: dropped {RECONNECTS} times before its first event")

    async def _run(self, port: int, path: str, cookie: str, opening: asyncio.Semaphore) -> None:
        await opening.acquire()
        loop = asyncio.get_running_loop()
        try:
            sock = socket.socket()
        except BaseException:
            opening.release()
            raise
        ended: asyncio.Future[None] = loop.create_future()
        pending = b""

        def end(error: BaseException | None) -> None:
            if not ended.done():
                if error is not None:
                    ended.set_exception(error)
                else:
                    ended.set_result(None)

        def readable() -> None:
            nonlocal pending
            try:
                data, ancillary, _, _ = sock.recvmsg(1 << 16, TIMESTAMP_SPACE)
            except BlockingIOError:
                return
            except OSError as exc:
                return end(exc)
            read = time.time()
            if not data:
                closed = None if self.ready.is_set() else "closed before its first event"
                return end(ConnectionResetError(closed) if closed else None)
            arrived = received_at(ancillary) or read
            *lines, pending = (pending + data).split(b"\n")
            for line in lines:
                if line.startswith(b"data: ") and self.keep:
                    self.events.append((arrived, read, line[6:]))
                elif line.startswith(b":"):
                    self.beats.append(arrived)
                elif line.startswith(b"id: "):
                    self.times.append(arrived)
                    self.read.append(read)
                    if not self.ready.is_set():
                        self.opened = time.perf_counter()
                        self.ready.set()
                        opening.release()

        head = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept: text/event-stream"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        try:
            sock.setblocking(False)
            sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            await loop.sock_connect(sock, ("127.0.0.1", port))
            await loop.sock_sendall(sock, ("\r\n".join(head) + "\r\n\r\n").encode())
            loop.add_reader(sock.fileno(), readable)
            try:
                await ended
            finally:
                loop.remove_reader(sock.fileno())
        finally:
            if not self.ready.is_set():
                opening.release()
            sock.close()


async def all_open(streams: list[Stream], tasks: list[asyncio.Task]) -> None:
    """Wait until every stream has had its first event; fail if one ends before, or if they
    take over 300 s. Says how many are open every 5 s."""
    deadline, reported = time.monotonic() + 300, 0.0
    while (ready := sum(stream.ready.is_set() for stream in streams)) < len(streams):
        failed = [task for task in tasks if task.done()]
        if failed:
            raise RuntimeError(f"{len(failed)} streams ended early") from failed[0].exception()
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {ready} of {len(streams)} streams answered in 300 s")
        if time.monotonic() - reported >= 5:
            print(f"  {ready} of {len(streams)} streams open", flush=True)
            reported = time.monotonic()
        await asyncio.sleep(0.1)


def card_view(port: int, seconds: int) -> dict[str, float]:
    """The card view's throughput (wrk, 64 connections), as bench/throughput.py measures it."""
    base = f"http://127.0.0.1:{port}/"
    cookie = asyncio.run(request(port, "GET", "/"))[1]["set-cookie"].split(";", 1)[0]
    wrk(base, 64, 2, GET_LUA.format(cookie=cookie))  # warm up
    return wrk(base, 64, seconds, GET_LUA.format(cookie=cookie))


def percentile(values: list[float], share: float) -> float:
    return values[int(share * (len(values) - 1))]


async def main_async(args: argparse.Namespace, ports: list[int], masters: list[int]) -> None:
    tables = []
    started = time.perf_counter()
    for batch in range(0, args.tables, 25):
        tables += await asyncio.gather(
            *(set_up_table(ports[0], n) for n in range(batch, min(args.tables, batch + 25)))
        )
    print(f"{len(tables)} tables of {SEATS} players dealt in {time.perf_counter() - started:.1f} s")
    print(f"  {SAID}")
    await asyncio.sleep(1)
    alone = await asyncio.to_thread(card_view, ports[0], args.seconds)
    memory_before = sum(workers_rss(master) for master in masters)
    arrivals: dict = {}
    streams, tasks = [], []
    opening = asyncio.Semaphore(args.opening)
    started = time.perf_counter()
    for number, table in enumerate(tables):
        for seat in range(SEATS + 1):
            instance = (number * (SEATS + 1) + seat) % len(ports)
            stream = Stream(arrivals, instance, number)
            path = f"/t/{table['code']}/events" + ("?board=1" if seat == SEATS else "")
            cookie = table["cookies"][seat] if seat < SEATS else ""
            tasks.append(asyncio.create_task(stream.run(ports[instance], path, cookie, opening)))
            streams.append(stream)
    await all_open(streams, tasks)
    opened = max(stream.opened for stream in streams) - started
    print(f"  {len(streams)} streams opened in {opened:.1f} s ({len(streams) / opened:.0f} per s)")
    await asyncio.sleep(2)
    memory_after = sum(workers_rss(master) for master in masters)
    per_stream = (memory_after - memory_before) / len(streams)
    print(
        f"{len(streams)} streams open: server workers {memory_before / 1024:.0f} MiB -> "
        f"{memory_after / 1024:.0f} MiB, {per_stream:.1f} KiB per stream"
    )
    crowded = await asyncio.to_thread(card_view, ports[0], args.seconds)
    print(
        f"card view GET / (wrk, 64 connections, {args.seconds} s): "
        f"{alone['rps']:.0f} req/s (p99 {alone['p99']:.1f} ms) with no stream open, "
        f"{crowded['rps']:.0f} req/s (p99 {crowded['p99']:.1f} ms) with {len(streams)} open: "
        f"{crowded['rps'] / alone['rps']:.2f} of it; {alone['bad'] + crowded['bad']} errors"
    )

    # Each stream has had its first event (the table as it is); each reveal changes what every
    # viewer of its table sees, so each of them gets exactly one event more. No seat reveals
    # twice in a row (the same reveal again is a double tap, which changes nothing).
    rng = random.Random(1)
    sent_at: dict[int, list[float]] = {number: [] for number in range(len(tables))}
    last_seat: dict[int, int] = {}
    interval = 1 / args.rate
    for _ in range(args.reveals):
        number = rng.randrange(len(tables))
        table = tables[number]
        seat = rng.choice([s for s in range(SEATS) if s != last_seat.get(number)])
        last_seat[number] = seat
        sent = time.time()
        status, _, body = await request(
            ports[0],
            "POST",
            f"/t/{table['code']}/reveal",
            cookie=table["cookies"][seat],
            form="action=prove-power&round=00000001",
        )
        if status != 200:
            raise RuntimeError(f"reveal answered {status}: {body[:200]!r}")
        sent_at[number].append(sent)
        await asyncio.sleep(max(0.0, interval - (time.time() - sent)))
    await asyncio.sleep(3)
    for task in tasks:
        task.cancel()

    for instance in range(len(ports)):
        latencies, read, lost = [], [], 0
        for stream in streams:
            if stream.instance != instance:
                continue
            sent = sent_at[stream.table]
            got = stream.times[1:]
            lost += max(0, len(sent) - len(got))
            latencies += [(arrival - at) * 1000 for at, arrival in zip(sent, got, strict=False)]
            read += [(when - at) * 1000 for at, when in zip(sent, stream.read[1:], strict=False)]
        latencies.sort()
        read.sort()
        where = (
            "the instance that took the POST"
            if instance == 0
            else f"instance {instance + 1}, through the store"
        )
        print(
            f"{args.reveals} reveals at {args.rate:g}/s, streams on {where}: "
            f"{len(latencies)} events received, {lost} lost; POST to arrival "
            f"median {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} "
            f"ms, worst {latencies[-1]:.1f} ms (read by this client: median "
            f"{statistics.median(read):.1f} ms, p99 {percentile(read, 0.99):.1f} ms)"
        )


def wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--reveals", type=int, default=600)
    parser.add_argument("--rate", type=float, default=20, help="reveals per second")
    parser.add_argument(
        "--store", default="sqlite", help="sqlite, redis (one started here) or redis://HOST:PORT/DB"
    )
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument(
        "--workers", type=int, default=None, help="per instance (default: cores + 1, shared)"
    )
    parser.add_argument("--seconds", type=int, default=10, help="each wrk run")
    parser.add_argument(
        "--opening", type=int, default=500, help="streams waiting for their first event, at most"
    )
    args = parser.parse_args()
    raise_open_files()
    instance_path = tempfile.mkdtemp()
    redis = None
    if args.store == "redis":
        redis = RedisServer(Path(instance_path) / "redis").start()
        store = redis.url
    elif args.store == "sqlite":
        store = f"sqlite:{instance_path}/tables.sqlite3"
    else:
        store = args.store
    workers = args.workers or -(-default_workers() // args.instances)  # rounded up
    env = os.environ | UNLIMITED | {"SECRET_KEY": "bench-" + "x" * 40, "PYTHONPATH": str(ROOT)}
    ports = [free_port() for _ in range(args.instances)]
    servers = [
        subprocess.Popen(
            [sys.executable, "-m", "evilrobots.serving.serve", "--host", "127.0.0.1"]
            + ["--port", str(port), "--workers", str(workers), "--store", store],
            env=env,
            cwd=instance_path,
            stdout=open(os.environ.get("FANOUT_LOG", os.devnull), "a"),  # noqa: SIM115
        )
        for port in ports
    ]
    try:
        for port in ports:
            wait_for_port(port)
        time.sleep(1)
        print(
            f"evilrobots (gunicorn gevent), {args.instances} instance(s) of {workers} workers, "
            f"store: {'redis (started here)' if redis else store}; {os.cpu_count()} cores "
            "shared with this client"
        )
        asyncio.run(main_async(args, ports, [server.pid for server in servers]))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait()
        if redis is not None:
            redis.stop()
        shutil.rmtree(instance_path, ignore_errors=True)


if __name__ == "__main__":
    main()
