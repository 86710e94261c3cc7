"""Signed-cookie sessions that remember each cookie they have already verified.

Every request from a player carries the same cookie until their hand changes. Checking its
signature and decoding it cost about 45 µs of Flask's default 170 µs per request floor
(measured with a raw WSGI call). Remembering the verified contents by the exact Cookie
header that carried them makes a repeat visit cost a JSON decode, without even parsing the
header. The cookie's age is still checked every time, and each request gets its own copy of
the contents, so a view can never change another's.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import Flask, Response
from flask import Request as FlaskRequest
from flask.ctx import RequestContext
from flask.sessions import (
    NullSession,
    SecureCookieSession,
    SecureCookieSessionInterface,
    SessionMixin,
)
from itsdangerous import BadSignature, URLSafeTimedSerializer
from werkzeug.datastructures import MultiDict
from werkzeug.sansio.http import parse_cookie as parse_text
from werkzeug.utils import cached_property

# Verified cookies kept per process, then the memory starts afresh: about 900 bytes each with
# the dict around them (measured by bench/memory.py), about 4 MB in all.
LIMIT = 4096
# Each is kept by the Cookie header that carried it, if that is no longer than this (ours is
# about 250 bytes). A longer header (other cookies on the domain) is parsed and verified every
# time, so padded headers cannot fill the memory: at worst 4096 × (1 KiB + 900 B), 8 MB.
HEADER_LIMIT = 1024


def cookies_in(header: str) -> MultiDict[str, str]:
    """The cookies of a ``Cookie`` header as the server received it (its bytes as Latin-1,
    PEP 3333), read as UTF-8 whatever they are. Werkzeug's ``parse_cookie`` decodes them
    strictly and raises on a byte that is not UTF-8 (a stray cookie of another app on the same
    host): the request then answered 500, and so did its error page. Here such a byte reads as
    U+FFFD, which no signature matches: our cookie in it counts as none (a new hand, the old
    cookie replaced), and the other cookies are read as they are."""
    try:
        raw = header.encode("latin-1")
    except UnicodeEncodeError:  # not as a server passes it: already text
        return parse_text(header)
    return parse_text(raw.decode("utf-8", errors="replace"))


class Request(FlaskRequest):
    """Flask's request, its cookies read by ``cookies_in``: no cookie breaks a request."""

    @cached_property
    def cookies(self) -> MultiDict[str, str]:  # type: ignore[override]
        return cookies_in(self.environ.get("HTTP_COOKIE", ""))


class RememberedCookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, verifying each distinct cookie once per process."""

    def __init__(self) -> None:
        self._verified: dict[str, tuple[str, float]] = {}  # header -> (contents, signed at)
        self._signers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if key not in self._signers:
            self._signers[key] = super().get_signing_serializer(app)
        return self._signers[key]

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        signer = self.get_signing_serializer(app)
        if signer is None:
            return None
        # The whole Cookie header, as the browser sends it again and again: looked up as it
        # comes, the cookie is found without parsing the header (5 µs a request).
        header = request.environ.get("HTTP_COOKIE", "")
        if not header:
            return self.session_class()
        max_age = app.permanent_session_lifetime.total_seconds()
        remember = len(header) <= HEADER_LIMIT
        known = self._verified.get(header) if remember else None
        if known is not None and time.time() - known[1] <= max_age:
            return self.session_class(json.loads(known[0]))
        # Parsed here, not as the request's cookies, which a live page would keep while open.
        value = cookies_in(header).get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        try:
            data, signed_at = signer.loads(value, max_age=int(max_age), return_timestamp=True)
        except BadSignature:
            return self.session_class()
        # Remember only plain JSON (Flask's tagged types, such as tuples, would come back as
        # lists from json.loads, which is four times faster than the tagged decoder).
        plain = json.dumps(data, separators=(",", ":"), sort_keys=True)
        if remember and plain == self.serializer.dumps(data):
            if len(self._verified) >= LIMIT:
                self._verified.clear()
            self._verified[header] = (plain, signed_at.timestamp())
        return self.session_class(data)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        # Most responses leave the cookie as it was: say only that they vary by it, without
        # the cost of parsing and rewriting Vary through ``response.vary``.
        if not session.modified and not (
            session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]
        ):
            if session.accessed:
                response.headers.add("Vary", "Cookie")
            return
        super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    app.request_class = Request
    app.session_interface = RememberedCookieSessions()


# What a request context holds in place of the session it let go: empty, and refusing writes.
_LET_GO = NullSession()


def let_go(context: RequestContext) -> None:
    """The request's session, read already, is not needed again for as long as it runs (a
    live page's stream, open for hours, never reads or writes it): drop it, with what it
    holds, for an empty one that refuses writes. (Flask keeps it as ``_session``; on a Flask
    without that attribute, nothing is dropped.)"""
    if getattr(context, "_session", None) is not None:
        context._session = _LET_GO
