"""Starting a table and taking a seat at one: by its code, or from its link."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...game.errors import GameError
from ...game.table import Table, clean_code, clean_name, moves, new_code
from ...game.table.kinds import AddComputer, Join, Speak
from ...game.table.limits import PRACTICE_COMPUTERS
from ...store import TableMissing
from ..errors import say, status_of
from ..i18n import phone_language
from ..services import now, rng
from .common import (
    NO_SUCH_TABLE,
    NOT_A_CODE,
    back_to_seat,
    bp,
    code_from_url,
    hashed,
    keep_secret,
    load_table,
    my_seat,
    my_secret,
    store,
)
from .viewers import view_for


@bp.get("/table")
def start_or_join() -> str:
    """Play at a table: start one, or join one by its code."""
    return render_template("table/start.html")


def start_page(status: int, **problems: str) -> tuple[str, int]:
    """The start-or-join page again, with what went wrong beside the field, and what the
    player typed kept."""
    return render_template("table/start.html", form=request.form, **problems), status


@bp.post("/table")
def start() -> Response | tuple[str, int]:
    """Start a table, with this browser as its host."""
    try:
        name = clean_name(request.form.get("name", ""))
    except GameError as refused:
        return start_page(status_of(refused), start_error=say(refused))
    secret = secrets.token_urlsafe(32)
    for _attempt in range(20):
        table = moves.start(new_code(rng()), name, hashed(secret), Table)
        # The board speaks the host's language.
        table = moves.apply(table, table.host, Speak(phone_language())).table
        if store().create(table):
            keep_secret(table.code, secret)
            return back_to_seat(table.code)
    abort(503, description=_("Could not find a free table code; please try again."))


@bp.post("/table/practice")
def practice() -> Response | tuple[str, int]:
    """Practise alone: a table with this browser as its host and the computer players asked
    for, whose host's next steps the app takes too."""
    try:
        name = clean_name(request.form.get("name", ""))
    except GameError as refused:
        return start_page(status_of(refused), practice_error=say(refused))
    count = request.form.get("computers", "")
    if not count.isascii() or not count.isdigit() or int(count) not in PRACTICE_COMPUTERS:
        words = _(
            "Choose how many computer players: %(least)s to %(most)s.",
            least=PRACTICE_COMPUTERS.start,
            most=PRACTICE_COMPUTERS.stop - 1,
        )
        return start_page(400, practice_error=words)
    level = request.form.get("level", "")
    secret = secrets.token_urlsafe(32)
    for _attempt in range(20):
        table = moves.start(new_code(rng()), name, hashed(secret), Table, practice=True)
        table = moves.apply(table, table.host, Speak(phone_language())).table
        try:
            for _n in range(int(count)):
                table = moves.apply(table, table.host, AddComputer(level), now(), rng()).table
        except GameError as refused:
            return start_page(status_of(refused), practice_error=say(refused))
        if store().create(table):
            keep_secret(table.code, secret)
            return back_to_seat(table.code)
    abort(503, description=_("Could not find a free table code; please try again."))


@bp.get("/table/join")
def join_by_code_again() -> Response:
    """The address a refused join left in the browser, opened again (a reload): the forms."""
    return redirect(url_for("tables.start_or_join"), code=303)


@bp.post("/table/join")
def join_by_code() -> Response | tuple[str, int]:
    """Join the table whose code the player typed."""
    code = clean_code(request.form.get("code", ""))
    if code is None:
        return start_page(404, join_error=str(NOT_A_CODE), join_field="code")
    table = store().load(code)
    if table is None:
        return start_page(404, join_error=str(NO_SUCH_TABLE), join_field="code")
    refused = take_seat_at(table)
    if refused is not None:
        status, words = refused
        return start_page(status, join_error=words, join_field="name")
    return back_to_seat(code)


def take_seat_at(table: Table) -> tuple[int, str] | None:
    """Seat this browser at the table, under the name in the form; or say why not: the
    status it answers with, and the words."""
    if my_seat(table) is not None:
        return None
    secret = secrets.token_urlsafe(32)
    try:
        join = Join(request.form.get("name", ""), hashed(secret))
        store().change(table.code, lambda t: moves.apply(t, None, join))
    except GameError as refused:
        return status_of(refused), say(refused)
    except TableMissing:  # gone since it was read: a bad request, not a missing page
        return 400, str(NO_SUCH_TABLE)
    keep_secret(table.code, secret)
    return None


@bp.post("/t/<code>/join")
def join(code: str) -> Response | tuple[str, int]:
    """Take a seat at this table (from its link)."""
    code = code_from_url(code)
    table = load_table(code)
    refused = take_seat_at(table)
    if refused is not None:
        status, words = refused
        return join_page(table, status, error=words)
    return back_to_seat(code)


def away(table: Table) -> bool:
    """Whether this phone's seat was left this game and is kept (a computer may play it)."""
    secret = my_secret(table.code)
    return secret is not None and any(g.seat.secret == hashed(secret) for g in table.gone)


def join_page(table: Table, status: int = 200, **more: Any) -> tuple[str, int]:
    """The join form of a table, for a browser without a seat at it."""
    return (
        render_template(
            "table/join.html",
            view=view_for(table, None),
            code=table.code,
            form=request.form,
            lost_seat=my_secret(table.code) is not None and not away(table),
            away=away(table),
            **more,
        ),
        status,
    )
