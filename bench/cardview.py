"""The card view's cost in one process, beside another build: each build's app in a process of
its own, called straight through WSGI (no server, no socket), the two taking turns, a hundred
requests a turn, so that the machine's drift falls on both alike. Prints each build's best,
first-quartile and median turn, in µs of process time a request.

A request is the card view's as a phone sends it again and again: its session cookie, and a
browser's Accept-Encoding (the page is compressed), the limits on. ``--path /healthz``
measures another page.

    .venv/bin/python -m bench.cardview --against COMMIT [--turns 60] [--path /]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.builds import checkout, name_of, this_build

ROOT = Path(__file__).resolve().parents[1]
PER_TURN = 100

# Run in each build's process (its tree first on PYTHONPATH): ready, then one turn a line asked.
WORKER = r"""
import io, os, sys, time
os.environ["SECRET_KEY"] = "bench-" + "x" * 40
os.environ["EVILROBOTS_LIMITS"] = "on"
from werkzeug.test import EnvironBuilder
from evilrobots.factory import create_app

app = create_app()
cookie = app.test_client().get("/").headers["Set-Cookie"].split(";", 1)[0]
headers = {"Accept-Encoding": "gzip, deflate, br, zstd", "Cookie": cookie}
base = EnvironBuilder(path=sys.argv[1], headers=headers).get_environ()
base["REMOTE_ADDR"] = "127.0.0.1"
said = []

def start_response(status, headers, exc_info=None):
    said[:] = [status]

def run(times):
    for _ in range(times):
        environ = dict(base, **{"wsgi.input": io.BytesIO(b"")})
        b"".join(app(environ, start_response))
        if not said[0].startswith("200"):
            raise SystemExit(f"{sys.argv[1]} answered {said[0]}")

run(8 * int(sys.argv[2]))  # warm: every cache filled
print("ready", flush=True)
for _line in sys.stdin:
    started = time.process_time()
    run(int(sys.argv[2]))
    print((time.process_time() - started) / int(sys.argv[2]) * 1e6, flush=True)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="COMMIT", required=True)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--path", default="/")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as elsewhere:
        trees = {
            f"this build ({this_build()})": ROOT,
            name_of(args.against): checkout(args.against, Path(elsewhere) / "tree"),
        }
        processes = {
            name: subprocess.Popen(
                [sys.executable, "-c", WORKER, args.path, str(PER_TURN)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=tree,
                env=os.environ | {"PYTHONPATH": str(tree)},
            )
            for name, tree in trees.items()
        }
        try:
            for process in processes.values():
                if process.stdout.readline().strip() != "ready":
                    raise SystemExit("a build's app did not start")
            turns: dict[str, list[float]] = {name: [] for name in processes}
            for _turn in range(args.turns):
                for name, process in processes.items():
                    process.stdin.write("go\n")
                    process.stdin.flush()
                    turns[name].append(float(process.stdout.readline()))
        finally:
            for process in processes.values():
                process.stdin.close()
                process.wait()
    print(f"{args.path}, {PER_TURN} requests a turn, {args.turns} turns each, µs a request:")
    for name, times in turns.items():
        times.sort()
        best, quartile, median = times[0], times[len(times) // 4], times[len(times) // 2]
        print(
            f"  {name:<32} best {best:5.0f}  first quartile {quartile:5.0f}  median {median:5.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
