"""A game's story in a table's document: each round that is over, packed once as it closes
(compressed JSON, read only when a story is told: a table with an evening behind it loads and
writes as fast as a new one), and each earlier game at the table with its rounds."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from typing import Any

from ..scoring import DEFAULT_TARGET, Game
from ..table.state import TableState
from ..table.story import Chapter, Ended, Packed, Page, Past
from .count import kept_state, load_kept
from .round import load_round, round_state


def game_state(game: Game) -> dict[str, Any]:
    return {
        "target": game.target,
        "scores": game.scores,
        "rounds": [kept_state(counted) for counted in game.rounds],
    }


def load_game(state: dict[str, Any] | None) -> Game:
    state = state or {}
    return Game(
        target=state.get("target", DEFAULT_TARGET),
        scores=tuple((seat, points) for seat, points in state.get("scores", [])),
        rounds=tuple(load_kept(kept) for kept in state.get("rounds", [])),
    )


def _pack(value: Any) -> str:
    raw = json.dumps(value, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 6)).decode("ascii")


def _unpack(text: str) -> Any:
    try:
        return json.loads(zlib.decompress(base64.b64decode(text, validate=True)))
    except (zlib.error, ValueError) as exc:
        raise ValueError(f"not a chapter: {exc!r}") from exc


def page_state(page: Page) -> str:
    """A chapter as the document keeps it: packed once, then carried as it is."""
    if isinstance(page, Packed):
        return page.text
    state: dict[str, Any] = {"round": round_state(page.round), "names": page.names}
    if page.computers or page.stood_in:  # a chapter without them packs as it always did
        state |= {"computers": page.computers, "stood_in": page.stood_in}
    return _pack(state)


def unpack(page: Page) -> Chapter:
    """The chapter itself, read from its packed form if need be; a ValueError if it is not
    what ``page_state`` made."""
    if isinstance(page, Chapter):
        return page
    state = _unpack(page.text)
    try:
        return Chapter(
            load_round(state["round"]),
            _pairs(state["names"]),
            _pairs(state.get("computers", ())),
            tuple(int(seat) for seat in state.get("stood_in", ())),
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"not a chapter: {exc!r}") from exc


def _pairs(state: Any) -> tuple[tuple[int, str], ...]:
    """Seats, each with a name or a level."""
    return tuple((int(seat), str(said)) for seat, said in state)


def load_page(state: Any) -> Packed:
    if not isinstance(state, str):
        raise ValueError("not a chapter")
    return Packed(state)


def past_state(past: Past) -> str:
    """An earlier game as the document keeps it: packed once, then carried as it is."""
    if isinstance(past, Packed):
        return past.text
    state: dict[str, Any] = {
        "number": past.number,
        "game": game_state(past.game),
        "chapters": [page_state(page) for page in past.chapters],
        "names": past.names,
    }
    if past.computers:
        state["computers"] = past.computers
    return _pack(state)


def unpack_past(past: Past) -> Ended:
    """The earlier game itself (its chapters still packed); a ValueError if it is not what
    ``past_state`` made."""
    if isinstance(past, Ended):
        return past
    state = _unpack(past.text)
    try:
        return Ended(
            number=int(state["number"]),
            game=load_game(state["game"]),
            chapters=tuple(load_page(page) for page in state["chapters"]),
            names=_pairs(state["names"]),
            computers=_pairs(state.get("computers", ())),
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"not a game: {exc!r}") from exc


def unpacked(table: TableState) -> TableState:
    """The table with every chapter and earlier game read (what a story tells; and a table
    loaded compares equal to the one dumped)."""
    past = tuple(unpack_past(past) for past in table.past)
    return replace(
        table,
        chapters=tuple(unpack(page) for page in table.chapters),
        past=tuple(
            replace(ended, chapters=tuple(unpack(page) for page in ended.chapters))
            for ended in past
        ),
    )
