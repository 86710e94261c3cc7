"""The end of a round counted exactly, the split of its value, and the game to its target.

Pure: no Flask, no I/O. The rules (v0.8), and how we read them where they are silent:

- Each seat counts its power card; PlusBot adds 3. A seat NegativeBot (or CopyBot copying
  it) picked counts minus that, PlusBot's 3 included; picked twice, it still counts minus
  (the card says its power "is now negative", a state, not a flip). The non-player robot
  counts 5 for its team, and never scores.
- If every player has the same allegiance, nobody scores: no share and no bonus. The
  non-player robot is not a player: it counts for its team's power, not in "all players".
- Otherwise the team with the higher total of Good and Evil wins; a tie means Neutral
  wins. If the winning team has no member who plays, nobody shares the round's value
  (bonuses still count).
- Two or more winners share the value as one of them proposes, in whole points that add
  up to it; if any other winner disagrees, each winner gets 1 point instead. A lone winner
  takes the whole value.
- Bonuses: BadBot +1 if Evil wins, whatever its own team; a bet (BetBot's, or CopyBot's
  copy of it) +1 if right, -1 if wrong; MiseryBot +2 if it ends Good or Evil and that team
  did not win; ScaredyBot +1 if it revealed nothing but its power through the app (the host
  may correct that for a card shown on camera only).
- A player who leaves the table once the round has ended still counts (their cards were
  shown), but scores nothing: the winners still at the table share the value.
- Scores may go below zero. The first to the target (10 unless the host set 5 to 20) wins;
  if several reach it together, play goes on until exactly one has the most points at or
  above the target.
"""

from __future__ import annotations

from .game import DEFAULT_TARGET, TARGETS, Game
from .split import (
    DISAGREE_MEANS,
    DISAGREED_SHARE,
    Proposal,
    answer,
    answer_refused,
    lapse,
    proposal_refused,
    propose,
    settle_split,
)
from .tally import NPR_SEAT, Bonus, Counted, Seated, Tally, tally

__all__ = [
    "DEFAULT_TARGET",
    "DISAGREED_SHARE",
    "DISAGREE_MEANS",
    "TARGETS",
    "NPR_SEAT",
    "Bonus",
    "Counted",
    "Game",
    "Proposal",
    "Seated",
    "Tally",
    "answer",
    "lapse",
    "propose",
    "proposal_refused",
    "answer_refused",
    "settle_split",
    "tally",
]
