"""Hands and tables as JSON-safe values: the cookie's format and the store's, in one place.

A hand travels in a signed cookie, so it is kept as small, plain values; a table is one JSON
document in the store. Both carry ``VERSION``, and both name robots by their place in
``ROBOTS`` (``ROBOT_INDEX``). Loading refuses anything that is not what dumping made, with a
ValueError: a cookie or a document is outside input.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from ..actions import Action, Part
from ..cards import ROBOT_INDEX, ROBOTS, Allegiance, Coin, PowerCard, Robot, robot_named
from ..hand import Hand
from ..scoring import DEFAULT_TARGET, Game, Proposal, Seated, Tally, tally
from ..table.facts import Fact, What
from ..table.model import Table
from ..table.round import Reveal, Round, Use
from ..table.state import Seat
from .conduct import conduct_state, load_conduct, load_settings, settings_state
from .messages import load_message, message_state

VERSION = 1

# ---- A hand (the one-phone applet's cookie, and each seat's hand at a table) -----------------

_PART_CODES = {Part.ROBOT: "r", Part.POWER: "p", Part.ALLEGIANCE: "a"}
_COIN_CODES = {Coin.HEADS: "H", Coin.TAILS: "T"}
# Read back by their codes: a table holds up to ten hands, loaded at every change.
_PARTS = {code: part for part, code in _PART_CODES.items()}
_COINS = {code: coin for coin, code in _COIN_CODES.items()}
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
        state["f"] = "".join(_COIN_CODES[c] for c in hand.flips)
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
            if not isinstance(codes, str) or len(codes) != 2 or not set(codes) <= _COINS.keys():
                raise ValueError("bad flips")
            flips = (_COINS[codes[0]], _COINS[codes[1]])
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


# ---- A table (the store's document) ----------------------------------------------------------

# Hands read back from tables' documents, and written, once per distinct hand in this
# process: a table's ten hands are read at every change of it, in every process that serves
# it, and a hand changes far less often.
STORED_HANDS_KEPT = 8192


@functools.lru_cache(maxsize=STORED_HANDS_KEPT)
def _hand_state(hand: Hand) -> dict[str, Any]:
    return dump_hand(hand)


def _dumped_hand(hand: Hand) -> dict[str, Any]:
    """``dump_hand``, once per distinct hand (each document gets a dict of its own)."""
    return dict(_hand_state(hand))


@functools.lru_cache(maxsize=STORED_HANDS_KEPT)
def _hand_of(items: tuple[tuple[str, Any], ...], types: tuple[type, ...]) -> Hand:
    return load_hand(dict(items))


def _stored_hand(state: Any) -> Hand:
    """``load_hand``, once per distinct hand: known by its values and their types, so that a
    document's ``true`` is never taken for a ``1``."""
    try:
        return _hand_of(tuple(state.items()), tuple(map(type, state.values())))
    except (AttributeError, TypeError):  # not a dict of plain values: refused just below
        return load_hand(state)


def _robot(index: int | None) -> Robot | None:
    return ROBOTS[index] if index is not None else None


def _fact_state(fact: Fact | None) -> dict[str, Any] | None:
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
        state["t"] = _fact_state(fact.then)
    return state


def _fact(state: dict[str, Any] | str | None) -> Fact | None:
    """A log line's fact; a table stored before facts kept English words, said as they were."""
    if state is None or isinstance(state, str):
        return Fact.said(state or "")
    return Fact(
        What(state["w"]),
        state.get("o", ""),
        _robot(state.get("r")),
        Allegiance(state["g"]) if state.get("g") else None,
        int(state.get("n", 0)),
        int(state.get("s", 0)),
        _fact(state.get("t")),
    )


def _reveal_state(reveal: Reveal) -> dict[str, Any]:
    return {
        "s": reveal.seat,
        "n": reveal.name,
        "a": reveal.action.slug,
        "r": ROBOT_INDEX[reveal.robot] if reveal.robot else None,
        "p": reveal.power.value if reveal.power else None,
        "g": reveal.allegiance.value if reveal.allegiance else None,
        "e": _fact_state(reveal.effect),
        "pa": reveal.power_after.value if reveal.power_after else None,
        "l": _fact_state(reveal.lead),
        "t": reveal.at,
        "w": reveal.withdrawn,
    }


def _reveal(r: dict[str, Any]) -> Reveal:
    return Reveal(
        r["s"],
        r["n"],
        Action.from_slug(r["a"]),
        _robot(r["r"]),
        PowerCard(r["p"]) if r["p"] is not None else None,
        Allegiance(r["g"]) if r["g"] else None,
        _fact(r.get("e")),
        PowerCard(r["pa"]) if r.get("pa") else None,
        _fact(r.get("l")),
        float(r.get("t", 0.0)),
        bool(r.get("w", False)),
    )


def _proposal_state(proposal: Proposal | None) -> dict[str, Any] | None:
    if proposal is None:
        return None
    return {"by": proposal.by, "shares": proposal.shares, "answers": proposal.answers}


def _proposal(state: dict[str, Any] | None) -> Proposal | None:
    if state is None:
        return None
    return Proposal(
        state["by"],
        tuple((seat, points) for seat, points in state["shares"]),
        tuple((seat, bool(agree)) for seat, agree in state["answers"]),
    )


def _seated_state(one: Seated) -> list[Any]:
    return [
        one.seat,
        one.name,
        ROBOT_INDEX[one.robot] if one.robot else None,
        one.power.value,
        one.allegiance.value,
        one.negated,
        one.bet.value if one.bet else None,
        one.only_power_shown,
        one.gone,
    ]


def _seated(state: list[Any]) -> Seated:
    seat, name, robot, power, allegiance, negated, bet, only, *gone = state
    return Seated(
        seat,
        name,
        _robot(robot),
        PowerCard(power),
        Allegiance(allegiance),
        negated,
        Allegiance(bet) if bet else None,
        only,
        gone=bool(gone and gone[0]),
    )


def _tally_state(counted: Tally) -> dict[str, Any]:
    """A kept round, as what it was counted from (the count is made again when loaded) and
    how its winners settled their split."""
    return {
        "number": counted.number,
        "value": counted.value,
        "seated": [_seated_state(row.seated) for row in counted.rows],
        "shares": counted.shares,
        "split": message_state(counted.split),
    }


def _kept_tally(state: dict[str, Any]) -> Tally:
    counted = tally([_seated(one) for one in state["seated"]], state["value"], state["number"])
    shares = tuple((seat, points) for seat, points in state["shares"])
    return replace(counted, shares=shares, split=load_message(state.get("split")))


def table_state(table: Table) -> dict[str, Any]:
    """The table as JSON-safe values."""
    round_ = table.round
    return {
        "v": VERSION,
        "code": table.code,
        "seats": [
            {"id": s.id, "name": s.name, "secret": s.secret, "move": s.move, "until": s.move_until}
            for s in table.seats
        ],
        "host": table.host,
        "open": table.open,
        "npr": table.npr,
        "lang": table.language,
        "next": table.next_seat,
        "version": table.version,
        "deals": table.deals,
        "settings": settings_state(table.settings),
        "round": None
        if round_ is None
        else {
            "number": round_.number,
            "hands": [[seat, _dumped_hand(hand)] for seat, hand in round_.hands],
            "points": round_.points.value,
            "npr": round_.npr.value if round_.npr else None,
            "reveals": [_reveal_state(r) for r in round_.reveals],
            "uses": [
                [u.seat, u.robot.name, u.copied, u.target, u.bet.value if u.bet else None]
                for u in round_.uses
            ],
            "ended": round_.ended,
            "abandoned": round_.abandoned,
            "again": round_.again,
            "proposal": _proposal_state(round_.proposal),
            "proposals": round_.proposals,
            "scaredy": round_.scaredy,
            "kept": round_.kept,
            "id": round_.deal_id,
            "gone": round_.gone,
            "left": round_.left,
            "conduct": conduct_state(round_.conduct),
        },
        "game": {
            "target": table.game.target,
            "scores": table.game.scores,
            "rounds": [_tally_state(counted) for counted in table.game.rounds],
        },
    }


def load_table(state: dict[str, Any]) -> Table:
    """Rebuild a table from ``table_state``'s output; raise ValueError on anything else."""
    try:
        if not isinstance(state, dict) or state.get("v") != VERSION:
            raise ValueError("not a table")
        round_state = state["round"]
        round_ = None
        if round_state is not None:
            round_ = Round(
                number=round_state["number"],
                hands=tuple((seat, _stored_hand(hand)) for seat, hand in round_state["hands"]),
                points=PowerCard(round_state["points"]),
                npr=Allegiance(round_state["npr"]) if round_state["npr"] else None,
                reveals=tuple(_reveal(r) for r in round_state["reveals"]),
                uses=tuple(
                    Use(seat, robot_named(robot), copied, target, Allegiance(bet) if bet else None)
                    for seat, robot, copied, target, bet in round_state.get("uses", [])
                ),
                ended=round_state.get("ended", False),
                abandoned=round_state.get("abandoned", False),
                again=round_state.get("again", False),
                proposal=_proposal(round_state.get("proposal")),
                proposals=round_state.get("proposals", int(bool(round_state.get("proposal")))),
                scaredy=tuple((seat, bool(v)) for seat, v in round_state.get("scaredy", [])),
                kept=round_state.get("kept", False),
                deal_id=round_state.get("id", round_state["number"]),
                gone=tuple((seat, name) for seat, name in round_state.get("gone", [])),
                left=tuple(str(name) for name in round_state.get("left", [])),
                conduct=load_conduct(round_state.get("conduct")),
            )
        game_state = state.get("game") or {}
        game = Game(
            target=game_state.get("target", DEFAULT_TARGET),
            scores=tuple((seat, points) for seat, points in game_state.get("scores", [])),
            rounds=tuple(_kept_tally(kept) for kept in game_state.get("rounds", [])),
        )
        return Table(
            code=state["code"],
            seats=tuple(
                Seat(s["id"], s["name"], s["secret"], s["move"], s["until"]) for s in state["seats"]
            ),
            host=state["host"],
            open=state["open"],
            npr=state["npr"],
            round=round_,
            next_seat=state["next"],
            version=state["version"],
            game=game,
            deals=state.get("deals", round_.deal_id if round_ else 0),
            settings=load_settings(state.get("settings")),
            language=str(state.get("lang", "en")),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a table: {exc!r}") from exc


__all__ = ["ROBOT_INDEX", "VERSION", "dump_hand", "load_hand", "load_table", "table_state"]
