"""Tables: one deal for the whole call. Start and join (``lobby``), the seat page and the
board (``seat``), playing a round (``play``), the host's controls (``host``), leaving and
moving a seat (``move``), live events (``events``).

Every control is a plain form answered with a redirect; a request that asks for JSON gets a
small answer for the script instead. Every page and event renders one viewer's view
(``viewers.view_for``), in which what they may not see is simply absent.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from ...game.scoring import DISAGREE_MEANS
from ...game.table import NAME_LIMIT
from ...store import StoreUnavailable, open_store
from ..errors import http_error
from ..i18n import FOLLOWERS
from . import events, host, lobby, move, play, seat, story, turns  # noqa: F401  (each adds its routes)
from .common import bp, host_chose, spoken_code

# A page that finds the shared store out of reach asks to be tried again after this.
RETRY_AFTER_SECONDS = 5


def unavailable(error: StoreUnavailable) -> tuple[str, int, list[tuple[str, str]]]:
    """The shared store is out of reach (Redis restarting): say so, and when to try again."""
    return http_error(
        ServiceUnavailable(
            _(
                "The tables are out of reach for a moment. Your seat and cards are kept: "
                "try again in a few seconds."
            ),
            retry_after=RETRY_AFTER_SECONDS,
        )
    )


def init_app(app: Flask) -> None:
    store = app.extensions["evilrobots.store"] = open_store(
        app.config.get("STORE"),
        app.instance_path,
        clock=app.config["CLOCK"],
        ticking=app.config["TICKER"],
        heartbeat=app.config["HEARTBEAT_SECONDS"],
    )
    store.rng = app.config["RANDOM"]  # the deals the app makes by itself, as the host's
    app.register_blueprint(bp)
    app.extensions.setdefault(FOLLOWERS, []).append(host_chose)  # the board follows its host
    app.register_error_handler(StoreUnavailable, unavailable)
    app.jinja_env.globals.update(
        name_limit=NAME_LIMIT, disagree_means=DISAGREE_MEANS, spoken_code=spoken_code
    )


__all__ = ["bp", "init_app"]
