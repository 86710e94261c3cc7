"""The end of a round in a table's document: a proposed split, and each kept round as what it
was counted from (the count is made again when loaded) with how its winners settled it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards import ROBOT_INDEX, Allegiance, PowerCard
from ..scoring import NPR_SEAT, Proposal, Seated, Tally, tally
from .hand import robot_at
from .messages import load_message, message_state


def proposal_state(proposal: Proposal | None) -> dict[str, Any] | None:
    if proposal is None:
        return None
    return {"by": proposal.by, "shares": proposal.shares, "answers": proposal.answers}


def load_proposal(state: dict[str, Any] | None) -> Proposal | None:
    if state is None:
        return None
    return Proposal(
        state["by"],
        tuple((seat, points) for seat, points in state["shares"]),
        tuple((seat, bool(agree)) for seat, agree in state["answers"]),
    )


def seated_state(one: Seated) -> list[Any]:
    return [
        one.seat if one.plays else None,  # the non-player robot, as it was always stored
        one.name,
        ROBOT_INDEX[one.robot] if one.robot else None,
        one.power.value,
        one.allegiance.value,
        one.negated,
        one.bet.value if one.bet else None,
        one.only_power_shown,
        one.gone,
    ]


def load_seated(state: list[Any]) -> Seated:
    seat, name, robot, power, allegiance, negated, bet, only, *gone = state
    return Seated(
        NPR_SEAT if seat is None else seat,
        name if seat is not None else "",  # the non-player robot (before places, its name)
        robot_at(robot),
        PowerCard(power),
        Allegiance(allegiance),
        negated,
        Allegiance(bet) if bet else None,
        only,
        gone=bool(gone and gone[0]),
    )


def kept_state(counted: Tally) -> dict[str, Any]:
    """A kept round, as what it was counted from (the count is made again when loaded) and
    how its winners settled their split."""
    return {
        "number": counted.number,
        "value": counted.value,
        "seated": [seated_state(row.seated) for row in counted.rows],
        "shares": counted.shares,
        "split": message_state(counted.split),
    }


def load_kept(state: dict[str, Any]) -> Tally:
    counted = tally([load_seated(one) for one in state["seated"]], state["value"], state["number"])
    shares = tuple((seat, points) for seat, points in state["shares"])
    return replace(counted, shares=shares, split=load_message(state.get("split")))
