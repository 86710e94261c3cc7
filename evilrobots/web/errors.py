"""Error pages in words a player understands, never a developer's stack trace.

The game refuses with its own errors, which say what kind of refusal it is; here, and only
here, each kind becomes an HTTP status.
"""

from __future__ import annotations

from babel.lists import format_list
from flask import Flask, Response, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_limiter import RateLimitExceeded
from werkzeug.exceptions import HTTPException, default_exceptions

from ..game.actions import Action
from ..game.cards import Allegiance, PowerCard, Robot
from ..game.errors import Conflict, GameError, NotAllowed, NotFound
from ..game.messages import Message
from ..game.table import clean_code
from ..serving import limits
from .forms import wants_json
from .i18n import language
from .words import label

# Said in place of Werkzeug's own texts, which speak to developers rather than players.
FRIENDLY_ERRORS = {
    400: _l(
        "The app could not understand that request: a field was missing or had a value it "
        "does not know."
    ),
    404: _l("There is nothing at this address."),
    405: _l(
        "This address only answers to the buttons on your card view; it cannot be opened like this."
    ),
    409: _l("Your hand changed in the meantime; reload to see your cards."),
    413: _l("That request was far too large for this app."),
}
# Each status's name, as the page's title says it (in English, the names HTTP gives them).
NAMES = {
    400: _l("Bad Request"),
    403: _l("Forbidden"),
    404: _l("Not Found"),
    405: _l("Method Not Allowed"),
    409: _l("Conflict"),
    413: _l("Request Entity Too Large"),
    429: _l("Too Many Requests"),
    500: _l("Internal Server Error"),
    503: _l("Service Unavailable"),
}

# Each kind of refusal, and the status it is answered with (the first that fits).
STATUSES: tuple[tuple[type[GameError], int], ...] = (
    (NotAllowed, 403),
    (NotFound, 404),
    (Conflict, 409),
    (GameError, 400),
)


def status_of(refusal: GameError) -> int:
    """The HTTP status that answers one of the game's refusals."""
    return next(status for kind, status in STATUSES if isinstance(refusal, kind))


def http_error(error: HTTPException) -> tuple[str, int, list[tuple[str, str]]]:
    """Render any HTTP error as the app's own page, with a friendly description, keeping
    the error's own headers (``Allow`` on a 405, ``Retry-After`` on a 503)."""
    description = error.description or ""
    if description == type(error).description:
        description = FRIENDLY_ERRORS.get(error.code or 500, description)
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    return (
        render_template(
            "error.html",
            error=error,
            name=NAMES.get(error.code or 500, error.name),
            description=description,
            back=back_link(),
        ),
        error.code or 500,
        headers,
    )


def said(message: Message | None) -> str:
    """What the game said (a catalog message id and its facts), in the request's language:
    each fact worded (an allegiance by its label, a robot by its name, a list of names as
    "Bob, Cy and Di"), then put in the translated message. None, or nothing, says ""."""
    if message is None or not message.text:
        return ""
    return _(message.text, **{name: _worded(value) for name, value in message.params})


def say(refusal: GameError) -> str:
    """A refusal of the game, in the request's language."""
    return said(refusal.said)


def _worded(value: object) -> object:
    """One fact of a message, in words; a number stays a number (for ``%(n)d``)."""
    if isinstance(value, Allegiance | Action):
        return label(value)
    if isinstance(value, Robot):
        return value.name  # as printed on the card
    if isinstance(value, PowerCard):
        return value.value
    if isinstance(value, Message):
        return said(value)
    if isinstance(value, tuple):
        if value and all(isinstance(one, tuple) for one in value):
            # (name, points) pairs, "Bob 2, Cy 2": a list of amounts
            pairs = [" ".join(str(_worded(part)) for part in one) for one in value]
            return listed(pairs, "unit")
        return listed([str(_worded(one)) for one in value])
    return value


def listed(items: list[str], style: str = "standard") -> str:
    """Items in a sentence, as the request's language lists them in ``style``. Babel's data
    lack some styles' patterns in some languages (a list of amounts, "unit", has none for
    three items or more in German, nor for two or more in Spanish: it raised ``KeyError``
    and the page answered 500); there, the standard list, which every language has."""
    try:
        return format_list(items, style=style, locale=language())
    except KeyError:
        return format_list(items, locale=language())


def refused(refusal: GameError) -> tuple[str, int, list[tuple[str, str]]]:
    """A refusal of the game that no view answered itself: its page, with its status."""
    return http_error(default_exceptions[status_of(refusal)](say(refusal)))


def back_link() -> tuple[str, str]:
    """Where the error page sends the player back to: their seat at a table, or their cards."""
    code = clean_code(str((request.view_args or {}).get("code", "")))
    if code and request.blueprint == "tables":
        return url_for("tables.seat", code=code), _("Back to the table")
    return url_for("solo.cards"), _("Back to your cards")


def too_many(error: RateLimitExceeded) -> tuple[str | Response, int, list[tuple[str, str]]]:
    """A limit met (``serving.limits``): which one, and when to try again, in words and in
    ``Retry-After``."""
    seconds = limits.retry_after(error)
    error.description = limits.description(error, seconds)
    retry = ("Retry-After", str(seconds))
    if wants_json():  # the script's tap: it says so in the phone's notes, never "Offline"
        return jsonify(error=error.description, retry=seconds), 429, [retry]
    page, status, headers = http_error(error)
    return page, status, [*headers, retry]


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(RateLimitExceeded, too_many)
    app.register_error_handler(GameError, refused)
    # For the templates that print what the game said: ``said(tally.why)``.
    app.jinja_env.globals.update(say=say, said=said)
