"""Limits that a flood meets and a real group never does, per client address (Flask-Limiter).

Starting tables, joining them, and every form or tap sent (a POST) are each counted over a
moving minute, for each client address: ``request.remote_addr``, which is the proxy's
``X-Forwarded-For`` only when the server is told to trust one proxy (``--behind-proxy``), so
that players behind nginx do not all share nginx's address unless it says who they are.

Nine players at one address in a round played at full speed send a few hundred posts in a
minute; one client that started 300 tables in 9 seconds meets the first limit after 60.
Past a limit the answer is a 429 page in the phone's language, with ``Retry-After``; the
request changed nothing, so nothing is lost.

The counts live where the tables do: in Redis when it is the store (every instance counts
together), else in each process's memory (each of a server's workers counts its own).

``LIMITS`` (``EVILROBOTS_LIMITS``, ``--limits``) sets them: ``on`` (the default), ``off``, or a
whole number that multiplies each (a load test from one address: ``bench/`` turns them off).
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from flask import Flask, current_app, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded
from limits.storage import MemoryStorage

# Each limit, per client address over a moving minute.
TABLES = 60  # tables started
JOINS = 120  # seats taken at tables (by code, link or a table's page)
POSTS = 1200  # forms and taps of any kind (20 a second, kept up for a whole minute)

# The views each limit counts (every POST counts towards ``POSTS`` as well).
STARTING = ("tables.start",)
JOINING = ("tables.join_by_code", "tables.join")

EXTENSION = "evilrobots.limiter"
ON, OFF = ("on", "yes", "true", "1", ""), ("off", "no", "false", "0")


def factor(setting: Any) -> int:
    """How many times the limits are raised (0: off) by the ``LIMITS`` setting; a ValueError
    that says what it takes for anything else."""
    said = str(setting if setting is not None else "").strip().lower()
    if said in ON:
        return 1
    if said in OFF:
        return 0
    if said.isdigit() and int(said) >= 1:
        return int(said)
    raise ValueError(f"LIMITS is {setting!r}: use on, off, or a whole number to raise them by")


def client_address() -> str:
    """Who a request is counted against: its client's address (see the module's text)."""
    return request.remote_addr or "unknown"


# How often a worker's memory forgets the counts that have run out (see ``SweptMemory``).
SWEEP_SECONDS = 1.0


class SweptMemory(MemoryStorage):
    """``limits``' memory storage, swept of the counts that have run out once a second at
    most. Its own sweep runs 10 ms after any hit, over every address it holds, on the worker's
    event loop: 13.6 ms for 9,000 addresses, so under load a hundred times a second. A count
    is judged by its own times whether or not it was swept: sweeping only frees memory."""

    STORAGE_SCHEME = ["evilrobots-memory"]

    def _MemoryStorage__schedule_expiry(self) -> None:  # the base class's, by its own name
        if self.timer.is_alive():
            return
        self.timer = threading.Timer(SWEEP_SECONDS, self._MemoryStorage__expire_events)
        self.timer.daemon = True
        self.timer.start()


def storage_of(store: str | None) -> str:
    """Where the counts live: the Redis store's server, else this process's memory."""
    if store and store.startswith(("redis://", "rediss://", "unix://")):
        return store
    return "evilrobots-memory://"


def init_app(app: Flask) -> Limiter:
    times = factor(app.config.get("LIMITS", "on"))

    def per_minute(amount: int) -> str:
        return f"{amount * max(times, 1)} per minute"

    limiter = Limiter(
        client_address,
        app=app,
        storage_uri=storage_of(app.config.get("STORE")),
        strategy="moving-window",
        # No X-RateLimit headers on every answer (nor Retry-After on a redirect): a 429
        # says Retry-After itself (``retry_after``).
        headers_enabled=False,
        key_prefix="evilrobots-limits",
        enabled=times > 0,
        # Counts out of reach (Redis down) never stop a tap: the store answers for itself.
        swallow_errors=True,
        application_limits=[
            ApplicationLimit(
                per_minute(POSTS),
                methods=["POST"],
                scope="posts",
                error_message=lambda: _("Too many taps and forms came from your address."),
            )
        ],
    )
    for endpoints, amount, said in (
        (STARTING, TABLES, lambda: _("Too many tables were started from your address.")),
        (JOINING, JOINS, lambda: _("Too many seats were taken from your address.")),
    ):
        decorate = limiter.shared_limit(
            per_minute(amount),
            scope=endpoints[0],
            methods=["POST"],
            error_message=said,
        )
        for endpoint in endpoints:  # checked as the view is called: the view, wrapped
            app.view_functions[endpoint] = decorate(app.view_functions[endpoint])
    app.extensions[EXTENSION] = limiter
    return limiter


def retry_after(error: RateLimitExceeded) -> int:
    """Seconds until the limit a request met lets the next one through (at least 1)."""
    limiter: Limiter = current_app.extensions[EXTENSION]
    met = limiter.current_limit
    if met is None:
        return 60
    return max(1, math.ceil(met.reset_at - time.time()))


def description(error: RateLimitExceeded, seconds: int) -> str:
    """What the 429 page says: which limit, when to try again (in ``seconds``), and that
    nothing was lost."""
    wait = ngettext(
        "Try again in %(num)d second: nothing was lost.",
        "Try again in %(num)d seconds: nothing was lost.",
        seconds,
    )
    return f"{error.description} {wait}"
