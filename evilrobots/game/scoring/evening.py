"""A game told as each player's evening: where their points came from, round by round kept
(winning alone, shares of a value won together, robots' bonuses, bets), and how many rounds
they spent on the winning side. Facts, from the kept rounds' counts alone; the web words them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from .tally import Tally


@dataclass(frozen=True, slots=True)
class Evening:
    """One player's game, as its counts kept it."""

    seat: int
    name: str
    rounds: int = 0  # the kept rounds that counted this player
    won: int = 0  # of them, the rounds on the winning side
    alone: int = 0  # points of values won alone (the whole value)
    shared: int = 0  # points of values won with others (a split, agreed or one each)
    bonuses: int = 0  # points of robots' bonuses (BadBot, MiseryBot, ScaredyBot)
    bets: int = 0  # points of bets (BetBot: one for a right bet, one less for a wrong one)

    @property
    def points(self) -> int:
        return self.alone + self.shared + self.bonuses + self.bets


def evenings(rounds: Iterable[Tally], names: Mapping[int, str]) -> tuple[Evening, ...]:
    """Every player's evening over these kept rounds (oldest first), most points first, ties
    in seating order; ``names`` by seat (a player gone since keeps the name a count had)."""
    found: dict[int, Evening] = {}

    def of(seat: int, name: str) -> Evening:
        return found.get(seat) or Evening(seat, names.get(seat, name))

    for tally in rounds:
        if not tally.settled:
            continue
        for row in tally.rows:
            if row.seated.plays:  # the non-player robot scores nothing
                one = of(row.seated.seat, row.seated.name)
                found[one.seat] = replace(one, rounds=one.rounds + 1)
        named = tally.names()
        for seat, share in tally.shares or ():
            one = of(seat, named.get(seat, "?"))
            alone = share if len(tally.winners) == 1 else 0
            found[seat] = replace(
                one,
                won=one.won + (seat in tally.winners),
                alone=one.alone + alone,
                shared=one.shared + share - alone,
            )
        for bonus in tally.bonuses:
            one = of(bonus.seat, bonus.name)
            if "bet" in bonus.reason.values:
                found[bonus.seat] = replace(one, bets=one.bets + bonus.points)
            else:
                found[bonus.seat] = replace(one, bonuses=one.bonuses + bonus.points)
    for seat, name in names.items():
        found.setdefault(seat, Evening(seat, name))
    return tuple(sorted(found.values(), key=lambda e: (-e.points, e.seat)))
