"""The table's links a player copies or scans: its join link and the QR code of it, for this
response or for a page kept for many readers (``address``)."""

from __future__ import annotations

import functools
import secrets
from typing import Any

import segno
from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from .. import address


@functools.lru_cache(maxsize=4096)
def qr_svg(url: str, label: str = "QR code of the join link") -> Markup:
    """A link as a QR code: an inline SVG, dark on white for any camera.

    Kept once made: encoding costs milliseconds, and every page and event of a table shows
    the same join link (1.5 KiB each, for the tables active in this process)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000", light="#fff", omitsize=True
    )
    labelled = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    # segno's own markup of our URL, and an escaped label.
    return Markup(labelled)  # nosec B704


def join_details(code: str, kept: bool = False) -> dict[str, Any]:
    """The table's join link, and its QR code: for this response, or (``kept``) for a page
    kept for many readers, with marks in place of this response's address unless the app's
    is configured (``address``), which ``addressed_board`` fills in."""
    if kept and address.configured() is None:
        return {"join_link": address.external("tables.seat", code=code), "join_qr": _QR_MARK}
    link = address.origin() + url_for("tables.seat", code=code)
    return {"join_link": link, "join_qr": qr_svg(link, _("QR code of the join link"))}


# Where a kept board's QR code goes (see ``join_details``). Random, as the address's mark.
_QR_MARK = Markup("qr-" + secrets.token_hex(8))  # nosec B704: our own mark, no markup


def addressed_board(parts: dict[str, Any], code: str) -> dict[str, Any]:
    """A kept board's parts with this response's address (and its join link's QR code) in
    place of the marks."""
    text = parts["board"]
    if _QR_MARK in text:
        text = text.replace(_QR_MARK, join_details(code)["join_qr"])
    return parts | {"board": address.addressed(text)}


def unmarked(text: str) -> str:
    """A kept text with its address's marks as the same words in every process (for its
    tag: a mark is drawn at random by each)."""
    return address.unmarked(text.replace(_QR_MARK, "(the join link's QR code)"))
