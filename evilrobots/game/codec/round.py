"""One round in a table's document: the deal (and the cards as dealt), the board's log and
CheatBot's lies on it, the robot actions that change the count, the end and its split, and
the conduct of a round the app runs. Loading refuses anything that is not what dumping made
(a KeyError, TypeError or ValueError: ``codec.table`` says which document); rounds of earlier
builds load as they were."""

from __future__ import annotations

from typing import Any

from ..cards import Allegiance, PowerCard, robot_named
from ..table.round import Dealt, Round, Use
from .conduct import conduct_state, load_conduct
from .count import load_proposal, proposal_state
from .hand import COIN_CODES, COINS, load_stored_hand, stored_hand_state
from .log import load_reveal, reveal_state


def round_state(round_: Round) -> dict[str, Any]:
    """The round as JSON-safe values."""
    return {
        "number": round_.number,
        "hands": [[seat, stored_hand_state(hand)] for seat, hand in round_.hands],
        "points": round_.points.value,
        "npr": round_.npr.value if round_.npr else None,
        "reveals": [reveal_state(r) for r in round_.reveals],
        "uses": [
            [u.seat, u.robot.name, u.copied, u.target, u.bet.value if u.bet else None]
            for u in round_.uses
        ],
        "ended": round_.ended,
        "abandoned": round_.abandoned,
        "again": round_.again,
        "proposal": proposal_state(round_.proposal),
        "proposals": round_.proposals,
        "scaredy": round_.scaredy,
        "kept": round_.kept,
        "id": round_.deal_id,
        "gone": round_.gone,
        "left": round_.departed,
        **({"handed": [[name, back] for name, back in round_.handed]} if round_.handed else {}),
        "conduct": conduct_state(round_.conduct),
        **({"split": round_.split_until} if round_.split_until is not None else {}),
        **({"lapsed": True} if round_.lapsed else {}),
        **({"dealt": [_dealt_state(d) for d in round_.dealt]} if round_.dealt else {}),
        **({"lies": [[at, truth.value] for at, truth in round_.lies]} if round_.lies else {}),
    }


def _dealt_state(dealt: Dealt) -> list[Any]:
    return [dealt.seat, dealt.power.value, "".join(COIN_CODES[c] for c in dealt.flips)]


def _load_dealt(state: list[Any]) -> Dealt:
    seat, power, flips = state
    if len(flips) != 2:
        raise ValueError("bad flips")
    return Dealt(int(seat), PowerCard(power), (COINS[flips[0]], COINS[flips[1]]))


def load_round(state: dict[str, Any]) -> Round:
    """Rebuild a round from ``round_state``'s output."""
    return Round(
        number=state["number"],
        hands=tuple((seat, load_stored_hand(hand)) for seat, hand in state["hands"]),
        points=PowerCard(state["points"]),
        npr=Allegiance(state["npr"]) if state["npr"] else None,
        reveals=tuple(load_reveal(r) for r in state["reveals"]),
        uses=tuple(
            Use(seat, robot_named(robot), copied, target, Allegiance(bet) if bet else None)
            for seat, robot, copied, target, bet in state.get("uses", [])
        ),
        ended=state.get("ended", False),
        abandoned=state.get("abandoned", False),
        again=state.get("again", False),
        proposal=load_proposal(state.get("proposal")),
        proposals=state.get("proposals", int(bool(state.get("proposal")))),
        scaredy=tuple((seat, bool(v)) for seat, v in state.get("scaredy", [])),
        kept=state.get("kept", False),
        deal_id=state.get("id", state["number"]),
        gone=tuple((seat, name) for seat, name in state.get("gone", [])),
        departed=tuple(str(name) for name in state.get("left", [])),
        handed=tuple((str(name), bool(back)) for name, back in state.get("handed", [])),
        conduct=load_conduct(state.get("conduct")),
        split_until=state.get("split"),
        lapsed=bool(state.get("lapsed", False)),
        dealt=tuple(_load_dealt(d) for d in state.get("dealt", [])),
        lies=tuple((int(at), Allegiance(truth)) for at, truth in state.get("lies", [])),
    )
