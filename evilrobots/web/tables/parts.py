"""The parts of table pages that more than one view renders: a seat's card view, the live
parts of a seat page and of the board (each with a tag that changes exactly when what the
viewer sees does)."""

from __future__ import annotations

import functools
import hashlib
import operator
import secrets
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import Any

from flask import current_app, render_template, url_for
from flask_babel import lazy_gettext as _l
from markupsafe import Markup, escape

from ...game.actions import Action
from ...game.cards import CHEATBOT
from ...game.hand import Hand
from ...game.table import Table, TableView
from ...game.table.conduct import Phase
from ...game.table.legal import Acts
from ...game.table.now import Note
from .. import address
from ..cardview import CardControls, hand_pieces
from ..facts import headline, level, phase_name, round_label
from ..fragments import fragments
from ..i18n import language
from ..told import converted_you, own_note
from .links import join_details, unmarked
from .viewers import next_key, rest_key, view_for, view_key


def controls(code: str, conducted: bool) -> CardControls:
    """Where a seat's card view posts its controls. In a conducted round there are no
    allegiance buttons: the allegiance belongs to the table."""
    return fragments().get(
        fragments().here(),
        ("tables.controls", code, conducted),
        lambda: CardControls(
            hide=url_for("tables.hide", code=code),
            show=url_for("tables.show", code=code),
            sync=url_for("tables.sync", code=code),
            allegiance=None if conducted else url_for("tables.choose_allegiance", code=code),
        ),
    )


def render_hand(view: TableView, hand: Hand) -> str:
    """The seat's card view <main>, as text. In a conducted round its action views hold the
    acts of the turn (``table/_acts.html``) rather than Reveal to the table."""
    acts = None
    if view.conducted:  # our own autoescaped template's output
        acts = Markup(render_template("table/_acts.html", view=view))  # nosec B704
    return "".join(
        hand_pieces(
            hand,
            controls(view.code, view.conducted),
            0,
            points=view.points,
            reveal_url=None if view.conducted else url_for("tables.reveal", code=view.code),
            cheat=hand.robot is CHEATBOT,
            robot_actions=() if view.conducted else view.acts.robots,
            robot_url=url_for("tables.use_robot", code=view.code),
            ended=view.ended,
            acts=acts,
            robot_link="#own-robot",
            story=converted_you(view.reveals, view.you.id) if view.conducted and view.you else "",
        )
    )


def hand_key(view: TableView) -> str:
    """What, when it changes, means the phone must redraw its cards (not its own taps): a
    deal, a swap, the end of the round, the robot actions it may use; in a conducted round
    also its allegiance (the table's to change) and what its action views offer."""
    if view.hand is None:
        return ""
    points = view.points.value if view.points else 0
    actions = ",".join(
        f"{a.robot.name}{'/'.join(name for _, name in a.targets)}" for a in view.acts.robots
    )
    state = "ended" if view.ended else "play"
    hand = view.hand
    key = f"{view.deal_id}:{hand.robot.slug}:{hand.power.value}:{points}:{state}:{actions}"
    if view.conducted:
        c = view.acts
        shows = view.standing.shows
        offered = repr((c.turn, c.targets, c.convert_self, c.reactions, c.block_turns, shows))
        # A conversion of this seat settled (its card view says how it ended: ``converted_you``).
        you = view.you.id if view.you else None
        settled = sum(1 for r in view.reveals if r.seat == you and r.action is Action.CONVERTED)
        key += f":{hand.allegiance.value}:{digest(offered)}:{settled}"
    return key


def digest(text: str) -> str:
    """A short tag of a text: equal texts, equal tags."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tagged(parts: dict[str, str], *leave_out: str) -> str:
    """The tag of a viewer's live parts (without those left out): it changes exactly when
    what the viewer sees does, and it is what the page and each event carry."""
    return tag_of({name: digest(text) for name, text in parts.items() if name not in leave_out})


def tag_of(digests: dict[str, str]) -> str:
    """The tag of parts known by their digests (a stream keeps only those)."""
    return digest(";".join(f"{name}={digests[name]}" for name in sorted(digests)))


def live_parts(view: TableView) -> dict[str, Any]:
    """The parts of a seat page that change while it is open, for this viewer. ``hand`` is
    its card view, which the phone takes only when ``hand_key`` changes."""
    return {
        "live": render_template("table/_live.html", view=view, **join_details(view.code)),
        "hand_key": hand_key(view),
        "hand": render_hand(view, view.hand) if view.hand else "",
        "round": round_label(view),
        "banner": render_template("table/_banner.html", view=view),
        "next": render_template("table/_host_next.html", view=view),
        "now": strip(view),
    }


def seat_tag(parts: dict[str, Any]) -> str:
    """A seat's tag: of everything but its card view (its own taps change only that)."""
    return tagged(parts, "hand")


class SeatParts:
    """One seat stream's live parts: each rendered again only when what it is drawn from
    changed, and sent only when what it says did.

    A power called at a table changes what is happening and what each phone may do, not the
    players' list, the log or the host's panel: each call then renders the strip and sends
    it alone (and the round's label, and the card view's key, which are short). The tag is
    ``seat_tag`` of all the parts, as the page carries it.
    """

    # One a stream, and thousands of streams: what it keeps is two short tuples.
    __slots__ = ("_sent", "_sources")

    def __init__(self) -> None:
        # Hashes and digests, not views and texts: thousands of streams wait between
        # changes, and a seat's view and its live part are some 15 KB each.
        self._sources: tuple[int, ...] = ()  # the hash each drawn part was drawn from
        self._sent: tuple[str, ...] = ()  # the digest of each part as last sent (``PARTS``)

    def event(
        self, view: TableView, table: Table, rest: int | None = None
    ) -> tuple[str, dict[str, Any]]:
        """The tag of what this seat sees now (``view``, of ``table``), and the parts it has
        not been sent yet. ``rest``: the hash of ``rest_key``, when the caller has it."""
        # Drawn from everything but the strip's own (what is happening, what this phone may
        # do now), less CheatBot's and PassBot's choices, which their panels show; the host's
        # next step, from that and whether the round's phases are done.
        rest = hash(rest_key(view, table)) if rest is None else rest
        sources = (rest, rest, hash(next_key(view, table, rest)))
        texts = {"hand_key": hand_key(view), "round": round_label(view), "now": strip(view)}
        digests = {name: digest(text) for name, text in texts.items()}
        sent = dict(zip(PARTS, self._sent, strict=True)) if self._sent else {}
        for index, (name, draw) in enumerate(DRAWN.items()):
            if not self._sources or self._sources[index] != sources[index]:
                texts[name] = draw(view)  # drawn from something new: draw it again
                digests[name] = digest(texts[name])
            else:  # as drawn and sent before
                digests[name] = sent[name]
        tag = tag_of(digests)
        if digests["hand_key"] != sent.get("hand_key"):
            texts["hand"] = render_hand(view, view.hand) if view.hand else ""
        news = {
            name: text
            for name, text in texts.items()
            if name == "hand" or sent.get(name) != digests[name]
        }
        self._sources = sources
        self._sent = tuple(digests[name] for name in PARTS)
        return tag, news | {"hand_key": texts["hand_key"]}


# A seat's parts that are drawn with Flask (they need the request), each again only when what
# it is drawn from changes, in this order; and every part a stream keeps the digest of.
DRAWN: dict[str, Callable[[TableView], str]] = {
    "live": lambda view: render_template("table/_live.html", view=view, **join_details(view.code)),
    "banner": lambda view: render_template("table/_banner.html", view=view),
    "next": lambda view: render_template("table/_host_next.html", view=view),
}
PARTS = ("hand_key", "round", "now", *DRAWN)


class Drawn:
    """Texts rendered in this process, by everything they are drawn from (the key): the
    same inputs render the same text for any viewer, so one render serves them all. The
    oldest go first past ``size``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._texts: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any, render: Callable[[], Any]) -> Any:
        try:
            self._texts.move_to_end(key)
            return self._texts[key]
        except KeyError:
            pass
        made = self._texts[key] = render()
        while len(self._texts) > self.size:
            self._texts.popitem(last=False)
        return made


# Every board of a table, every visitor without a seat, sees the same board; the seats of a
# table in the same place of a round often see the same strip.
_BOARDS = Drawn(256)  # whole boards with their tags, for the boards of one table
_BOARD_PARTS = Drawn(2048)  # their headers, strips and bodies (a body is some 20 KB)
_STRIPS = Drawn(4096)  # a seat's buttons are some 1.5 KB
# What a seat's buttons are drawn from: its acts, and whether it may use a robot action (not
# which). A tuple of the fields: a copy of the acts without the robots would cost more than
# the lookup.
_BUTTONS = operator.attrgetter(*(f.name for f in fields(Acts) if f.name != "robots"))
# The buttons are drawn once for every table, with these in place of the table's code and
# the deal's tag, then filled in. Random, like the fragments' marks: no name a player types
# can pass for one.
_CODE_MARK, _DEAL_MARK = secrets.token_hex(8), secrets.token_hex(8)


def draw_part(template: str, **context: Any) -> str:
    """A small part that needs nothing of the request, drawn by Jinja alone: Flask's own
    render adds the request, session and context to each render, which costs more than
    drawing the strip itself, and a power called draws one for each table in each process."""
    return current_app.jinja_env.get_template(template).render(**context)


def strip(view: TableView) -> str:
    """The strip at the top of a seat's page in a round the app runs ("" otherwise): drawn
    from what is happening and what this seat may do, and nothing else of its view.

    In two parts: the headline, its timer and the seat's note (where it stands), which a
    power called changes for every seat, drawn once per shape with holes that each call
    fills; and what this phone may do, which a call changes for few seats (a level they
    hold, a turn), drawn once for every table that offers the same and kept."""
    h = view.happening
    if not view.running or h is None:
        return ""
    c = view.acts
    lang = language()
    timed, paused = bool(h.deadline), h.paused is not None
    phase, say = phase_name(h.phase), spoken(view)
    due = ("turn" if c.turn else "move") if c.due else ""
    # What comes next for this phone stays on the strip even in an act's view (it may be
    # holding up its claim, or what its pass showed): who goes before it in line, or, having
    # passed in a Debate without a timer, who starts the Countdown (the host's button too).
    next_up = view.standing.note in (Note.QUEUED, Note.HOST_STARTS)
    kept = fragments()
    frame = kept.slotted(
        kept.here(lang),
        ("table/_now_head.html", timed, paused, phase, say, due, next_up),
        lambda headline, *rest: draw_part(
            "table/_now_head.html",
            phase=phase,
            headline=headline,
            deadline=rest[0] if timed else None,
            paused=paused,
            note=rest[-1],
            say=say,
            due=due,
            next_up=next_up,
        ),
        slots=3 if timed else 2,
    )
    said = headline(h)
    holes = [said, h.deadline] if timed else [said]
    holes.append(own_note(view))
    head = "".join(piece + str(escape(hole)) for piece, hole in zip(frame[:-1], holes, strict=True))
    buttons = _STRIPS.get(
        (_BUTTONS(c), bool(c.robots), lang),
        lambda: draw_part("table/_now.html", view=view, code=_CODE_MARK, deal=_DEAL_MARK),
    )
    rest = buttons.replace(_CODE_MARK, view.code).replace(_DEAL_MARK, view.deal_tag)
    return head + frame[-1] + rest


# What a screen reader hears of the strip, by what it says: worded once per language and level
# (every seat's strip says it at each power called).
SPOKEN = {
    "proof": _l("Your proof, now"),
    "promote": _l("You choose who goes next"),
    "turn": _l("Your turn"),
    # Translators: said to a screen reader when this phone's power is called: "Power 7: yours".
    "claim": _l("Power %(level)s: yours"),
    "reactions": _l("Reactions: your answer"),
    # Translators: said to a screen reader as a power is called: "Power 7".
    "called": _l("Power %(level)s"),
}


@functools.lru_cache(maxsize=256)
def _spoken(what: str, number: int, lang: str) -> str:
    return str(SPOKEN[what]) % {"level": level(number)}


def spoken(view: TableView) -> str:
    """What a screen reader says of the strip when it changes, short: the call ("Power 5"),
    or this phone's own move ("Your turn"); never the seconds."""
    h, c = view.happening, view.acts
    if h is None:
        return ""
    lang = language()
    if c.proofs:
        return _spoken("proof", 0, lang)
    if c.promote:
        return _spoken("promote", 0, lang)
    if c.turn:
        return _spoken("turn", 0, lang)
    if c.claim:
        return _spoken("claim", c.claim, lang)
    if c.reactions or c.no_reaction:
        return _spoken("reactions", 0, lang)
    if h.phase is Phase.COUNTDOWN and h.level and not h.paused and h.deadline:
        return _spoken("called", h.level, lang)
    return headline(h)


def board_parts(table: Table, seated: bool) -> tuple[dict[str, Any], str]:
    """The board's live part for this table, and its tag: rendered once for each thing the
    board shows, however many boards show it. A power called changes only its strip: the
    header and the rest are kept from the render before."""
    view = view_for(table, None)
    lang = language()
    # Its join link is the table's (its code is in the view) under the app's address, or a
    # mark for it (``join_details``): never the request's ``Host``, which anyone may make up.
    root = address.kept_origin()
    return _BOARDS.get(
        (view_key(view, table), seated, root, lang),
        lambda: _board(view, (rest_key(view, table), seated, root, lang)),
    )


def _board(view: TableView, drawn_from: tuple[Hashable, ...]) -> tuple[dict[str, Any], str]:
    """The board's parts, the header and the rest kept by what they are ``drawn_from``
    (what the board shows but what is happening, whether a seat opened it, its address
    and its language)."""
    code, seated, lang = view.code, drawn_from[1], drawn_from[-1]
    head = _BOARD_PARTS.get(
        ("head", *drawn_from),
        lambda: render_template("table/_board_head.html", view=view, seated=seated),
    )
    now = _BOARD_PARTS.get(
        ("now", view.happening, view.running, lang),
        lambda: draw_part("table/_board_now.html", view=view),
    )
    body = _BOARD_PARTS.get(
        ("body", *drawn_from),
        lambda: render_template(
            "table/_board.html", view=view, code=code, seated=seated, **join_details(code, True)
        ),
    )
    parts = {"board": head + now + body, "lang": lang}  # a board follows its host's
    # Tagged without its address's marks, which each process draws at random: every process
    # and instance gives the same board the same tag.
    return parts, tagged(parts | {"board": unmarked(parts["board"])})
