"""The applet for one phone: this browser's hand, kept in its signed session cookie.

Every control is a plain form answered with a redirect (post/redirect/get). A request that
asks for JSON gets the hand's new state instead, for the enhancing script.
"""

from __future__ import annotations

import math
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
from .cardview import CardControls, hand_pieces
from .compress import Piece, text_of
from .deal import deal_hands
from .fragments import fragments, page_around
from .hand import Action, Hand, Part, actions_by_phase, dump, load

bp = Blueprint("solo", __name__)

# How long a shuffle can be taken back: long enough to notice a stray tap and say so.
UNDO_SECONDS = 30
# A tap on "Undo shuffle" in its last second may reach the server a little later.
UNDO_GRACE = 5


def _rng() -> random.Random:
    return current_app.config["RANDOM"]


def _now() -> float:
    return current_app.config["CLOCK"]()


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
        return load_cached(session["hand"])
    except (KeyError, ValueError):
        hand = deal_new_hand()
        save_hand(hand)
        return hand


_loaded: dict[tuple[tuple[str, Any], ...], Hand] = {}


def load_cached(state: Any) -> Hand:
    """``hand.load``, remembered: a hand is an immutable value, the same for the same state."""
    try:
        key = tuple(sorted(state.items()))
        return _loaded[key]
    except (AttributeError, TypeError):  # not a dict of plain values: let load() say why
        return load(state)
    except KeyError:
        if len(_loaded) >= 4096:
            _loaded.clear()
        hand = _loaded[key] = load(state)
        return hand


def save_hand(hand: Hand) -> None:
    session["hand"] = dump(hand)
    session.permanent = True


def undo_seconds_left() -> int:
    """Whole seconds left to take back the last shuffle (0 when there is none to undo)."""
    undo = session.get("undo")
    if not isinstance(undo, dict) or not isinstance(undo.get("at"), int | float):
        return 0
    return max(0, math.ceil(undo["at"] + UNDO_SECONDS - _now()))


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


def form_allegiance(field: str = "allegiance") -> Allegiance:
    """Return the allegiance named by the form's field; 400 if it names none."""
    value = request.form.get(field, "")
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


def controls() -> CardControls:
    """Where the applet's card view posts each control (the same for every player)."""
    return fragments().get(
        fragments().here(),
        ("solo.controls",),
        lambda: CardControls(
            hide=url_for("solo.hide"),
            show=url_for("solo.show"),
            sync=url_for("solo.sync"),
            allegiance=url_for("solo.choose_allegiance"),
            randomise=url_for("solo.randomise"),
            points=url_for("solo.points"),
            undo=url_for("solo.undo"),
        ),
    )


def render_hand(hand: Hand) -> list[Piece]:
    """The card view's <main> for this hand, as its own text and the shared card pieces."""
    return hand_pieces(hand, controls(), undo_seconds_left())


def state_for_script(hand: Hand) -> dict[str, Any]:
    """What the enhancing script needs to redraw the controls it changed."""
    return {
        "round": hand.round_tag,
        "hidden": sorted(part.value for part in hand.hidden),
        "allegiance": hand.allegiance.value,
        "flips": [coin.value for coin in hand.flips] if hand.flips else None,
        "coins": hand.coins_text,
        "points": hand.points.value if hand.points else None,
    }


def wants_json() -> bool:
    return request.accept_mimetypes.best == "application/json"


def answer(hand: Hand, new_cards: bool = False) -> Response:
    """Keep the hand, then redirect back to the cards, or send the state to the script.

    When the cards themselves changed (a shuffle, an undo) the script also gets the new
    inside of the card view, to swap in whole: one round trip, no page load.
    """
    save_hand(hand)
    if undo_seconds_left() == 0:
        session.pop("undo", None)
    if wants_json():
        state = state_for_script(hand)
        if new_cards:
            state["html"] = text_of(render_hand(hand))
        return jsonify(state)
    return redirect(url_for("solo.cards"), code=303)


def actions_panel(endpoint: str = "solo.action_view", **args: str) -> Markup:
    """The card view's actions panel: the same for every player, so rendered once per app."""
    cache = current_app.extensions.setdefault("evilrobots.panel", {})
    key = (request.script_root, endpoint, tuple(sorted(args.items())))
    if key not in cache:
        html = render_template(
            "_actions_panel.html",
            phases=actions_by_phase(),
            action_endpoint=endpoint,
            action_args=args,
        )
        # The output of our own autoescaping template, not outside input.
        cache[key] = Markup(html)  # nosec B704
    return cache[key]


@bp.get("/")
def cards() -> Response:
    """The card view: this player's hand inside a frame rendered once for everyone."""
    view = render_hand(load_hand())
    return page_around("cards.html", "hand_view", view, actions_panel=actions_panel())


@bp.get("/actions")
def actions() -> str:
    return render_template(
        "actions.html",
        phases=actions_by_phase(),
        action_endpoint="solo.action_view",
        action_args={},
    )


@bp.get("/action/<slug>")
def action_view(slug: str) -> str:
    action = load_action(slug)
    return render_template("action.html", hand=load_hand(), action=action)


@bp.post("/shuffle")
def shuffle() -> Response:
    """Deal a new hand, keeping the old one for a while in case the shuffle was a slip."""
    previous = load_hand()
    session["undo"] = {"hand": dump(previous), "at": _now()}
    return answer(deal_new_hand(), new_cards=True)


@bp.post("/undo")
def undo() -> Response:
    """Bring back the hand from before the last shuffle, exactly as it was."""
    undo = session.get("undo")
    if not isinstance(undo, dict) or not isinstance(undo.get("at"), int | float):
        abort(409, description="There is no shuffle to undo: these are the cards you were dealt.")
    if _now() > undo["at"] + UNDO_SECONDS + UNDO_GRACE:
        abort(409, description="Too late to undo that shuffle; these cards are now your hand.")
    try:
        previous = load(undo.get("hand"))
    except ValueError:
        abort(409, description="There is no shuffle to undo: these are the cards you were dealt.")
    session.pop("undo")
    return answer(previous, new_cards=True)


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
    if request.form.get("round") != hand.round_tag:
        abort(409, description="A new round was dealt since; reload to see your new cards.")
    return answer(hand.arrange(hidden, allegiance))
