"""Refuse cross-site requests that change state, and send the security headers.

Forgery protection checks where a request comes from rather than embedding a token: every
browser that matters sends ``Sec-Fetch-Site`` (and ``Origin`` on a POST), and a page on
another site cannot forge them. A token would add a secret to every page and a failure mode
for players whose page sat open across a restart, for no gain. Requests that carry neither
header do not come from a current browser, so they cannot be forgeries riding a player's
cookie; they pass. The session cookie is also ``SameSite=Lax``, a second wall.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, request

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
        "bluetooth=()",
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


CROSS_SITE = (
    "This request came from another website, so it was refused. Use the buttons in the app itself."
)


def add_security_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def init_app(app: Flask) -> None:
    app.before_request(refuse_cross_site_writes)
    app.after_request(add_security_headers)
