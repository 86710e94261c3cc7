"""Pages to read: the rules, the robot gallery, playing over video, credits."""

from __future__ import annotations

from flask import Blueprint, render_template

from .artwork import all_artwork
from .cards import ROBOTS

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
