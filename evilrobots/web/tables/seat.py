"""The pages of a table: a seat's page (its cards, the table, the reveals), the board for
sharing the screen, and the actions with their views."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ...game.actions import actions_by_occasion
from ...game.cards import CHEATBOT, Allegiance
from ...game.table import Seat, Table
from ..cardview import actions_panel
from ..forms import load_action, secure_context
from ..i18n import board_speaks
from ..services import now
from .common import (
    back_to_seat,
    bp,
    code_from_url,
    load_seat,
    load_table,
    my_seat,
)
from .links import addressed_board, join_details
from .lobby import join_page
from .parts import board_parts, live_parts, seat_tag
from .viewers import view_for


@bp.get("/t/<code>")
def seat(code: str) -> Response | tuple[str, int]:
    """The seat page: your cards, the table, the reveals; or, without a seat, the join form."""
    code = code_from_url(code)
    table = load_table(code)
    seat = my_seat(table)
    if seat is None:
        return join_page(table)
    return seat_page(table, seat)


def seat_page(table: Table, seat: Seat, status: int = 200, **more: Any) -> Response:
    """A seat's page: its cards, the table, the reveals (``more`` for a form sent back)."""
    view = view_for(table, seat.id)
    parts = live_parts(view)
    tag = seat_tag(parts)  # the page as the stream sees it: a form sent back is not news
    if more:  # a form sent back: the live section shows it, as the player filled it in
        parts["live"] = render_template(
            "table/_live.html", view=view, **join_details(table.code), **more
        )
    response = Response(
        render_template(
            "table/seat.html",
            view=view,
            version=tag,
            # Our own autoescaped templates' output.
            parts={key: Markup(value) for key, value in parts.items()},  # nosec B704
            hand_html=Markup(parts["hand"]) if view.hand else None,  # nosec B704
            clock=now(),
            actions_panel=actions_panel("tables.action_view", code=table.code),
            secure=secure_context(),
        ),
        status=status,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/<path:rest>")
def elsewhere_at_table(code: str, rest: str) -> Response:
    """A form's address opened again (a reload after a refused split, a shared link) or one
    the table does not have: the table itself, never a dead end. Its own pages (the board,
    the actions, ...) are routes of their own and come first."""
    return back_to_seat(code_from_url(code), "tally" if rest == "split" else None)


@bp.get("/t/<code>/board")
def board(code: str) -> Response:
    """The board: what every seat has revealed this round, for screen-sharing on the call."""
    code = code_from_url(code)
    table = load_table(code)
    board_speaks(table.language)
    parts, tag = board_parts(table, my_seat(table) is not None)
    parts = addressed_board(parts, code)
    response = Response(
        render_template(
            "table/board.html",
            view=view_for(table, None),
            version=tag,
            # Our own autoescaped template's output.
            board=Markup(parts["board"]),  # nosec B704
            clock=now(),
            code=code,
        )
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/actions")
def actions(code: str) -> str:
    """The actions panel as a page (for browsers without the script)."""
    code = code_from_url(code)
    load_table(code)  # 404 for a table that is no more
    return render_template(
        "actions.html",
        occasions=actions_by_occasion(),
        action_endpoint="tables.action_view",
        action_args={"code": code},
        back_url=url_for("tables.seat", code=code),
    )


@bp.get("/t/<code>/action/<slug>")
def action_view(code: str, slug: str) -> str:
    """An action's view at a table: just what it shows, and Reveal to the table."""
    code = code_from_url(code)
    action = load_action(slug)
    table = load_table(code)
    seat = load_seat(table)
    view = view_for(table, seat.id)
    if view.hand is None:
        abort(409, description=_("You hold no cards in this round yet: wait for the next deal."))
    shown = view.hand.allegiance
    cheat = view.hand.robot is CHEATBOT and action.cheat_may_lie
    if cheat and request.args.get("show"):
        try:
            shown = Allegiance(request.args["show"])
        except ValueError:
            abort(400, description=_("Choose an allegiance to show: good, evil or neutral."))
    return render_template(
        "table/action.html", view=view, action=action, shown=shown, cheat=cheat, code=code
    )
