"""The card view's <main>: a player's hand as shared pieces, and where its controls post;
its actions panel; and the state the enhancing script redraws from.

The applet and a table render the same card view; they differ only in these URLs, in which
optional controls they offer (a table has no Shuffle and no points draw), and in what a
table adds (Reveal, the table's points card, robot actions naming the other players).

Each card, and the frame around them (``_hand.html``), is rendered once per
value (``evilrobots.web.fragments``). Saying here which fragments make a hand, rather than in a
template that places them, keeps the markup in the templates and spares a template call per
card: a card view's own text is then its round tag, and at a table any robot actions.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app, render_template
from markupsafe import Markup, escape

from ..game.actions import Part, actions_by_occasion
from ..game.cards import Allegiance
from ..game.hand import Hand
from . import words
from .fragments import fragments


@dataclass(frozen=True, slots=True)
class CardControls:
    """The URLs the card view's forms post to; ``None`` leaves that control out."""

    hide: str
    show: str
    sync: str
    allegiance: str | None
    randomise: str | None = None
    points: str | None = None
    undo: str | None = None

    @property
    def switch(self) -> tuple[str, str]:
        """A card's hide/show pair, as the card partial takes it."""
        return self.hide, self.show


def hand_pieces(
    hand: Hand,
    controls: CardControls,
    undo_seconds: int,
    *,
    points: Any = None,
    reveal_url: str | None = None,
    cheat: bool = False,
    robot_actions: Sequence[Any] = (),
    robot_url: str | None = None,
    ended: bool = False,
    acts: Markup | None = None,
    story: str = "",
    robot_link: str | bool = True,
) -> list[str]:
    """The card view's <main> for this hand, as its own text and shared pieces.

    ``undo_seconds`` offers Undo shuffle for that long (0: not at all). At a table:
    ``points`` is the table's points card (the hand's own otherwise), ``reveal_url`` adds
    Reveal to the table to the action view, ``cheat`` lets CheatBot pick the allegiance it
    shows, ``robot_actions`` are the robot actions this player may use now (posted to
    ``robot_url``), ``ended`` says the round is over, and ``acts`` are the forms of a
    conducted round's action views (the player's own), ``story`` what became of the
    player's allegiance in it (who converted them, and how it ended), said under it.
    ``robot_link``: where the robot's name leads (True: the robots' page; a seat page's own
    account of it, ``#own-robot``).
    """
    store = fragments()
    cache = store.here()

    def card(macro: str, *args: Hashable) -> str:
        return store.rendered(cache, "_cards.html", macro, args)

    def frame(deal_tag: str, cards: str) -> str:
        module = current_app.jinja_env.get_template("_hand.html").module
        return str(module.hand_view(deal_tag, cards, controls, undo_seconds, ended))

    opening, middle, closing = store.slotted(
        cache, ("_hand.html", controls, undo_seconds, ended), frame, slots=2
    )
    deal_tag = hand.deal_tag if reveal_url else ""
    truth: Allegiance | None = hand.allegiance if cheat else None
    banner: str
    if robot_actions or acts:  # they name the other players: the player's own text
        module = current_app.jinja_env.get_template("_cards.html").module
        banner = str(
            module.focus_banner(reveal_url, hand.deal_tag, truth, robot_actions, robot_url, acts)
        )
    else:
        banner = card("focus_banner", reveal_url, deal_tag, truth)
    switch = controls.switch
    return [
        opening,
        str(escape(hand.deal_tag)),
        middle,
        banner,
        card("robot_card", hand.robot, Part.ROBOT in hand.hidden, switch, robot_link),
        card("power_card", hand.power, Part.POWER in hand.hidden, switch),
        card("allegiance_card", hand.allegiance, Part.ALLEGIANCE in hand.hidden, switch),
        card(
            "allegiance_controls",
            hand.allegiance,
            words.allegiance_line(hand.flips, hand.allegiance, story),
            controls.allegiance,
            controls.randomise,
            deal_tag,
        ),
        card("points_section", hand.points if points is None else points, controls.points),
        closing,
    ]


def actions_panel(endpoint: str = "solo.action_view", **args: str) -> Markup:
    """The card view's actions panel: the same for every player, so rendered once per app,
    language and table (a fragment: kept as the others are, within their bound)."""
    store = fragments()

    def render() -> Markup:
        html = render_template(
            "_actions_panel.html",
            occasions=actions_by_occasion(),
            action_endpoint=endpoint,
            action_args=args,
        )
        # The output of our own autoescaping template, not outside input.
        return Markup(html)  # nosec B704

    return store.get(store.here(), ("_actions_panel.html", endpoint, *sorted(args.items())), render)


def state_for_script(hand: Hand) -> dict[str, Any]:
    """What the enhancing script needs to redraw the controls it changed."""
    return {
        "round": hand.deal_tag,
        "hidden": sorted(part.value for part in hand.hidden),
        "allegiance": hand.allegiance.value,
        "flips": [coin.value for coin in hand.flips] if hand.flips else None,
        "coins": words.coins(hand.flips, hand.allegiance),
        "points": hand.points.value if hand.points else None,
    }
