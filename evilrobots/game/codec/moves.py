"""A move as JSON-safe values (a computer seat's planned move, kept in its table): its kind's
name and its fields, each read back by the type the kind declares."""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import fields
from typing import Any

from ..table import kinds
from ..table.kinds import Move


def move_state(move: Move) -> dict[str, Any]:
    return {
        "k": type(move).__name__,
        **{f.name: _dump(getattr(move, f.name)) for f in fields(move)},
    }


def _dump(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name  # (an action's value is a tuple: its name is what JSON keeps)
    if isinstance(value, frozenset):
        return sorted(_dump(v) for v in value)
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


def load_move(state: dict[str, Any]) -> Move:
    """The move ``move_state`` wrote; ValueError for anything else."""
    kind = getattr(kinds, str(state.get("k")), None)
    if not (isinstance(kind, type) and issubclass(kind, Move) and kind is not Move):
        raise ValueError(f"not a move: {state!r}")
    hints = typing.get_type_hints(kind)
    return kind(**{f.name: _load(hints[f.name], state[f.name]) for f in fields(kind)})


def _load(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _load(next(a for a in typing.get_args(hint) if a is not type(None)), value)
    if origin is frozenset:
        (inner,) = typing.get_args(hint)
        return frozenset(_load(inner, v) for v in value)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v) for v in value)
        return tuple(_load(a, v) for a, v in zip(args, value, strict=True))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint[value]
    if hint in (int, float, str, bool):
        if not isinstance(value, (int, float, str, bool)):
            raise ValueError(f"not a {hint.__name__}: {value!r}")
        return hint(value)
    raise ValueError(f"cannot read {hint!r}")
