"""A seat's own private choices in a round the app runs, made on its phone alone: what CheatBot
shows and the story the board tells when someone converts it, and whether PassBot acts first
in the Pass phase. Nothing of them reaches anyone else (``moves.PRIVATE``); a choice moves
nothing else on, is refused, changing nothing, when it would land too late to count, and
changes nothing when it is made already."""

from __future__ import annotations

from dataclasses import replace

from ..cards import CHEATBOT, PASSBOT, Allegiance
from ..errors import Conflict, NotAllowed
from ..messages import N_
from .conduct import Cheat, CheatSays, Phase
from .guards import conduct_of, private
from .hands import holds
from .state import TableState


def choose_cheat(
    table: TableState,
    seat: int,
    deal_id: int,
    now: float,
    shows: Allegiance | None,
    story: CheatSays,
) -> TableState:
    """CheatBot chooses, on its own phone, the allegiance it shows and the story it tells
    when someone converts it. Nothing of it reaches anyone else (a private tap: it moves
    nothing else on)."""
    round_ = private(table, seat, deal_id, now)
    conduct = conduct_of(round_)
    hand = round_.hand_of(seat)
    if hand is None or hand.robot is not CHEATBOT:
        raise NotAllowed(N_("Only CheatBot may show an allegiance it does not hold."))
    if Cheat(seat, shows, story) in conduct.cheats:
        return table  # chosen already: nothing to write, nobody to tell
    cheats = (*(c for c in conduct.cheats if c.seat != seat), Cheat(seat, shows, story))
    return table.with_round(round_.with_conduct(replace(conduct, cheats=cheats)))


def choose_first(table: TableState, seat: int, deal_id: int, now: float, first: bool) -> TableState:
    """PassBot chooses, on its own phone, whether it acts first in the Pass phase ("you may
    act first") or at its power's place. Nothing of it reaches anyone else (a private tap:
    it moves nothing else on)."""
    round_ = private(table, seat, deal_id, now)
    conduct = conduct_of(round_)
    if not holds(round_, seat, PASSBOT):
        raise NotAllowed(N_("Only PassBot may choose to act first in the Pass phase."))
    if conduct.phase not in (Phase.DEBATE, Phase.COUNTDOWN):
        raise Conflict(N_("The Pass phase has begun: its order is set."))
    if (seat not in conduct.waits) is first:
        return table  # chosen already: nothing to write, nobody to tell
    waits = tuple(s for s in conduct.waits if s != seat) + (() if first else (seat,))
    return table.with_round(round_.with_conduct(replace(conduct, waits=waits)))
