"""Where a player's hand lives: a small signed cookie, verified once per process and checked
for age and tampering every time, and the key that signs it."""

from datetime import timedelta

import flask
import pytest
from flask.sessions import SecureCookieSessionInterface

from evilrobots.factory import create_app
from evilrobots.serving import sessions
from evilrobots.serving.secret_key import load_or_create_secret_key

# ---- Where the hand lives ------------------------------------------------------------


def test_the_hand_lives_in_a_small_signed_cookie_not_on_the_server(app, client):
    assert isinstance(app.session_interface, SecureCookieSessionInterface)
    response = client.get("/")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("evilrobots=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Expires=" in cookie
    assert len(cookie) < 300


def test_hands_survive_a_restart_because_the_key_is_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("FLASK_SECRET_KEY", raising=False)
    first = create_app(instance_path=tmp_path)
    assert (tmp_path / "secret_key").exists()
    client = first.test_client()
    client.get("/")
    client.post("/hide", data={"part": "power"})
    cookie = client.get_cookie("evilrobots").value
    with client.session_transaction() as session:
        before = dict(session["hand"])

    restarted = create_app(instance_path=tmp_path)
    assert restarted.config["SECRET_KEY"] == first.config["SECRET_KEY"]
    again = restarted.test_client()
    again.set_cookie("evilrobots", cookie)
    again.get("/")
    with again.session_transaction() as session:
        assert session["hand"] == before


def test_a_remembered_cookie_is_still_checked_for_age_and_tampering(app, client):
    client.get("/")
    good = client.get_cookie("evilrobots").value
    assert "Set-Cookie" not in client.get("/").headers  # known and kept: nothing to set
    payload, signature = good.rsplit(".", 1)
    forger = app.test_client()
    forger.set_cookie("evilrobots", payload + "." + signature[::-1])
    assert "Set-Cookie" in forger.get("/").headers  # refused: a fresh hand is dealt
    late = app.test_client()
    late.set_cookie("evilrobots", good)
    app.permanent_session_lifetime = timedelta(seconds=-1)  # every cookie is now too old
    assert "Set-Cookie" in late.get("/").headers


def test_the_session_is_found_whatever_other_cookies_come_with_it(app, client):
    client.get("/")
    client.post("/hide", data={"part": "power"})
    cookie = client.get_cookie("evilrobots").value
    for header in (
        f"evilrobots={cookie}",
        f"theme=dark; evilrobots={cookie}",
        f"evilrobots={cookie}; theme=dark",
        f"theme=dark; evilrobots={cookie}",  # the same header again: remembered
    ):
        page = app.test_client(use_cookies=False).get("/", headers={"Cookie": header})
        assert "Set-Cookie" not in page.headers  # the hand was found, not dealt afresh
        assert 'data-part="power" data-hidden="true"' in page.get_data(as_text=True)
    stranger = app.test_client(use_cookies=False)
    assert "Set-Cookie" in stranger.get("/", headers={"Cookie": "theme=dark"}).headers


def test_only_short_cookie_headers_are_remembered(app, client):
    client.get("/")
    cookie = client.get_cookie("evilrobots").value
    remembered = app.session_interface._verified
    padded = f"evilrobots={cookie}; pad={'x' * sessions.HEADER_LIMIT}"
    for header in (padded, padded + "y", f"evilrobots={cookie}"):
        page = app.test_client(use_cookies=False).get("/", headers={"Cookie": header})
        assert page.status_code == 200 and "Set-Cookie" not in page.headers
    assert set(remembered) == {f"evilrobots={cookie}"}


def test_one_request_changing_its_session_never_changes_anothers(app, client):
    client.get("/")
    cookie = client.get_cookie("evilrobots").value
    first, second = app.test_client(), app.test_client()
    for browser in (first, second):
        browser.set_cookie("evilrobots", cookie)
    first.post("/hide", data={"part": "robot"})
    with second.session_transaction() as session:
        assert session["hand"]["h"] == ""


def test_a_request_lets_go_of_its_session_for_an_empty_one_that_refuses_writes(app, client):
    """A live stream lets go of its request's session once the view has read it: nothing
    of the player's cookie stays in memory for the hours the page is open, and a write
    (which the stream never makes) fails loudly instead of being lost."""
    client.get("/")
    client.post("/hide", data={"part": "power"})
    cookie = client.get_cookie("evilrobots").value
    with app.test_request_context("/", headers={"Cookie": f"evilrobots={cookie}"}) as context:
        assert flask.session["hand"]["h"] == "p"  # the power hidden
        sessions.let_go(context)
        assert dict(flask.session) == {}
        with pytest.raises(RuntimeError):
            flask.session["hand"] = {}


def test_the_language_is_read_from_the_cookie_header_without_keeping_the_parsed_cookies(
    app,
):
    """A live page's request keeps what it parsed for as long as it is open: neither the
    session nor the language chosen with the picker leaves the request's parsed cookies
    behind."""
    from evilrobots.web import i18n

    client = app.test_client()
    client.get("/")
    cookie = client.get_cookie("evilrobots").value
    header = f"lang=de; evilrobots={cookie}"
    for _ in range(2):  # the second time from what this process remembers
        with app.test_request_context("/", headers={"Cookie": header}) as context:
            assert flask.session["hand"] and i18n.chosen() == "de"
            assert "cookies" not in context.request.__dict__  # never parsed on the request


def test_secret_key_is_generated_once_and_private(tmp_path):
    key = load_or_create_secret_key(tmp_path)
    assert len(key) >= 64
    assert load_or_create_secret_key(tmp_path) == key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
    assert load_or_create_secret_key(tmp_path / "other") != key


def test_secret_key_from_the_environment_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment-" + "z" * 30)
    app = create_app(instance_path=tmp_path)
    assert app.config["SECRET_KEY"] == "from-the-environment-" + "z" * 30
    assert not (tmp_path / "secret_key").exists()


# ---- A cookie that is not UTF-8 -----------------------------------------------------------


def test_a_cookie_that_is_not_utf8_is_no_cookie_and_a_stray_one_breaks_nothing(app):
    """A Cookie header's bytes reach the app as Latin-1 (PEP 3333); a byte that is not UTF-8
    made Werkzeug raise, and the request and its error page answer 500. Now our cookie with
    such a byte counts as none (a new hand, the old cookie replaced), and a stray cookie of
    another app beside ours leaves the hand and the language as they were."""
    client = app.test_client()
    client.get("/")
    client.post("/hide", data={"part": "power"}, headers={"Sec-Fetch-Site": "same-origin"})
    ours = client.get_cookie("evilrobots").value
    raw = app.test_client(use_cookies=False)

    kept = raw.get("/", headers={"Cookie": f"evilrobots={ours}"})
    assert kept.status_code == 200 and "Set-Cookie" not in kept.headers
    stray = f"other=\xe9\xff; evilrobots={ours}; session=\xc3"
    beside = raw.get("/", headers={"Cookie": stray})
    assert beside.status_code == 200 and "Set-Cookie" not in beside.headers  # hand as it was
    assert beside.get_data() == kept.get_data()
    broken = raw.get("/", headers={"Cookie": f"evilrobots={ours[:-3]}\xe9\xff"})
    assert broken.status_code == 200
    assert broken.headers["Set-Cookie"].startswith("evilrobots=")  # a new hand, replacing it
    for path in ("/nothing-here", "/t/ABCD2345", "/rules"):  # error pages and the rest
        response = raw.get(path, headers={"Cookie": "session=\xe9; lang=de"})
        assert response.status_code in (200, 404) and 'lang="de"' in response.get_data(as_text=True)
