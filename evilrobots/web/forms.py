"""Reading what a request says: form fields and URL parts, each refused with a 4xx in words.

Shared by the applet and the tables: both post the same card controls.
"""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from flask import abort, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..game.actions import Action, Part
from ..game.cards import Allegiance

MALFORMED = _l(
    "Some of what you sent is not readable text (it is not valid UTF-8): retype it, and send "
    "it again."
)


def refuse_malformed_text() -> None:
    """Refuse, with 400 in words, a form or query whose text is not valid UTF-8 (such as
    ``%ED%A0%80``, half of a surrogate pair), before anything reads it: Werkzeug would keep
    such a value as its literal percent-escapes, and a name would be stored so."""
    req = request._get_current_object()  # once: each read through the proxy costs 1.6 µs
    raw = [req.query_string]
    if req.method == "POST" and req.mimetype == "application/x-www-form-urlencoded":
        raw.append(req.get_data(cache=True))  # the form is then read from this copy
    for body in raw:
        for pair in body.split(b"&"):
            try:
                unquote_to_bytes(pair.replace(b"+", b" ")).decode("utf-8")
            except UnicodeDecodeError:
                abort(400, description=MALFORMED)


# The names a browser counts as this machine's own, and so as secure even over plain HTTP.
LOOPBACK = frozenset({"localhost", "127.0.0.1", "[::1]"})


def secure_context() -> bool:
    """Whether the browser counts the page as secure (HTTPS, or this machine's own address),
    the only place it offers the screen's wake lock: the Screen-on button is then drawn from
    the first paint, rather than shown by the script after it (which moved the bar's title)."""
    req = request._get_current_object()
    host = req.host.lower()
    name = host.split("]", 1)[0] + "]" if host.startswith("[") else host.rsplit(":", 1)[0]
    return req.is_secure or name in LOOPBACK or name.endswith(".localhost")


def wants_json() -> bool:
    """Whether the request comes from the enhancing script, which wants JSON, not a page."""
    return request.accept_mimetypes.best == "application/json"


def load_action(slug: str) -> Action:
    """Return the game action named in the URL; 404, pointing to the actions panel, otherwise."""
    try:
        return Action.from_slug(slug)
    except KeyError:
        abort(
            404,
            description=_(
                "There is no action called “%(slug)s”. Open the actions panel to pick one.",
                slug=slug,
            ),
        )


def form_part() -> Part:
    """Return the card named by the form's ``part`` field; 400 if it names none."""
    value = request.form.get("part", "")
    try:
        return Part(value)
    except ValueError:
        abort(400, description=_("Say which card: robot, power or allegiance."))


def form_allegiance(field: str = "allegiance") -> Allegiance:
    """Return the allegiance named by the form's field; 400 if it names none."""
    value = request.form.get(field, "")
    try:
        return Allegiance(value)
    except ValueError:
        abort(400, description=_("Choose an allegiance: good, evil or neutral."))


def form_hidden_parts() -> frozenset[Part]:
    """Return the cards listed in the form's ``hidden`` fields; 400 for an unknown one."""
    try:
        return frozenset(Part(value) for value in request.form.getlist("hidden"))
    except ValueError:
        abort(400, description=_("Only the robot, power and allegiance cards can be hidden."))


def form_deal(current: int | None = None) -> int:
    """The deal a form was made for (its ``round`` field, as the page carries it); 400 if it
    says none.

    Hiding or showing a card harms nobody if it lands in a later deal, so those forms may
    leave it out: ``current``, the deal now in play, is taken then.
    """
    raw = request.form.get("round", "")
    if not raw and current is not None:
        return current
    try:
        return int(raw, 16)
    except ValueError:
        abort(400, description=_("That form is missing its round. Reload the page and try again."))


def form_int(field: str, saying: str) -> int:
    """A whole number from the form; 400, with ``saying``, if it is not one."""
    try:
        return int(request.form.get(field, "").strip())
    except ValueError:
        abort(400, description=saying)


def form_seat() -> int:
    """The player a form names by seat; 400 if it names none."""
    return form_int("seat", _("Say which player."))
