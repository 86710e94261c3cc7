"""Parts of pages rendered once per value, then reused by every page.

A card is a pure function of a few small values (a robot and whether it is hidden, a power
and whether it is hidden, ...): 18 robots, 9 powers and 3 allegiances, each face up or down,
make about a hundred distinct fragments in all. The card view's frame (head, top bar, actions
panel) is the same for every player. Each is rendered once per process; a card view then
adds only the text that is its own (in the applet, its eight-character round tag). Unlike a
cache of whole pages, this holds in real play, where every view follows a change.
BENCHMARKS.md has the figures.

A page comes out as a list of pieces: its own text, and shared pieces (fragments from
``rendered``, and the frames around them from ``slotted``). Templates call ``glyph(name)``
for an interface glyph rendered once per process.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, Response, current_app, render_template, request
from markupsafe import Markup

from .i18n import language

# The applet's fragments are about 150 in all; a table adds about 30 of its own (they carry
# its URLs and round), so a process serving more than about 130 tables at once starts
# rendering some afresh after each clear. Then the memory starts afresh.
LIMIT = 4096
HERE_KEY = "evilrobots.fragments.here"  # a request's own: its language, and its fragments


class Fragments:
    """One app's rendered fragments, by mount point, language and the values they were
    rendered for.

    Fragments carry URLs, which depend on where the app is mounted (``request.script_root``),
    and words, which depend on the language the request is answered in.
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.remember = not app.debug  # while developing, render afresh so edits show
        self.by_root: dict[tuple[str, str], dict[tuple[Hashable, ...], Any]] = {}
        self.encoded: dict[str, bytes] = {}
        # Marks a fragment's place in a page being rendered. The random part means no text a
        # player typed (a name, later) can ever pass for one.
        tag = secrets.token_hex(8)
        self.mark = "\x1e" + tag + ":{}\x1f"
        self.marks = re.compile("\x1e" + tag + r":(\d+)\x1f")

    def here(self, lang: str | None = None) -> dict[tuple[Hashable, ...], Any]:
        """The fragments for the current request's mount point and language (``lang``, where
        the caller has it already). Found once per request and language: a card view asks
        three times."""
        lang = lang or language()
        req = request._get_current_object()  # once: each read through the proxy costs 1.6 µs
        environ = req.environ
        found = environ.get(HERE_KEY)
        if found is not None and found[0] == lang:
            return found[1]
        cache = self.by_root.setdefault((req.script_root, lang), {})
        environ[HERE_KEY] = (lang, cache)
        return cache

    def get(self, cache: dict, key: tuple[Hashable, ...], render: Callable[[], Any]) -> Any:
        """Return ``render()``'s result, computed once per key in this cache."""
        if not self.remember:
            return render()
        try:
            return cache[key]
        except KeyError:
            if len(cache) >= LIMIT:
                self._forget(list(cache.values()))  # a copy made at once: threads may add
                cache.clear()
            value = cache[key] = render()
            self._encode_once(value)
            return value

    def _encode_once(self, value: Any) -> None:
        """A fragment's UTF-8 (each of a frame's pieces'), kept beside it while it is kept: a
        card view's 15.8 kB took 12.5 µs to encode afresh at each request (a page with an
        arrow or a dash in it is held as two bytes a character). Only what this store
        rendered is kept so: never a request's own text."""
        for piece in value if isinstance(value, tuple) else (value,):
            if isinstance(piece, str):
                self.encoded[piece] = piece.encode()

    def _forget(self, values: Any) -> None:
        for value in values:
            for piece in value if isinstance(value, tuple) else (value,):
                if isinstance(piece, str):
                    self.encoded.pop(piece, None)

    def rendered(self, cache: dict, template: str, macro: str, args: tuple[Hashable, ...]) -> str:
        """A template macro's output for these values, rendered once."""

        def render() -> str:
            module = self.app.jinja_env.get_template(template).module
            return str(getattr(module, macro)(*args))

        return self.get(cache, (template, macro, args), render)

    def glyph(self, name: str) -> Markup:
        """One of the interface glyphs of ``_glyphs.html``, rendered once per process."""
        piece = self.rendered(self.here(), "_glyphs.html", "glyph", (name,))
        # Our own template's output, escaped when it was rendered.
        return Markup(piece)  # nosec B704

    def slotted(
        self,
        cache: dict,
        key: tuple[Hashable, ...],
        render: Callable[..., str],
        slots: int,
    ) -> tuple[str, ...]:
        """Text around ``slots`` holes, rendered once per key and cut at the holes.

        ``render`` gets one marker per slot and must place each once, in order; what comes
        back is the ``slots + 1`` shared pieces between them. A request then fills the holes
        with its own pieces: a frame costs a dictionary lookup, however big it is.
        """

        def cut() -> tuple[str, ...]:
            # Bare markers: no outside input.
            markers = [Markup(self.mark.format(slot)) for slot in range(slots)]  # nosec B704
            parts = self.marks.split(render(*markers))
            if parts[1::2] != [str(slot) for slot in range(slots)]:
                raise ValueError(f"{key}: each of the {slots} slots must be placed once, in order")
            return tuple(parts[0::2])

        return self.get(cache, key, cut)

    def encode(self, pieces: list[str]) -> bytes:
        """A page's pieces as UTF-8: a fragment's as it was kept (found by its text, the very
        object each time, its hash kept too), a request's own text encoded as it comes."""
        encoded = self.encoded
        return b"".join([encoded.get(piece) or piece.encode() for piece in pieces])


def fragments() -> Fragments:
    return current_app._get_current_object().extensions["evilrobots.fragments"]


def page_around(template: str, slot: str, middle: list[str], **context: Hashable) -> Response:
    """Render ``template`` with ``middle`` as its ``slot`` variable, its frame only once.

    The frame is everything but the slot, so it may depend only on ``context`` (hashable
    values that are the same for many requests), never on the player.
    """
    store = fragments()
    before, after = store.slotted(
        store.here(),
        (template, slot, tuple(sorted(context.items()))),
        lambda marker: render_template(template, **{slot: marker}, **context),
        slots=1,
    )
    return Response(store.encode([before, *middle, after]), mimetype="text/html")


def init_app(app: Flask) -> None:
    store = app.extensions["evilrobots.fragments"] = Fragments(app)
    app.jinja_env.globals["glyph"] = store.glyph
