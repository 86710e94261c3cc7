"""Each player in their own language: which one a request is answered in, and the picker.

The language is, first to last: the one a page is opened with (``?lang=fr``, for a board on
a shared screen), the one the phone chose with the picker (its ``lang`` cookie), and the
best of the browser's ``Accept-Language``; English when none of ours is asked for. The words
themselves are Babel catalogs (``evilrobots/translations``), compiled when the package is
built (``hatch_build.py``), never committed compiled.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    g,
    has_request_context,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.globals import _cv_request
from flask_babel import Babel, get_translations, refresh
from flask_babel import gettext as _
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import BadRequest
from werkzeug.http import parse_accept_header

from ..serving.sessions import cookies_in

# Our languages, each named in itself: a player who reads no English finds their own.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
DEFAULT = "en"
COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 3600
LANGUAGE_KEY = "evilrobots.language"  # where a request keeps its language, once found
BOARD_KEY = "evilrobots.board"  # the language a board speaks: its host's

LOCALES = {code: Locale.parse(code) for code in LANGUAGES}

bp = Blueprint("i18n", __name__)
# What else follows a phone's choice of language (a table's board, its host's), each called
# with the language chosen and the page the picker goes back to: a choice is a POST, so what
# follows it may write, where the page the phone opens next must not.
FOLLOWERS = "evilrobots.language_followers"


def chosen(environ: dict[str, Any] | None = None) -> str | None:
    """The language this phone chose with the picker, if it chose one of ours. Read from
    the Cookie header as it comes (a phone sends the same one again and again), not from the
    request's parsed cookies, which a live page would keep for as long as it is open.
    ``environ``: the request's, where the caller has it."""
    header = (environ if environ is not None else request.environ).get("HTTP_COOKIE", "")
    if len(header) > COOKIE_HEADER_KEPT:  # not kept: padded headers cannot fill the memory
        return _chosen_in.__wrapped__(header)
    return _chosen_in(header)


# The longest Cookie header whose language is kept (ours, with the session, is some 300 bytes).
COOKIE_HEADER_KEPT = 1024


@functools.lru_cache(maxsize=512)
def _chosen_in(header: str) -> str | None:
    kept = cookies_in(header).get(COOKIE, "")
    return kept if kept in LANGUAGES else None


def select_locale() -> Locale:
    """The language of this request (see the module's text), as Babel's ``Locale``: parsed
    once per process, not once per request."""
    return LOCALES[language()]


def _language_of(environ: dict[str, Any]) -> str:
    """The language of the request whose WSGI environment this is (see the module's text).
    Its query is parsed only when it may name a language (``lang``, or spelled in escapes).
    Flask-Babel's ``force_locale`` (a test's) wins, as it did over its ``get_locale``."""
    forced = getattr(g.get("_flask_babel"), "forced_babel_locale", None)
    if forced is not None:
        return str(forced)
    query = environ.get("QUERY_STRING", "")
    if "lang" in query or "%" in query:
        asked = request.args.get("lang")
        if asked in LANGUAGES:
            return asked
    board = environ.get(BOARD_KEY)
    if board is not None:
        return board
    return chosen(environ) or best_of(environ.get("HTTP_ACCEPT_LANGUAGE", ""))


def phone_language() -> str:
    """The language this phone asked for itself (its picker's cookie, else its browser's),
    whatever page it opened (``?lang=`` aside)."""
    return chosen() or best_of(request.headers.get("Accept-Language", ""))


def board_speaks(host_language: str) -> None:
    """This request draws a table's board: it speaks its host's language (unless the board
    was opened with ``?lang=``), whatever the screen that shows it asks for."""
    wanted = host_language if host_language in LANGUAGES else DEFAULT
    environ = request.environ
    if environ.get(BOARD_KEY) == wanted:
        return
    environ[BOARD_KEY] = wanted
    environ.pop(LANGUAGE_KEY, None)
    refresh()


@functools.lru_cache(maxsize=512)
def best_of(header: str) -> str:
    """The best of our languages for a browser's ``Accept-Language``. A phone sends the same
    one with every request: read once, not at each (its parsing was a card view's 8 %)."""
    accepted = parse_accept_header(header[:500], LanguageAccept)
    return accepted.best_match(LANGUAGES, default=DEFAULT) or DEFAULT


def language() -> str:
    """The language this request is answered in: a key of ``LANGUAGES`` (English outside a
    request). Kept in the request once found: a power called asks it for every stream, and
    Flask-Babel's own answer (a ``Locale``, spelled out anew each time) cost 4 µs a time,
    6 % of the Countdown's CPU, and found the first time through it, 50 µs of a card view's
    300. The request is read from its context variable: through Flask's proxy, 2 µs, asked
    a hundred times a seat's event."""
    context = _cv_request.get(None)
    if context is None:  # no request: a process's own work
        return DEFAULT
    environ = context.request.environ
    found = environ.get(LANGUAGE_KEY)
    if found is None:
        found = environ[LANGUAGE_KEY] = _language_of(environ)
    return found


# Each language's catalog, once Flask-Babel has loaded it: looked up here by the language
# this request speaks (``language()``), where Flask-Babel finds the request's context, its
# locale and its catalog anew for every string (some 30 µs; a seat's page says hundreds).
_CATALOGS: dict[str, Any] = {}


def catalog() -> Any:
    """The catalog of the language this request speaks."""
    lang = language()
    found = _CATALOGS.get(lang)
    if found is None:
        found = get_translations()
        if has_request_context():  # outside a request, Flask-Babel has none to give
            _CATALOGS[lang] = found
    return found


def gettext(string: str, **variables: Any) -> str:
    """``flask_babel.gettext``, by the request's language's catalog kept once loaded."""
    text = catalog().ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """``flask_babel.ngettext``: the form the language's plural rules pick for ``num``
    (filled in as ``%(num)s``), by the request's language's catalog kept once loaded."""
    variables.setdefault("num", num)
    return catalog().ungettext(singular, plural, num) % variables


# A template's words with nothing to fill in, by language: as it shows them, once.
_MARKED: dict[tuple[str, str], Markup] = {}


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, string: str, /, **variables: Any) -> str:
    if not variables and eval_ctx.autoescape:
        key = (language(), string)
        found = _MARKED.get(key)
        if found is None:
            # Our catalogs' words, as Jinja's own gettext marks them: markup they hold is ours.
            found = _MARKED[key] = Markup(catalog().ugettext(string)) % {}  # nosec B704
        return found
    text = catalog().ugettext(string)
    # Our catalog's words (as Jinja's gettext marks them); the values filled in are escaped.
    return (Markup(text) if eval_ctx.autoescape else text) % variables  # nosec B704


@pass_eval_context
def template_ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, num: int, /, **variables: Any
) -> str:
    variables.setdefault("num", num)
    text = catalog().ungettext(singular, plural, num)
    return (Markup(text) if eval_ctx.autoescape else text) % variables  # nosec B704


def back_to(target: str) -> str:
    """Where the picker sends the phone back: a path of this app, never another site (nor
    an address that is none, such as ``//[x``)."""
    try:
        parts = urlsplit(target)
    except ValueError:
        return url_for("solo.cards")
    if (
        parts.scheme
        or parts.netloc
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target  # "/\evil.example": browsers read it as "//"
        or any(ord(c) < 0x20 or ord(c) == 0x7F for c in target)  # a header broken in two
    ):
        return url_for("solo.cards")
    return target


@bp.get("/language")
def page() -> str:
    """The picker on a page of its own, for the pages with no room for it (the card view)."""
    return render_template("language.html", back=back_to(request.args.get("next", "")))


@bp.post("/language")
def choose() -> Response:
    """The picker's form: keep the language in this phone's cookie, then go back to the
    page it was chosen on. A plain form, so it works without the script."""
    wanted = request.form.get("lang", "")
    if wanted not in LANGUAGES:
        raise BadRequest(
            _(
                "That language is not one the app speaks: choose English, Français, Deutsch or "
                "Español."
            )
        )
    back = back_to(request.form.get("next", ""))
    for follow in current_app.extensions.get(FOLLOWERS, ()):
        follow(wanted, back)
    response = redirect(back, code=303)
    response.set_cookie(
        COOKIE, wanted, max_age=COOKIE_SECONDS, samesite="Lax", secure=request.is_secure
    )
    return response


def vary(response: Response) -> Response:
    """A page's words depend on the phone's cookie and its browser's languages: a cache
    must keep one copy for each."""
    if response.mimetype in ("text/html", "application/json"):
        response.headers.add("Vary", "Accept-Language, Cookie")  # a list header: may repeat
    return response


def picker(back: str) -> Markup:
    """The language picker's form, coming back to ``back``."""
    return current_app.jinja_env.get_template("_language.html").module.picker(back)


def picker_link(back: str, short: bool = True) -> Markup:
    """A link to the picker's page, naming the language in use, coming back to ``back``."""
    return current_app.jinja_env.get_template("_language.html").module.link(back, short)


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale, default_translation_directories="translations")
    # The templates' _() and ngettext(), by the catalog kept once loaded (see ``catalog``),
    # each one call: Jinja's own wrap the function given in two more calls through the
    # template's context (17 µs a string; a seat's live part says some twenty, for each of
    # its table's seats at each reveal). They do what Jinja's "newstyle" ones do: the words
    # escaped as the template is, then always formatted ("%%" is "%").
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext)
    app.jinja_env.globals.update(ngettext=template_ngettext)
    app.register_blueprint(bp)
    app.after_request(vary)
    # "Sin conexión", not "Sin conexi\u00f3n": a page's words travel as the UTF-8 they are.
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.jinja_env.globals.update(
        languages=LANGUAGES, language=language, language_picker=picker, language_link=picker_link
    )
