"""Live pages: each viewer's view of a table as Server-Sent Events, for as long as the page
is open.

The store says "table changed, version N", and each stream works out its own viewer's view:
a seat page gets its seat's parts, the board (and anyone without a seat) the board. A viewer
hears of a change only if it changes what that viewer sees.
"""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, current_app, request
from flask.globals import app_ctx, request_ctx

from ...game.table import Table
from ...serving import limits, sessions
from ...store import StoreUnavailable, encode
from ..i18n import board_speaks
from ..services import now
from .common import bp, code_from_url, load_table, my_seat, store
from .links import addressed_board
from .parts import SeatParts, board_parts
from .viewers import rest_key, view_for, view_key

# How long a browser waits before reconnecting a dropped stream: two to four seconds, drawn
# for each stream, so that after a restart thousands of browsers do not all come back in
# the same instant.
RETRY_MS = (2000, 4000)


def retry_ms() -> int:
    return random.randint(*RETRY_MS)  # nosec B311: spreading reconnections, not a secret


def event(name: str, tag: str, data: dict[str, Any]) -> bytes:
    """A server-sent event, whole: one write, one packet. Its id is the tag of what it
    shows; ``clock`` is the server's time, for the timers."""
    return f"event: {name}\nid: {tag}\ndata: {encode(data | {'clock': now()})}\n\n".encode()


@bp.get("/t/<code>/events")
def events(code: str) -> Response:
    """What this viewer sees of the table, as it changes, for as long as the page is open.

    An event goes out only when what the viewer sees has changed: its id is the tag of what
    it shows (``parts.tagged``), so another seat's hidden cards, or its own taps, send this
    viewer nothing. Its heartbeats keep the store hub's schedule (every 15 seconds from the
    moment it opened), which nothing at the table moves. A reconnecting browser sends the
    last tag it saw (``Last-Event-ID``; a page's first connection says it with ``?v=``): if
    the table shows something else now, that is sent at once. A seat page gets its seat's
    parts; the board, and anyone without a seat, the board.
    """
    # At most so many streams open from one address (``limits.STREAMS``), judged before the
    # table is read: a refused flood costs no store. A HEAD opens none.
    held, address = limits.streams(), limits.client_address()
    counts = held is not None and request.method != "HEAD"
    if counts and not held.take(address):
        # Its streams are let go as they close, or are found gone at their next heartbeat.
        raise limits.TooManyStreams(math.ceil(current_app.config["HEARTBEAT_SECONDS"]))
    try:
        response = _events(code_from_url(code))
    except BaseException:  # a 404, the store out of reach: no stream, its place given back
        if counts:
            held.release(address)
        raise
    if counts:
        response.response = Held(response.response, lambda: held.release(address))
    return response


def _events(code: str) -> Response:
    """The viewer's live stream (see ``events``)."""
    table = load_table(code)
    holder = my_seat(table)
    seat = None if request.args.get("board") == "1" else holder
    seen = request.headers.get("Last-Event-ID") or request.args.get("v") or ""

    # The stream runs after this view has returned, in this request's context, which it pushes
    # again itself (see ``stream``). It keeps the seat's number and secret, not its Seat.
    contexts = (app_ctx._get_current_object(), request_ctx._get_current_object())
    if seat is None:
        body = stream(contexts, code, None, "", holder is not None, seen)
    else:
        body = stream(contexts, code, seat.id, seat.secret, True, seen)
    # Passed through as it is: bytes, each event whole, the stream closed by the server.
    response = Response(body, mimetype="text/event-stream", direct_passthrough=True)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


class Held:
    """A stream's body that gives its address's place back when the server closes it (as
    it ends, or once its client has gone), or, should the response never reach the server
    (a hook after the view failed), when it is dropped: once, either way. Iterating it is
    iterating the stream itself: no level more on a waiting greenlet's stack. (A
    passed-through body's ``call_on_close`` never runs: the server closes the body, not the
    response.)"""

    __slots__ = ("__weakref__", "_body", "_release")

    def __init__(self, body: Iterator[bytes], release: Callable[[], None]) -> None:
        self._body = body
        self._release = weakref.finalize(self, release)  # called once: by close, or at the end

    def __iter__(self) -> Iterator[bytes]:
        return self._body

    def close(self) -> None:
        try:
            self._body.close()  # type: ignore[attr-defined]
        finally:
            self._release()


def stream(
    contexts: tuple[Any, Any],
    code: str,
    seat_id: int | None,
    secret: str,
    seated: bool,
    seen: str,
) -> Iterator[bytes]:
    """A viewer's live events (``seat_id``'s, or with None the board's), from the tag it has
    seen; in its request's context (``contexts``: the app's and the request's), pushed again
    here. One generator, where Flask's ``stream_with_context`` and Werkzeug's encoding and
    closing would be three more around it: each is a level of the C stack that a waiting
    stream's greenlet keeps a copy of, and thousands wait. A function of the module, not one
    made for each stream, so that a stream holds only what it names."""
    with contexts[0], contexts[1]:
        sessions.let_go(contexts[1])  # read by the view; kept no longer, with its contents
        # Subscribed only once the body is read (never for a HEAD), then always let go.
        listener = store().listen(code, seat_id)
        try:
            yield f"retry: {retry_ms()}\n\n".encode()
            current: Table | None = store().load(code)  # after subscribing: nothing missed
            # What the last view was, by its hash: a stream holds no view (nor table) while it
            # waits, and thousands wait.
            last_view: int | None = None
            parts = SeatParts()  # what this stream has rendered and sent: nothing yet
            while current is not None:
                if seat_id is None:
                    board_speaks(current.language)  # the host's, unless opened with ?lang=
                    board, tag = board_parts(current, seated)
                    if tag != seen:
                        seen = tag
                        yield event("board", tag, addressed_board(board, code))
                        yield b""  # (see below)
                    board = None
                else:
                    still = current.seat_with_secret(secret)
                    if still is None or still.id != seat_id:  # removed, left, or moved away
                        yield event("gone", "", {})
                        return
                    view = view_for(current, seat_id)
                    rest = hash(rest_key(view, current))  # once: both keys start from it
                    key = hash(view_key(view, current, rest))
                    if key != last_view:  # the same view renders the same: nothing to send
                        last_view = key
                        tag, news = parts.event(view, current, rest)
                        if tag != seen:
                            seen = tag
                            yield event("seat", tag, news)
                            # Then nothing (the server sends no empty chunk): its write loop
                            # holds this empty value while the stream waits, not the event.
                            yield b""
                        news = None  # its parts: a card view is some 12 KB
                # While waiting, hold no table, view or text: thousands of streams wait.
                current = still = view = None
                while current is None:
                    current = listener.wait()
                    if listener.take_beats():
                        yield b": still here\n\n"
                    if listener.closed:
                        return
        except StoreUnavailable:
            return  # the store went out of reach: end the stream; the browser comes back
        finally:
            store().unlisten(listener)
