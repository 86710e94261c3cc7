"""Serving safely: forgery protection, security headers, cookie flags, gzip, health, and no
known weakness in the code."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import evilrobots
from evilrobots.factory import create_app
from evilrobots.serving import serve

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


def test_healthz_answers_without_a_session(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok\n"
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_no_secret_key_is_written_in_the_source():
    source = "\n".join(p.read_text() for p in Path(evilrobots.__file__).parent.rglob("*.py"))
    assert not re.search(r"SECRET_KEY\W+[\"']", source, re.IGNORECASE)
    assert not re.search(r"secret_key\s*=\s*[\"']", source, re.IGNORECASE)


def test_production_deals_with_the_operating_systems_randomness(tmp_path, monkeypatch):
    import secrets

    monkeypatch.setenv("SECRET_KEY", "r" * 40)
    assert isinstance(create_app().config["RANDOM"], secrets.SystemRandom)
    assert isinstance(
        serve.build(serve.parse_args([])).application.config["RANDOM"], secrets.SystemRandom
    )


def test_bandit_finds_no_issue_in_the_app():
    run = subprocess.run(
        [sys.executable, "-m", "bandit", "-q", "-r", str(Path(evilrobots.__file__).parent)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout
