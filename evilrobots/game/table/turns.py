"""Whose move it is in a round the app runs, read from its state: who may say "I act" at a
level, who may react to the open window and whose answer it waits for, who ties for the next
turn and who orders them. Reading only: nothing here changes a round."""

from __future__ import annotations

from ..cards import BLOCKBOT, DOOVERBOT, FORCEBOT, FREEBOT, PASSBOT, Robot
from .conduct import Conduct, Outcome, Phase
from .hands import holds, level_of, power_in_play
from .round import Round


def can_act_at(conduct: Conduct, round_: Round, seat: int, level: int) -> bool:
    """Whether the seat may say "I act" at this level now: it holds the level (FreeBot holds
    them all), and it has not passed, acted, reacted, let its call go by, let its turn run
    out or claimed already."""
    hand = round_.hand_of(seat)
    if hand is None or conduct.phase is not Phase.COUNTDOWN:
        return False
    if seat in (*conduct.passed, *conduct.acted, *conduct.reacted, *conduct.missed):
        return False
    if seat in conduct.ran_out:
        return False
    if seat in conduct.queue or seat == conduct.turn:
        return False
    return hand.robot is FREEBOT or level_of(hand) == level


def reactions_for(conduct: Conduct, round_: Round, seat: int) -> tuple[Robot, ...]:
    """The reaction this seat may play on the open window, if any: none once it has taken (or
    is taking) its turn, let it run out, or reacted, and only a robot whose moment this is."""
    chain = conduct.chain
    hand = round_.hand_of(seat)
    if chain is None or hand is None or seat == chain.by:  # converting was its turn
        return ()
    if seat in conduct.acted or seat in conduct.reacted or seat == conduct.turn:
        return ()
    if seat in conduct.ran_out:
        return ()
    if hand.robot is BLOCKBOT or hand.robot is DOOVERBOT:
        return (hand.robot,)
    if hand.robot is FORCEBOT and chain.shown in (Outcome.FAILED, Outcome.TURNED):
        return (FORCEBOT,)
    return ()


def to_answer(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The seats whose No reaction the window waits for before it closes early: all but those
    whose turn is taken (or ran out) or who reacted already (all public), so that nothing
    tells who holds a reaction."""
    chain = conduct.chain
    if chain is None:
        return ()
    done = {*conduct.acted, *conduct.ran_out, *conduct.reacted, chain.by}
    return tuple(
        seat for seat, _ in round_.hands if seat not in done and seat not in chain.answered
    )


def in_chain(round_: Round, seat: int) -> bool:
    """Whether the seat converts or is the target of the conversion whose window is open."""
    conduct = round_.conduct
    chain = conduct.chain if conduct is not None else None
    return chain is not None and seat in (chain.by, chain.target)


def first_in_pass_phase(conduct: Conduct, round_: Round, seat: int) -> bool:
    """Whether the seat acts first in the Pass phase: PassBot, unless it chose its power's place."""
    return holds(round_, seat, PASSBOT) and seat not in conduct.waits


def tied(conduct: Conduct, round_: Round) -> tuple[int, ...]:
    """The waiting seats that tie for the next turn: at a level called, all who claimed it;
    in the Pass phase, those of the same power as the first waiting (PassBot acting first
    ties with nobody)."""
    if not conduct.queue:
        return ()
    if conduct.phase is Phase.COUNTDOWN:
        return conduct.queue
    head = conduct.queue[0]
    if first_in_pass_phase(conduct, round_, head):
        return ()
    power = power_in_play(round_.hand_of(head))
    return tuple(
        seat
        for seat in conduct.queue
        if power_in_play(round_.hand_of(seat)) == power
        and not first_in_pass_phase(conduct, round_, seat)
    )


def orderer(conduct: Conduct, round_: Round) -> int | None:
    """Who sets the order of the tied seats waiting, if a choice is to be made: at a level,
    the first to act at it; in the Pass phase, the previous seat to act. Nobody when fewer
    than two tie, or when that seat is no longer in the round."""
    if len(tied(conduct, round_)) < 2:
        return None
    seat = conduct.chooser if conduct.phase is Phase.COUNTDOWN else conduct.last
    if seat is None or round_.hand_of(seat) is None:
        return None
    return seat
