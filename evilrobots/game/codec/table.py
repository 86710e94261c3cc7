"""A table as its store's document: one JSON-safe dict, with ``VERSION``, written at every
change and read back by every process that follows the table. Loading refuses anything that
is not what dumping made, with a ValueError; documents of earlier builds load as they were."""

from __future__ import annotations

from typing import Any

from ..table.model import Table
from ..table.state import Computer, Gone, Planned, Seat
from .conduct import load_settings, settings_state
from .hand import VERSION
from .moves import load_move, move_state
from .round import load_round, round_state
from .story import game_state, load_game, load_page, page_state, past_state


def table_state(table: Table) -> dict[str, Any]:
    """The table as JSON-safe values."""
    round_ = table.round
    return {
        "v": VERSION,
        "code": table.code,
        "seats": [_seat(s) for s in table.seats],
        "host": table.host,
        "open": table.open,
        "npr": table.npr_next_deal,
        "lang": table.language,
        "next": table.next_seat,
        "version": table.version,
        "deals": table.deals,
        "settings": settings_state(table.settings),
        "round": None if round_ is None else round_state(round_),
        "game": game_state(table.game),
        **({"number": table.game_number} if table.game_number != 1 else {}),
        **({"chapters": [page_state(page) for page in table.chapters]} if table.chapters else {}),
        **({"past": [past_state(past) for past in table.past]} if table.past else {}),
        **({"tokens": table.tokens} if table.tokens else {}),
        **(
            {"computers": [[c.seat, c.level, c.stands_in] for c in table.computers]}
            if table.computers
            else {}
        ),
        **({"gone": [[_seat(g.seat), g.points] for g in table.gone]} if table.gone else {}),
        **(
            {"planned": [[p.seat, move_state(p.move), p.at] for p in table.planned]}
            if table.planned
            else {}
        ),
        **({"practice": True} if table.practice else {}),
        **({"seed": table.seed} if table.seed else {}),
    }


def load_table(state: dict[str, Any]) -> Table:
    """Rebuild a table from ``table_state``'s output; raise ValueError on anything else."""
    try:
        if not isinstance(state, dict) or state.get("v") != VERSION:
            raise ValueError("not a table")
        round_state_ = state["round"]
        round_ = None if round_state_ is None else load_round(round_state_)
        return Table(
            code=state["code"],
            seats=tuple(_load_seat(s) for s in state["seats"]),
            host=state["host"],
            open=state["open"],
            npr_next_deal=state["npr"],
            round=round_,
            next_seat=state["next"],
            version=state["version"],
            game=load_game(state.get("game")),
            deals=state.get("deals", round_.deal_id if round_ else 0),
            settings=load_settings(state.get("settings")),
            language=str(state.get("lang", "en")),
            game_number=int(state.get("number", 1)),
            chapters=tuple(load_page(page) for page in state.get("chapters", [])),
            past=tuple(load_page(past) for past in state.get("past", [])),
            tokens=tuple((int(n), str(token)) for n, token in state.get("tokens", [])),
            computers=tuple(
                Computer(int(c[0]), str(c[1]), bool(c[2]) if len(c) > 2 else False)
                for c in state.get("computers", [])
            ),
            gone=tuple(Gone(_load_seat(s), int(points)) for s, points in state.get("gone", [])),
            planned=tuple(
                Planned(int(seat), load_move(move), float(at))
                for seat, move, at in state.get("planned", [])
            ),
            practice=bool(state.get("practice", False)),
            seed=int(state.get("seed", 0)),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a table: {exc!r}") from exc


def _seat(seat: Seat) -> dict[str, Any]:
    return {
        "id": seat.id,
        "name": seat.name,
        "secret": seat.secret,
        "move": seat.move,
        "until": seat.move_until,
    }


def _load_seat(state: dict[str, Any]) -> Seat:
    return Seat(state["id"], state["name"], state["secret"], state["move"], state["until"])
