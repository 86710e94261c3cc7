"""A game's story: its own page for each game at a table, told in the reader's language (the
seats' and the board's viewers', by the table's code), a read-only link to a game that is
over (an unguessable token, never the table's code), and a print view of either (A4).

A story is drawn once for what it shows, and kept: an earlier game never changes, and this
game's changes only with its rounds over, its scores, names, target and share link. Nothing
of a round in play is in it (``game.table.truths`` tells only a round that is over), and
nothing a seat does in private (hiding a card, CheatBot's or PassBot's choices) is in what it
is kept by: such a tap never makes a story slower to read for anyone."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable

from flask import Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ...game.table import Table, moves
from ...game.table.kinds import Share
from ...game.table.truths import truths
from .. import address
from ..forms import form_int
from ..i18n import language
from ..story import GameStory, game_story, results
from .common import (
    bp,
    code_from_url,
    load_seat,
    load_table,
    moved,
    my_seat,
    store,
)
from .parts import Drawn

# Stories drawn, by what they are drawn from (each app its own): a few dozen pages of a few
# tens of KiB.
KEPT = 64


def _told(table: Table, number: int) -> GameStory:
    story = game_story(table, number)
    if story is None:
        abort(404, description=_("This table has no game %(number)s.", number=number))
    return story


def _drawn(key: Hashable, draw: Callable[[], str]) -> str:
    """The page drawn for ``key`` before, or drawn now and kept (by each app: a test's
    tables are drawn apart from another's)."""
    kept = current_app.extensions.setdefault("evilrobots.stories", Drawn(KEPT))
    return kept.get(key, draw)


def _fingerprint(table: Table, number: int) -> Hashable:
    """What game ``number``'s story is drawn from beyond its table's code: an earlier game's
    kept text (it never changes), or what this game's story reads (``story.game_story``):
    the game's scores and target, the names, its rounds over, the round ended as its truths
    tell it, and the number of the round in play. Never the table's version, which a private
    tap raises. Read without telling the story: a story drawn before costs only this."""
    past = table.earlier(number)
    if past is not None:
        return hash(past)
    if number != table.game_number:
        abort(404, description=_("This table has no game %(number)s.", number=number))
    round_ = table.round
    if round_ is None:
        now = None
    elif round_.in_play:
        now = round_.number
    else:  # as told: a card hidden after the round ended is not in its story
        now = hash(truths(table.chapter(round_)))
    chapters = tuple(hash(page) for page in table.chapters)
    return (table.game, tuple(table.names.items()), chapters, now)


def story_page(table: Table, number: int, shared: bool, printing: bool, seated: bool) -> str:
    """The story of game ``number`` at ``table``, drawn (or as drawn before) for this
    reader's language: ``shared``, as its read-only link shows it (no table code, no way to
    the table); ``printing``, every round opened for paper."""
    drawn_from = _fingerprint(table, number), dict(table.tokens).get(number)
    # The games at the table, beside any game's story read from the table.
    games = None if shared else (table.game_number, table.game.scores, tuple(table.names.items()))
    # The share link is written with the app's address, or a mark for this response's
    # (``address``): never keyed by the request's ``Host``, which anyone may make up.
    reader = (language(), address.kept_origin(), shared, printing, seated)
    key = (table.code, number, drawn_from, games, reader)

    def draw() -> str:
        story = _told(table, number)
        return render_template(
            "table/story.html",
            story=story,
            results=None if shared else results(table),
            code=None if shared else table.code,
            shared=shared,
            printing=printing,
            seated=seated,
            share_url=_share_url(story.token),
            print_url=_print_url(table, story, shared),
        )

    return address.addressed(_drawn(key, draw))


def _share_url(token: str | None) -> str | None:
    return address.external("tables.shared_story", token=token) if token else None


def _print_url(table: Table, story: GameStory, shared: bool) -> str:
    if shared and story.token:
        return url_for("tables.shared_story", token=story.token, printing=1)
    return url_for("tables.story", code=table.code, number=story.number, printing=1)


@bp.get("/t/<code>/story")
@bp.get("/t/<code>/story/<int:number>")
def story(code: str, number: int | None = None) -> Response:
    """A game's story at this table (this game's by default), for anyone with its code."""
    table = load_table(code_from_url(code))
    printing = request.args.get("printing") == "1"
    seated = my_seat(table) is not None
    number = table.game_number if number is None else number
    page = story_page(table, number, False, printing, seated)
    return Response(page)


@bp.get("/story/<token>")
def shared_story(token: str) -> Response:
    """A game's story by its share link: read-only, in the reader's own language."""
    table = store().shared(token)
    if table is None:
        abort(
            404,
            description=_(
                "This story is not here any more: its table has closed, or the link is mistyped."
            ),
        )
    number = next(n for n, kept in table.tokens if kept == token)
    return Response(story_page(table, number, True, request.args.get("printing") == "1", False))


@bp.post("/t/<code>/share")
def share(code: str) -> Response:
    """A seat makes a read-only link to a game that is over, then sees it on the game's
    story. Once per game: asked again, the link it has. Nothing is written before the act
    is judged allowed, and nothing when it is refused or the game has its link already."""
    number = form_int("game", _("Say which game to share."))
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)  # only a seat's (403 otherwise)
    if dict(table.tokens).get(number) is None:
        token = secrets.token_urlsafe(16)
        moves.apply(table, seat.id, Share(number, token))  # judged first: refused, nothing kept
        # Kept before the table takes it: should that then fail, the link would show and
        # open nothing. A token the table never takes opens nothing either (``shared``).
        store().share(token, code)
        moved(code, seat.id, Share(number, token))
    return redirect(url_for("tables.story", code=code, number=number, _anchor="share"), 303)
