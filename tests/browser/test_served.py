"""Tables under the real production server (gunicorn, gevent workers, several processes)."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.browser import Seat, by_voice, join_by_link, reveal, start_and_join, start_table
from tests.support.servers import Served, free_port
from tools.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]


def deal(host: Seat, *others: Seat) -> None:
    """The host deals a round called by voice: the phones reveal by themselves."""
    by_voice(host.page)
    host.page.get_by_role("button", name="Deal", exact=True).click()
    for seat in (host, *others):
        expect(seat.card("robot")).to_be_visible()


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path) -> str:
    """One machine's SQLite file, or one Redis shared by every instance."""
    if request.param == "redis":
        return request.getfixturevalue("redis_url")
    return f"sqlite:{tmp_path}/tables.sqlite3"


@pytest.fixture
def servers() -> Iterator[list[Served]]:
    started: list[Served] = []
    yield started
    for server in started:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def test_a_reveal_written_by_one_process_reaches_streams_held_by_another(servers, store, new_phone):
    """Two instances (separate servers) on one store: phones on one, the board on the other.
    With Redis they could be on two machines behind a load balancer, without sticky sessions."""
    one, other = Served(free_port(), store).start(), Served(free_port(), store).start()
    servers += [one, other]
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_and_join([ada, bob], one.base)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url.replace(one.base, other.base) + "/board")
    deal(ada, bob)
    expect(board.get_by_text("Round 1")).to_be_visible()
    reveal(bob, "Prove your power")
    expect(board.get_by_text(re.compile(r"^Bob · proves their power · power \d$"))).to_be_visible()


def test_several_workers_all_deliver_every_event(servers, store, new_phone):
    """Boards spread over a server's worker processes all get each change."""
    server = Served(free_port(), store, workers=3).start()
    servers.append(server)
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_and_join([ada, bob], server.base)
    boards = [new_phone({"width": 800, "height": 600}) for _ in range(6)]
    for board in boards:
        board.goto(url + "/board")
    deal(ada, bob)
    reveal(bob, "Prove your power")
    for board in boards:
        expect(board.get_by_text(re.compile("^Bob · proves their power"))).to_be_visible()


def test_a_server_restart_keeps_every_seat_and_live_pages_catch_up(servers, store, new_phone):
    port = free_port()
    server = Served(port, store).start()
    servers.append(server)
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_and_join([ada, bob], server.base)
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
    expect(board.get_by_text(re.compile("^Bob · proves their power"))).to_be_visible(timeout=10_000)


def test_a_redis_restart_loses_no_table_and_live_pages_catch_up(servers, tmp_path, new_phone):
    redis = RedisServer(tmp_path / "redis").start()
    try:
        one = Served(free_port(), redis.url).start()
        other = Served(free_port(), redis.url).start()
        servers += [one, other]
        ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
        url = start_table(ada, one.base)
        join_by_link(bob, url.replace(one.base, other.base))
        deal(ada, bob)
        hand = (bob.robot(), bob.power())
        board = new_phone({"width": 1280, "height": 720})
        board.goto(url + "/board")
        expect(board.get_by_text("Round 1")).to_be_visible()

        redis.stop()
        newcomer = new_phone()
        response = newcomer.goto(url)
        assert response is not None and response.status == 503
        expect(newcomer.get_by_text("The tables are out of reach for a moment")).to_be_visible()
        # Meanwhile the first instance restarts (a deploy): the board's stream comes back to
        # it and is refused, since the tables are out of reach; the browser would give up.
        refused = lambda r: "/events" in r.url and r.status == 503  # noqa: E731
        with board.expect_response(refused, timeout=20_000):
            assert one.stop() < 10
            servers.append(Served(one.port, redis.url).start())

        redis.start()  # its append-only file brings every table back
        bob.page.reload()
        assert (bob.robot(), bob.power()) == hand
        # Neither the board nor Ada's phone reloads: their streams come back and catch up.
        reveal(bob, "Prove your power")
        shown = re.compile("^Bob · proves their power")
        expect(board.get_by_text(shown)).to_be_visible(timeout=30_000)
        expect(ada.page.get_by_text(shown).first).to_be_visible(timeout=30_000)
    finally:
        redis.stop()


class Nginx:
    """nginx with the README's configuration (deploy/nginx.conf), its ports changed to free
    ones, in the foreground, with every file it writes in a folder of its own."""

    def __init__(self, folder: Path, upstreams: list[int]) -> None:
        self.folder = folder
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        site = (ROOT / "deploy" / "nginx.conf").read_text()
        for old, new in [
            ("127.0.0.1:8001;", f"127.0.0.1:{upstreams[0]};"),
            ("127.0.0.1:8002;", f"127.0.0.1:{upstreams[1]};"),
            ("listen 80;", f"listen 127.0.0.1:{self.port};"),
        ]:
            assert old in site, f"deploy/nginx.conf no longer says {old!r}"
            site = site.replace(old, new)
        temp = " ".join(
            f"{kind}_temp_path {folder}/{kind};"
            for kind in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        )
        (folder / "nginx.conf").write_text(
            f"daemon off; pid {folder}/nginx.pid; error_log {folder}/error.log warn;\n"
            f"events {{ worker_connections 1024; }}\n"
            f"http {{ access_log off; {temp}\n{site}\n}}\n"
        )
        self.process = subprocess.Popen(
            [shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(folder), "-c", "nginx.conf"],
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                assert self.process.poll() is None, (folder / "error.log").read_text()
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def test_two_instances_behind_the_readme_nginx_share_a_table_live(
    servers, tmp_path, new_phone, redis_url
):
    """The README's deployment: two instances, one Redis, nginx in front, no sticky sessions.
    Requests land on both instances, and events still arrive at once through the proxy."""
    one = Served(free_port(), redis_url, 2, "--behind-proxy").start()
    other = Served(free_port(), redis_url, 2, "--behind-proxy").start()
    servers += [one, other]
    proxy = Nginx(tmp_path, [one.port, other.port])
    try:
        ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
        url = start_table(ada, proxy.base)
        assert url.startswith(proxy.base + "/t/"), "links name the proxy's address, not a port"
        join_by_link(bob, url)
        board = new_phone({"width": 1280, "height": 720})
        board.goto(url + "/board")
        deal(ada, bob)
        expect(board.get_by_text("Round 1")).to_be_visible()
        acts = [
            ("Prove your power", "proves their power"),
            ("Convert another player", "converts a player"),
        ]
        for count, (action, done) in enumerate(acts * 2):
            bob.page.goto(url)  # each time a new page, served by either instance
            started = time.monotonic()
            reveal(bob, action)
            expect(board.locator(".reveal-list li")).to_have_count(count + 1)
            expect(board.locator(".reveal-list li").first).to_contain_text(f"Bob · {done}")
            assert time.monotonic() - started < 5, "an event waited in a buffer"
        for server in (one, other):
            assert "/t/" in server.log.read_text(), "each instance served part of the table"
    finally:
        proxy.stop()
