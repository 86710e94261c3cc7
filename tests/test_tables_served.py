"""Tables under the real production server (gunicorn, gevent workers, several processes)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.test_tables_browser import Seat, join_by_link, reveal, start_table

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Served:
    """``evilrobots`` (gunicorn) started for real on a port, with its tables in one file."""

    def __init__(self, port: int, store: str, workers: int = 3) -> None:
        self.port, self.store, self.workers = port, store, workers
        self.base = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> Served:
        env = os.environ | {"SECRET_KEY": "served-" + "k" * 40, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "evilrobots.serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--workers",
                str(self.workers),
                "--store",
                self.store,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as response:
                    assert response.read() == b"ok\n"
                    return self
            except OSError:
                assert self.process.poll() is None, self.process.stderr.read()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def stop(self) -> float:
        """Stop it as a deploy would (SIGTERM); return how long it took."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        return time.monotonic() - started


def deal(host: Seat, *others: Seat) -> None:
    host.page.get_by_role("button", name="Deal", exact=True).click()
    for seat in (host, *others):
        expect(seat.card("robot")).to_be_visible()


@pytest.fixture
def store(tmp_path) -> str:
    return f"sqlite:{tmp_path}/tables.sqlite3"


@pytest.fixture
def servers(store) -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for server in started:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def test_a_reveal_written_by_one_process_reaches_streams_held_by_another(servers, store, new_phone):
    """Two servers (separate processes) on one store: phones on one, the board on the other."""
    one, other = Served(free_port(), store).start(), Served(free_port(), store).start()
    servers += [one, other]
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_table(ada, one.base)
    join_by_link(bob, url)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url.replace(one.base, other.base) + "/board")
    deal(ada, bob)
    expect(board.get_by_text("Round 1")).to_be_visible()
    reveal(bob, "Prove your power")
    expect(board.get_by_text(re.compile(r"^Bob · Prove your power · power \d$"))).to_be_visible()


def test_several_workers_all_deliver_every_event(servers, store, new_phone):
    """Boards spread over a server's worker processes all get each change."""
    server = Served(free_port(), store, workers=3).start()
    servers.append(server)
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_table(ada, server.base)
    join_by_link(bob, url)
    boards = [new_phone({"width": 800, "height": 600}) for _ in range(6)]
    for board in boards:
        board.goto(url + "/board")
    deal(ada, bob)
    reveal(bob, "Prove your power")
    for board in boards:
        expect(board.get_by_text(re.compile("^Bob · Prove your power"))).to_be_visible()


def test_a_server_restart_keeps_every_seat_and_live_pages_catch_up(servers, store, new_phone):
    port = free_port()
    server = Served(port, store).start()
    servers.append(server)
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_table(ada, server.base)
    join_by_link(bob, url)
    deal(ada, bob)
    hand = (bob.robot(), bob.power())
    board = new_phone()
    board.goto(url + "/board")
    expect(board.get_by_text("Round 1")).to_be_visible()

    assert server.stop() < 10  # open streams end at once; they do not hold the stop up
    restarted = Served(port, store).start()
    servers.append(restarted)
    bob.page.reload()
    assert (bob.robot(), bob.power()) == hand
    # The board was not reloaded: its stream reconnects by itself and catches up.
    reveal(bob, "Prove your power")
    expect(board.get_by_text(re.compile("^Bob · Prove your power"))).to_be_visible(timeout=10_000)
