"""The production server: its flags, gunicorn serving the app and logging to standard
output, and a stop asked for while workers boot."""

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from evilrobots.serving import serve
from tests.support.servers import ROOT, Served, answer_once_up, free_port, python_script


def test_flags_and_environment_set_host_port_and_workers(monkeypatch):
    monkeypatch.setenv("EVILROBOTS_PORT", "9001")
    monkeypatch.setenv("EVILROBOTS_WORKERS", "3")
    args = serve.parse_args([])
    assert (args.host, args.port, args.workers) == ("0.0.0.0", 9001, 3)
    args = serve.parse_args(["--host", "127.0.0.1", "--port", "9002", "--workers", "5"])
    assert (args.host, args.port, args.workers) == ("127.0.0.1", 9002, 5)


def test_by_default_a_worker_for_each_core_and_one_more(monkeypatch):
    """A gevent worker serves its other connections while one waits on the network: one per
    core keeps the cores busy, one more takes up the slack while another is held up (not
    gunicorn's 2 x cores + 1, meant for workers that block)."""
    monkeypatch.delenv("EVILROBOTS_WORKERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert serve.parse_args([]).workers == 5
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # not known: one core
    assert serve.parse_args([]).workers == 2


def test_the_run_command_serves_with_gunicorn_and_logs_to_stdout(tmp_path):
    port = free_port()
    env = os.environ | {"SECRET_KEY": "g" * 40, "EVILROBOTS_WORKERS": "2"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "evilrobots.serving.serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert answer_once_up(f"http://127.0.0.1:{port}/healthz", server, 20) == b"ok\n"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as response:
            assert response.status == 200
            assert response.headers["Server"].startswith("gunicorn")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            out, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            out, err = server.communicate()
            pytest.fail(f"the server did not stop within 20 s of SIGTERM:\n{out[-3000:]}\n{err}")
    assert "Booting worker" in out
    assert '"GET /healthz HTTP/1.1" 200' in out
    assert err == ""


def test_a_server_stopped_while_its_workers_boot_stops_at_once(tmp_path):
    """A deploy may stop the server a moment after starting it: each worker still booting
    must hear the stop too, not leave the server waiting out its graceful timeout (30 s)."""
    for attempt in range(3):
        server = subprocess.Popen(
            [sys.executable, "-m", "evilrobots.serving.serve", "--host", "127.0.0.1"]
            + ["--port", str(free_port()), "--workers", "2"]
            + ["--store", f"sqlite:{tmp_path / f'tables-{attempt}.sqlite3'}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=os.environ | {"SECRET_KEY": "b" * 40},
            text=True,
        )
        assert server.stdout is not None
        booted = 0
        for line in server.stdout:
            booted += "Booting worker" in line
            if booted == 2:
                break
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
            pytest.fail(f"attempt {attempt}: still running 10 s after SIGTERM during boot")
        finally:
            server.stdout.close()
        assert time.monotonic() - started < 10


def test_flask_finds_the_app_by_the_package_name_for_development(tmp_path):
    """``flask --app evilrobots run --debug``, Flask's own convention, serves the app."""
    port = free_port()
    flask = Path(sys.executable).with_name("flask")
    env = os.environ | {
        "SECRET_KEY": "d" * 40,
        "EVILROBOTS_STORE": f"sqlite:{tmp_path}/tables.sqlite3",
        "PYTHONPATH": str(ROOT),  # this checkout's package, whatever is installed
    }
    server = subprocess.Popen(
        [str(flask), "--app", "evilrobots", "run", "--debug", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
        cwd=tmp_path,
        start_new_session=True,  # the reloader's child goes with it
    )
    try:
        assert answer_once_up(f"http://127.0.0.1:{port}/healthz", server, 30) == b"ok\n"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
        server.stdout.close()


STOP_IN_THE_EVENT_LOOP = """
from gevent import monkey

monkey.patch_all()

import signal
from types import SimpleNamespace

import gevent

from evilrobots.serving.serve import close_streams_when_stopping
from evilrobots.store import Hub, Listener

hub = Hub(lambda code: None)
listener = Listener("ABCD2345")
hub.add(listener)
worker = SimpleNamespace(alive=True)
worker.handle_exit = lambda sig, frame: setattr(worker, "alive", False)
app = SimpleNamespace(extensions={"evilrobots.store": SimpleNamespace(hub=hub)})
worker.app = SimpleNamespace(apps=[app])
close_streams_when_stopping(worker)
handler = signal.getsignal(signal.SIGTERM)


def subscribing():  # a stream that holds the hub's lock across a switch
    with hub._lock:
        gevent.sleep(0.2)


holder = gevent.spawn(subscribing)
gevent.sleep(0.01)
# The signal arrives while the event loop runs its callbacks, as it may in a busy worker.
gevent.get_hub().loop.run_callback(handler, signal.SIGTERM, None)
holder.join()
gevent.sleep(0.1)
print(worker.alive, listener.closed)
"""


def test_a_stop_heard_in_the_event_loop_ends_the_streams_without_waiting_there():
    """A signal handler may run in the event loop itself, where waiting for a lock that a
    stream holds is an error; the streams must still end."""
    done = python_script(STOP_IN_THE_EVENT_LOOP)
    assert done.stdout.split() == ["False", "True"], done.stdout + done.stderr
    assert "Error" not in done.stderr, done.stderr


def test_one_address_cannot_hold_every_connection_of_a_worker(redis_url):
    """One worker of 60 connections, one address opening 60 live streams: it holds
    ``STREAMS`` of them, the rest are refused at once (429, closed), and the worker still
    answers another request, as it must any other client's."""
    import socket

    from evilrobots.serving import limits

    server = Served(free_port(), redis_url, 1, "--connections", "60").start()
    try:
        request = urllib.request.Request(
            server.base + "/table",
            data=b"name=Ada",
            headers={"Sec-Fetch-Site": "same-origin"},
            method="POST",
        )
        opener = urllib.request.build_opener(NoRedirect)
        try:
            opener.open(request, timeout=10)
        except urllib.error.HTTPError as answer:  # the 303 to the new table
            code = answer.headers["Location"].rsplit("/", 1)[1]
        streams, statuses = [], []
        for _ in range(60):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(f"GET /t/{code}/events?board=1 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            statuses.append(sock.recv(64).split(b" ", 2)[1])
            streams.append(sock)
        assert statuses.count(b"200") == limits.STREAMS
        assert statuses.count(b"429") == 60 - limits.STREAMS
        with urllib.request.urlopen(server.base + "/healthz", timeout=10) as response:
            assert response.read() == b"ok\n"  # a connection left for everyone else
        for sock in streams:
            sock.close()
    finally:
        server.stop()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
