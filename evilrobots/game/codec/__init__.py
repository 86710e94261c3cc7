"""Hands and tables as JSON-safe values: the cookie's format and the store's, in one place.

A hand travels in a signed cookie, so it is kept as small, plain values; a table is one JSON
document in the store. Both carry ``VERSION``, and both name robots by their place in
``ROBOTS`` (``ROBOT_INDEX``). Loading refuses anything that is not what dumping made, with a
ValueError: a cookie or a document is outside input.
"""

from __future__ import annotations

from ..cards import ROBOT_INDEX
from .hand import VERSION, dump_hand, load_hand
from .table import load_table, table_state

__all__ = ["ROBOT_INDEX", "VERSION", "dump_hand", "load_hand", "load_table", "table_state"]
