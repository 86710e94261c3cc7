"""Static files under content-hashed URLs, cached for a year; URLs built once per process.

A URL that carries the current hash of its file can be cached for good: a new deploy changes
the URL, so no player is left on stale files.
"""

from __future__ import annotations

import functools
import hashlib
import mimetypes
import posixpath
import re
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from flask import url_for as flask_url_for
from werkzeug.security import safe_join

YEAR = 365 * 24 * 3600

mimetypes.add_type("application/manifest+json", ".webmanifest")


def asset_root() -> Path:
    """Return the folder holding ``templates/`` and ``static/``.

    In a source checkout they sit beside the package; a built wheel carries them inside it.
    """
    package = Path(__file__).resolve().parents[1]
    return package if (package / "templates").is_dir() else package.parent


class StaticVersions:
    """Content hashes of static files as they are sent, so each URL changes when they do."""

    def __init__(self, folder: Path, remember: bool = True) -> None:
        self.folder = folder
        self.remember = remember  # off while developing, so an edited file gets a new URL
        self._versions: dict[str, str] = {}
        self._trimmed: dict[str, bytes] = {}

    def path_of(self, filename: str) -> Path | None:
        """The file a static URL names, or None if it names none, climbs out, or is spelled
        other than its one plain way (``css/./app.css``: no end of such keys to remember)."""
        if posixpath.normpath(filename) != filename:
            return None
        joined = safe_join(str(self.folder), filename)
        try:
            return Path(joined) if joined and Path(joined).is_file() else None
        except (OSError, ValueError):  # a name too long, or with a NUL in it
            return None

    def served(self, filename: str) -> bytes | None:
        """A static file's bytes as they are sent: stylesheets and scripts without comments."""
        if filename in self._trimmed and self.remember:
            return self._trimmed[filename]
        path = self.path_of(filename)
        if path is None:
            return None
        data = path.read_bytes()
        trim = TRIMMED.get(path.suffix)
        if trim:
            data = self._trimmed[filename] = trim(data.decode()).encode()
        return data

    def version_of(self, filename: str) -> str:
        """Return the short hash of a static file as sent ("missing" if there is none)."""
        if filename not in self._versions or not self.remember:
            data = self.served(filename)
            if data is None:
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


def assets() -> StaticVersions:
    """The running app's static file versions."""
    return current_app.extensions["evilrobots.assets"]


def remembered_url_for() -> Any:
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


def _static_max_age(versions: StaticVersions, filename: str | None) -> int | None:
    """A year for a URL that names the file's current version; otherwise revalidate."""
    if filename and request.args.get("v") == versions.version_of(filename):
        return YEAR
    return 0


# A comment, or a string kept whole (so a "/*" inside one is no comment): the one thing a
# stylesheet must be read token by token for, to leave its comments out safely.
_CSS_COMMENT_OR_STRING = re.compile(r'("(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')|/\*.*?\*/', re.S)
_BLANK_LINES = re.compile(r"\n\s*\n")


def without_comments(css: str) -> str:
    """A stylesheet without its comments and the blank lines they leave; rules untouched.

    Our stylesheets explain themselves in comments, which browsers never read: on the wire
    they were a fifth of the card view's stylesheet (1.2 of 5.6 kB gzipped). Two things it
    does not handle, which our stylesheets do not do (a Chromium test compares the rules
    read from each as written and as sent): a comment between two tokens with nothing
    around it (``1px/**/2px`` would become ``1px2px``), and an unquoted ``url()`` holding
    ``/*``.
    """
    text = _CSS_COMMENT_OR_STRING.sub(lambda match: match.group(1) or "", css)
    return _BLANK_LINES.sub("\n", text).strip() + "\n"


_LINE_COMMENTS = re.compile(r"^[ \t]*//.*\n", re.M)
_INDENT = re.compile(r"^[ \t]+", re.M)


def without_line_comments(script: str) -> str:
    """A script without the lines that are only a ``//`` comment, nor any line's indent; all
    else as written.

    Outside a template literal or a line continued by a backslash, a line whose first
    characters are ``//`` can only be a comment, and the spaces a line starts with separate
    nothing; a script with either is left whole. Our scripts explain themselves in such
    lines: 1.3 of app.js's 5.1 kB on the wire; their indents, 0.2 more.
    """
    if "`" in script or "\\\n" in script:
        return script
    return _INDENT.sub("", _LINE_COMMENTS.sub("", script))


# What goes out of each kind of file, trimmed of what browsers never read.
TRIMMED = {".css": without_comments, ".js": without_line_comments}
MIMETYPES = {".css": "text/css", ".js": "text/javascript"}


def send_trimmed_files(app: Flask, versions: StaticVersions) -> None:
    """Wrap the static view so stylesheets and scripts go out as ``served`` gives them.

    Their validators are the hash of those bytes, and they are always sent whole: a byte
    range of the file on disk would not fit what is sent.
    """
    send = app.view_functions["static"]

    @functools.wraps(send)
    def static(filename: str) -> Response:
        suffix = Path(filename).suffix
        data = versions.served(filename) if suffix in TRIMMED else None
        if data is None:
            return send(filename=filename)  # any other file, or a 404
        response = Response(data, mimetype=MIMETYPES[suffix])
        max_age = app.get_send_file_max_age(filename) or 0
        if max_age:
            response.cache_control.public = True
        else:
            response.cache_control.no_cache = True
        response.cache_control.max_age = max_age
        response.set_etag(versions.version_of(filename))
        return response.make_conditional(request)

    app.view_functions["static"] = static


def mark_versioned_files_immutable(response: Response) -> Response:
    if request.endpoint == "static" and response.cache_control.max_age == YEAR:
        response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    """Version every static URL by its content and cache versioned files for a year."""
    versions = StaticVersions(Path(app.static_folder or ""), remember=not app.debug)
    app.extensions["evilrobots.assets"] = versions

    @app.url_defaults
    def version_static_urls(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values:
            values.setdefault("v", versions.version_of(values["filename"]))

    app.get_send_file_max_age = functools.partial(_static_max_age, versions)  # type: ignore[method-assign]
    app.after_request(mark_versioned_files_immutable)
    send_trimmed_files(app, versions)
    app.jinja_env.globals["url_for"] = remembered_url_for()
