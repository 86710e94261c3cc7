"""The game to its target: the scores, every round kept, and the winner."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import GameError
from ..messages import N_
from .tally import Tally

DEFAULT_TARGET = 10
TARGETS = range(5, 21)


@dataclass(frozen=True, slots=True)
class Game:
    """The scores to the target, and every round kept so far."""

    target: int = DEFAULT_TARGET
    scores: tuple[tuple[int, int], ...] = ()
    rounds: tuple[Tally, ...] = ()

    def score(self, seat: int) -> int:
        return dict(self.scores).get(seat, 0)

    def with_target(self, target: int) -> Game:
        """The host sets the points to win, before the game's first round is kept."""
        if self.rounds:
            raise GameError(N_("The target can only change before the game's first round."))
        if target not in TARGETS:
            raise GameError(
                N_("Play to %(least)d to %(most)d points."),
                least=TARGETS.start,
                most=TARGETS.stop - 1,
            )
        return replace(self, target=target)

    def keep(self, tally: Tally) -> Game:
        """Add a settled round's points to the scores."""
        if self.winner is not None:
            raise GameError(N_("The game is over: start a new game to play on."))
        scores = dict(self.scores)
        for seat, points in tally.points().items():
            scores[seat] = scores.get(seat, 0) + points
        return replace(self, scores=tuple(sorted(scores.items())), rounds=(*self.rounds, tally))

    @property
    def winner(self) -> int | None:
        """The one player with the most points, at or above the target; None while none is."""
        if not self.scores:
            return None
        top = max(points for _, points in self.scores)
        leaders = [seat for seat, points in self.scores if points == top]
        return leaders[0] if top >= self.target and len(leaders) == 1 else None

    def restart(self) -> Game:
        """A new game: the same target, everyone at zero, no rounds."""
        return Game(self.target)

    def without(self, seat: int) -> Game:
        """A player left the table: their score goes with them."""
        return replace(self, scores=tuple(p for p in self.scores if p[0] != seat))
