"""This browser's hand, kept in its signed session cookie, and the hand before its last
shuffle (for Undo)."""

from __future__ import annotations

import math
from typing import Any

from flask import session

from ...game.codec import dump_hand
from ...game.codec import load_hand as hand_from_state
from ...game.deal import deal_hands
from ...game.hand import Hand
from ..services import now, rng

# How long a shuffle can be taken back: long enough to notice a stray tap and say so.
UNDO_SECONDS = 30
# A tap on "Undo shuffle" in its last second may reach the server a little later.
UNDO_GRACE = 5


def deal_new_hand() -> Hand:
    """Shuffle both decks afresh and deal this player a new hand."""
    (deal,) = deal_hands(1, rng())
    return Hand.from_deal(deal, deal_id=rng().getrandbits(32))


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
    """``load_hand`` of the codec, remembered: a hand is an immutable value, the same for the
    same state."""
    try:
        key = tuple(sorted(state.items()))
        return _loaded[key]
    except (AttributeError, TypeError):  # not a dict of plain values: let the codec say why
        return hand_from_state(state)
    except KeyError:
        if len(_loaded) >= 4096:
            _loaded.clear()
        hand = _loaded[key] = hand_from_state(state)
        return hand


def save_hand(hand: Hand) -> None:
    session["hand"] = dump_hand(hand)
    session.permanent = True


def keep_for_undo(hand: Hand) -> None:
    """Remember the hand from before a shuffle, and when, so the shuffle can be taken back."""
    session["undo"] = {"hand": dump_hand(hand), "at": now()}


def undo_seconds_left() -> int:
    """Whole seconds left to take back the last shuffle (0 when there is none to undo)."""
    undo = session.get("undo")
    if not isinstance(undo, dict) or not isinstance(undo.get("at"), int | float):
        return 0
    return max(0, math.ceil(undo["at"] + UNDO_SECONDS - now()))
