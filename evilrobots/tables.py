"""Tables: one deal for the whole call. Start, join, the seat page, the board, live events.

The browser holds only a secret per table (in its signed session cookie) that names its
seat; the seat's hand lives in the store. Every page and event renders one viewer's view
(``Table.view_for``), in which what they may not see is simply absent.

Every control is a plain form answered with a redirect; a request that asks for JSON gets a
small answer for the script instead. Live updates are Server-Sent Events: the store says
"table changed, version N", and each stream renders its own viewer's view.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
import secrets
from collections.abc import Callable, Iterator
from typing import Any

import segno
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    stream_with_context,
    url_for,
)
from markupsafe import Markup, escape
from werkzeug.exceptions import ServiceUnavailable

from .cards import Allegiance
from .cardview import CardControls, hand_pieces
from .compress import text_of
from .errors import http_error
from .fragments import fragments
from .hand import Action, Hand, actions_by_phase
from .solo import (
    actions_panel,
    form_allegiance,
    form_hidden_parts,
    form_part,
    load_action,
    state_for_script,
    wants_json,
)
from .store import Listener, Store, StoreUnavailable, TableMissing, open_store
from .table import (
    CHEATBOT,
    NAME_LIMIT,
    Seat,
    Table,
    TableError,
    TableView,
    clean_code,
    clean_name,
    new_code,
)

bp = Blueprint("tables", __name__)

# A move link works once, for this long.
MOVE_SECONDS = 10 * 60
# Idle streams send a comment this often, so that proxies keep them open.
HEARTBEAT_SECONDS = 15
# How long a browser waits before reconnecting a dropped stream: two to four seconds, drawn
# for each stream, so that after a restart thousands of browsers do not all come back in
# the same instant.
RETRY_MS = (2000, 4000)
# A page that finds the shared store out of reach asks to be tried again after this.
RETRY_AFTER_SECONDS = 5


# ---- Services ------------------------------------------------------------------------------


def store() -> Store:
    return current_app.extensions["evilrobots.store"]


def _rng() -> random.Random:
    return current_app.config["RANDOM"]


def _now() -> float:
    return current_app.config["CLOCK"]()


def hashed(secret: str) -> str:
    """What the store keeps of a browser's secret: enough to recognise it, not to use it."""
    return hashlib.sha256(secret.encode()).hexdigest()


# ---- Loaders: each aborts with a sentence a player understands --------------------------


def code_from_url(raw: str) -> str:
    """The table code in a URL; 404 if it cannot be one."""
    code = clean_code(raw)
    if code is None:
        abort(404, description=f"There is no table {raw!r}. Check the code with the host.")
    return code


def load_table(code: str) -> Table:
    """The table; 404 if there is none (mistyped, or idle for a day and removed)."""
    table = store().load(code)
    if table is None:
        abort(
            404,
            description=NO_SUCH_TABLE,
        )
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
        abort(403, description="You have no seat at this table. Open its link to join.")
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


def form_round(table: Table | None = None) -> int:
    """The round a form was made for; 400 if it says none.

    Hiding or showing a card harms nobody if it lands in a later round, so those forms may
    leave the round out (``table`` then gives the current one).
    """
    raw = request.form.get("round", "")
    if not raw and table is not None and table.round is not None:
        return table.round.id
    try:
        return int(raw, 16)
    except ValueError:
        abort(400, description="That form is missing its round. Reload the page and try again.")


def form_seat() -> int:
    try:
        return int(request.form.get("seat", ""))
    except ValueError:
        abort(400, description="Say which player.")


def changed(code: str, change: Callable[[Table], Table]) -> Table:
    """Apply a change to the table; a refusal becomes its HTTP status and message."""
    try:
        return store().change(code, change)
    except TableMissing:
        load_table(code)  # says why, with a 404
        raise
    except TableError as refused:
        abort(refused.status, description=refused.message)


def back_to_seat(code: str, anchor: str | None = None) -> Response:
    return redirect(url_for("tables.seat", code=code, _anchor=anchor), code=303)


# ---- Starting and joining ------------------------------------------------------------------


@bp.get("/table")
def start_or_join() -> str:
    """Play at a table: start one, or join one by its code."""
    return render_template("table/start.html")


def start_page(status: int, **problems: str) -> tuple[str, int]:
    """The start-or-join page again, with what went wrong beside the field, and what the
    player typed kept."""
    return render_template("table/start.html", form=request.form, **problems), status


NOT_A_CODE = (
    "That is not a table code: codes are eight letters and digits, like ABCD-2345 "
    "(there is no 0, O, 1, I or L in them)."
)
NO_SUCH_TABLE = (
    "There is no table with this code. Check it with the host: it may be mistyped, or the "
    "table was idle for a day and has been cleared away."
)


@bp.post("/table")
def start() -> Response | tuple[str, int]:
    """Start a table, with this browser as its host."""
    try:
        name = clean_name(request.form.get("name", ""))
    except TableError as refused:
        return start_page(400, start_error=refused.message)
    secret = secrets.token_urlsafe(32)
    for _ in range(20):
        table = Table.start(new_code(_rng()), name, hashed(secret))
        if store().create(table):
            keep_secret(table.code, secret)
            return back_to_seat(table.code)
    abort(503, description="Could not find a free table code; please try again.")


@bp.get("/table/join")
def join_by_code_again() -> Response:
    """The address a refused join left in the browser, opened again (a reload): the forms."""
    return redirect(url_for("tables.start_or_join"), code=303)


@bp.post("/table/join")
def join_by_code() -> Response | tuple[str, int]:
    """Join the table whose code the player typed."""
    code = clean_code(request.form.get("code", ""))
    if code is None:
        return start_page(404, join_error=NOT_A_CODE, join_field="code")
    table = store().load(code)
    if table is None:
        return start_page(404, join_error=NO_SUCH_TABLE, join_field="code")
    refused = take_seat_at(table)
    if refused is not None:
        return start_page(refused.status, join_error=refused.message, join_field="name")
    return back_to_seat(code)


def take_seat_at(table: Table) -> TableError | None:
    """Seat this browser at the table, under the name in the form; or say why not."""
    if my_seat(table) is not None:
        return None
    secret = secrets.token_urlsafe(32)
    try:
        store().change(table.code, lambda t: t.join(request.form.get("name", ""), hashed(secret)))
    except TableError as refused:
        return refused
    except TableMissing:
        return TableError(NO_SUCH_TABLE)
    keep_secret(table.code, secret)
    return None


@bp.post("/t/<code>/join")
def join(code: str) -> Response | tuple[str, int]:
    """Take a seat at this table (from its link)."""
    code = code_from_url(code)
    table = load_table(code)
    refused = take_seat_at(table)
    if refused is not None:
        return join_page(table, refused.status, error=refused.message)
    return back_to_seat(code)


def join_page(table: Table, status: int = 200, **more: Any) -> tuple[str, int]:
    """The join form of a table, for a browser without a seat at it."""
    return (
        render_template(
            "table/join.html",
            view=table.view_for(None),
            code=table.code,
            form=request.form,
            lost_seat=my_secret(table.code) is not None,
            **more,
        ),
        status,
    )


# ---- The seat page and the board -----------------------------------------------------------


def controls(code: str) -> CardControls:
    """Where a seat's card view posts its controls."""
    return fragments().get(
        fragments().here(),
        ("tables.controls", code),
        lambda: CardControls(
            hide=url_for("tables.hide", code=code),
            show=url_for("tables.show", code=code),
            sync=url_for("tables.sync", code=code),
            allegiance=url_for("tables.choose_allegiance", code=code),
        ),
    )


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


def render_hand(view: TableView, hand: Hand) -> str:
    """The seat's card view <main>, as text."""
    return text_of(
        hand_pieces(
            hand,
            controls(view.code),
            0,
            points=view.points,
            reveal_url=url_for("tables.reveal", code=view.code),
            cheat=hand.robot.name == CHEATBOT,
            robot_actions=view.robot_actions,
            robot_url=url_for("tables.use_robot", code=view.code),
            ended=view.ended,
        )
    )


def hand_key(view: TableView) -> str:
    """What, when it changes, means the phone must redraw its cards (not its own taps): a
    deal, a swap, the end of the round, or the robot actions it may use."""
    if view.hand is None:
        return ""
    points = view.points.value if view.points else 0
    actions = ",".join(
        f"{a.robot}{'/'.join(name for _, name in a.targets)}" for a in view.robot_actions
    )
    state = "ended" if view.ended else "play"
    hand = view.hand
    return f"{view.round_id}:{hand.robot.slug}:{hand.power.value}:{points}:{state}:{actions}"


def live_parts(view: TableView) -> dict[str, Any]:
    """The parts of a seat page that change while it is open, for this viewer."""
    return {
        "live": render_template("table/_live.html", view=view, **join_details(view.code)),
        "hand_key": hand_key(view),
        "hand": render_hand(view, view.hand) if view.hand else "",
        "round": view.round_label,
        "banner": render_template("table/_banner.html", view=view),
    }


def join_details(code: str) -> dict[str, Any]:
    link = url_for("tables.seat", code=code, _external=True)
    return {"join_link": link, "join_qr": qr_svg(link)}


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
    view = table.view_for(seat.id)
    response = Response(
        render_template(
            "table/seat.html",
            view=view,
            version=table.version,
            # Our own autoescaped template's output.
            hand_html=Markup(render_hand(view, view.hand)) if view.hand else None,  # nosec B704
            hand_key=hand_key(view),
            actions_panel=actions_panel("tables.action_view", code=table.code),
            **join_details(table.code),
            **more,
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
    response = Response(
        render_template(
            "table/board.html",
            view=table.view_for(None),
            version=table.version,
            code=code,
            seated=my_seat(table) is not None,
            **join_details(code),
        )
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<code>/actions")
def actions(code: str) -> str:
    """The actions panel as a page (for browsers without the script)."""
    code = code_from_url(code)
    load_table(code)
    return render_template(
        "actions.html",
        phases=actions_by_phase(),
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
    view = table.view_for(seat.id)
    if view.hand is None:
        abort(409, description="You hold no cards in this round yet: wait for the next deal.")
    shown = view.hand.allegiance
    cheat = view.hand.robot.name == CHEATBOT and action is not Action.END_OF_ROUND
    if cheat and request.args.get("show"):
        try:
            shown = Allegiance(request.args["show"])
        except ValueError:
            abort(400, description="Choose an allegiance to show: good, evil or neutral.")
    return render_template(
        "table/action.html", view=view, action=action, shown=shown, cheat=cheat, code=code
    )


# ---- Playing -------------------------------------------------------------------------------


def answer_seat(code: str, table: Table, seat_id: int) -> Response:
    """Redirect back to the seat, or send the hand's state to the script."""
    hand = table.view_for(seat_id).hand
    if wants_json() and hand is not None:
        return jsonify(state_for_script(hand))
    return back_to_seat(code)


def seat_change(code: str, change: Callable[[Table, int], Table]) -> Response:
    """Apply a change made by this browser's seat."""
    table = load_table(code)
    seat = load_seat(table)
    table = changed(code, lambda t: change(t, seat.id))
    return answer_seat(code, table, seat.id)


@bp.post("/t/<code>/hide")
def hide(code: str) -> Response:
    code, part = code_from_url(code), form_part()
    number = form_round(load_table(code))
    return seat_change(code, lambda t, s: t.hide(s, number, part))


@bp.post("/t/<code>/show")
def show(code: str) -> Response:
    code, part = code_from_url(code), form_part()
    number = form_round(load_table(code))
    return seat_change(code, lambda t, s: t.show(s, number, part))


@bp.post("/t/<code>/allegiance")
def choose_allegiance(code: str) -> Response:
    allegiance, number = form_allegiance(), form_round()
    return seat_change(code_from_url(code), lambda t, s: t.choose(s, number, allegiance))


@bp.post("/t/<code>/sync")
def sync(code: str) -> Response:
    """The whole arrangement the phone shows (what is hidden, the allegiance), as in the applet."""
    hidden, allegiance, number = form_hidden_parts(), form_allegiance(), form_round()
    return seat_change(code_from_url(code), lambda t, s: t.arrange(s, number, hidden, allegiance))


@bp.post("/t/<code>/npr")
def convert_npr(code: str) -> Response:
    """Convert the non-player robot."""
    allegiance, number = form_allegiance(), form_round()
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    changed(code, lambda t: t.convert_npr(seat.id, number, allegiance))
    return _done(code, "table")


@bp.post("/t/<code>/reveal")
def reveal(code: str) -> Response:
    """Reveal to the table exactly what an action shows, with the values the server holds."""
    code = code_from_url(code)
    action = load_action(request.form.get("action", ""))
    number = form_round()
    shown = form_allegiance("shown") if request.form.get("shown") else None
    table = load_table(code)
    seat = load_seat(table)
    changed(code, lambda t: t.reveal(seat.id, number, action, shown))
    return _done(code, "reveals")


def _done(code: str, anchor: str) -> Response:
    if wants_json():
        return jsonify({"ok": True})
    return back_to_seat(code, anchor)


# ---- Host and seat management ----------------------------------------------------------------


def table_change(code: str, change: Callable[[Table, int], Table], anchor: str) -> Response:
    """Apply a change made by this browser's seat (the model says who may), then go back."""
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    changed(code, lambda t: change(t, seat.id))
    return _done(code, anchor)


@bp.post("/t/<code>/deal")
def deal(code: str) -> Response:
    return table_change(code, lambda t, s: t.deal(s, _rng()), "hand")


@bp.post("/t/<code>/remove")
def remove(code: str) -> Response:
    target = form_seat()
    return table_change(code, lambda t, s: t.remove(s, target), "players")


@bp.post("/t/<code>/host")
def make_host(code: str) -> Response:
    target = form_seat()
    return table_change(code, lambda t, s: t.make_host(s, target), "players")


@bp.post("/t/<code>/open")
def set_open(code: str) -> Response:
    wanted = request.form.get("open") == "yes"
    return table_change(code, lambda t, s: t.set_open(s, wanted), "host")


@bp.post("/t/<code>/npr-rule")
def set_npr(code: str) -> Response:
    wanted = request.form.get("npr") == "yes"
    return table_change(code, lambda t, s: t.set_npr(s, wanted), "host")


# ---- The end of the round, the score, the game ----------------------------------------------


def form_int(field: str, saying: str) -> int:
    """A whole number from the form; 400, with ``saying``, if it is not one."""
    try:
        return int(request.form.get(field, "").strip())
    except ValueError:
        abort(400, description=saying)


@bp.post("/t/<code>/end")
def end_round(code: str) -> Response:
    """The host ends the round: every card is shown, and the round is counted."""
    return table_change(code, lambda t, s: t.end_round(s), "tally")


@bp.post("/t/<code>/robot")
def use_robot(code: str) -> Response:
    """Use NegativeBot, SwapBot or BetBot (or CopyBot's copy of one) from the robot's phone."""
    number = form_round()
    robot = request.form.get("robot", "")
    target = form_int("target", "Pick a player.") if "target" in request.form else None
    bet = form_allegiance("bet") if "bet" in request.form else None
    return seat_change(
        code_from_url(code), lambda t, s: t.use_robot(s, number, robot, target=target, bet=bet)
    )


@bp.post("/t/<code>/split")
def propose_split(code: str) -> Response:
    """A winner proposes how the winners share the round's value. A split the rules refuse
    comes back on the seat's page, the numbers as typed, with the reason beside them."""
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    try:
        shares = {}
        for field in request.form:
            if field.startswith("share-"):
                try:
                    seat_id = int(field.removeprefix("share-"))
                    shares[seat_id] = int(request.form[field].strip())
                except ValueError:
                    raise TableError("Each share is a whole number of points.") from None
        table = store().change(code, lambda t: t.propose_split(seat.id, shares))
    except TableMissing:
        load_table(code)  # says why, with a 404
        raise
    except TableError as refused:
        if refused.status != 400 or wants_json():
            abort(refused.status, description=refused.message)
        typed = {k: v for k, v in request.form.items() if k.startswith("share-")}
        return seat_page(table, seat, 400, split_problem=refused.message, split_typed=typed)
    return _done(code, "tally")


@bp.post("/t/<code>/answer")
def answer_split(code: str) -> Response:
    """Another winner agrees or disagrees with the proposed split."""
    agree = request.form.get("agree")
    if agree not in ("yes", "no"):
        abort(400, description="Answer Agree or Disagree.")
    return table_change(code, lambda t, s: t.answer_split(s, agree == "yes"), "tally")


@bp.post("/t/<code>/scaredy")
def correct_scaredy(code: str) -> Response:
    """The host corrects ScaredyBot's bonus, for a card shown on camera only."""
    target = form_seat()
    only = request.form.get("only") == "yes"
    return table_change(code, lambda t, s: t.correct_scaredy(s, target, only), "tally")


@bp.post("/t/<code>/keep")
def keep_score(code: str) -> Response:
    """The host puts the counted round on the scoreboard."""
    return table_change(code, lambda t, s: t.keep_score(s), "scores")


@bp.post("/t/<code>/target")
def set_target(code: str) -> Response:
    """The host sets the points that win the game, before its first deal."""
    target = form_int("target", "Say how many points win the game: 5 to 20.")
    return table_change(code, lambda t, s: t.set_target(s, target), "host")


@bp.post("/t/<code>/new-game")
def new_game(code: str) -> Response:
    """The host starts a new game with the same seats, every score at zero."""
    return table_change(code, lambda t, s: t.new_game(s), "host")


@bp.post("/t/<code>/leave")
def leave(code: str) -> Response:
    """Give up this browser's seat."""
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    changed(code, lambda t: t.leave(seat.id))
    forget_secret(code)
    return redirect(url_for("tables.start_or_join"), code=303)


@bp.post("/t/<code>/move")
def offer_move(code: str) -> Response:
    """Make a one-time link that moves this seat to another phone, shown on this phone."""
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    token = secrets.token_urlsafe(24)
    until = _now() + MOVE_SECONDS
    changed(code, lambda t: t.offer_move(seat.id, hashed(token), until))
    moves = session.get("move")
    moves = dict(moves) if isinstance(moves, dict) else {}
    moves[code] = {
        "url": url_for("tables.take_seat", code=code, token=token, _external=True),
        "until": until,
    }
    session["move"] = moves
    return redirect(url_for("tables.move_link", code=code), code=303)


@bp.get("/t/<code>/move")
def move_link(code: str) -> str | Response:
    """This phone's one-time link to move its seat, on a page of its own (not on camera)."""
    code = code_from_url(code)
    table = load_table(code)
    if my_seat(table) is None:  # the seat has gone to the other phone already
        return redirect(url_for("tables.seat", code=code), code=303)
    moves = session.get("move")
    move = moves.get(code) if isinstance(moves, dict) else None
    if not (isinstance(move, dict) and move.get("until", 0) > _now()):
        move = None
    return render_template(
        "table/move_link.html",
        view=table.view_for(None),
        version=table.version,
        code=code,
        move=move,
        move_qr=qr_svg(move["url"], "QR code of the link that moves your seat") if move else None,
    )


@bp.get("/t/<code>/move/<token>")
def take_seat_page(code: str, token: str) -> str:
    """The page a move link opens: take the seat on this phone, with one tap."""
    code = code_from_url(code)
    table = load_table(code)
    seat = table.seat_with_move(hashed(token), _now())
    return render_template(
        "table/move.html", view=table.view_for(None), code=code, token=token, seat=seat
    )


@bp.post("/t/<code>/move/<token>")
def take_seat(code: str, token: str) -> Response:
    code = code_from_url(code)
    load_table(code)
    secret = secrets.token_urlsafe(32)
    changed(code, lambda t: t.take_move(hashed(token), hashed(secret), _now())[0])
    keep_secret(code, secret)
    return back_to_seat(code)


# ---- Live: Server-Sent Events ----------------------------------------------------------------


def retry_ms() -> int:
    return random.randint(*RETRY_MS)  # nosec B311: spreading reconnections, not a secret


def event(name: str, version: int, data: dict[str, Any]) -> str:
    """A server-sent event, but for the blank line that ends it (the stream sends that)."""
    return f"event: {name}\nid: {version}\ndata: {json.dumps(data)}\n"


@bp.get("/t/<code>/events")
def events(code: str) -> Response:
    """The table's changes, as this viewer's view, for as long as the page is open.

    A reconnecting browser sends the last version it saw (``Last-Event-ID``; a page's first
    connection says it with ``?v=``): anything newer is sent at once, so nothing is missed.
    A seat page gets its seat's parts; the board, and anyone without a seat, the board.
    """
    code = code_from_url(code)
    table = load_table(code)
    holder = my_seat(table)
    seat = None if request.args.get("board") == "1" else holder
    try:
        seen = int(request.headers.get("Last-Event-ID") or request.args.get("v") or -1)
    except ValueError:
        seen = -1

    def render(table: Table) -> str:
        if seat is None:
            board = render_template(
                "table/_board.html",
                view=table.view_for(None),
                code=code,
                seated=holder is not None,
                **join_details(code),
            )
            return event("board", table.version, {"board": board})
        still = table.seat_with_secret(seat.secret)
        if still is None or still.id != seat.id:  # removed, left, or moved to another phone
            return event("gone", table.version, {})
        return event("seat", table.version, live_parts(table.view_for(seat.id)))

    def stream() -> Iterator[str]:
        # Subscribed only once the body is read (never for a HEAD), then always let go.
        listener = store().listen(code)
        try:
            yield f"retry: {retry_ms()}\n\n"
            yield from follow(listener)
        except StoreUnavailable:
            return  # the store went out of reach: end the stream; the browser comes back
        finally:
            store().unlisten(listener)

    def follow(listener: Listener) -> Iterator[str]:
        nonlocal seen
        current: Table | None = store().load(code)  # after subscribing: nothing is missed
        # The page's version is newer than the store's: the store lost writes in a crash.
        rewound = current is not None and current.version < seen
        while current is not None:
            if current.version > seen or rewound or listener.rewound:
                rewound = listener.rewound = False
                seen = current.version
                yield render(current)
                # The event's last line on its own: the server's write loop then holds this
                # short string while the stream waits, not the whole event.
                yield "\n"
            current = None  # while waiting, hold no table: thousands of streams wait
            current = listener.wait(HEARTBEAT_SECONDS)
            while current is None and not listener.closed:
                yield ": still here\n\n"
                current = listener.wait(HEARTBEAT_SECONDS)

    response = Response(stream_with_context(stream()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


# ---- Setting up ------------------------------------------------------------------------------


def unavailable(error: StoreUnavailable) -> tuple[str, int, list[tuple[str, str]]]:
    """The shared store is out of reach (Redis restarting): say so, and when to try again."""
    return http_error(
        ServiceUnavailable(
            "The tables are out of reach for a moment. Your seat and cards are kept: "
            "try again in a few seconds.",
            retry_after=RETRY_AFTER_SECONDS,
        )
    )


def init_app(app: Flask) -> None:
    app.extensions["evilrobots.store"] = open_store(
        app.config.get("STORE"), app.instance_path, clock=app.config["CLOCK"]
    )
    app.register_blueprint(bp)
    app.register_error_handler(StoreUnavailable, unavailable)
    app.jinja_env.globals.update(name_limit=NAME_LIMIT)
