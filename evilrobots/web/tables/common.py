"""What every table view shares: the blueprint, the store, the loaders (each aborts with a
sentence a player understands), this browser's seat, and the one way a change is applied
and answered.

The browser holds only a secret per table (in its signed session cookie) that names its
seat; the seat's hand lives in the store.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    jsonify,
    redirect,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import HTTPException

from ...game.errors import Conflict, GameError
from ...game.messages import N_
from ...game.table import Seat, Table, clean_code, moves
from ...game.table.kinds import (
    Arrange,
    ChooseCheat,
    ChooseFirst,
    Hide,
    Leave,
    Move,
    OfferLink,
    Show,
    Speak,
    TakeBack,
)
from ...game.table.moves import Applied
from ...game.table.shown import ActShown
from ...store import Store, StoreUnavailable, TableMissing
from ..cardview import state_for_script
from ..forms import wants_json
from ..i18n import phone_language
from ..services import now, rng
from ..words import label as action_label
from .viewers import view_for

bp = Blueprint("tables", __name__)


@bp.after_request
def keep_out_of_caches(response: Response) -> Response:
    """Nothing a table sends is kept by a browser's cache or a proxy: its pages carry a seat's
    cards, its secrets (a link that takes the seat) or a live state a cache would freeze."""
    response.headers["Cache-Control"] = "no-store"
    return response


NOT_A_CODE = _l(
    "That is not a table code: codes are eight letters and digits, like ABCD-2345 "
    "(there is no 0, O, 1, I or L in them)."
)
NO_SUCH_TABLE = _l(
    "There is no table with this code. Check it with the host: it may be mistyped, or the "
    "table was idle for a day and has been cleared away."
)


def store() -> Store:
    return current_app.extensions["evilrobots.store"]


def hashed(secret: str) -> str:
    """What the store keeps of a browser's secret: enough to recognise it, not to use it."""
    return hashlib.sha256(secret.encode()).hexdigest()


# ---- Loaders: each aborts with a sentence a player understands --------------------------


def spoken_code(code: str) -> str:
    """A table's code as shown and read aloud: two groups of four, "ABCD-2345" (typed back
    in any case, with or without the dash: ``clean_code``)."""
    return f"{code[:4]}-{code[4:]}"


def code_from_url(raw: str) -> str:
    """The table code in a URL; 404 if it cannot be one."""
    code = clean_code(raw)
    if code is None:
        abort(
            404,
            description=_(
                "There is no table %(code)s. Check the code with the host.", code=repr(raw)
            ),
        )
    return code


def load_table(code: str) -> Table:
    """The table; 404 if there is none (mistyped, or idle for a day and removed)."""
    table = store().load(code)
    if table is None:
        abort(404, description=str(NO_SUCH_TABLE))
    return table


def my_secret(code: str) -> str | None:
    seats = session.get("seats")
    return seats.get(code) if isinstance(seats, dict) else None


def my_seat(table: Table) -> Seat | None:
    """This browser's seat at the table, if it holds one."""
    secret = my_secret(table.code)
    return table.seat_with_secret(hashed(secret)) if isinstance(secret, str) else None


def load_seat(table: Table) -> Seat:
    """This browser's seat; 403 if it holds none."""
    seat = my_seat(table)
    if seat is None:
        abort(403, description=_("You have no seat at this table. Open its link to join."))
    return seat


def keep_secret(code: str, secret: str) -> None:
    seats = session.get("seats")
    seats = dict(seats) if isinstance(seats, dict) else {}
    seats[code] = secret
    session["seats"] = seats
    session.permanent = True


def forget_secret(code: str) -> None:
    seats = session.get("seats")
    if isinstance(seats, dict) and code in seats:
        seats = dict(seats)
        del seats[code]
        session["seats"] = seats


# ---- A change, applied and answered ------------------------------------------------------


def changed(code: str, change: Callable[[Table], Table | Applied]) -> Table:
    """Apply a change to the table atomically and return the new table; 404 if the table is
    gone. A refusal of the game (a ``GameError``) leaves the table untouched and reaches the
    app's error handler, which answers it with its status."""
    try:
        return store().change(code, change)
    except TableMissing:
        load_table(code)  # says why, with a 404
        raise


def moved(
    code: str,
    seat: int | None,
    move: Move | Callable[[Table], Move],
    follow: bool = False,
) -> Applied:
    """``move`` made by ``seat`` (None: a browser without one) at the table, atomically
    (``moves.apply``, at this request's time): the table after it, and what it did. ``move``
    may be worked out from the table as the store holds it (a form's deal left out). With
    ``follow``, the board follows its host's language in the same write (``board_follows``)."""
    done: list[Applied] = []
    language = phone_language() if follow else None

    def apply(table: Table) -> Applied:
        wanted = move(table) if callable(move) else move
        standing_in = table.computer(seat) if seat is not None else None
        if standing_in is not None and standing_in.stands_in and not isinstance(wanted, WHILE_AWAY):
            # The phone of a player a computer stands in for: it plays again once it is back.
            raise Conflict(N_("The computer is playing your seat: tap Take your seat back first."))
        applied = moves.apply(table, seat, wanted, now(), rng())
        if language is not None and seat is not None and follows(table, wanted, applied):
            applied = board_follows(applied, seat, language)
        done.append(applied)
        return applied

    changed(code, apply)
    return done[-1]


# What the phone of a seat a computer stands in for may do: come back, give the seat up, or
# move it to another phone (which brings its player back too).
WHILE_AWAY = (TakeBack, Leave, OfferLink)

Answer = Callable[[str, Table, Seat], Response]


def change_by_seat(
    raw_code: str, move: Move | Callable[[Table], Move], answer: Answer | None = None
) -> Response:
    """The one path of a move made from a seat: find the table and this browser's seat
    (404, 403), apply the move (the game says who may), then answer (by default, back to
    the seat; JSON for the script)."""
    code = code_from_url(raw_code)
    seat = load_seat(load_table(code))
    applied = moved(code, seat.id, move, follow=True)
    g.shown = shown_for_phone(applied.effects.shown)
    return (answer or back_to_table())(code, applied.table, seat)


# A seat's own taps on its phone: never what the board's language follows (below).
PRIVATE_TAPS = (Arrange, Hide, Show, ChooseCheat, ChooseFirst)


def follows(before: Table, move: Move, applied: Applied) -> bool:
    """Whether the board may follow its host's language in this move: a public one that
    changed the table. A private tap, or a move that changed nothing, writing the board's
    language would tell everyone that the host tapped."""
    if isinstance(move, PRIVATE_TAPS) or applied.effects.private_to is not None:
        return False
    return applied.table is not before and applied.table != before


def board_follows(applied: Applied, seat: int, language: str) -> Applied:
    """The board speaks its host's language: when the host's phone speaks another now (its
    browser's, or its picker's), the board follows in the host's next move, or at once when
    the picker is used on one of the table's pages (``host_chose``). Never a page opened: a
    GET writes nothing, and neither does a private tap more than itself: the board's
    language changing then would tell everyone that the host tapped."""
    table = applied.table
    if seat != table.host or table.language == language:
        return applied
    spoken = moves.apply(table, seat, Speak(language))
    effects = replace(
        applied.effects,
        entries=applied.effects.entries + spoken.effects.entries,
        private_to=None,  # the board's language: everyone's
    )
    return Applied(spoken.table, effects)


def host_chose(language: str, back: str) -> None:
    """The picker was used, going back to ``back``: if it is a table's page and this phone is
    its host, the board speaks the language chosen (a table gone, or out of reach, is left:
    the phone's own choice is kept all the same)."""
    path = urlsplit(back).path.removeprefix(request.script_root)
    found = re.match(r"/t/([^/]+)", path)
    code = clean_code(found[1]) if found else None
    if code is None:
        return
    try:
        table = store().load(code)
        seat = my_seat(table) if table is not None else None
        if table is not None and seat is not None and seat.id == table.host:
            if table.language != language:
                moved(code, seat.id, Speak(language))
    except (StoreUnavailable, TableMissing, GameError, HTTPException):  # gone meanwhile
        return


def shown_for_phone(shown: ActShown | None) -> dict[str, Any] | None:
    """What the seat's move has just shown the table (its effects' ``shown``), for its phone
    to hold up to the camera in its place: the act's name, the cards it showed (with the
    allegiance as shown: CheatBot's may be another), and, by voice, until when it may be
    taken back. None if the act put nothing on the board."""
    if shown is None:
        return None
    if shown.action is None:  # a pass, a tie's order: the phone shows it showed nothing
        return {"label": _("Nothing shown"), "parts": []}
    label = action_label(shown.action)
    if shown.failed:
        label = _("It failed: prove it with your allegiance")
    return {
        "label": label,
        "parts": [part.value for part in shown.parts],
        "allegiance": shown.allegiance.value if shown.allegiance else None,
        "until": shown.until,
    }


def back_to_seat(code: str, anchor: str | None = None) -> Response:
    return redirect(url_for("tables.seat", code=code, _anchor=anchor), code=303)


def back_to_table(anchor: str | None = None) -> Answer:
    """Answer a change: to the script, that it was done; to a form, the seat's page again
    (at ``anchor``)."""

    def answer(code: str, table: Table, seat: Seat) -> Response:
        if wants_json():
            return jsonify({"ok": True, "shown": g.get("shown")})
        return back_to_seat(code, anchor)

    return answer


def with_hand(code: str, table: Table, seat: Seat) -> Response:
    """Answer a change to the seat's own hand: its new state to the script, or the page."""
    hand = view_for(table, seat.id).hand
    if wants_json() and hand is not None:
        return jsonify(state_for_script(hand) | {"shown": g.get("shown")})
    return back_to_seat(code)
