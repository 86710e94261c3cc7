"""Live pages: each viewer's view of a table as Server-Sent Events, for as long as the page
is open.

The store says "table changed, version N", and each stream renders its own viewer's view: a
seat page gets its seat's parts, the board (and anyone without a seat) the board.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from flask import Response, render_template, request, stream_with_context

from ...game.table import Table
from ...store import Listener, StoreUnavailable
from .common import bp, code_from_url, load_table, my_seat, store
from .parts import join_details, live_parts

# Idle streams send a comment this often, so that proxies keep them open.
HEARTBEAT_SECONDS = 15
# How long a browser waits before reconnecting a dropped stream: two to four seconds, drawn
# for each stream, so that after a restart thousands of browsers do not all come back in
# the same instant.
RETRY_MS = (2000, 4000)


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
