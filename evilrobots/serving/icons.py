"""The pictures (game-icons.net art and our own glyphs), served as one SVG sprite.

A page names a picture with ``<use href="/icons.svg?v=…#name">``, so it carries a few dozen
bytes per picture instead of the picture itself: the card view's HTML is a third of its old
size, renders and compresses that much faster, and a new hand needs no new art. The browser
fetches the sprite once and keeps it for a year (its URL changes with its content). The
glyphs' stroke style comes from the stylesheet (``.glyph``), inherited into the sprite.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, request

from .assets import YEAR

bp = Blueprint("icons", __name__)

_VIEW_BOX = re.compile(r'viewBox="([^"]+)"')
_PATH_DATA = re.compile(r'( d=")([^"]*)(")')
# A number's ".0" that says nothing ("4.0 " is "4 "): the whole number is digits, a point and
# a nought, so not "4.05", nor "12.0.5" (12.0 then .5), nor ".00.0" (.00 then .0).
_POINT_ZERO = re.compile(r"(?<![\d.])(\d+)\.0(?=[^\d.])")


def shorter_path_data(svg: str) -> str:
    """The pictures' path data with every number as written, but for the ".0"s that say
    nothing: the same shapes in 0.3 kB less of the card view's first load."""
    return _PATH_DATA.sub(lambda m: m[1] + _POINT_ZERO.sub(r"\1", m[2]) + m[3], svg)


@dataclass(frozen=True, slots=True)
class Sprite:
    """Every SVG in ``static/icons`` and ``static/glyphs`` as a ``<symbol>`` named after it."""

    svg: bytes
    version: str

    @classmethod
    def build(cls, static: Path) -> Sprite:
        symbols, names = [], set()
        for path in sorted([*static.glob("icons/*.svg"), *static.glob("glyphs/*.svg")]):
            if path.stem in names:
                raise ValueError(f"two pictures are called {path.stem}")
            names.add(path.stem)
            text = path.read_text()
            root = text[: text.index(">")]
            view_box = _VIEW_BOX.search(root)
            inner = shorter_path_data(text[len(root) + 1 : text.rindex("</svg>")])
            symbols.append(
                f'<symbol id="{path.stem}" viewBox="{view_box.group(1) if view_box else ""}">'
                f"{inner}</symbol>"
            )
        svg = ('<svg xmlns="http://www.w3.org/2000/svg">' + "".join(symbols) + "</svg>").encode()
        return cls(svg, hashlib.sha256(svg).hexdigest()[:12])


def sprite() -> Sprite:
    """The running app's sprite (rebuilt on each use while developing, so edits show)."""
    if current_app.debug:
        return Sprite.build(Path(current_app.static_folder or ""))
    return current_app.extensions["evilrobots.sprite"]


@bp.get("/icons.svg")
def icons_svg() -> Response:
    """The sprite; immutable for a year under its current version, revalidated otherwise
    (compressed once per encoding, as a versioned static file: ``compress``)."""
    current = sprite()
    response = Response(current.svg, mimetype="image/svg+xml")
    response.set_etag(current.version)
    if request.args.get("v") == current.version:
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.no_cache = True
    return response.make_conditional(request)


def sprite_url() -> str:
    """Where pages find the sprite: its path with the current version."""
    return f"{request.script_root}/icons.svg?v={sprite().version}"


def init_app(app: Flask) -> None:
    app.extensions["evilrobots.sprite"] = Sprite.build(Path(app.static_folder or ""))
    app.register_blueprint(bp)
    app.jinja_env.globals["sprite_url"] = sprite_url
