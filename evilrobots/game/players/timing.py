"""How long a computer player thinks, and its dice: both drawn from what every phone and the
board are shown (the deal, the log, what is going on, the scores) and the table's seed, never
from the seat's own cards or choices, so that neither its timing nor a replay of its luck says
what it holds. Every kind of decision (a call, a reaction or No reaction, a proof, a turn)
waits the same, within the step's clock."""

from __future__ import annotations

import hashlib
import random
from typing import Any

# The think time's range, in seconds, when the step's clock leaves room for it.
QUICKEST = 1.0
SLOWEST = 4.0
# Of the time a step's clock has left, the most a computer player takes.
SHARE_OF_CLOCK = 0.5


def public(view: Any) -> tuple[Any, ...]:
    """What of the view everyone at the table sees alike: its deal and log, what is going
    on, the count, the split, the scores (none of the seat's own fields)."""
    return (
        view.code,
        view.deal_id,
        view.round,
        view.game_number,
        len(view.reveals),
        view.happening,
        view.ended,
        view.kept,
        view.proposals,
        view.proposal,
        tuple((seat.id, seat.dealt) for seat in view.seats),
        tuple((score.seat, score.points) for score in view.scores),
    )


def dice(seed: int, view: Any, *salt: str) -> random.Random:
    """A generator seeded by the table's seed and the view's public part: the same moment
    rolls the same in every process, and a private tap changes nothing of it."""
    said = repr((seed, public(view), view.you.id if view.you else None, salt)).encode()
    rolled = int.from_bytes(hashlib.blake2b(said, digest_size=8).digest(), "big")
    return random.Random(rolled)  # nosec B311: a computer player's dice, seeded to replay alike


def think_time(view: Any, seed: int, now: float) -> float:
    """Seconds before the seat acts on what it chose: the same spread whatever it holds and
    whatever it chose, shortened to fit the clock of the step in progress."""
    slowest, quickest = SLOWEST, QUICKEST
    deadline = view.happening.deadline if view.happening is not None else None
    if deadline is None and view.split_until is not None:
        deadline = view.split_until
    if deadline is not None:
        slowest = min(slowest, max((deadline - now) * SHARE_OF_CLOCK, 0.05))
        quickest = min(quickest, slowest / 2)
    return quickest + (slowest - quickest) * dice(seed, view, "time").random()
