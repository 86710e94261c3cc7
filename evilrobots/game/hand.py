"""One player's hand: the cards dealt, what they are hiding, and what each action shows.

Pure: no Flask, no I/O. A ``Hand`` is immutable; every change returns a new one. How a hand
is kept as JSON is ``codec``'s.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .actions import NOTHING, Action, Part
from .cards import Allegiance, Coin, PowerCard, Robot
from .deal import Deal, deal_tag, draw_points_card, flip_coins


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's cards this round and what they currently hide.

    ``flips`` are the two coin flips behind the current allegiance, or ``None`` once the
    player has set their allegiance by hand. ``points`` is the round's points card, once
    this player has drawn it for the table. ``deal_id`` is a tag of the deal: random in the
    applet, the deal's number at a table.
    """

    robot: Robot
    power: PowerCard
    allegiance: Allegiance
    flips: tuple[Coin, Coin] | None
    hidden: frozenset[Part] = field(default=NOTHING)
    points: PowerCard | None = None
    deal_id: int = 0

    @classmethod
    def from_deal(cls, deal: Deal, deal_id: int = 0) -> Hand:
        """Start a round with a freshly dealt hand, everything face up.

        ``deal_id`` tells this deal's hand from the next one's, so a change made offline
        is never applied to a hand dealt after it.
        """
        return cls(deal.robot, deal.power, deal.allegiance, deal.flips, deal_id=deal_id)

    def arrange(self, hidden: frozenset[Part], allegiance: Allegiance) -> Hand:
        """Set what is hidden and the allegiance at once, as the phone last showed them."""
        return replace(self.choose(allegiance), hidden=hidden)

    def hide(self, part: Part) -> Hand:
        """Turn one card face down."""
        return replace(self, hidden=self.hidden | {part})

    def show(self, part: Part) -> Hand:
        """Turn one card face up again."""
        return replace(self, hidden=self.hidden - {part})

    def is_hidden(self, part: Part) -> bool:
        return part in self.hidden

    @property
    def deal_tag(self) -> str:
        """The deal id as the page and the script carry it (``deal.deal_tag``)."""
        return deal_tag(self.deal_id)

    def choose(self, allegiance: Allegiance) -> Hand:
        """Set the allegiance by hand (a conversion); the old flips no longer explain it."""
        if allegiance is self.allegiance and self.flips is not None:
            return self
        return replace(self, allegiance=allegiance, flips=None)

    def randomise(self, rng: random.Random) -> Hand:
        """Flip the coin twice more and take the allegiance it gives."""
        flips = flip_coins(rng)
        return replace(self, allegiance=Allegiance.from_flips(*flips), flips=flips)

    def draw_points(self, rng: random.Random) -> Hand:
        """Draw the round's points card from the rest of the power deck, once per round."""
        if self.points is not None:
            return self
        return replace(self, points=draw_points_card([self.power], rng))

    def reveal_for(self, action: Action) -> frozenset[Part]:
        """Return what this player shows for an action: exactly what the rules require."""
        return action.shows


__all__ = ["Hand"]
