"""What a store keeps and how it fails: a table's document as JSON text, how long an idle
table is kept, and the two ways a store says no (out of reach; no such table)."""

from __future__ import annotations

from typing import Any

import orjson

# Tables nobody has touched for this long are removed.
IDLE_SECONDS = 24 * 3600


def encode(document: Any) -> str:
    """A document as JSON text. orjson, not the standard library's encoder: a table's state is
    written at every change and read back by every process that follows the table, and
    orjson writes it in a tenth of the time and reads it in less than half."""
    return orjson.dumps(document).decode()


decode = orjson.loads  # JSON text (or bytes) to a document


class StoreUnavailable(Exception):
    """The shared store cannot be reached: the request cannot be served right now."""


class TableMissing(Exception):
    """No table has this code (any more)."""
