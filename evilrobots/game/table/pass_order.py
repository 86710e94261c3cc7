"""The Pass phase's order, worked out from the passers' powers: who sits it out, who acts in
which order, and the fewest robot cards the passers must show for the table to see that order
is true. Reading only (``pass_phase`` begins the phase with it)."""

from __future__ import annotations

from itertools import combinations

from ..cards import PASSBOT, PLUSBOT, power_of
from ..hand import Hand

# Who sits out, and the groups that act in turn (each of one power), in order.
PassOrder = tuple[frozenset[int], tuple[tuple[int, ...], ...]]


def pass_order(
    passers: tuple[int, ...], power: dict[int, int], first: set[int], passbots: set[int]
) -> PassOrder:
    """The Pass phase's order from the passers' powers: who sits out (the lowest, never a
    PassBot; nobody if one passed alone), and the groups that act in turn, each of one power
    (PassBot acting first, alone, before them), in ascending power."""
    if len(passers) == 1:
        return frozenset(), (passers,)
    counted = [seat for seat in passers if seat not in passbots]
    lowest = min((power[seat] for seat in counted), default=None)
    out = frozenset(seat for seat in counted if power[seat] == lowest)
    groups: list[tuple[int, ...]] = [tuple(seat for seat in passers if seat in first)]
    rest = sorted((s for s in passers if s not in out and s not in first), key=lambda s: power[s])
    for value in dict.fromkeys(power[seat] for seat in rest):
        groups.append(tuple(seat for seat in rest if power[seat] == value))
    return out, tuple(group for group in groups if group)


def least_shown(
    passers: tuple[int, ...], hands: dict[int, Hand], first: set[int], truth: PassOrder
) -> set[int]:
    """The fewest robot cards (PlusBot's, PassBot's) the passers must show beside their power
    cards so that what the table sees gives the true order: none if it already does
    ("you need only reveal the minimum information")."""
    extras = [s for s in passers if hands[s].robot in (PLUSBOT, PASSBOT)]
    for size in range(len(extras) + 1):
        for shown in combinations(extras, size):
            power = {
                s: power_of(hands[s].power, hands[s].robot if s in shown else None) for s in passers
            }
            passbots = {s for s in shown if hands[s].robot is PASSBOT}
            if pass_order(passers, power, first & passbots, passbots) == truth:
                return set(shown)
    return set(extras)
