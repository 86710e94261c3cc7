"""The app's own address, in the links a player copies or scans (the join link and its QR
code, a story's share link).

``PUBLIC_URL`` (``EVILROBOTS_PUBLIC_URL``, ``--public-url``) names it, as the players reach it
(``https://robots.example``): every such link is written with it, whatever ``Host`` a request
says. Without it, a link is written with the address the request came to (a phone on the home
network and one through a tunnel each read their own).

A page kept for many readers (the board, a story) is never kept by a request's ``Host``: it is
drawn with a mark in place of the address (``kept_origin``), and the mark is replaced in each
response (``addressed``). A flood of made-up ``Host`` headers then draws nothing anew, and
nobody's page takes longer because another's did.
"""

from __future__ import annotations

import secrets

from flask import current_app, request, url_for
from markupsafe import escape

# Random, like the fragments' marks: no name a player types can pass for it.
ORIGIN_MARK = "origin-" + secrets.token_hex(8)


def public_url(setting: object) -> str | None:
    """The ``PUBLIC_URL`` setting as an origin without a trailing slash (None: not set); a
    ValueError that says what it takes for anything else."""
    said = str(setting or "").strip().rstrip("/")
    if not said:
        return None
    scheme, _, rest = said.partition("://")
    if scheme not in ("http", "https") or not rest or any(c in rest for c in " \"<>'`"):
        raise ValueError(
            f"PUBLIC_URL is {setting!r}: give the address players open, as https://HOST[:PORT]"
        )
    return said


def configured() -> str | None:
    """The configured address, if any (read once per app, at its start)."""
    return current_app.config.get("PUBLIC_URL") or None


def origin() -> str:
    """This response's address: the configured one, else the one the request came to."""
    return configured() or request.host_url.rstrip("/")


def kept_origin() -> str:
    """The address a kept page is drawn with: the configured one, else the mark that each
    response replaces (``addressed``)."""
    return configured() or ORIGIN_MARK


def external(endpoint: str, **values: object) -> str:
    """A link to ``endpoint`` for a kept page: its path under ``kept_origin``."""
    return kept_origin() + url_for(endpoint, **values)


def addressed(text: str) -> str:
    """A kept text with this response's address in place of the mark (escaped: a ``Host``
    header is whatever the client sent)."""
    if ORIGIN_MARK not in text:
        return text
    return text.replace(ORIGIN_MARK, str(escape(origin())))


def unmarked(text: str) -> str:
    """A kept text with the mark as the same words in every process (for a tag)."""
    return text.replace(ORIGIN_MARK, "(this address)")
