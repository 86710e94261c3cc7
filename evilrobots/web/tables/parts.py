"""The parts of table pages that more than one view renders: a seat's card view, the live
section of a seat page, the join link and its QR code."""

from __future__ import annotations

import functools
from typing import Any

import segno
from flask import render_template, url_for
from markupsafe import Markup, escape

from ...game.cards import CHEATBOT
from ...game.hand import Hand
from ...game.table import TableView
from ...serving.compress import text_of
from ..cardview import CardControls, hand_pieces
from ..fragments import fragments


def controls(code: str) -> CardControls:
    """Where a seat's card view posts its controls."""
    return fragments().get(
        fragments().here(),
        ("tables.controls", code),
        lambda: CardControls(
            hide=url_for("tables.hide", code=code),
            show=url_for("tables.show", code=code),
            sync=url_for("tables.sync", code=code),
            allegiance=url_for("tables.choose_allegiance", code=code),
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
    """The seat's card view <main>, as text."""
    return text_of(
        hand_pieces(
            hand,
            controls(view.code),
            0,
            points=view.points,
            reveal_url=url_for("tables.reveal", code=view.code),
            cheat=hand.robot is CHEATBOT,
            robot_actions=view.robot_actions,
            robot_url=url_for("tables.use_robot", code=view.code),
            ended=view.ended,
        )
    )


def hand_key(view: TableView) -> str:
    """What, when it changes, means the phone must redraw its cards (not its own taps): a
    deal, a swap, the end of the round, or the robot actions it may use."""
    if view.hand is None:
        return ""
    points = view.points.value if view.points else 0
    actions = ",".join(
        f"{a.robot.name}{'/'.join(name for _, name in a.targets)}" for a in view.robot_actions
    )
    state = "ended" if view.ended else "play"
    hand = view.hand
    return f"{view.deal_id}:{hand.robot.slug}:{hand.power.value}:{points}:{state}:{actions}"


def join_details(code: str) -> dict[str, Any]:
    """The table's join link, and its QR code."""
    link = url_for("tables.seat", code=code, _external=True)
    return {"join_link": link, "join_qr": qr_svg(link)}


def live_parts(view: TableView) -> dict[str, Any]:
    """The parts of a seat page that change while it is open, for this viewer."""
    return {
        "live": render_template("table/_live.html", view=view, **join_details(view.code)),
        "hand_key": hand_key(view),
        "hand": render_hand(view, view.hand) if view.hand else "",
        "round": view.round_label,
        "banner": render_template("table/_banner.html", view=view),
    }
