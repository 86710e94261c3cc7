"""Build the Flask app: configuration, secret key, blueprints and the services around them."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, render_template

from .game.actions import Action, Part
from .game.cards import Allegiance
from .game.scoring import TARGETS
from .game.table import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL
from .game.table.limits import (
    DEBATE_CHOICES,
    LEVELS,
    PACE_CHOICES,
    PRACTICE_COMPUTERS,
    SPLIT_CHOICES,
    SPLIT_SECONDS,
    TURN_CHOICES,
    WINDOW_CHOICES,
)
from .serving import assets, compress, icons, limits, security, sessions
from .serving.secret_key import load_or_create_secret_key
from .store import HEARTBEAT_SECONDS
from .web import (
    address,
    chart,
    errors,
    facts,
    forms,
    fragments,
    i18n,
    pages,
    solo,
    story,
    tables,
    words,
)
from .web.artwork import ALLEGIANCE_ART, art_for
from .web.guide import note_for
from .web.templating import Templates


class App(Flask):
    """Flask, with each function's answer to "is it a coroutine?" kept: Flask asks it of every
    view and hook at every request (nine a card view, 25 µs of its 300). A function's kind
    never changes; a new function is asked once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            return self._synced[func]
        except KeyError:
            synced = self._synced[func] = super().ensure_sync(func)
            return synced
        except TypeError:  # a callable that cannot be a key
            return super().ensure_sync(func)


def create_app(
    test_config: dict[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
    settings: dict[str, Any] | None = None,
) -> Flask:
    """Build the app: config, secret key, the applet, tables, and friendly error pages.

    Without ``test_config`` the configuration comes from the environment; ``settings`` (the
    server's flags) then win over it.
    """
    root = assets.asset_root()
    app = App(
        "evilrobots",  # installed, its instance folder is <prefix>/var/evilrobots-instance
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    # Each template's globals one dict (before the environment is made, at its first use).
    app.jinja_environment = Templates
    app.config.from_mapping(
        SESSION_COOKIE_NAME="evilrobots",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        # Set the cookie only when the hand changes, so static files never carry one.
        SESSION_REFRESH_EACH_REQUEST=False,
        MAX_CONTENT_LENGTH=16 * 1024,
        RANDOM=secrets.SystemRandom(),
        CLOCK=time.time,
        STORE=None,  # where tables live: None for SQLite in the instance folder, or redis://
        TICKER=True,  # this process moves tables on when their timers run out
        HEARTBEAT_SECONDS=HEARTBEAT_SECONDS,  # each live page's comment, to keep proxies open
        LIMITS="on",  # per client address (``serving.limits``): on, off, or raised N times
        PUBLIC_URL=None,  # the address players open, for the links they copy (``web.address``)
    )
    if test_config is None:
        app.config.from_prefixed_env()
        app.config["STORE"] = os.environ.get("EVILROBOTS_STORE") or None
        app.config["LIMITS"] = os.environ.get("EVILROBOTS_LIMITS", "on")
        app.config["PUBLIC_URL"] = os.environ.get("EVILROBOTS_PUBLIC_URL") or None
        app.config.from_mapping({k: v for k, v in (settings or {}).items() if v is not None})
        if os.environ.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    else:
        app.config.from_mapping(test_config)
    app.config["PUBLIC_URL"] = address.public_url(app.config.get("PUBLIC_URL"))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_or_create_secret_key(app.instance_path)

    sessions.init_app(app)
    compress.init_app(app)  # first: its hook runs after every other's (the Vary they say)
    i18n.init_app(app)
    assets.init_app(app)
    icons.init_app(app)
    fragments.init_app(app)
    app.register_blueprint(solo.bp)
    app.register_blueprint(pages.bp)
    tables.init_app(app)
    security.init_app(app)
    app.before_request(forms.refuse_malformed_text)
    errors.init_app(app)
    limits.init_app(app)  # once every view is in place: it wraps those it counts

    @app.get("/healthz")
    def healthz() -> Response:
        """For load balancers: the app answers and can render a page. Sets no cookie."""
        render_template("_glyphs.html")
        return Response("ok\n", mimetype="text/plain", headers={"Cache-Control": "no-store"})

    app.jinja_env.globals.update(
        art_for=art_for,
        note_for=note_for,
        allegiance_art=ALLEGIANCE_ART,
        Allegiance=Allegiance,
        Part=Part,
        cheat_actions=" ".join(action.slug for action in Action if action.cheat_may_lie),
        # The game's limits, for the pages that state them (never written in a template).
        min_players=MIN_PLAYERS,
        max_seats=MAX_SEATS,
        min_to_deal=MIN_TO_DEAL,
        targets=TARGETS,
        debate_choices=DEBATE_CHOICES,
        pace_choices=PACE_CHOICES,
        window_choices=WINDOW_CHOICES,
        turn_choices=TURN_CHOICES,
        split_choices=SPLIT_CHOICES,
        split_seconds=SPLIT_SECONDS,
        levels=LEVELS,
        practice_counts=PRACTICE_COMPUTERS,
    )
    app.jinja_env.globals.update(words.for_templates())
    app.jinja_env.globals.update(facts.for_templates())
    app.jinja_env.globals.update(chart.for_templates())
    app.jinja_env.globals.update(story.for_templates())
    return app
