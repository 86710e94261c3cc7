"""Random requests at every endpoint: never a 5xx, and a rejected request never touches a hand.

The suite runs a few hundred examples; `bench/fuzz.py` runs thousands.
"""

from __future__ import annotations

import os
import random
import re
import tempfile
from http.cookies import SimpleCookie

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.factory import create_app
from evilrobots.game.actions import Action

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
COOKIE = "evilrobots"

APP = create_app(
    {"SECRET_KEY": "fuzz-" + "f" * 40, "RANDOM": random.Random(3), "TESTING": False},
    instance_path=tempfile.mkdtemp(prefix="fuzz-"),
)

KNOWN_PATHS = [
    "/",
    "/actions",
    "/shuffle",
    "/hide",
    "/show",
    "/allegiance",
    "/randomise",
    "/points",
    "/sync",
    "/rules",
    "/robots",
    "/video",
    "/print",
    "/credits",
    "/healthz",
    "/sw.js",
    "/static/css/app.css",
    "/static/js/app.js",
    "/static/icons/robot-golem.svg",
    "/static/../evilrobots/__init__.py",
    "/static/%2e%2e/secret_key",
] + [f"/action/{action.slug}" for action in Action]

text = st.text(max_size=40)
# What can travel in a header: no control characters (no server receives CR or LF in one).
header_text = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=40)
paths = st.one_of(
    st.sampled_from(KNOWN_PATHS),
    st.builds(lambda p: "/" + p, st.text(alphabet="abcdefghijklmnopqrstuvwxyz-_./%~", max_size=30)),
    st.builds(lambda s: "/action/" + s, text),
)
field_names = st.sampled_from(["part", "allegiance", "hidden", "round", "v", "x" * 30])
field_values = st.one_of(
    st.sampled_from(["robot", "power", "allegiance", "good", "evil", "neutral", "", "00000000"]),
    text,
    st.text(min_size=2000, max_size=3000),
)
forms = st.dictionaries(
    field_names, st.one_of(field_values, st.lists(field_values, max_size=3)), max_size=4
)
headers = st.fixed_dictionaries(
    {},
    optional={
        "Sec-Fetch-Site": st.sampled_from(["same-origin", "same-site", "cross-site", "none", ""]),
        "Origin": st.sampled_from(["http://localhost", "https://evil.example", "null", ""]),
        "Accept": st.sampled_from(["application/json", "text/html", "*/*", "", "garbage/;;"]),
        "Accept-Encoding": st.sampled_from(["gzip", "br", "identity", "gzip;q=0", "x"]),
        "Content-Type": st.sampled_from(
            [
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=zz",
                "application/json",
                "text/plain",
                "multipart/form-data",
            ]
        ),
        "X-Forwarded-Proto": st.sampled_from(["https", "gopher"]),
        "Range": st.sampled_from(["bytes=0-10", "bytes=-5", "bytes=99999-", "lines=1"]),
        "If-None-Match": header_text,
    },
)
methods = st.sampled_from(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])


def valid_cookie() -> str:
    client = APP.test_client()
    client.get("/")
    return client.get_cookie(COOKIE).value


VALID = valid_cookie()


def tamper(cookie: str, position: int, character: str) -> str:
    position %= len(cookie)
    return cookie[:position] + character + cookie[position + 1 :]


def forged_hand(state) -> str:
    """A correctly signed cookie that holds something other than a hand."""
    serializer = APP.session_interface.get_signing_serializer(APP)
    return serializer.dumps({"hand": state})


cookies = st.one_of(
    st.none(),
    st.just(VALID),
    st.builds(tamper, st.just(VALID), st.integers(0, 500), st.characters()),
    text,
    st.builds(
        forged_hand,
        st.recursive(
            st.one_of(st.none(), st.integers(), text, st.booleans()),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
            max_leaves=8,
        ),
    ),
)


@pytest.mark.parametrize(
    "path",
    [
        "/static/../evilrobots/__init__.py",
        "/static/%2e%2e/evilrobots/__init__.py",
        "/static/%2E%2E/evilrobots/secret_key.py",
        "/static/..%2fevilrobots%2f__init__.py",
        "/static/%2e%2e/secret_key",
        "/static/css/%2e%2e/%2e%2e/%2e%2e/pyproject.toml",
        "/static/css/app.css%00",
        "/static/css/app.css%00?v=1",
        "/static/css/..%2f..%2f..%2fpyproject.toml",
    ],
)
def test_static_paths_cannot_climb_out_of_the_static_folder(path):
    response = APP.test_client().get(path)
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    assert "import " not in body and '"""' not in body and "[project]" not in body
    assert APP.config["SECRET_KEY"] not in body


def test_other_spellings_of_a_static_path_are_not_remembered():
    versions = APP.extensions["evilrobots.assets"]
    client = APP.test_client()
    for dots in range(1, 4):
        response = client.get("/static/css/" + "./" * dots + "app.css")
        assert response.status_code in (200, 404)
    assert not [name for name in versions._versions if "./" in name]
    assert not [name for name in versions._trimmed if "./" in name]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(method=methods, path=paths, form=forms, headers=headers, cookie=cookies)
def test_no_request_breaks_the_app_or_a_hand(method, path, form, headers, cookie):
    client = APP.test_client(use_cookies=False)
    request_headers = dict(headers)
    if cookie is not None:
        jar = SimpleCookie()
        jar[COOKIE] = cookie
        raw = jar.output(header="", attrs=[]).strip()
        # What a server sees: the bytes a browser sent, decoded as Latin-1 (PEP 3333).
        request_headers["Cookie"] = raw.encode("utf-8", "replace").decode("latin-1")
    try:
        response = client.open(path, method=method, data=form, headers=request_headers)
    except UnicodeError:
        return  # the test client cannot even encode this URL; no server would see it
    assert response.status_code < 500, (method, path, response.status_code)
    if response.status_code >= 400 and cookie == VALID:
        # A rejected request leaves the player's hand exactly as it was.
        assert "Set-Cookie" not in response.headers, (method, path, response.status_code)
    response.close()


# ---- Every route, a table's included: junk headers, cookies and bodies, never a 5xx -------


def _seated() -> tuple[str, str]:
    """A table dealt in APP, and its host's cookie."""
    client = APP.test_client()
    response = client.post("/table", data={"name": "Ada"})
    code = response.headers["Location"].rsplit("/", 1)[1]
    for name in ("Bob", "Cy"):
        APP.test_client().post(f"/t/{code}/join", data={"name": name})
    client.post(f"/t/{code}/deal", data={"round": "00000000"})
    return code, client.get_cookie(COOKIE).value


CODE, SEATED = _seated()
ARGUMENT = re.compile(r"<(?:[a-z]+:)?([a-z_]+)>")


def _route_paths() -> list[tuple[str, str]]:
    """(method, path) of every route of the app, its arguments filled in with the table's
    code, a known game, a slug or a file."""
    filled = {"code": CODE, "number": "1", "slug": "convert-self", "token": "x" * 22}
    filled |= {"filename": "css/app.css", "rest": "nothing/here"}
    routes = []
    for rule in APP.url_map.iter_rules():
        path = ARGUMENT.sub(lambda m: filled[m.group(1)], rule.rule)
        routes += [(method, path) for method in sorted(rule.methods - {"OPTIONS"})]
    return routes


ROUTES = _route_paths()
# A Cookie header as a server passes it on: any bytes but the line's own ends, as Latin-1.
raw_cookies = st.one_of(
    st.binary(max_size=80).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b"")),
    st.binary(max_size=40).map(
        lambda b: b"evilrobots=" + b.replace(b"\r", b"").replace(b"\n", b"")
    ),
    st.just(b"session=\xe9; evilrobots-lang=fr"),
    st.just(b"evilrobots=" + SEATED.encode() + b"\xff"),
    st.just(b"evilrobots=" + SEATED.encode()),
).map(lambda raw: raw.replace(b"\0", b"").decode("latin-1"))
bodies = st.one_of(forms, st.binary(max_size=300))


def test_every_route_has_a_route_and_a_table_among_them():
    assert len(ROUTES) > 80 and any(f"/t/{CODE}/deal" == path for _, path in ROUTES)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    route=st.sampled_from(ROUTES),
    body=bodies,
    headers=headers,
    cookie=st.one_of(st.none(), raw_cookies),
)
def test_no_header_cookie_or_body_at_any_route_makes_a_5xx(route, body, headers, cookie):
    """Every route (a table's with its real code), any junk: a cookie of any bytes (one not
    UTF-8 among them, which made a 500 of the request and of its error page), a body of any
    bytes or fields, headers the app reads. The answer is never a 5xx."""
    method, path = route
    request_headers = dict(headers)
    if cookie is not None:
        request_headers["Cookie"] = cookie
    response = APP.test_client(use_cookies=False).open(
        path, method=method, data=body, headers=request_headers, buffered=False
    )
    assert response.status_code < 500, (method, path, cookie, response.status_code)
    response.close()
