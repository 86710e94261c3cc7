"""Parts of pages rendered (and compressed) once per value, then reused by every page.

A card is a pure function of a few small values (a robot and whether it is hidden, a power
and whether it is hidden, ...): 18 robots, 9 powers and 3 allegiances, each face up or down,
make about a hundred distinct fragments in all. The card view's frame (head, top bar, actions
panel) is the same for every player. Each is rendered and gzipped once per process; a card
view then renders only the few hundred bytes that are its own, and compresses only those
(``compress.gzip_pieces``). Unlike a cache of whole pages, this holds in real play, where
every view follows a change. BENCHMARKS.md has the figures.

Templates call ``fragment(macro, *values)`` and ``glyph(name)``. Rendered by ``render_pieces``
they leave a marker where each fragment goes, so the page comes out as a list of its own
text and shared ``Packed`` pieces; rendered any other way they give plain HTML.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, Response, current_app, render_template, request
from markupsafe import Markup

from .compress import Packed, Piece, page_of_pieces

# Well above the ~150 fragments the templates can produce; only guards against a bug.
LIMIT = 4096


class Fragments:
    """One app's rendered fragments, by mount point and by the values they were rendered for.

    Fragments carry URLs, which depend on where the app is mounted (``request.script_root``).
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.remember = not app.debug  # while developing, render afresh so edits show
        self.by_root: dict[str, dict[tuple[Hashable, ...], Any]] = {}
        # Marks a fragment's place in a page being rendered. The random part means no text a
        # player typed (a name, later) can ever pass for one.
        tag = secrets.token_hex(8)
        self.mark = "\x1e" + tag + ":{}\x1f"
        self.marks = re.compile("\x1e" + tag + r":(\d+)\x1f")

    def here(self) -> dict[tuple[Hashable, ...], Any]:
        """The fragments for the current request's mount point."""
        return self.by_root.setdefault(request.script_root, {})

    def get(self, cache: dict, key: tuple[Hashable, ...], render: Callable[[], Any]) -> Any:
        """Return ``render()``'s result, computed once per key in this cache."""
        if not self.remember:
            return render()
        try:
            return cache[key]
        except KeyError:
            if len(cache) >= LIMIT:
                cache.clear()
            value = cache[key] = render()
            return value

    def packed(self, cache: dict, template: str, macro: str, args: tuple[Hashable, ...]) -> Packed:
        """A template macro's output for these values, rendered and deflated once."""

        def render() -> Packed:
            module = self.app.jinja_env.get_template(template).module
            return Packed.of(getattr(module, macro)(*args))

        return self.get(cache, (template, macro, args), render)

    def helpers(self, cache: dict | None = None, found: list[Packed] | None = None) -> dict:
        """The ``fragment`` and ``glyph`` functions templates call.

        With ``found``, each leaves a marker and collects its piece there; without, each
        gives its HTML. ``cache`` is the mount point's fragments, looked up per call if none.
        """

        def place(template: str, macro: str, args: tuple[Hashable, ...]) -> Markup:
            piece = self.packed(cache if cache is not None else self.here(), template, macro, args)
            if found is None:
                # Our own template's output, escaped when it was rendered.
                return Markup(piece.text)  # nosec B704
            found.append(piece)
            # A bare marker: no outside input.
            return Markup(self.mark.format(len(found) - 1))  # nosec B704

        def fragment(macro: str, *args: Hashable) -> Markup:
            """A ``_cards.html`` macro's output for these values, rendered once per process."""
            return place("_cards.html", macro, args)

        def glyph(name: str) -> Markup:
            """One of the interface glyphs of ``_glyphs.html``, rendered once per process."""
            return place("_glyphs.html", "glyph", (name,))

        return {"fragment": fragment, "glyph": glyph}

    def split(self, text: str, found: list[Packed]) -> list[Piece]:
        """Cut rendered text at its markers into its own text and the fragments' pieces."""
        parts = self.marks.split(text)
        return [found[int(part)] if odd else part for odd, part in _alternating(parts)]


def _alternating(parts: list[str]) -> list[tuple[bool, str]]:
    return [(index % 2 == 1, part) for index, part in enumerate(parts)]


def fragments() -> Fragments:
    return current_app.extensions["evilrobots.fragments"]


def render_pieces(template: str, macro: str, **arguments: Any) -> list[Piece]:
    """Call a template's macro, giving its own text and the shared fragments it places.

    The macro takes ``fragment`` as an argument. A macro call costs a quarter of rendering
    a template (which copies every global into a new context) and runs no context
    processors or signals, as Flask's ``render_template`` would.
    """
    store, found = fragments(), []
    helpers = store.helpers(store.here(), found)  # look the mount point up only once
    module = current_app.jinja_env.get_template(template).module
    text = getattr(module, macro)(**arguments, fragment=helpers["fragment"])
    return store.split(text, found)


def page_around(template: str, slot: str, middle: list[Piece], **context: Hashable) -> Response:
    """Render ``template`` with ``middle`` as its ``slot`` variable, its frame only once.

    The frame is everything but the slot, so it may depend only on ``context`` (hashable
    values that are the same for many requests), never on the player.
    """
    store = fragments()
    # A bare marker: no outside input.
    marker = Markup(store.mark.format(0))  # nosec B704

    def frame() -> tuple[Packed, Packed]:
        before, after = render_template(template, **{slot: marker}, **context).split(marker)
        return Packed.of(before), Packed.of(after)

    before, after = store.get(store.here(), (template, slot, tuple(sorted(context.items()))), frame)
    return page_of_pieces([before, *middle, after])


def init_app(app: Flask) -> None:
    store = app.extensions["evilrobots.fragments"] = Fragments(app)
    app.jinja_env.globals.update(store.helpers())
