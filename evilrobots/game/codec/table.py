"""A table as its store's document: one JSON-safe dict, with ``VERSION``, written at every
change and read back by every process that follows the table. Loading refuses anything that
is not what dumping made, with a ValueError; documents of earlier builds load as they were."""

from __future__ import annotations

from typing import Any

from ..cards import Allegiance, PowerCard, robot_named
from ..scoring import DEFAULT_TARGET, Game
from ..table.model import Table
from ..table.round import Round, Use
from ..table.state import Seat
from .conduct import conduct_state, load_conduct, load_settings, settings_state
from .count import kept_state, load_kept, load_proposal, proposal_state
from .hand import VERSION, load_stored_hand, stored_hand_state
from .log import load_reveal, reveal_state


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
            "left": round_.left,
            "conduct": conduct_state(round_.conduct),
            **({"split": round_.split_until} if round_.split_until is not None else {}),
            **({"lapsed": True} if round_.lapsed else {}),
        },
        "game": {
            "target": table.game.target,
            "scores": table.game.scores,
            "rounds": [kept_state(counted) for counted in table.game.rounds],
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
                hands=tuple((seat, load_stored_hand(hand)) for seat, hand in round_state["hands"]),
                points=PowerCard(round_state["points"]),
                npr=Allegiance(round_state["npr"]) if round_state["npr"] else None,
                reveals=tuple(load_reveal(r) for r in round_state["reveals"]),
                uses=tuple(
                    Use(seat, robot_named(robot), copied, target, Allegiance(bet) if bet else None)
                    for seat, robot, copied, target, bet in round_state.get("uses", [])
                ),
                ended=round_state.get("ended", False),
                abandoned=round_state.get("abandoned", False),
                again=round_state.get("again", False),
                proposal=load_proposal(round_state.get("proposal")),
                proposals=round_state.get("proposals", int(bool(round_state.get("proposal")))),
                scaredy=tuple((seat, bool(v)) for seat, v in round_state.get("scaredy", [])),
                kept=round_state.get("kept", False),
                deal_id=round_state.get("id", round_state["number"]),
                gone=tuple((seat, name) for seat, name in round_state.get("gone", [])),
                left=tuple(str(name) for name in round_state.get("left", [])),
                conduct=load_conduct(round_state.get("conduct")),
                split_until=round_state.get("split"),
                lapsed=bool(round_state.get("lapsed", False)),
            )
        game_state = state.get("game") or {}
        game = Game(
            target=game_state.get("target", DEFAULT_TARGET),
            scores=tuple((seat, points) for seat, points in game_state.get("scores", [])),
            rounds=tuple(load_kept(kept) for kept in game_state.get("rounds", [])),
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
