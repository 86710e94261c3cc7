"""Responses compressed for browsers that accept it, by Flask-Compress: Brotli first, then
gzip (zstd is left out: Brotli is smaller for our pages, and every browser that takes zstd
takes Brotli).

A page is made fresh and compressed as it goes out, at a level chosen by what it costs a
request (``LEVEL``). A static file under a versioned URL, and the picture sprite, never
change: each is compressed once per encoding, hard (``STATIC_LEVEL``), and kept (``Static``).
Live pages (event streams) are never compressed: each event must leave whole, at once.
"""

from __future__ import annotations

import functools
import gzip
from collections import OrderedDict

import brotli
from flask import Flask, Request, Response, current_app, request
from flask_compress import Compress
from werkzeug.http import parse_accept_header

ALGORITHMS = ["br", "gzip"]
# Brotli's quality for a page made fresh: measured on the card view (15.8 kB of HTML), 47 µs
# for 3.89 kB at quality 1, 100 µs for 3.56 kB at 3, 198 µs for 3.36 kB at 4 (gzip at 4:
# 159 µs for 3.46 kB). At 1 a card view costs the least of any level that is still smaller on
# the wire than gzip was (quality 0 measured no faster: BENCHMARKS.md, issue 46).
LEVEL = 1
GZIP_LEVEL = 4
# A versioned file's, once per encoding in each worker: at 10, 22 ms for the largest (32.7 kB
# of table CSS, to 5.9 kB) and 4 % more bytes than at 11, which took 60 ms, a stall of every
# stream of the worker at its first request after a deploy.
STATIC_LEVEL = 10
MINIMUM_SIZE = 512
# The mimetypes compressed: text of every kind we send. Not ``text/event-stream``.
MIMETYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "text/plain",
]
# Static files kept compressed, per encoding: a few dozen files of a few kB.
KEPT = 256


# The views whose responses carry a validator (an ETag): a static file and the sprite. Only
# theirs are handed over and answered 304 (``tests/serving/test_compress.py`` checks that no
# other view gives an ETag); ``Static`` keeps only their versioned files compressed.
VALIDATED = frozenset({"static", "icons.icons_svg"})
VERSIONED_KEY = "evilrobots.compress.versioned"


def versioned(req: Request) -> bool:
    """Whether this request names a file that never changes under its URL: a static file or
    the sprite, with its current version (any other ``v`` is no version: a flood of made-up
    ones must not each be compressed hard, nor kept). Worked out once per request."""
    environ = req.environ
    found = environ.get(VERSIONED_KEY)
    if found is None:
        found = environ[VERSIONED_KEY] = _versioned(req)
    return found


def _versioned(req: Request) -> bool:
    if "v=" not in req.environ.get("QUERY_STRING", ""):  # the query parsed only if it may say
        return False
    said = req.args.get("v")
    if said is None:
        return False
    if req.endpoint == "static":
        filename = (req.view_args or {}).get("filename", "")
        return said == current_app.extensions["evilrobots.assets"].version_of(filename)
    if req.endpoint == "icons.icons_svg":
        return said == current_app.extensions["evilrobots.sprite"].version
    return False


def cache_key(req: Request) -> str:
    """What a compressed response is kept by: a versioned file's path and version; "" for
    every other response, which ``Static`` never keeps."""
    return f"{req.path}?v={req.args['v']}" if versioned(req) else ""


class Static:
    """Flask-Compress's cache, keeping only versioned files (``cache_key``), each compressed
    at the highest level the first time it is asked for in an encoding."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, bytes] = OrderedDict()

    def get(self, key: str) -> bytes | None:
        if key.endswith(";"):  # a page: never kept, compressed as it goes
            return None
        found = self._kept.get(key)
        if found is None:
            found = _squeezed(key.partition(";")[0], request)
            if found is not None:
                self.set(key, found)
        return found

    def set(self, key: str, value: bytes) -> None:
        if key.endswith(";") or key in self._kept:
            return
        self._kept[key] = value
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)


def _squeezed(algorithm: str, req: Request) -> bytes | None:
    """A versioned file compressed hard (once per file in each worker: worth it);
    None when the response is not at hand here (Flask-Compress then compresses it)."""
    response = getattr(req, "evilrobots_uncompressed", None)
    if response is None:
        return None
    data = response.get_data()
    if algorithm == "br":
        return brotli.compress(data, quality=STATIC_LEVEL)
    if algorithm == "gzip":
        return gzip.compress(data, 9, mtime=0)
    return None


def hand_over(response: Response) -> Response:
    """Before Flask-Compress sees it, a static file's or the sprite's response: a static
    file's body read whole (it is sent from disk as a stream, which Flask-Compress leaves
    alone), and a versioned one's left where ``Static`` finds it."""
    if response.status_code != 200:
        return response
    if request.endpoint == "static":
        response.direct_passthrough = False
        response.get_data()  # read whole: no longer a stream (a few kB)
    if versioned(request):
        request.evilrobots_uncompressed = response  # type: ignore[attr-defined]
    return response


@functools.lru_cache(maxsize=64)
def acceptable(accept_encoding: str) -> str:
    """An ``Accept-Encoding`` as Flask-Compress should read it: each of our encodings with the
    quality the browser gives it, by name or by "*", and none it refuses. Flask-Compress (1.17
    to 1.25) takes an encoding given ``q=0`` as wanted, and "*" as leave to use any of ours,
    even one refused by name (RFC 9110, 12.5.3: q=0 is "not acceptable"). Kept by the header:
    browsers send a handful of values."""
    qualities = {value.lower(): quality for value, quality in parse_accept_header(accept_encoding)}
    said = []
    for name in ALGORITHMS:
        quality = qualities.get(name, qualities.get("*", 0))
        if quality > 0:
            said.append(f"{name};q={quality:g}")
    return ", ".join(said)


def one_vary(response: Response) -> None:
    """The response's ``Vary`` headers as one: Flask-Compress reads the first and replaces
    them all with it and ``Accept-Encoding``, which lost ``Cookie`` (the session's) and
    ``Accept-Language`` when both were said."""
    varies = response.headers.getlist("Vary")
    if len(varies) > 1:
        response.headers["Vary"] = ", ".join(varies)


def conditional(response: Response) -> Response:
    """A static file's or the sprite's response, compressed or not, answered 304 when the
    browser has it already, by the ETag of what it was sent."""
    if request.method in ("GET", "HEAD") and "ETag" in response.headers:
        response.make_conditional(request)
    return response


def init_app(app: Flask) -> None:
    # The levels may be set (FLASK_COMPRESS_BR_LEVEL, FLASK_COMPRESS_LEVEL): a bench's.
    app.config.setdefault("COMPRESS_BR_LEVEL", LEVEL)
    app.config.setdefault("COMPRESS_LEVEL", GZIP_LEVEL)
    app.config.update(
        COMPRESS_ALGORITHM=ALGORITHMS,
        COMPRESS_MIN_SIZE=MINIMUM_SIZE,
        COMPRESS_MIMETYPES=MIMETYPES,
        COMPRESS_STREAMS=False,  # an event stream, or anything else sent as it is made
        COMPRESS_CACHE_KEY=cache_key,
        COMPRESS_CACHE_BACKEND=Static,
        # A page has no validator to answer If-None-Match with: weighing the request's
        # conditions on every page cost 30 µs a card view. A versioned file's are weighed
        # once its ETag names its encoding (``conditional``).
        COMPRESS_EVALUATE_CONDITIONAL_REQUEST=False,
        COMPRESS_REGISTER=False,  # called from ``compress``: one hook, not three
    )
    compressor = Compress(app)

    def compress(response: Response) -> Response:
        """Every response: a static file or the sprite handed over, then Flask-Compress (told
        what the browser accepts, and every ``Vary`` in one), then the conditions of a
        request for a file with a validator weighed."""
        req = request._get_current_object()  # once: each read through the proxy costs 1.6 µs
        environ = req.environ
        said = environ.get("HTTP_ACCEPT_ENCODING", "")
        if said:
            environ["HTTP_ACCEPT_ENCODING"] = acceptable(said)
        one_vary(response)
        validated = req.endpoint in VALIDATED
        try:
            if not validated:  # a page: no file to hand over, no validator to weigh
                return compressor.after_request(response)
            return conditional(compressor.after_request(hand_over(response)))
        finally:
            if said:
                environ["HTTP_ACCEPT_ENCODING"] = said

    app.after_request(compress)
