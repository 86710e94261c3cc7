"""Serving for real: forgery protection, headers, cookies, compression, health, gunicorn."""

import gzip
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from evilrobots import security, serve
from evilrobots.factory import create_app

POSTS = [
    ("/shuffle", {}),
    ("/hide", {"part": "robot"}),
    ("/show", {"part": "robot"}),
    ("/allegiance", {"allegiance": "evil"}),
    ("/randomise", {}),
    ("/points", {}),
    ("/sync", {"round": "00000000", "allegiance": "good"}),
]


@pytest.mark.parametrize(("path", "form"), POSTS)
@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "https://evil.example"},
        {"Origin": "http://localhost:9999"},
        {"Origin": "null"},
    ],
    ids=["cross-site", "same-site", "other-origin", "other-port", "opaque-origin"],
)
def test_cross_site_posts_are_refused_and_change_nothing(client, player, path, form, headers):
    before = player.hand()
    response = client.post(path, data=form, headers=headers)
    assert response.status_code == 403
    assert "came from another website" in response.get_data(as_text=True)
    assert player.hand() == before


@pytest.mark.parametrize(
    "headers",
    [{"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"}, {}],
    ids=["same-origin", "own-origin", "no-browser-headers"],
)
def test_same_origin_posts_go_through(client, player, headers):
    player.hand()
    response = client.post("/hide", data={"part": "power"}, headers=headers)
    assert response.status_code == 303


def test_a_cross_site_form_in_a_real_browser_is_refused(browser, live_server):
    """A page on another site (localhost vs 127.0.0.1) posts a form to the app."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server + "/")
    robot = page.get_by_role("region", name="Robot card").locator(".robot-name").inner_text()
    port = live_server.rsplit(":", 1)[1]
    page.route(
        f"http://localhost:{port}/attack",
        lambda route: route.fulfill(
            content_type="text/html",
            body=f'<form method="post" action="{live_server}/shuffle"></form>'
            "<script>document.forms[0].submit()</script>",
        ),
    )
    with page.expect_navigation(url=f"{live_server}/shuffle"):
        page.goto(f"http://localhost:{port}/attack")
    expect(page.get_by_text("came from another website")).to_be_visible()
    page.goto(live_server + "/")
    expect(page.get_by_role("region", name="Robot card").locator(".robot-name")).to_have_text(robot)
    context.close()


@pytest.mark.parametrize("path", ["/", "/actions", "/rules", "/nowhere", "/sw.js", "/healthz"])
def test_security_headers_on_every_response(client, path):
    response = client.get(path)
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    policy = response.headers["Permissions-Policy"]
    assert "screen-wake-lock=(self)" in policy
    allowed = [rule for rule in policy.split(", ") if not rule.endswith("=()")]
    assert allowed == ["screen-wake-lock=(self)"]


def test_the_pages_run_under_the_policy_with_no_violation(new_phone, live_server):
    page = new_phone()
    problems = []
    page.on("console", lambda message: problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    for path in ["/", "/actions", "/rules", "/robots", "/print", "/video", "/credits"]:
        page.goto(live_server + path)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name="Convert another player").click()
    assert [p for p in problems if "Content Security Policy" in p or "Refused" in p] == []


def test_session_cookie_is_httponly_lax_and_secure_when_asked(tmp_path):
    plain = create_app({"SECRET_KEY": "k" * 40}, instance_path=tmp_path).test_client()
    cookie = plain.get("/").headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie

    secure = serve.build(serve.parse_args(["--secure-cookies"])).application
    assert secure.config["SESSION_COOKIE_SECURE"] is True
    cookie = secure.test_client().get("/", base_url="https://localhost").headers["Set-Cookie"]
    assert "Secure" in cookie


def test_https_responses_ask_browsers_to_stay_on_https(client):
    response = client.get("/", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "Strict-Transport-Security" not in client.get("/").headers


def test_behind_a_proxy_the_forwarded_scheme_and_host_count(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "p" * 40)
    app = serve.build(serve.parse_args(["--behind-proxy"])).application
    client = app.test_client()
    headers = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "cards.example",
        "Origin": "https://cards.example",
    }
    client.get("/", headers=headers)
    assert client.post("/hide", data={"part": "power"}, headers=headers).status_code == 303


def test_pages_and_static_files_are_gzipped_for_browsers_that_accept_it(client):
    page = client.get("/", headers={"Accept-Encoding": "gzip, br"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page.headers["Vary"]
    html = gzip.decompress(page.get_data()).decode()
    assert 'aria-label="Robot card"' in html
    css = re.search(r'href="(/static/css/app.css\?v=\w+)"', html).group(1)
    with client.get(css, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert b"--table" in gzip.decompress(response.get_data())
    plain = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers


@pytest.mark.parametrize(
    ("accept", "gzipped"),
    [
        ("gzip, deflate, br, zstd", True),
        ("*", True),
        ("br, *;q=0.5", True),
        ("gzip;q=0", False),
        ("*;q=0", False),
        ("gzip;q=0, *", False),
        ("identity", False),
    ],
)
def test_gzip_is_sent_only_to_browsers_that_accept_it(client, accept, gzipped):
    client.get("/")
    for path in ["/", "/actions", "/static/css/app.css"]:
        response = client.get(path, headers={"Accept-Encoding": accept})
        assert ("Content-Encoding" in response.headers) == gzipped, path


def test_healthz_answers_without_a_session(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok\n"
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_no_secret_key_is_written_in_the_source():
    source = "\n".join(p.read_text() for p in Path(security.__file__).parent.glob("*.py"))
    assert not re.search(r"SECRET_KEY\W+[\"']", source, re.IGNORECASE)
    assert not re.search(r"secret_key\s*=\s*[\"']", source, re.IGNORECASE)


def test_production_deals_with_the_operating_systems_randomness(tmp_path, monkeypatch):
    import secrets

    monkeypatch.setenv("SECRET_KEY", "r" * 40)
    assert isinstance(create_app().config["RANDOM"], secrets.SystemRandom)
    assert isinstance(
        serve.build(serve.parse_args([])).application.config["RANDOM"], secrets.SystemRandom
    )


# ---- The production server -----------------------------------------------------------------


def test_flags_and_environment_set_host_port_and_workers(monkeypatch):
    monkeypatch.setenv("EVILROBOTS_PORT", "9001")
    monkeypatch.setenv("EVILROBOTS_WORKERS", "3")
    args = serve.parse_args([])
    assert (args.host, args.port, args.workers) == ("0.0.0.0", 9001, 3)
    args = serve.parse_args(["--host", "127.0.0.1", "--port", "9002", "--workers", "5"])
    assert (args.host, args.port, args.workers) == ("127.0.0.1", 9002, 5)


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


def test_the_run_command_serves_with_gunicorn_and_logs_to_stdout(tmp_path):
    port = free_port()
    env = os.environ | {"SECRET_KEY": "g" * 40, "EVILROBOTS_WORKERS": "2"}
    server = subprocess.Popen(
        [sys.executable, "-m", "evilrobots.serve", "--host", "127.0.0.1", "--port", str(port)],
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
            [sys.executable, "-m", "evilrobots.serve", "--host", "127.0.0.1"]
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


def test_bandit_finds_no_issue_in_the_app():
    run = subprocess.run(
        [sys.executable, "-m", "bandit", "-q", "-r", str(Path(security.__file__).parent)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout
