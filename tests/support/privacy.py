"""Who may see a change, worked out by comparing the table before and after it: the oracle the
tests hold ``moves.apply``'s own word (``Effects.private_to``) to. A change only one seat can
see (what it hides, CheatBot's and PassBot's choices) is told to that seat alone, so that
nobody else hears of it, not even that something happened."""

from __future__ import annotations

from dataclasses import replace

from evilrobots.game.table.round import Round
from evilrobots.game.table.state import TableState


def private_to(before: TableState, after: TableState) -> int | None:
    """The seat that alone can see the change from ``before`` to ``after``, if it is a change
    of that seat's own (what it hides, CheatBot's and PassBot's choices): nobody else's view
    shows it, so nobody else need hear of it. None for any other change."""
    one, two = before.round, after.round
    if one is None or two is None or one.deal_id != two.deal_id:
        return None
    if replace(before, round=None, version=0, planned=()) != replace(
        after, round=None, version=0, planned=()
    ):
        return None
    if [seat for seat, _ in one.hands] != [seat for seat, _ in two.hands]:
        return None
    changed = {seat for (seat, a), (_, b) in zip(one.hands, two.hands, strict=True) if a != b}
    if one.conduct is not None and two.conduct is not None:
        for conduct, other in ((one.conduct, two.conduct), (two.conduct, one.conduct)):
            changed |= {c.seat for c in conduct.cheats if c not in other.cheats}
            changed |= set(conduct.waits) ^ set(other.waits)
    if len(changed) != 1:
        return None
    (seat,) = changed
    if _plans(before, seat) != _plans(after, seat):  # a computer seat's own plan may change
        return None
    return seat if _unseen(one, seat) == _unseen(two, seat) else None


def _plans(table: TableState, seat: int) -> tuple:
    """The computer seats' planned moves but ``seat``'s own."""
    return tuple(p for p in table.planned if p.seat != seat)


def _unseen(round_: Round, seat: int) -> Round:
    """The round as everyone but ``seat`` sees it: nothing hidden, no choice of its own."""
    hand = round_.hand_of(seat)
    round_ = round_.with_hand(seat, replace(hand, hidden=frozenset())) if hand else round_
    conduct = round_.conduct
    if conduct is None:
        return round_
    cheats = tuple(c for c in conduct.cheats if c.seat != seat)
    waits = tuple(s for s in conduct.waits if s != seat)
    return round_.with_conduct(replace(conduct, cheats=cheats, waits=waits))
