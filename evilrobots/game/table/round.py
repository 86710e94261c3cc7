"""One round at a table: the deal, what each seat showed, the robot actions that change the
count, and the count itself once the round has ended.

Pure: no Flask, no I/O. A ``Round`` is immutable; the table replaces it as the round goes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import NEGATIVEBOT, Allegiance, PowerCard, Robot
from ..hand import Hand
from ..scoring import Proposal, Seated, Tally, settle, tally
from .facts import Fact

if TYPE_CHECKING:
    from .conduct import Conduct

# The non-player robot of the optional rule for low player counts.
NPR_POWER = PowerCard(5)
NPR_NAME = "The non-player robot"
NPR_SEAT = 0  # how a robot action names the non-player robot as its target


# How long a player may take back a reveal (a mis-tap): everyone saw it, so the board
# keeps it, struck through.
WITHDRAW_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class Reveal:
    """One public act of the round, on the board's log: what a seat showed the table through
    the app (with the values the server holds), or what the conducted round made of an act.

    ``lead`` says what happened when the action's own name would not ("acts at 7", "passes",
    "converts Bob"), ``effect`` what came of it: facts, worded by the web; the cards shown
    follow.
    """

    seat: int
    name: str
    action: Action
    robot: Robot | None = None
    power: PowerCard | None = None
    allegiance: Allegiance | None = None
    effect: Fact | None = None  # what came of it (a robot action's effect)
    power_after: PowerCard | None = None  # SwapBot's power once swapped (public from then)
    lead: Fact | None = None
    at: float = 0.0  # when a seat revealed it (by the table's clock); 0 for the round's acts
    withdrawn: bool = False  # its player took it back in time: shown struck through

    @property
    def withdrawable_until(self) -> float | None:
        """Until when its player may take it back: a reveal the seat made by voice (a robot's
        action included, whose effect is undone with it), never an act of a round the app
        runs, nor a change of allegiance."""
        if self.withdrawn or not self.at or self.lead:
            return None
        return self.at + WITHDRAW_SECONDS


@dataclass(frozen=True, slots=True)
class Use:
    """A robot action that changes the count, as used this round."""

    seat: int
    robot: Robot  # whose action it is: NegativeBot, SwapBot or BetBot
    copied: bool = False  # used by CopyBot
    target: int | None = None  # NegativeBot: the seat it picked (NPR_SEAT: the non-player robot)
    bet: Allegiance | None = None  # BetBot: the team it bet on


@dataclass(frozen=True, slots=True)
class Round:
    """One deal: each seat's hand, the shared points card, the non-player robot, the reveals."""

    number: int
    hands: tuple[tuple[int, Hand], ...]
    points: PowerCard
    npr: Allegiance | None = None  # None: the non-player robot is not in this round
    reveals: tuple[Reveal, ...] = ()
    uses: tuple[Use, ...] = ()
    ended: bool = False
    proposal: Proposal | None = None
    proposals: int = 0  # how many splits were proposed this round: the one answered is the last
    scaredy: tuple[tuple[int, bool], ...] = ()  # the host's corrections of ScaredyBot's bonus
    kept: bool = False  # its points are on the scoreboard
    deal_id: int = 0  # the deal's tag, never the same twice at a table (numbers restart each game)
    gone: tuple[tuple[int, str], ...] = ()  # seats that left once it ended: counted, unpaid
    left: tuple[str, ...] = ()  # names of the seats that left while it was in play
    conduct: Conduct | None = None  # the round as the app conducts it; None: called by voice
    abandoned: bool = False  # the host called it off before its end: nobody scores it
    again: bool = False  # the host dealt this round again (a mis-deal): the board says so

    @property
    def in_play(self) -> bool:
        return not self.ended and not self.abandoned

    def hand_of(self, seat: int) -> Hand | None:
        for holder, hand in self.hands:
            if holder == seat:
                return hand
        return None

    def with_hand(self, seat: int, hand: Hand) -> Round:
        return replace(self, hands=tuple((s, hand if s == seat else h) for s, h in self.hands))

    def only_power_shown(self, seat: int) -> bool:
        """ScaredyBot's condition: through the app, this seat showed nothing but its power
        before the round ended (a reveal of everything mid-round included), unless the host
        corrected it."""
        corrected = dict(self.scaredy)
        if seat in corrected:
            return corrected[seat]
        return all(
            reveal.robot is None and reveal.allegiance is None
            for reveal in self.reveals
            if reveal.seat == seat
        )

    def seated(self, names: dict[int, str]) -> list[Seated]:
        """Every seat's cards as the round ends, and what the round's actions did to them."""
        picked = {use.target for use in self.uses if use.robot is NEGATIVEBOT}
        bets = {use.seat: use.bet for use in self.uses if use.bet is not None}
        gone = dict(self.gone)
        names = gone | names
        seated = [
            Seated(
                seat,
                names.get(seat, "?"),
                hand.robot,
                hand.power,
                hand.allegiance,
                negated=seat in picked,
                bet=bets.get(seat),
                only_power_shown=self.only_power_shown(seat),
                gone=seat in gone,
            )
            for seat, hand in self.hands
        ]
        if self.npr is not None:
            seated.append(
                Seated(None, NPR_NAME, None, NPR_POWER, self.npr, negated=NPR_SEAT in picked)
            )
        return seated

    def tally(self, names: dict[int, str]) -> Tally:
        """The round counted (once it has ended), with the winners' split if they settled it."""
        counted = tally(self.seated(names), self.points.value, self.number)
        return settle(counted, self.proposal) if self.proposal else counted
