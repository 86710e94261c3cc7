"""The game's enumerations' base: hashed by identity.

``enum.Enum`` hashes a member by its name, in Python: some 100 times for each seat's view that
a live page compares at a power called (the keys of ``web.tables.viewers``). A member is one
object, equal only to itself, so its identity gives the same answers, in C.
"""

from __future__ import annotations

import enum


class Enum(enum.Enum):
    """An enumeration whose members hash by identity (see the module's text)."""

    __hash__ = object.__hash__
