"""Throughput and latency of the card view and of a shuffle under gunicorn, against a bare
Flask "hello" app served by the same gunicorn with the same settings, in the same run.

Needs wrk (apt-get install -y wrk). Prints requests/s, p50 and p99 at 16 and 64 concurrent
connections, and each endpoint's ratio to the bare endpoint. This machine's speed drifts from
minute to minute (the bare hello has served 3,200 to 7,200 requests a second): each endpoint is
measured ``--rounds`` times, in turn with the others (the builds' order moving on each round),
and each figure is the median of its rounds; its ratio, the median of each round's ratio to the
bare hello measured around it (the mean of a run just before and one just after), which need
not be the ratio of the two medians printed.

The card view is served as players are served: the limits per client address on (a read meets
none), its page compressed for a browser that accepts Brotli and gzip. The shuffle, a post
wrk sends tens of thousands of times a second from one address, is served with the limits off.
``--against COMMIT`` serves that build's card view too, in the same run, beside this one's.

    .venv/bin/python -m bench.throughput [--seconds 10] [--rounds 3] [--against COMMIT]
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench import SAID, UNLIMITED
from bench.builds import checkout, name_of, this_build
from evilrobots.serving.serve import default_workers

ROOT = Path(__file__).resolve().parents[1]

SHUFFLE_LUA = """
wrk.method = "POST"
wrk.body = ""
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Sec-Fetch-Site"] = "same-origin"
wrk.headers["Cookie"] = "{cookie}"
"""
GET_LUA = """
wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"
wrk.headers["Cookie"] = "{cookie}"
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


WORKER_OPTIONS = {
    "gevent": ["--worker-class", "gevent", "--worker-connections", "5000"],  # as evilrobots runs
    "gthread": ["--worker-class", "gthread", "--threads", "4"],
}


def start(
    target: list[str],
    port: int,
    worker: str,
    workers: int,
    limits: bool = False,
    tree: Path = ROOT,
) -> subprocess.Popen:
    env = os.environ | {"SECRET_KEY": "bench-" + "x" * 40, "PYTHONPATH": str(tree)}
    env |= {"EVILROBOTS_LIMITS": "on"} if limits else UNLIMITED
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        *WORKER_OPTIONS[worker],
        "--log-level",
        "warning",
        "--no-control-socket",  # two servers at once: no shared control socket path
        *target,
    ]
    server = subprocess.Popen(command, env=env, cwd=tree)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


def wrk(url: str, connections: int, seconds: int, script: str | None) -> dict[str, float]:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        if script:
            lua.write(script)
            command[1:1] = ["-s", lua.name]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    os.unlink(lua.name)

    def millis(label: str) -> float:
        value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", output).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": millis("50%"),
        "p99": millis("99%"),
        "bad": int(errors.group(1)) if errors else 0,
    }


def session_cookie(base: str) -> str:
    with urllib.request.urlopen(base + "/") as response:
        cookie = response.headers["Set-Cookie"].split(";", 1)[0]
    return cookie


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3, help="each endpoint measured so often")
    parser.add_argument(
        "--worker",
        choices=sorted(WORKER_OPTIONS),
        default="gevent",
        help="gunicorn worker class for both apps (gevent: as evilrobots serves)",
    )
    parser.add_argument("--workers", type=int, default=default_workers(), help="for both apps")
    parser.add_argument("--against", metavar="COMMIT", help="serve this build's card view too")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    with tempfile.TemporaryDirectory() as elsewhere:
        builds = [("card view GET /", ROOT)]
        if args.against:
            tree = checkout(args.against, Path(elsewhere) / "tree")
            builds.append((f"  {name_of(args.against)}'s", tree))
        run(args, builds)


def run(args: argparse.Namespace, builds: list[tuple[str, Path]]) -> None:
    hello_port, shuffle_port = free_port(), free_port()
    ports = [free_port() for _ in builds]
    app = ["evilrobots.factory:create_app()"]
    servers = [start(["bench.hello:app"], hello_port, args.worker, args.workers)]
    servers += [
        start(app, port, args.worker, args.workers, limits=True, tree=tree)
        for port, (_, tree) in zip(ports, builds, strict=True)
    ]
    servers.append(start(app, shuffle_port, args.worker, args.workers))
    try:
        hello = f"http://127.0.0.1:{hello_port}/hello"
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        cookies = [session_cookie(base) for base in bases]
        shuffle = f"http://127.0.0.1:{shuffle_port}"
        shuffle_cookie = session_cookie(shuffle)
        # Warm up: every worker imported, every cache filled, before anything is measured.
        wrk(hello, 64, 3, None)
        for base, cookie in zip(bases, cookies, strict=True):
            wrk(base + "/", 64, 3, GET_LUA.format(cookie=cookie))
        print(
            f"gunicorn {args.worker}, {args.workers} workers, wrk 2 threads, "
            f"{args.seconds}s per run, medians of {args.rounds} rounds, {os.cpu_count()} cores "
            "shared with the load generator; "
            f"the card view with the limits per client address on, the shuffle with {SAID}; "
            f"this build: {this_build()}"
        )
        print(
            f"{'endpoint':<22}{'clients':>8}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}"
            f"{'errors':>8}{'ratio':>7}   (errors: of every round; ratio: the median of the "
            "rounds' ratios)"
        )
        for connections in (16, 64):
            rounds = [
                measure_round(
                    args,
                    number,
                    connections,
                    hello,
                    builds,
                    bases,
                    cookies,
                    shuffle,
                    shuffle_cookie,
                )
                for number in range(args.rounds)
            ]
            names = ["bare Flask hello", *(name for name, _ in builds), "shuffle POST"]
            for name in names:
                results = [each[name] for each in rounds]
                ratio = statistics.median(
                    each[name]["rps"] / each["bare Flask hello"]["rps"] for each in rounds
                )
                median = {key: statistics.median(r[key] for r in results) for key in results[0]}
                print(
                    f"{name:<22}{connections:>8}{median['rps']:>10.0f}{median['p50']:>9.2f}"
                    f"{median['p99']:>9.2f}{sum(r['bad'] for r in results):>8}{ratio:>7.2f}"
                )
    finally:
        for server in servers:
            server.terminate()
            server.wait()


def measure_round(
    args: argparse.Namespace,
    number: int,
    connections: int,
    hello: str,
    builds: list[tuple[str, Path]],
    bases: list[str],
    cookies: list[str],
    shuffle: str,
    shuffle_cookie: str,
) -> dict[str, dict[str, float]]:
    """Each endpoint once, the builds in a turn that moves on each round (no build always
    measured first), between two runs of the bare hello: its figure here is the mean of the
    two, what each endpoint's ratio is to."""
    before = wrk(hello, connections, args.seconds, None)
    rows = {}
    served = list(zip(builds, bases, cookies, strict=True))
    turn = number % len(served)
    for (name, _), base, cookie in served[turn:] + served[:turn]:
        rows[name] = wrk(base + "/", connections, args.seconds, GET_LUA.format(cookie=cookie))
    script = SHUFFLE_LUA.format(cookie=shuffle_cookie)
    rows["shuffle POST"] = wrk(shuffle + "/shuffle", connections, args.seconds, script)
    after = wrk(hello, connections, args.seconds, None)
    rows["bare Flask hello"] = {
        key: (before[key] + after[key]) / 2 if key != "bad" else before[key] + after[key]
        for key in before
    }
    return rows


if __name__ == "__main__":
    main()
