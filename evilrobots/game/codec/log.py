"""The board's log in a table's document: each public act (a ``Reveal``) and its facts, a
robot named by its place in ``ROBOTS``. A table stored before the log kept facts kept English
words: they load as said."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import ROBOT_INDEX, Allegiance, PowerCard
from ..table.facts import Fact, What
from ..table.round import Reveal
from .hand import robot_at


def fact_state(fact: Fact | None) -> dict[str, Any] | None:
    if fact is None:
        return None
    state: dict[str, Any] = {"w": fact.what.value}
    if fact.other:
        state["o"] = fact.other
    if fact.robot is not None:
        state["r"] = ROBOT_INDEX[fact.robot]
    if fact.allegiance is not None:
        state["g"] = fact.allegiance.value
    if fact.number:
        state["n"] = fact.number
    if fact.second:
        state["s"] = fact.second
    if fact.then is not None:
        state["t"] = fact_state(fact.then)
    return state


def load_fact(state: dict[str, Any] | str | None) -> Fact | None:
    """A log line's fact; a table stored before facts kept English words, said as they were."""
    if state is None or isinstance(state, str):
        return Fact.said(state or "")
    return Fact(
        What(state["w"]),
        state.get("o", ""),
        robot_at(state.get("r")),
        Allegiance(state["g"]) if state.get("g") else None,
        int(state.get("n", 0)),
        int(state.get("s", 0)),
        load_fact(state.get("t")),
    )


def reveal_state(reveal: Reveal) -> dict[str, Any]:
    return {
        "s": reveal.seat,
        "n": reveal.name,
        "a": reveal.action.slug,
        "r": ROBOT_INDEX[reveal.robot] if reveal.robot else None,
        "p": reveal.power.value if reveal.power else None,
        "g": reveal.allegiance.value if reveal.allegiance else None,
        "e": fact_state(reveal.effect),
        "pa": reveal.power_after.value if reveal.power_after else None,
        "l": fact_state(reveal.lead),
        "t": reveal.at,
        "w": reveal.withdrawn,
    }


def load_reveal(r: dict[str, Any]) -> Reveal:
    return Reveal(
        r["s"],
        r["n"],
        Action.from_slug(r["a"]),
        robot_at(r["r"]),
        PowerCard(r["p"]) if r["p"] is not None else None,
        Allegiance(r["g"]) if r["g"] else None,
        load_fact(r.get("e")),
        PowerCard(r["pa"]) if r.get("pa") else None,
        load_fact(r.get("l")),
        float(r.get("t", 0.0)),
        bool(r.get("w", False)),
    )
