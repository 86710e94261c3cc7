"""A seat's cards in a round, read: the hand it plays, its power in play and the level it is
called at, whether its allegiance can change, and the allegiance it shows. Reading only."""

from __future__ import annotations

from ..cards import CHEATBOT, LOCKBOT, Allegiance, Robot, power_of
from ..errors import RoundOver
from ..hand import Hand
from ..messages import N_
from .conduct import Conduct
from .limits import TOP_LEVEL
from .round import NPR_POWER, NPR_SEAT, Round


def hand_in_play(round_: Round, seat: int) -> Hand:
    """The seat's hand in this round; RoundOver if it holds none (it joined after the deal,
    or left). (``Round.hand_of`` answers None instead.)"""
    hand = round_.hand_of(seat)
    if hand is None:
        raise RoundOver(N_("You hold no cards in this round: you play from the next deal."))
    return hand


def holds(round_: Round, seat: int, robot: Robot) -> bool:
    hand = round_.hand_of(seat)
    return hand is not None and hand.robot is robot


def power_in_play(hand: Hand | None) -> int:
    """A seat's power in play: its card, and PlusBot's 3 (None: the non-player robot's 5)."""
    if hand is None:
        return NPR_POWER.value
    return power_of(hand.power, hand.robot)


def level_of(hand: Hand) -> int:
    """The level at which a seat is called: its power in play, "9 or more" above 9."""
    return min(power_in_play(hand), TOP_LEVEL)


def locked(round_: Round, seat: int) -> bool:
    """LockBot while it is Good or Evil: its allegiance cannot change."""
    hand = round_.hand_of(seat) if seat != NPR_SEAT else None
    return hand is not None and hand.robot is LOCKBOT and hand.allegiance is not Allegiance.NEUTRAL


def allegiance_shown(conduct: Conduct, seat: int, hand: Hand) -> Allegiance:
    """The allegiance a seat shows when it must: its own, or the one CheatBot chose."""
    if hand.robot is CHEATBOT:
        return conduct.cheat_of(seat).shows or hand.allegiance
    return hand.allegiance


def allegiance_of(round_: Round, seat: int) -> Allegiance:
    """A seat's allegiance now, or the non-player robot's."""
    if seat == NPR_SEAT:
        return round_.npr or Allegiance.NEUTRAL
    return hand_in_play(round_, seat).allegiance
