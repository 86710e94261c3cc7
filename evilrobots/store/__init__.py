"""Where tables live: one interface (``base.Store``), with SQLite (``sqlite``, the default)
and Redis (``redis``) behind it, opened by ``opening.open_store``. The streams a process holds
and their heartbeats are ``hub``'s; the thread that moves due tables on is ``ticker``'s; a
document's JSON and the store's refusals are ``documents``'. The views and the model never know
which store they talk to.
"""

from __future__ import annotations

from .base import Store
from .documents import IDLE_SECONDS, StoreUnavailable, TableMissing, decode, encode
from .hub import HEARTBEAT_SECONDS, Hub, Listener
from .opening import open_store

__all__ = [
    "HEARTBEAT_SECONDS",
    "IDLE_SECONDS",
    "Hub",
    "Listener",
    "Store",
    "StoreUnavailable",
    "TableMissing",
    "decode",
    "encode",
    "open_store",
]
