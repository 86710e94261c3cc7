"""The app's English, to look for on a page that should speak another language."""

from __future__ import annotations

import functools
import html
import re

from markupsafe import escape

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w+\}")


def said_in_english(page: str, ids: list[str]) -> list[str]:
    """The app's English sentences (its catalog's ids, as a page shows them) found in a page,
    as text or as the HTML escapes it."""
    return [
        text
        for text in ids
        if text in page or html.escape(text) in page or str(escape(text)) in page
    ]


@functools.cache
def _sentences() -> tuple[str, ...]:
    from tools.catalogs import extracted

    found: set[str] = set()
    for message in extracted():
        texts = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in texts:
            if not isinstance(text, str):
                continue
            # A message with placeholders shows its fixed pieces: each long one is English.
            pieces = PLACEHOLDER.split(text) if PLACEHOLDER.search(text) else [text]
            for piece in pieces:
                piece = piece.strip()
                if len(piece) >= (25 if len(pieces) == 1 else 20):
                    found.update(piece.replace("%%", p) for p in ("%", "%%"))
    return tuple(sorted(found))


def english_sentences() -> list[str]:
    """Every sentence of the source's catalog long enough to be no name nor cognate, as a
    page would show it untranslated ("%%" shows as "%", or as "%%" where a block's lookup
    went wrong); of a message with placeholders, each fixed piece of 20 characters or more."""
    return list(_sentences())


def words(language: str):
    """The catalog's gettext for a language: what the app should say there."""
    from babel.support import Translations

    from tools.catalogs import TRANSLATIONS

    return Translations.load(str(TRANSLATIONS), [language]).gettext


def said(language: str, text: str, **params) -> str:
    """What the app says in ``language`` for an English message, its placeholders filled."""
    return words(language)(text) % params if params else words(language)(text)
