"""Pages to read: the rules, the robot gallery, playing over video, credits."""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, render_template, url_for
from flask_babel import gettext as _

from ..game.cards import POWER_DECK, ROBOTS
from ..serving.icons import sprite_url
from .artwork import all_artwork
from .i18n import LANGUAGES, language

bp = Blueprint("pages", __name__)


@bp.get("/rules")
def rules() -> str:
    return render_template("rules.html")


@bp.get("/robots")
def robots() -> str:
    return render_template("robots.html", robots=ROBOTS)


@bp.get("/video")
def video() -> str:
    return render_template("video.html")


@bp.get("/credits")
def credits() -> str:
    return render_template("credits.html", artwork=all_artwork())


@bp.get("/print")
def print_and_play() -> str:
    robots, powers = list(ROBOTS), sorted(POWER_DECK)
    sheets = [
        {"kind": "robot", "title": _("Robot cards, sheet 1 of 2"), "cards": robots[:9]},
        {"kind": "robot", "title": _("Robot cards, sheet 2 of 2"), "cards": robots[9:]},
        {"kind": "power", "title": _("Power cards, sheet 1 of 2"), "cards": powers[:9]},
        {"kind": "power", "title": _("Power cards, sheet 2 of 2"), "cards": powers[9:]},
    ]
    return render_template("print.html", sheets=sheets)


OFFLINE_ASSETS = [
    "css/app.css",
    "js/app.js",
    "icons/robot-golem.svg",  # the favicon
    "app/icon-192.png",
]


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The app's manifest, in the page's language (the page links it with ``?lang=``): the
    name and description a phone shows when the app is installed."""
    icons = [
        ("icon-192.png", "192x192", "any"),
        ("icon-512.png", "512x512", "any"),
        ("icon-maskable-512.png", "512x512", "maskable"),
    ]
    body = {
        "name": _("Evil Robots companion"),
        "short_name": "Evil Robots",
        "description": _("Your Evil Robots cards on your phone, ready to hold up to the webcam."),
        "lang": language(),
        "dir": "ltr",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#161a22",
        "theme_color": "#161a22",
        "icons": [
            {
                "src": url_for("static", filename=f"app/{name}"),
                "sizes": sizes,
                "type": "image/png",
                "purpose": purpose,
            }
            for name, sizes, purpose in icons
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["Vary"] = "Accept-Language, Cookie"  # without ?lang=, the phone's
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so it can serve every page of the app."""
    body = render_template(
        "sw.js",
        release=current_app.extensions["evilrobots.assets"].release(),
        precache=[url_for("static", filename=name) for name in OFFLINE_ASSETS]
        + [sprite_url()]
        + [url_for("pages.manifest", lang=code) for code in LANGUAGES],
        pages=[
            url_for("solo.cards"),
            url_for("pages.rules"),
            url_for("pages.robots"),
            url_for("pages.video"),
        ],
    )
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response
