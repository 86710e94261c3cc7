"""A real ``redis-server`` (Debian's package) on a free port, for the tests and benchmarks.

It keeps its data in a folder of its own with its append-only file on, as a host running the
app on Redis would, so that a restart keeps every table.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

PATH = os.environ.get("REDIS_SERVER", shutil.which("redis-server") or "/usr/bin/redis-server")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """One ``redis-server`` process: start, stop (as a crash or a restart would), start again
    on the same port with the same data."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        if not Path(PATH).exists():
            raise FileNotFoundError(
                f"redis-server not found at {PATH}: apt-get install -y redis-server"
            )
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        options = {
            "port": self.port,
            "bind": "127.0.0.1",
            "dir": self.folder,
            "appendonly": "yes",
            "appendfsync": "everysec",
            "save": "",
            "maxclients": 20000,
            "loglevel": "warning",
        }
        self.process = subprocess.Popen(
            [
                PATH,
                *(word for name, value in options.items() for word in (f"--{name}", str(value))),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except (redis.ConnectionError, redis.BusyLoadingError) as error:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {self.port}") from error
                time.sleep(0.05)
        client.close()
        return self

    def stop(self) -> None:
        """Stop it as a service manager would (SIGTERM: Redis writes its file and exits)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def flush(self) -> None:
        client = redis.Redis(port=self.port)
        client.flushall()
        client.close()
