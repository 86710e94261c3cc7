"""Responses compressed by Flask-Compress: Brotli first, then gzip, only what the browser
accepts (an encoding refused with q=0 never sent), every Vary kept; versioned files
compressed once, hard; live streams never compressed."""

from __future__ import annotations

import gzip
import re

import brotli
import pytest

from evilrobots.serving import compress
from tests.support.clients import Phone
from tests.support.pages import read_events

DECOMPRESS = {"br": brotli.decompress, "gzip": gzip.decompress}


def _files(client) -> list[str]:
    page = client.get("/", headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
    css = re.search(r'href="(/static/css/app.css\?v=\w+)"', page).group(1)
    sprite = re.search(r'"(/icons\.svg\?v=\w+)', page).group(1)
    return ["/", "/actions", "/rules", css, sprite, "/static/css/app.css"]


@pytest.mark.parametrize(
    ("accept", "sent"),
    [
        ("gzip, deflate, br, zstd", "br"),
        ("gzip, br", "br"),
        ("gzip", "gzip"),
        ("*", "br"),
        ("br, *;q=0.5", "br"),
        ("br;q=0.5, gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("br;q=0, *", "gzip"),
        ("gzip;q=0, *", "br"),
        ("gzip;q=0", None),
        ("*;q=0", None),
        ("identity", None),
        ("", None),
    ],
)
def test_brotli_first_then_gzip_and_nothing_a_browser_refuses(client, accept, sent):
    client.get("/")
    for path in _files(client):
        plain = client.get(path, headers={"Accept-Encoding": "identity"}).get_data()
        response = client.get(path, headers={"Accept-Encoding": accept})
        assert response.headers.get("Content-Encoding") == sent, (path, accept)
        body = response.get_data()
        assert (DECOMPRESS[sent](body) if sent else body) == plain, path
        assert "Accept-Encoding" in response.headers["Vary"], path


def test_every_vary_is_kept_beside_accept_encoding(client):
    client.get("/")
    page = client.get("/", headers={"Accept-Encoding": "br"})
    said = {word.strip().lower() for word in page.headers["Vary"].split(",")}
    assert {"accept-encoding", "cookie"} <= said


def test_a_versioned_file_is_compressed_once_and_hard(client, monkeypatch):
    squeezed = []
    hard = compress._squeezed

    def counted(algorithm, req):
        squeezed.append(algorithm)
        return hard(algorithm, req)

    monkeypatch.setattr(compress, "_squeezed", counted)
    css = _files(client)[3]
    answers = [client.get(css, headers={"Accept-Encoding": "br"}) for _ in range(3)]
    answers += [client.get(css, headers={"Accept-Encoding": "gzip"}) for _ in range(2)]
    assert squeezed == ["br", "gzip"]  # once per encoding, then kept
    plain = client.get(css, headers={"Accept-Encoding": "identity"}).get_data()
    first = answers[0]
    assert first.get_data() == brotli.compress(plain, quality=compress.STATIC_LEVEL)
    assert "immutable" in first.headers["Cache-Control"]
    etag = first.headers["ETag"]
    assert etag.endswith(':br"')  # its own validator, beside the uncompressed file's
    again = client.get(css, headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""


def test_a_live_stream_is_never_compressed(app):
    phone = Phone(app, "Ada")
    phone.start()
    stream = phone.client.get(
        f"/t/{phone.code}/events", headers={"Accept-Encoding": "br, gzip"}, buffered=False
    )
    assert "Content-Encoding" not in stream.headers
    assert read_events(stream, 1)[0][0] == "seat"  # each event whole, as it is sent
    stream.close()


def test_a_small_answer_goes_as_it_is(client):
    response = client.get("/healthz", headers={"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in response.headers and response.get_data() == b"ok\n"


def test_a_made_up_version_is_neither_squeezed_nor_kept(client, monkeypatch):
    """Only a file's own version counts as one: a flood of made-up ``?v=`` values must not
    each be compressed hard (tens of milliseconds), nor fill the memory."""
    squeezed = []
    monkeypatch.setattr(compress, "_squeezed", lambda *args: squeezed.append(args))
    for number in range(20):
        response = client.get(
            f"/static/css/app.css?v={number:012x}", headers={"Accept-Encoding": "br"}
        )
        assert response.status_code == 200 and response.headers["Content-Encoding"] == "br"
        client.get(f"/icons.svg?v={number:012x}", headers={"Accept-Encoding": "br"})
    assert squeezed == []


def test_only_the_views_that_answer_304_give_a_validator(app):
    """A page skips the steps a validator needs (``compress.VALIDATED``): so no other view may
    give an ETag, or its 304 would be lost. Every page without arguments, a static file and
    the sprite."""
    client = app.test_client()
    urls = [rule.rule for rule in app.url_map.iter_rules() if "GET" in rule.methods]
    urls = [url for url in urls if "<" not in url] + _files(client)
    for url in urls:
        response = client.get(url)
        adapter = app.url_map.bind("localhost")
        endpoint, _args = adapter.match(url.split("?", 1)[0])
        assert ("ETag" in response.headers) == (endpoint in compress.VALIDATED), url
