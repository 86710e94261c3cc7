"""The applet for one phone: this browser's hand, kept in its signed session cookie.

Every control is a plain form answered with a redirect (post/redirect/get). A request that
asks for JSON gets the hand's new state instead, for the enhancing script.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...game.actions import actions_by_occasion
from ...game.codec import load_hand as hand_from_state
from ...game.hand import Hand
from ..cardview import CardControls, actions_panel, hand_pieces, state_for_script
from ..forms import (
    form_allegiance,
    form_hidden_parts,
    form_part,
    load_action,
    secure_context,
    wants_json,
)
from ..fragments import fragments, page_around
from ..services import now, rng
from .cookie import (
    UNDO_GRACE,
    UNDO_SECONDS,
    deal_new_hand,
    keep_for_undo,
    load_hand,
    save_hand,
    undo_seconds_left,
)

bp = Blueprint("solo", __name__)

NOTHING_TO_UNDO = _l("There is no shuffle to undo: these are the cards you were dealt.")


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


def render_hand(hand: Hand) -> list[str]:
    """The card view's <main> for this hand, as its own text and the shared card pieces."""
    return hand_pieces(hand, controls(), undo_seconds_left())


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
            state["html"] = "".join(render_hand(hand))
        return jsonify(state)
    return redirect(url_for("solo.cards"), code=303)


@bp.get("/")
def cards() -> Response:
    """The card view: this player's hand inside a frame rendered once for everyone."""
    view = render_hand(load_hand())
    return page_around(
        "cards.html", "hand_view", view, actions_panel=actions_panel(), secure=secure_context()
    )


@bp.get("/actions")
def actions() -> str:
    return render_template(
        "actions.html",
        occasions=actions_by_occasion(),
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
    keep_for_undo(load_hand())
    return answer(deal_new_hand(), new_cards=True)


@bp.post("/undo")
def undo() -> Response:
    """Bring back the hand from before the last shuffle, exactly as it was."""
    undo = session.get("undo")
    if not isinstance(undo, dict) or not isinstance(undo.get("at"), int | float):
        abort(409, description=NOTHING_TO_UNDO)
    if now() > undo["at"] + UNDO_SECONDS + UNDO_GRACE:
        abort(409, description=_("Too late to undo that shuffle; these cards are now your hand."))
    try:
        previous = hand_from_state(undo.get("hand"))
    except ValueError:
        abort(409, description=NOTHING_TO_UNDO)
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
    return answer(load_hand().randomise(rng()))


@bp.post("/points")
def points() -> Response:
    return answer(load_hand().draw_points(rng()))


@bp.post("/sync")
def sync() -> Response:
    """Take the whole arrangement the phone shows: what is hidden and the allegiance.

    The script sends this after every tap, and again when a lost connection returns. A
    phone still showing an older deal gets 409 and keeps the newer hand untouched.
    """
    hidden, allegiance = form_hidden_parts(), form_allegiance()
    hand = load_hand()
    if request.form.get("round") != hand.deal_tag:
        abort(409, description=_("A new round was dealt since; reload to see your new cards."))
    return answer(hand.arrange(hidden, allegiance))
