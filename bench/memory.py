"""Server memory after 10,000 distinct sessions have each been dealt a hand.

Starts the production server (one worker, so one process holds everything), reads the
worker's resident memory, then opens the card view for 10,000 new players (no cookie, so
each is dealt a hand), each of whom comes back once with their cookie, and reads it again.
Hands live in the players' cookies; what grows is only the bounded memory of verified
cookies and loaded hands (evilrobots/serving/sessions.py, web/solo/cookie.load_cached).

    .venv/bin/python -m bench.memory [--sessions 10000]
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench import SAID, UNLIMITED

ROOT = Path(__file__).resolve().parents[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return int(children[0])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=10_000)
    args = parser.parse_args()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = os.environ | UNLIMITED | {"SECRET_KEY": "bench-" + "x" * 40, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "evilrobots.serving.serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(2)
        connection = http.client.HTTPConnection("127.0.0.1", port)

        def visit(cookie: str = "") -> str:
            headers = {"Accept-Encoding": "gzip"} | ({"Cookie": cookie} if cookie else {})
            connection.request("GET", "/", headers=headers)
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            return response.headers.get("Set-Cookie", "")

        for _ in range(200):  # warm up: templates compiled, caches filled
            visit()
        worker = worker_pid(server.pid)
        before = rss_kib(worker)
        cookies = set()
        started = time.monotonic()
        for _ in range(args.sessions):
            cookie = visit().split(";", 1)[0]
            cookies.add(cookie)
            visit(cookie)  # the player comes back: the server remembers their verified cookie
        elapsed = time.monotonic() - started
        after = rss_kib(worker)
    finally:
        server.terminate()
        server.wait()
    print(f"{len(cookies)} distinct sessions dealt in {elapsed:.1f} s ({SAID})")
    print(
        f"worker resident memory: {before / 1024:.1f} MiB after warm-up, "
        f"{after / 1024:.1f} MiB after {args.sessions} sessions "
        f"({(after - before) / args.sessions * 1024:.1f} bytes per session)"
    )


if __name__ == "__main__":
    main()
