"""One round at a table, as data: the deal, the board's log of what each seat showed, the
robot actions that change the count, the end of the round and its split, and, in a round the
app runs, its conduct. A ``Round`` is immutable; the acts replace it as the round goes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..actions import Action
from ..cards import CHEATBOT, Allegiance, Coin, PowerCard, Robot
from ..hand import Hand
from ..scoring import NPR_SEAT, Proposal
from .conduct import Conduct
from .facts import Fact, What
from .limits import WITHDRAW_SECONDS

# The non-player robot of the optional rule for low player counts: its power, and its place,
# which names it wherever a seat would (a target, a line of the log). It has no name of its
# own: each viewer's words name it (the web), known by this place.
NPR_POWER = PowerCard(5)

Names = dict[int, str]  # each seat's player, for the board's log


def name_of(names: Names, seat: int) -> str:
    """The name a seat goes by on the log; none for the non-player robot, which its place
    names (``NPR_SEAT``)."""
    return "" if seat == NPR_SEAT else names.get(seat, "?")


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
class Dealt:
    """A seat's cards as dealt, which the round may change (SwapBot's swap, a conversion):
    kept for the round's truths at its end, told to nobody before."""

    seat: int
    power: PowerCard
    flips: tuple[Coin, Coin]

    @property
    def allegiance(self) -> Allegiance:
        return Allegiance.from_flips(*self.flips)


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
    departed: tuple[str, ...] = ()  # names of the seats that left while it was in play
    handed: tuple[tuple[str, bool], ...] = ()  # seats a computer took (False) or given back
    conduct: Conduct | None = None  # the round as the app conducts it; None: called by voice
    abandoned: bool = False  # the host called it off before its end: nobody scores it
    again: bool = False  # the host dealt this round again (a mis-deal): the board says so
    split_until: float | None = None  # when the winners' split runs out, while it is on a clock
    lapsed: bool = False  # the split ran out unsettled: each winner gets one point
    dealt: tuple[Dealt, ...] = ()  # the cards as dealt (secret until the round is over)
    # CheatBot's lies on the log: (the entry's place, the allegiance it truly held), secret
    # until the round is over.
    lies: tuple[tuple[int, Allegiance], ...] = ()

    @property
    def in_play(self) -> bool:
        return not self.ended and not self.abandoned

    def hand_of(self, seat: int) -> Hand | None:
        """The seat's hand, or None if it holds none (it joined after the deal, or left):
        ``hands.hand_in_play`` refuses instead."""
        for holder, hand in self.hands:
            if holder == seat:
                return hand
        return None

    def with_hand(self, seat: int, hand: Hand) -> Round:
        return replace(self, hands=tuple((s, hand if s == seat else h) for s, h in self.hands))

    def with_conduct(self, conduct: Conduct) -> Round:
        return replace(self, conduct=conduct)

    def logged(self, entry: Reveal) -> Round:
        """The round with one more public act on the board's log (and, when it shows
        CheatBot holding an allegiance it does not, the truth beside it, for the round's
        end)."""
        round_ = replace(self, reveals=(*self.reveals, entry))
        hand = self.hand_of(entry.seat)
        lied = (
            hand is not None
            and hand.robot is CHEATBOT
            and entry.allegiance is not None
            and entry.allegiance is not hand.allegiance
            # Converting itself, it shows what it converts to, not what it holds yet: the
            # conversion's end tells whether it showed the truth.
            and not (entry.lead is not None and entry.lead.what is What.CONVERTS_SELF)
        )
        if lied and hand is not None:
            return replace(round_, lies=(*self.lies, (len(self.reveals), hand.allegiance)))
        return round_
