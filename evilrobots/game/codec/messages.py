"""A message the game said (``Message``) inside the table's document (``codec``): its
catalog id and its facts, each stored as what it is, never as words.

    {"text": "%(name)s alone takes %(value)d.", "params": {"name": "Ada", "value": 4}}

A fact is a name or a number as itself; an allegiance ``{"g": "good"}``, a robot
``{"r": 3}`` (its place in ``ROBOTS``), a power card ``{"p": 7}``, an action
``{"a": "debate"}``; a tuple a list of facts. A document stored before messages kept the
English words: that string loads as a message of those words and no facts (said as it was).
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import ROBOT_INDEX, ROBOTS, Allegiance, PowerCard, Robot
from ..messages import Message


def message_state(message: Message | None) -> dict[str, Any] | None:
    if message is None:
        return None
    return {"text": message.text, "params": {k: _fact_state(v) for k, v in message.params}}


def load_message(state: dict[str, Any] | str | None) -> Message | None:
    """A stored message; an old document's English words (a str) as a message of those words,
    and "" (nothing said) as None."""
    if state is None or state == "":
        return None
    if isinstance(state, str):
        return Message(state)
    if not isinstance(state, dict) or not isinstance(state["text"], str):
        raise TypeError("not a message")
    params = state.get("params") or {}
    return Message(state["text"], tuple((str(k), _fact(v)) for k, v in params.items()))


def _fact_state(value: object) -> Any:
    if isinstance(value, Allegiance):
        return {"g": value.value}
    if isinstance(value, Robot):
        return {"r": ROBOT_INDEX[value]}
    if isinstance(value, PowerCard):
        return {"p": value.value}
    if isinstance(value, Action):
        return {"a": value.slug}
    if isinstance(value, tuple | list):
        return [_fact_state(one) for one in value]
    if value is None or isinstance(value, str | int | float):
        return value
    raise TypeError(f"a message's fact cannot be stored: {value!r}")


def _fact(state: Any) -> object:
    if isinstance(state, list):
        return tuple(_fact(one) for one in state)
    if isinstance(state, dict):
        ((kind, value),) = state.items()
        if kind == "g":
            return Allegiance(value)
        if kind == "r":
            return ROBOTS[value]
        if kind == "p":
            return PowerCard(value)
        if kind == "a":
            return Action.from_slug(value)
        raise KeyError(kind)
    return state


__all__ = ["load_message", "message_state"]
