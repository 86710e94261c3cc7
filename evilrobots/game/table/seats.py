"""A seat in a conducted round, read from its cards and the round: its power in play, the
level it is called at, and what it may do now. Reading only: nothing here changes a round."""

from __future__ import annotations

from ..cards import (
    BLOCKBOT,
    CHEATBOT,
    DOOVERBOT,
    FORCEBOT,
    FREEBOT,
    LOCKBOT,
    PLUSBOT,
    Allegiance,
    Robot,
)
from ..errors import RoundOver
from ..hand import Hand
from ..messages import N_
from .conduct import PLUS, TOP_LEVEL, Conduct, Outcome, Stage
from .round import NPR_POWER, NPR_SEAT, Round


def effective(hand: Hand | None) -> int:
    """A seat's power in play: its card, and PlusBot's 3 (None: the non-player robot's 5)."""
    if hand is None:
        return NPR_POWER.value
    return hand.power.value + (PLUS if hand.robot is PLUSBOT else 0)


def level_of(hand: Hand) -> int:
    """The level at which a seat is called: its power in play, "9 or more" above 9."""
    return min(effective(hand), TOP_LEVEL)


def hand_of(round_: Round, seat: int) -> Hand:
    """The seat's hand in this round; RoundOver if it holds none (it joined after the deal,
    or left)."""
    hand = round_.hand_of(seat)
    if hand is None:
        raise RoundOver(N_("You hold no cards in this round: you play from the next deal."))
    return hand


def locked(round_: Round, seat: int) -> bool:
    """LockBot while it is Good or Evil: its allegiance cannot change."""
    hand = round_.hand_of(seat) if seat != NPR_SEAT else None
    return hand is not None and hand.robot is LOCKBOT and hand.allegiance is not Allegiance.NEUTRAL


def shows(conduct: Conduct, seat: int, hand: Hand) -> Allegiance:
    """The allegiance a seat shows when it must: its own, or the one CheatBot chose."""
    if hand.robot is CHEATBOT:
        return conduct.cheat_of(seat).shows or hand.allegiance
    return hand.allegiance


def can_act_at(conduct: Conduct, round_: Round, seat: int, level: int) -> bool:
    """Whether the seat may say "I act" at this level now: it holds the level (FreeBot holds
    them all), and it has not passed, acted, reacted, let its call go by or claimed already."""
    hand = round_.hand_of(seat)
    if hand is None or conduct.stage is not Stage.COUNTDOWN:
        return False
    if seat in (*conduct.passed, *conduct.acted, *conduct.reacted, *conduct.missed):
        return False
    if seat in conduct.queue or seat == conduct.turn:
        return False
    return hand.robot is FREEBOT or level_of(hand) == level


def reactions_for(conduct: Conduct, round_: Round, seat: int) -> tuple[Robot, ...]:
    """The reaction this seat may play on the open window, if any: none once it has taken (or
    is taking) its turn or reacted, and only a robot whose moment this is."""
    chain = conduct.chain
    hand = round_.hand_of(seat)
    if chain is None or hand is None or seat == chain.by:  # converting was its turn
        return ()
    if seat in conduct.acted or seat in conduct.reacted or seat == conduct.turn:
        return ()
    if hand.robot is BLOCKBOT or hand.robot is DOOVERBOT:
        return (hand.robot,)
    if hand.robot is FORCEBOT and chain.shown in (Outcome.FAILED, Outcome.TURNED):
        return (FORCEBOT,)
    return ()


def to_answer(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The seats whose No reaction the window waits for before it closes early: all but those
    whose turn is taken or who reacted already (both public), so that nothing tells who holds
    a reaction."""
    chain = conduct.chain
    if chain is None:
        return ()
    done = {*conduct.acted, *conduct.reacted, chain.by}
    return tuple(
        seat for seat, _ in round_.hands if seat not in done and seat not in chain.answered
    )
