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

import functools
import ipaddress
import logging
import math
import threading
import time
from typing import Any

from flask import Flask, current_app, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded
from limits.storage import MemoryStorage
from werkzeug.exceptions import TooManyRequests

LOG = logging.getLogger(__name__)

# Each limit, per client address over a moving minute.
TABLES = 60  # tables started
JOINS = 120  # seats taken at tables (by code, link or a table's page)
POSTS = 1200  # forms and taps of any kind (20 a second, kept up for a whole minute)

STORIES = 300  # story pages read, by a table's code or a share link (five a second)
# Live pages (event streams) one address holds open at once, in each process. A group of nine
# phones and a board behind one home router hold 10; a phone that reloads or comes back
# after a drop may hold its old stream too until the server notices it is gone (at its next
# heartbeat, 15 s), and a player may open the board beside their seat: 10 live, 10 not yet
# noticed, 10 boards or second tabs, and 10 spare.
STREAMS = 40

# The views each limit counts (every POST counts towards ``POSTS`` as well).
STARTING = ("tables.start",)
JOINING = ("tables.join_by_code", "tables.join")
READING = ("tables.story", "tables.shared_story")  # the only reads counted

EXTENSION = "evilrobots.limiter"
STREAMS_EXTENSION = "evilrobots.streams"
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
    """Who a request is counted against: its client's address (see the module's text); an
    IPv6 address by its /64, which one home network holds whole (a phone may take a new
    address in it for each connection)."""
    address = request.remote_addr or "unknown"
    if ":" in address:
        return _network_of(address)
    if "HTTP_X_FORWARDED_FOR" in request.environ and not _warned:
        _warn_untrusted_proxy()
    return address


@functools.lru_cache(maxsize=4096)
def _network_of(address: str) -> str:
    try:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    except ValueError:
        return address


_warned = False


def _warn_untrusted_proxy() -> None:
    """Said once a process: requests come through a proxy the server was not told to trust,
    so every player behind it counts as one address (``--behind-proxy``)."""
    global _warned
    if "werkzeug.proxy_fix.orig" in request.environ:  # trusted: ProxyFix read it
        return
    _warned = True
    LOG.warning(
        "requests carry X-Forwarded-For from %s, a proxy the server does not trust: every "
        "client behind it counts as that one address against the limits (serve with "
        "--behind-proxy when a proxy of yours is in front)",
        request.remote_addr,
    )


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
    for endpoints, amount, methods, said in (
        (STARTING, TABLES, ["POST"], lambda: _("Too many tables were started from your address.")),
        (JOINING, JOINS, ["POST"], lambda: _("Too many seats were taken from your address.")),
        (
            READING,
            STORIES,
            ["GET", "HEAD"],  # a HEAD draws the story as a GET does
            lambda: _("Too many stories were read from your address."),
        ),
    ):
        decorate = limiter.shared_limit(
            per_minute(amount),
            scope=endpoints[0],
            methods=methods,
            error_message=said,
        )
        for endpoint in endpoints:  # checked as the view is called: the view, wrapped
            app.view_functions[endpoint] = decorate(app.view_functions[endpoint])
    if times > 0:  # (off, Flask-Limiter hooks in nothing)
        only_when_counted(app, limiter)
        app.extensions[STREAMS_EXTENSION] = Streams(STREAMS * times)
    app.extensions[EXTENSION] = limiter
    return limiter


class Streams:
    """The live streams each address holds open in this process, counted as they open and
    close (a worker's greenlets, or a threaded worker's threads: under a lock)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, address: str) -> bool:
        """One more stream for ``address``, if it holds fewer than the most."""
        with self._lock:
            held = self._open.get(address, 0)
            if held >= self.most:
                return False
            self._open[address] = held + 1
            return True

    def release(self, address: str) -> None:
        with self._lock:
            held = self._open.pop(address, 0) - 1
            if held > 0:
                self._open[address] = held

    def held(self, address: str) -> int:
        return self._open.get(address, 0)


class TooManyStreams(TooManyRequests):
    """A live page refused: its address holds the most streams already."""

    def __init__(self, seconds: int) -> None:
        wait = ngettext(
            "Try again in %(num)d second: nothing was lost.",
            "Try again in %(num)d seconds: nothing was lost.",
            seconds,
        )
        said = _("Too many live pages are open from your address.")
        super().__init__(f"{said} {wait}", retry_after=seconds)


def streams() -> Streams | None:
    """This app's count of open streams (None: the limits are off)."""
    return current_app.extensions.get(STREAMS_EXTENSION)


COUNTED_KEY = "evilrobots.limits.counted"


def counted() -> bool:
    """Whether a limit counts this request: a POST, or a read of a story. Every other read
    (the card view, a table's pages, its live stream, a static file) meets no limit here.
    Worked out once per request (each of the limiter's three hooks asks)."""
    req = request._get_current_object()  # once: each read through the proxy costs 1.6 µs
    environ = req.environ
    found = environ.get(COUNTED_KEY)
    if found is None:
        found = environ[COUNTED_KEY] = (
            environ.get("REQUEST_METHOD") == "POST" or req.endpoint in READING
        )
    return found


def only_when_counted(app: Flask, limiter: Limiter) -> None:
    """Flask-Limiter's hooks (before, after and at the end of each request) run for the
    requests a limit counts, and for no other. Run for every read, they cost it some 120 µs
    of its 400 (the card view, in-process, limits on against off), though no limit applies
    to a read and none is looked up in the storage: working out that none applies is the
    cost."""

    def is_ours(hook: Any) -> bool:
        return getattr(hook, "__self__", None) is limiter or limiter in getattr(hook, "args", ())

    found = 0
    for hooks, passed in (
        (app.before_request_funcs, None),
        (app.after_request_funcs, 0),
        (app.teardown_request_funcs, None),
    ):
        funcs = hooks.get(None, [])
        for index, hook in enumerate(funcs):
            if is_ours(hook):
                funcs[index] = _when_counted(hook, passed)
                found += 1
    if found != 3:  # a Flask-Limiter that hooks in otherwise: its hooks left as they are
        raise RuntimeError(f"Flask-Limiter's request hooks not found ({found} of 3)")


def _when_counted(hook: Any, passed: int | None) -> Any:
    """``hook``, run when ``counted``; else nothing done (an after-request hook's response,
    argument ``passed``, handed on as it came)."""

    @functools.wraps(hook)
    def gated(*args: Any) -> Any:
        if counted():
            return hook(*args)
        return args[passed] if passed is not None else None

    return gated


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
