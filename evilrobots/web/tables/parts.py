"""The parts of table pages that more than one view renders: a seat's card view, the live
parts of a seat page and of the board (each with a tag that changes exactly when what the
viewer sees does), the join link and its QR code."""

from __future__ import annotations

import functools
import hashlib
import json
from collections import OrderedDict
from typing import Any

import segno
from flask import render_template, url_for
from markupsafe import Markup, escape

from ...game.cards import CHEATBOT
from ...game.hand import Hand
from ...game.table import Table, TableView
from ...serving.compress import text_of
from ..cardview import CardControls, hand_pieces
from ..fragments import fragments


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


@functools.lru_cache(maxsize=4096)
def qr_svg(url: str, label: str = "QR code of the join link") -> Markup:
    """A link as a QR code: an inline SVG, dark on white for any camera.

    Kept once made: encoding costs milliseconds, and every page and event of a table shows
    the same join link (1.5 KiB each, for the tables active in this process)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000", light="#fff", omitsize=True
    )
    labelled = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    # segno's own markup of our URL, and an escaped label.
    return Markup(labelled)  # nosec B704


def render_hand(view: TableView, hand: Hand) -> str:
    """The seat's card view <main>, as text. In a conducted round its action views hold the
    acts of the turn (``table/_acts.html``) rather than Reveal to the table."""
    acts = None
    if view.conducted:  # our own autoescaped template's output
        acts = Markup(render_template("table/_acts.html", view=view))  # nosec B704
    return text_of(
        hand_pieces(
            hand,
            controls(view.code, view.conducted),
            0,
            points=view.points,
            reveal_url=None if view.conducted else url_for("tables.reveal", code=view.code),
            cheat=hand.robot is CHEATBOT,
            robot_actions=() if view.conducted else view.robot_actions,
            robot_url=url_for("tables.use_robot", code=view.code),
            ended=view.ended,
            acts=acts,
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
        f"{a.robot.name}{'/'.join(name for _, name in a.targets)}" for a in view.robot_actions
    )
    state = "ended" if view.ended else "play"
    hand = view.hand
    key = f"{view.deal_id}:{hand.robot.slug}:{hand.power.value}:{points}:{state}:{actions}"
    if view.conducted:
        c = view.choices
        offered = repr((c.turn, c.targets, c.convert_self, c.reactions, c.block_turns, c.shows))
        key += f":{hand.allegiance.value}:{digest(offered)}"
    return key


def digest(text: str) -> str:
    """A short tag of a text: equal texts, equal tags."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def tagged(parts: dict[str, Any], *leave_out: str) -> str:
    """The tag of a viewer's live parts (without those left out): it changes exactly when
    what the viewer sees does, and it is what the page and each event carry."""
    return digest(
        json.dumps({k: v for k, v in parts.items() if k not in leave_out}, sort_keys=True)
    )


def join_details(code: str) -> dict[str, Any]:
    """The table's join link, and its QR code."""
    link = url_for("tables.seat", code=code, _external=True)
    return {"join_link": link, "join_qr": qr_svg(link)}


def live_parts(view: TableView) -> dict[str, Any]:
    """The parts of a seat page that change while it is open, for this viewer. ``hand`` is
    its card view, which the phone takes only when ``hand_key`` changes."""
    return {
        "live": render_template("table/_live.html", view=view, **join_details(view.code)),
        "hand_key": hand_key(view),
        "hand": render_hand(view, view.hand) if view.hand else "",
        "round": view.round_label,
        "banner": render_template("table/_banner.html", view=view),
        "now": render_template("table/_now.html", view=view) if view.running else "",
    }


def seat_tag(parts: dict[str, Any]) -> str:
    """A seat's tag: of everything but its card view (its own taps change only that)."""
    return tagged(parts, "hand")


# Boards rendered in this process, by what they show: every board of a table (and every
# visitor without a seat) sees the same, so one render serves them all.
_BOARDS: OrderedDict[tuple[Any, ...], tuple[dict[str, Any], str]] = OrderedDict()
BOARDS_KEPT = 1024


def board_parts(table: Table, seated: bool) -> tuple[dict[str, Any], str]:
    """The board's live part for this table, and its tag: rendered once for each thing the
    board shows, however many boards show it."""
    view = table.view_for(None)
    key = (view, seated, url_for("tables.seat", code=table.code))
    try:
        found = _BOARDS[key]
        _BOARDS.move_to_end(key)
        return found
    except KeyError:
        pass
    board = render_template(
        "table/_board.html", view=view, code=table.code, seated=seated, **join_details(table.code)
    )
    parts = {"board": board}
    found = _BOARDS[key] = (parts, tagged(parts))
    while len(_BOARDS) > BOARDS_KEPT:
        _BOARDS.popitem(last=False)
    return found
