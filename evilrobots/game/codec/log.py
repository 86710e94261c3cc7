"""The board's log in a table's document: each public act (a ``Reveal``) and its facts, a
robot named by its place in ``ROBOTS``, a party by its place at the table (``"ow"``; the
non-player robot by ``NPR_SEAT`` alone, having no name).

Documents of earlier builds load as they were: a log kept before facts holds English words
(said as they were), and one kept before places names the non-player robot by its English
name (``STORED_NPR_NAME``), read back as its place."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import ROBOT_INDEX, Allegiance, PowerCard
from ..table.facts import Fact, What
from ..table.round import NPR_SEAT, Reveal
from .hand import robot_at

# How documents written before places named the non-player robot, on the log and in a kept
# round's count: read back as its place, never written again.
STORED_NPR_NAME = "The non-player robot"


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
    if fact.whom is not None:
        state["ow"] = fact.whom
    return state


def load_fact(state: dict[str, Any] | str | None) -> Fact | None:
    """A log line's fact; a table stored before facts kept English words, said as they were."""
    if state is None or isinstance(state, str):
        return Fact.said(state or "")
    other, whom = state.get("o", ""), state.get("ow")
    if other == STORED_NPR_NAME and whom is None:  # (before places)
        other, whom = "", NPR_SEAT
    return Fact(
        What(state["w"]),
        other,
        robot_at(state.get("r")),
        Allegiance(state["g"]) if state.get("g") else None,
        int(state.get("n", 0)),
        int(state.get("s", 0)),
        load_fact(state.get("t")),
        None if whom is None else int(whom),
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
        "" if r["s"] == NPR_SEAT else r["n"],  # (before places, its English name)
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
