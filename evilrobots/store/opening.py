"""The store a URL names: Redis (``redis://HOST:PORT/DB``) to share tables between instances,
or SQLite in the instance folder by default."""

from __future__ import annotations

from collections.abc import Callable

from .base import Store
from .hub import HEARTBEAT_SECONDS


def open_store(
    url: str | None,
    instance_path: str,
    clock: Callable[[], float],
    ticking: bool = True,
    heartbeat: float = HEARTBEAT_SECONDS,
) -> Store:
    """The store a URL names: ``redis://host:port/db``, or SQLite in the instance folder.
    ``ticking``: this process moves due tables on by itself; ``heartbeat``: how often each
    open stream beats."""
    if url and url.startswith(("redis://", "rediss://", "unix://")):
        from .redis import RedisStore  # only where Redis is the store: its client loads then

        return RedisStore(url, clock=clock, ticking=ticking, heartbeat=heartbeat)
    if url and not url.startswith("sqlite:"):
        raise ValueError(f"unknown store {url!r}: use redis://HOST:PORT/DB, or none for SQLite")
    from .sqlite import SQLiteStore

    path = url.removeprefix("sqlite:") if url else None
    return SQLiteStore(
        path or f"{instance_path}/tables.sqlite3",
        clock=clock,
        ticking=ticking,
        heartbeat=heartbeat,
    )
