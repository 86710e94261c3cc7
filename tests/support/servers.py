"""Servers started for real by the tests: the app under gunicorn, on a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def python_script(script: str) -> subprocess.CompletedProcess:
    """Run a script in a fresh Python with the project importable (for what must happen in a
    process of its own, such as gevent's patching); what it printed comes back."""
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=30,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answer_once_up(url: str, server: subprocess.Popen, seconds: float) -> bytes:
    """The body ``url`` answers once the server just started as ``server`` is up; fails
    if it exits first (with what it printed) or takes longer than ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                assert response.status == 200
                return response.read()
        except OSError:
            if server.poll() is not None:
                printed = server.stdout.read() if server.stdout else ""
                pytest.fail(f"the server stopped before answering:\n{printed}")
            assert time.monotonic() < deadline, f"the server did not answer within {seconds} s"
            time.sleep(0.2)


class Served:
    """``evilrobots`` (gunicorn) started for real on a port, on a given store, its log (access
    log included) written to a file."""

    def __init__(self, port: int, store: str, workers: int = 3, *flags: str) -> None:
        self.port, self.store, self.workers, self.flags = port, store, workers, flags
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None
        self.log = Path(tempfile.mkdtemp()) / f"evilrobots-{port}.log"

    def start(self) -> Served:
        env = os.environ | {"SECRET_KEY": "served-" + "k" * 40, "PYTHONPATH": str(ROOT)}
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "evilrobots.serving.serve", "--host", "127.0.0.1"]
                + ["--port", str(self.port), "--workers", str(self.workers)]
                + ["--store", self.store, *self.flags],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as response:
                    assert response.read() == b"ok\n"
                    return self
            except OSError:
                assert self.process.poll() is None, self.log.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def stop(self) -> float:
        """Stop it as a deploy would (SIGTERM); return how long it took."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        return time.monotonic() - started
