"""Evil Robots companion: the card applet for one phone, served by Flask."""

from __future__ import annotations

import functools
import hashlib
import mimetypes
import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, render_template, request
from flask import url_for as flask_url_for
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from . import compress, pages, security, solo
from .artwork import ALLEGIANCE_ART, art_for
from .cards import Allegiance
from .guide import note_for
from .hand import Part


def _asset_root() -> Path:
    """Return the folder holding ``templates/`` and ``static/``.

    In a source checkout they sit beside the package; a built wheel carries them inside it.
    """
    here = Path(__file__).resolve().parent
    return here if (here / "templates").is_dir() else here.parent


def load_or_create_secret_key(instance_path: str | os.PathLike[str]) -> str:
    """Return the key that signs sessions, generating it once and keeping it in the instance folder.

    The first process to need a key writes it with O_EXCL, so workers started together agree.
    """
    folder = Path(instance_path)
    folder.mkdir(parents=True, exist_ok=True)
    key_file = folder / "secret_key"
    try:
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = key_file.read_text().strip()
        if len(key) >= 32:
            return key
        raise RuntimeError(f"{key_file} is too short to be a secret key; delete it") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key


# Said in place of Werkzeug's own texts, which speak to developers rather than players.
FRIENDLY_ERRORS = {
    400: "The app could not understand that request: a field was missing or had a value "
    "it does not know.",
    404: "There is nothing at this address.",
    405: "This address only answers to the buttons on your card view; "
    "it cannot be opened like this.",
    409: "Your hand changed in the meantime; reload to see your cards.",
    413: "That request was far too large for this app.",
}


mimetypes.add_type("application/manifest+json", ".webmanifest")


def create_app(
    test_config: dict[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Build the app: config, secret key, the solo applet and friendly error pages."""
    root = _asset_root()
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.from_mapping(
        SESSION_COOKIE_NAME="evilrobots",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        # Set the cookie only when the hand changes, so static files never carry one.
        SESSION_REFRESH_EACH_REQUEST=False,
        MAX_CONTENT_LENGTH=16 * 1024,
        RANDOM=secrets.SystemRandom(),
    )
    if test_config is None:
        app.config.from_prefixed_env()
        if os.environ.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_or_create_secret_key(app.instance_path)

    assets = StaticVersions(Path(app.static_folder), remember=not app.debug)
    app.extensions["evilrobots.assets"] = assets

    @app.url_defaults
    def version_static_urls(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values:
            values.setdefault("v", assets.version_of(values["filename"]))

    app.get_send_file_max_age = functools.partial(_static_max_age, assets)  # type: ignore[method-assign]
    app.register_blueprint(solo.bp)
    app.register_blueprint(pages.bp)
    security.init_app(app)
    compress.init_app(app)

    @app.get("/healthz")
    def healthz() -> Response:
        """For load balancers: the app answers and can render a page. Sets no cookie."""
        render_template("_glyphs.html")
        return Response("ok\n", mimetype="text/plain", headers={"Cache-Control": "no-store"})

    @app.after_request
    def mark_versioned_files_immutable(response: Response) -> Response:
        if request.endpoint == "static" and response.cache_control.max_age == YEAR:
            response.cache_control.immutable = True
        return response

    app.jinja_env.globals.update(
        url_for=_remembered_url_for(),
        icon_art=functools.partial(_icon_art, Path(app.static_folder)),
        art_for=art_for,
        note_for=note_for,
        allegiance_art=ALLEGIANCE_ART,
        Allegiance=Allegiance,
        Part=Part,
    )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        description = error.description
        if description == type(error).description:
            description = FRIENDLY_ERRORS.get(error.code or 500, description)
        return (
            render_template("error.html", error=error, description=description),
            error.code or 500,
        )

    return app


class StaticVersions:
    """Content hashes of static files, so each URL changes when its file does.

    A URL that carries the current hash can be cached for a year; a new deploy changes the
    URL, so no player is left on stale files.
    """

    def __init__(self, folder: Path, remember: bool = True) -> None:
        self.folder = folder
        self.remember = remember  # off while developing, so an edited file gets a new URL
        self._versions: dict[str, str] = {}

    def version_of(self, filename: str) -> str:
        if filename not in self._versions or not self.remember:
            try:
                data = (self.folder / filename).read_bytes()
            except OSError:
                return "missing"
            self._versions[filename] = hashlib.sha256(data).hexdigest()[:12]
        return self._versions[filename]

    def release(self) -> str:
        """One hash for all static files: the service worker's cache name."""
        digest = hashlib.sha256()
        for path in sorted(p for p in self.folder.rglob("*") if p.is_file()):
            digest.update(path.relative_to(self.folder).as_posix().encode())
            digest.update(self.version_of(path.relative_to(self.folder).as_posix()).encode())
        return digest.hexdigest()[:12]


def _remembered_url_for() -> Any:
    """``url_for`` for templates, remembering each URL it builds.

    A page builds the same few dozen URLs every time; building each costs about as much as
    the rest of the page together. The URLs depend only on the arguments and the mount
    point (static URLs carry a version fixed for the life of the process).
    """
    cache: dict[tuple[Any, ...], str] = {}

    def url_for_template(endpoint: str, **values: Any) -> str:
        if values.get("_external") or current_app.debug:
            return flask_url_for(endpoint, **values)  # depends on the Host header / may change
        key = (request.script_root, endpoint, *sorted(values.items()))
        try:
            return cache[key]
        except KeyError:
            url = cache[key] = flask_url_for(endpoint, **values)
            return url
        except TypeError:  # an unhashable argument: build it every time
            return flask_url_for(endpoint, **values)

    return url_for_template


YEAR = 365 * 24 * 3600


def _static_max_age(assets: StaticVersions, filename: str | None) -> int | None:
    """A year for a URL that names the file's current version; otherwise revalidate."""
    if filename and request.args.get("v") == assets.version_of(filename):
        return YEAR
    return 0


@functools.cache
def _icon_body(static: Path, name: str) -> str:
    text = (static / "icons" / f"{name}.svg").read_text()
    return text[text.index(">") + 1 : text.rindex("</svg>")]


def _icon_art(static: Path, name: str) -> Markup:
    """Return the shapes inside one of our own SVG icons, for the ``icon`` macro to wrap."""
    return Markup(_icon_body(static, name))  # nosec B704
