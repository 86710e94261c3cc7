"""A hand as JSON-safe values: the one-phone applet's cookie, and each seat's hand in a table's
document. Small, plain values, named by their codes; loading refuses anything that is not what
dumping made, with a ValueError (a cookie is outside input)."""

from __future__ import annotations

import functools
from typing import Any

from ..actions import Part
from ..cards import ROBOT_INDEX, ROBOTS, Allegiance, Coin, PowerCard, Robot
from ..hand import Hand

VERSION = 1


_PART_CODES = {Part.ROBOT: "r", Part.POWER: "p", Part.ALLEGIANCE: "a"}
COIN_CODES = {Coin.HEADS: "H", Coin.TAILS: "T"}
# Read back by their codes: a table holds up to ten hands, loaded at every change.
_PARTS = {code: part for part, code in _PART_CODES.items()}
COINS = {code: coin for coin, code in COIN_CODES.items()}
_BY_INITIAL = {allegiance.value[0]: allegiance for allegiance in Allegiance}


def dump_hand(hand: Hand) -> dict[str, Any]:
    """Turn a hand into a small JSON-safe dict."""
    state: dict[str, Any] = {
        "v": VERSION,
        "r": ROBOT_INDEX[hand.robot],
        "p": hand.power.value,
        "a": hand.allegiance.value[0],
        "h": "".join(code for part, code in _PART_CODES.items() if part in hand.hidden),
    }
    if hand.flips is not None:
        state["f"] = "".join(COIN_CODES[c] for c in hand.flips)
    if hand.points is not None:
        state["x"] = hand.points.value
    if hand.deal_id:
        state["n"] = hand.deal_id
    return state


def load_hand(state: Any) -> Hand:
    """Rebuild a hand from ``dump_hand``'s output; raise ValueError on anything else."""
    try:
        if not isinstance(state, dict) or state.get("v") != VERSION:
            raise ValueError("not a hand")
        robot_index, power, allegiance = state["r"], state["p"], state["a"]
        if type(robot_index) is not int or not 0 <= robot_index < len(ROBOTS):
            raise ValueError("bad robot")
        if type(power) is not int:
            raise ValueError("bad power")
        hidden_codes = state.get("h", "")
        if not isinstance(hidden_codes, str) or not set(hidden_codes) <= _PARTS.keys():
            raise ValueError("bad hidden parts")
        flips = None
        if "f" in state:
            codes = state["f"]
            if not isinstance(codes, str) or len(codes) != 2 or not set(codes) <= COINS.keys():
                raise ValueError("bad flips")
            flips = (COINS[codes[0]], COINS[codes[1]])
        points = None
        if "x" in state:
            if type(state["x"]) is not int:
                raise ValueError("bad points card")
            points = PowerCard(state["x"])
        deal_id = state.get("n", 0)
        if type(deal_id) is not int or not 0 <= deal_id < 2**32:
            raise ValueError("bad deal id")
        hand = Hand(
            deal_id=deal_id,
            robot=ROBOTS[robot_index],
            power=PowerCard(power),
            allegiance=_BY_INITIAL[allegiance],
            flips=flips,
            hidden=frozenset(_PARTS[c] for c in hidden_codes),
            points=points,
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a hand: {exc!r}") from exc
    if flips is not None and Allegiance.from_flips(*flips) is not hand.allegiance:
        raise ValueError("flips do not match the allegiance")
    return hand


# Hands read back from tables' documents, and written, once per distinct hand in this
# process: a table's ten hands are read at every change of it, in every process that serves
# it, and a hand changes far less often.
STORED_HANDS_KEPT = 8192


@functools.lru_cache(maxsize=STORED_HANDS_KEPT)
def _hand_state(hand: Hand) -> dict[str, Any]:
    return dump_hand(hand)


def stored_hand_state(hand: Hand) -> dict[str, Any]:
    """``dump_hand``, once per distinct hand (each document gets a dict of its own)."""
    return dict(_hand_state(hand))


@functools.lru_cache(maxsize=STORED_HANDS_KEPT)
def _hand_of(items: tuple[tuple[str, Any], ...], types: tuple[type, ...]) -> Hand:
    return load_hand(dict(items))


def load_stored_hand(state: Any) -> Hand:
    """``load_hand``, once per distinct hand: known by its values and their types, so that a
    document's ``true`` is never taken for a ``1``."""
    try:
        return _hand_of(tuple(state.items()), tuple(map(type, state.values())))
    except (AttributeError, TypeError):  # not a dict of plain values: refused just below
        return load_hand(state)


def robot_at(index: int | None) -> Robot | None:
    """The robot at this place in ``ROBOTS`` (how a document names one), or None."""
    return ROBOTS[index] if index is not None else None
