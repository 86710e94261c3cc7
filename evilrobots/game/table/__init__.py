"""A shared table, in layers, each importing only those below it:

- data: ``limits`` (its numbers), ``settings`` (the host's choices), ``kinds`` (every move a
  seat can make), ``facts`` (the log's acts), ``conduct`` (a round the app runs), ``round``
  (a deal and its log), ``story`` (a game's kept chapters), ``state`` (the table), ``names``
  (codes and players' names);
- reads, which never write: ``hands`` (a seat's cards in play), ``shown`` (what the table has
  seen), ``turns`` (whose move it is), ``outcomes`` (whether a conversion works, and its
  proofs), ``pass_order``, ``guards`` (the shared refusals), ``legal`` (the acts of a round a
  seat may take now), ``controls`` (what the host, the split's winners and any seat may do
  with the table's controls), ``refusals`` (why each control is refused, written once),
  ``count`` (a round's count), ``truths`` (every card of a round over);
- acts, from a table to a new table: ``seating``, ``dealing``, ``voice``, ``log`` and
  ``flow`` (what every phase shares), ``countdown``, ``conversions``, ``proofs``, ``robots``,
  ``choices`` (a seat's private choices), ``pass_phase``, ``ending``, and ``clock`` (time
  moving a round on);
- observers: ``now`` (what is happening, a seat's standing), ``view`` and ``views`` (what
  each viewer may see);
- moves: ``offers`` and ``moves``, what a seat may do (``moves.legal``), the one way the app
  does it (``moves.apply``), time passing (``moves.advance``), a new table (``moves.start``);
  and ``model.Table``, the state with every act as a method too (the tests' shorthand).
"""

from __future__ import annotations

from .legal import Acts, RobotAction
from .limits import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL
from .model import Table
from .names import CODE_ALPHABET, CODE_LENGTH, NAME_LIMIT, clean_code, clean_name, new_code
from .round import NPR_POWER, NPR_SEAT, Reveal, Round, Use
from .state import Seat
from .view import TableView

# The layers above, bottom first: a module imports only modules of its own layer or below
# (``tests/test_layout.py`` holds it to this map; every module of the package is in one).
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "data",
        frozenset(
            {
                "limits",
                "settings",
                "kinds",
                "facts",
                "conduct",
                "round",
                "story",
                "state",
                "names",
            }
        ),
    ),
    (
        "reads",
        frozenset(
            {
                "hands",
                "shown",
                "turns",
                "outcomes",
                "pass_order",
                "guards",
                "legal",
                "refusals",
                "controls",
                "count",
                "truths",
            }
        ),
    ),
    (
        "acts",
        frozenset(
            {
                "seating",
                "dealing",
                "voice",
                "log",
                "flow",
                "countdown",
                "conversions",
                "proofs",
                "robots",
                "choices",
                "standins",
                "pass_phase",
                "ending",
                "clock",
            }
        ),
    ),
    ("observers", frozenset({"now", "view", "views"})),
    ("moves", frozenset({"offers", "computers", "moves", "model"})),
)

__all__ = [
    "LAYERS",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_SEATS",
    "MIN_PLAYERS",
    "MIN_TO_DEAL",
    "NAME_LIMIT",
    "NPR_POWER",
    "NPR_SEAT",
    "Acts",
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
]
