"""A shared table: its seats, its rounds (``round``), the robot actions that change the count
(``robots``), what each viewer may see (``views``), its code and names (``names``).

``model.Table`` is the one value a store keeps; every change is one of its methods.
"""

from __future__ import annotations

from .model import Seat, Table
from .names import (
    CODE_ALPHABET,
    CODE_LENGTH,
    NAME_LIMIT,
    clean_code,
    clean_name,
    new_code,
    spoken_code,
)
from .robots import RobotAction
from .round import NPR_NAME, NPR_POWER, NPR_SEAT, Reveal, Round, Use
from .views import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL, TableView

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_SEATS",
    "MIN_PLAYERS",
    "MIN_TO_DEAL",
    "NAME_LIMIT",
    "NPR_NAME",
    "NPR_POWER",
    "NPR_SEAT",
    "Reveal",
    "RobotAction",
    "Round",
    "Seat",
    "Table",
    "TableView",
    "Use",
    "clean_code",
    "clean_name",
    "new_code",
    "spoken_code",
]
