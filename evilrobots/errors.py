"""Error pages in words a player understands, never a developer's stack trace."""

from __future__ import annotations

from flask import Flask, render_template
from werkzeug.exceptions import HTTPException

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


def http_error(error: HTTPException) -> tuple[str, int]:
    """Render any HTTP error as the app's own page, with a friendly description."""
    description = error.description
    if description == type(error).description:
        description = FRIENDLY_ERRORS.get(error.code or 500, description)
    return (
        render_template("error.html", error=error, description=description),
        error.code or 500,
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
