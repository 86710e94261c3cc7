"""A seat leaving the table, or moving to another phone with a one-time link."""

from __future__ import annotations

import secrets

from flask import Response, redirect, render_template, session, url_for
from flask_babel import gettext as _

from ...game.table import Seat, Table
from ...game.table.kinds import Leave, OfferLink, TakeBack, TakeLink
from .. import address
from ..services import now
from .common import (
    back_to_seat,
    back_to_table,
    bp,
    change_by_seat,
    code_from_url,
    forget_secret,
    hashed,
    keep_secret,
    load_table,
    moved,
    my_seat,
)
from .links import qr_svg
from .viewers import view_for

# A move link works once, for this long.
MOVE_SECONDS = 10 * 60


@bp.post("/t/<code>/leave")
def leave(code: str) -> Response:
    """Give up this browser's seat."""

    def gone(code: str, table: Table, seat: Seat) -> Response:
        if all(kept.seat.id != seat.id for kept in table.gone):
            forget_secret(code)  # kept while the game goes on: a computer may play it for you
        return redirect(url_for("tables.start_or_join"), code=303)

    return change_by_seat(code, Leave(), gone)


@bp.post("/t/<code>/back")
def take_back(code: str) -> Response:
    """This phone's player is back: the computer that played the seat for them stops."""
    return change_by_seat(code, TakeBack(), back_to_table())


@bp.post("/t/<code>/move")
def offer_move(code: str) -> Response:
    """Make a one-time link that moves this seat to another phone, shown on this phone."""
    token = secrets.token_urlsafe(24)
    until = now() + MOVE_SECONDS

    def show_link(code: str, table: Table, seat: Seat) -> Response:
        moves = session.get("move")
        moves = dict(moves) if isinstance(moves, dict) else {}
        moves[code] = {
            "url": address.origin() + url_for("tables.take_seat", code=code, token=token),
            "until": until,
        }
        session["move"] = moves
        return redirect(url_for("tables.move_link", code=code), code=303)

    return change_by_seat(code, OfferLink(hashed(token), until), show_link)


@bp.get("/t/<code>/move")
def move_link(code: str) -> str | Response:
    """This phone's one-time link to move its seat, on a page of its own (not on camera)."""
    code = code_from_url(code)
    table = load_table(code)
    if my_seat(table) is None:  # the seat has gone to the other phone already
        return redirect(url_for("tables.seat", code=code), code=303)
    moves = session.get("move")
    move = moves.get(code) if isinstance(moves, dict) else None
    if not (isinstance(move, dict) and move.get("until", 0) > now()):
        move = None
    return render_template(
        "table/move_link.html",
        view=view_for(table, None),
        version="",  # the page only waits for the seat to go
        code=code,
        move=move,
        move_qr=(
            qr_svg(move["url"], _("QR code of the link that moves your seat")) if move else None
        ),
    )


@bp.get("/t/<code>/move/<token>")
def take_seat_page(code: str, token: str) -> str:
    """The page a move link opens: take the seat on this phone, with one tap."""
    code = code_from_url(code)
    table = load_table(code)
    seat = table.seat_with_move(hashed(token), now())
    return render_template(
        "table/move.html", view=view_for(table, None), code=code, token=token, seat=seat
    )


@bp.post("/t/<code>/move/<token>")
def take_seat(code: str, token: str) -> Response:
    """Take the seat a move link names, on this phone (no seat of its own needed)."""
    code = code_from_url(code)
    load_table(code)
    secret = secrets.token_urlsafe(32)
    moved(code, None, TakeLink(hashed(token), hashed(secret)))
    keep_secret(code, secret)
    return back_to_seat(code)
