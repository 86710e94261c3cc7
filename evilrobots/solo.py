"""The applet for one phone: this browser's hand, kept in its signed session cookie.

Every control is a plain form answered with a redirect (post/redirect/get). A request that
asks for JSON gets the hand's new state instead, for the enhancing script.
"""

from __future__ import annotations

import random
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from .cards import Allegiance
from .deal import deal_hands
from .hand import Action, Hand, Part, actions_by_phase, dump, load

bp = Blueprint("solo", __name__)


def _rng() -> random.Random:
    return current_app.config["RANDOM"]


def deal_new_hand() -> Hand:
    """Shuffle both decks afresh and deal this player a new hand."""
    (deal,) = deal_hands(1, _rng())
    return Hand.from_deal(deal, round_id=_rng().getrandbits(32))


def load_hand() -> Hand:
    """Return this browser's hand; deal and keep a fresh one if it has none.

    A cookie that fails its signature never reaches here (Flask starts an empty session);
    one that is signed but does not hold a hand is replaced the same way.
    """
    try:
        return load(session["hand"])
    except (KeyError, ValueError):
        hand = deal_new_hand()
        save_hand(hand)
        return hand


def save_hand(hand: Hand) -> None:
    session["hand"] = dump(hand)
    session.permanent = True


def load_action(slug: str) -> Action:
    """Return the game action named in the URL; 404, pointing to the actions panel, otherwise."""
    try:
        return Action.from_slug(slug)
    except KeyError:
        abort(
            404,
            description=f"There is no action called “{slug}”. Open the actions panel to pick one.",
        )


def form_part() -> Part:
    """Return the card named by the form's ``part`` field; 400 if it names none."""
    value = request.form.get("part", "")
    try:
        return Part(value)
    except ValueError:
        abort(400, description="Say which card: robot, power or allegiance.")


def form_allegiance() -> Allegiance:
    """Return the allegiance named by the form; 400 if it names none."""
    value = request.form.get("allegiance", "")
    try:
        return Allegiance(value)
    except ValueError:
        abort(400, description="Choose an allegiance: good, evil or neutral.")


def form_hidden_parts() -> frozenset[Part]:
    """Return the cards listed in the form's ``hidden`` fields; 400 for an unknown one."""
    try:
        return frozenset(Part(value) for value in request.form.getlist("hidden"))
    except ValueError:
        abort(400, description="Only the robot, power and allegiance cards can be hidden.")


def state_for_script(hand: Hand) -> dict[str, Any]:
    """What the enhancing script needs to redraw the controls it changed."""
    return {
        "round": f"{hand.round_id:08x}",
        "hidden": sorted(part.value for part in hand.hidden),
        "allegiance": hand.allegiance.value,
        "flips": [coin.value for coin in hand.flips] if hand.flips else None,
        "points": hand.points.value if hand.points else None,
    }


def answer(hand: Hand) -> Response:
    """Keep the hand, then redirect back to the cards, or send the state to the script."""
    save_hand(hand)
    if request.accept_mimetypes.best == "application/json":
        return jsonify(state_for_script(hand))
    return redirect(url_for("solo.cards"), code=303)


def actions_panel() -> Markup:
    """The card view's actions panel: the same for everyone, so rendered once per app."""
    cache = current_app.extensions.setdefault("evilrobots.panel", {})
    if "html" not in cache:
        # The output of our own autoescaping template, not outside input.
        html = render_template("_actions_panel.html", phases=actions_by_phase())
        cache["html"] = Markup(html)  # nosec B704
    return cache["html"]


@bp.get("/")
def cards() -> str:
    hand = load_hand()
    return render_template("cards.html", hand=hand, actions_panel=actions_panel())


@bp.get("/actions")
def actions() -> str:
    return render_template("actions.html", phases=actions_by_phase())


@bp.get("/action/<slug>")
def action_view(slug: str) -> str:
    action = load_action(slug)
    hand = load_hand()
    return render_template("action.html", hand=hand, action=action, shown=hand.reveal_for(action))


@bp.post("/shuffle")
def shuffle() -> Response:
    return answer(deal_new_hand())


@bp.post("/hide")
def hide() -> Response:
    part = form_part()
    return answer(load_hand().hide(part))


@bp.post("/show")
def show() -> Response:
    part = form_part()
    return answer(load_hand().show(part))


@bp.post("/allegiance")
def choose_allegiance() -> Response:
    allegiance = form_allegiance()
    return answer(load_hand().choose(allegiance))


@bp.post("/randomise")
def randomise() -> Response:
    return answer(load_hand().randomise(_rng()))


@bp.post("/points")
def points() -> Response:
    return answer(load_hand().draw_points(_rng()))


@bp.post("/sync")
def sync() -> Response:
    """Take the whole arrangement the phone shows: what is hidden and the allegiance.

    The script sends this after every tap, and again when a lost connection returns. A
    phone still showing an older round gets 409 and keeps the newer hand untouched.
    """
    hidden, allegiance = form_hidden_parts(), form_allegiance()
    hand = load_hand()
    if request.form.get("round") != f"{hand.round_id:08x}":
        abort(409, description="A new round was dealt since; reload to see your new cards.")
    return answer(hand.arrange(hidden, allegiance))
