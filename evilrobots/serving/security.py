"""Refuse cross-site requests that change state, and send the security headers.

Forgery protection checks where a request comes from rather than embedding a token: every
browser that matters sends ``Sec-Fetch-Site`` (and ``Origin`` on a POST), and a page on
another site cannot forge them. A token would add a secret to every page and a failure mode
for players whose page sat open across a restart, for no gain. Requests that carry neither
header do not come from a current browser, so they cannot be forgeries riding a player's
cookie; they pass. The session cookie is also ``SameSite=Lax``, a second wall.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from flask import Flask, abort, request
from flask_babel import lazy_gettext as _l

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# The app uses the screen wake lock and nothing else a browser can grant.
PERMISSIONS_POLICY = ", ".join(
    [
        "screen-wake-lock=(self)",
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
        "serial=()",
        "hid=()",
        "midi=()",
        "magnetometer=()",
        "gyroscope=()",
        "accelerometer=()",
        "display-capture=()",
        "fullscreen=()",
        "publickey-credentials-get=()",
        "xr-spatial-tracking=()",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


def same_origin(origin: str) -> bool:
    """Return whether an Origin header names this very host and scheme."""
    parts = urlsplit(origin)
    return (parts.scheme, parts.netloc) == (request.scheme, request.host)


def refuse_cross_site_writes() -> None:
    """Abort with 403 when a state-changing request comes from another site or origin."""
    if request.method in SAFE_METHODS:
        return
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        if fetch_site not in ("same-origin", "none"):
            abort(403, description=CROSS_SITE)
        return
    origin = request.headers.get("Origin")
    if origin is not None and not same_origin(origin):
        abort(403, description=CROSS_SITE)


CROSS_SITE = _l(
    "This request came from another website, so it was refused. Use the buttons in the app itself."
)


class SecurityHeaders:
    """WSGI middleware adding the security headers to every response, unless already set.

    It also says that every response may differ by ``Accept-Encoding`` (``compress``
    compresses what the browser accepts). At the WSGI level each header costs a list
    append; Werkzeug's ``setdefault`` and ``response.vary`` on each response cost about
    30 µs per request, a seventh of the card view.
    """

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app
        self.headers = [(name.lower(), name, value) for name, value in HEADERS.items()]

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        secure = environ.get("wsgi.url_scheme") == "https"

        def start_with_headers(status: str, headers: list[tuple[str, str]], *exc: Any) -> Any:
            present = set()
            varies = []
            for name, value in headers:
                lower = name.lower()
                present.add(lower)
                if lower == "vary":
                    varies.append(value)
            if len(varies) != 1 or "accept-encoding" not in varies[0].lower():
                headers[:] = [(n, v) for n, v in headers if n.lower() != "vary"]
                headers.append(("Vary", one_vary(tuple(varies))))
            headers.extend(
                (name, value) for lower, name, value in self.headers if lower not in present
            )
            if secure:
                headers.append(("Strict-Transport-Security", "max-age=31536000"))
            return start_response(status, headers, *exc)

        return self.app(environ, start_with_headers)


@functools.lru_cache(maxsize=64)
def one_vary(varies: tuple[str, ...]) -> str:
    """Every Vary said (the compressor's, the language's, the session's) in one, with
    ``Accept-Encoding``. Kept: responses say a handful of different ones."""
    said: dict[str, str] = {}
    for value in [*varies, "Accept-Encoding"]:
        for word in value.split(","):
            said.setdefault(word.strip().lower(), word.strip())
    return ", ".join(word for word in said.values() if word)


def init_app(app: Flask) -> None:
    app.before_request(refuse_cross_site_writes)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
