"""What a computer player makes of its own view: each seat's allegiance and power as shown
(or as likely, from the power cards it has not seen), the teams' strengths, and how likely
each team is to win. Reading only, from the view alone."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from ..cards import POWER_DECK, Allegiance, power_of

NPR_SEAT = 0  # the non-player robot's place (``scoring.NPR_SEAT``), which the view names
NPR_POWER = 5
TEAMS = (Allegiance.GOOD, Allegiance.EVIL)


@dataclass(frozen=True, slots=True)
class Seen:
    """One seat as a computer player reads it: its allegiance (None: not shown), its power
    (``known``: shown, else the mean of what it may hold), its robot if shown."""

    seat: int
    allegiance: Allegiance | None
    power: float
    known: bool
    robot: Any = None
    negative: bool = False  # NegativeBot picked it: its power counts against its team


@dataclass(frozen=True, slots=True)
class Reading:
    me: int
    seats: tuple[Seen, ...]
    unseen: tuple[int, ...]  # the power cards it has not seen, by value
    # Tables the view may stand for (``sampled``): for each, every seat's allegiance and
    # power in the order of ``seats``, drawn where the view shows nothing.
    samples: tuple[tuple[tuple[Allegiance, float], ...], ...] = ()
    base: tuple[Seen, ...] = ()  # the seats as they were sampled
    totals: tuple[tuple[float, float, int, int, int], ...] = ()  # each sample's count of them

    def of(self, seat: int) -> Seen:
        return next(s for s in self.seats if s.seat == seat)

    def with_seat(self, seen: Seen) -> Reading:
        return replace(self, seats=tuple(seen if s.seat == seen.seat else s for s in self.seats))

    def above(self, power: float, equal: bool = False) -> float:
        """How likely an unseen power card is above ``power`` (or equal, with ``equal``)."""
        if not self.unseen:
            return 0.5
        hits = sum(1 for v in self.unseen if v > power or (equal and v == power))
        return hits / len(self.unseen)


def read(view: Any) -> Reading:
    """The seats as shown; an unseen power is the mean of the power cards not seen."""
    hand = view.hand
    me = view.you.id
    seen_cards = [hand.power.value]
    if view.points is not None:
        seen_cards.append(view.points.value)
    for seat in view.seats:
        if seat.id != me and seat.shown.power is not None:
            seen_cards.append(seat.shown.power.value)
    unseen = list(POWER_DECK_VALUES)
    for value in seen_cards:
        if value in unseen:
            unseen.remove(value)
    mean = sum(unseen) / len(unseen) if unseen else 5.0
    picked = {place for place, _ in view.picked}
    seats = [Seen(me, hand.allegiance, power_of(hand.power, hand.robot), True, hand.robot)]
    for seat in view.seats:
        if seat.id == me or not seat.dealt:
            continue
        shown = seat.shown
        if shown.power is not None:
            power, known = float(power_of(shown.power, shown.robot)), True
        else:
            power, known = mean, False
        seats.append(Seen(seat.id, shown.allegiance, power, known, shown.robot))
    if view.npr is not None:
        seats.append(Seen(NPR_SEAT, view.npr.allegiance, float(NPR_POWER), True))
    seats = [replace(s, negative=s.seat in picked) for s in seats]
    return Reading(me, tuple(seats), tuple(unseen))


POWER_DECK_VALUES = tuple(card.value for card in POWER_DECK)
# A coin's two flips: Good, Evil, and Neutral twice as often.
COIN_ODDS = (Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL, Allegiance.NEUTRAL)


def sampled(reading: Reading, rng: Any, count: int) -> Reading:
    """The reading with ``count`` tables it may stand for: what a seat has not shown drawn
    from the coins' odds and the power cards it has not seen."""
    pool = list(reading.unseen) or [5]
    samples = []
    draw = rng.random
    size = len(pool)
    for _ in range(count):
        drawn = []
        for seen in reading.seats:
            power = seen.power if seen.known else float(pool[int(draw() * size)])
            drawn.append((seen.allegiance or COIN_ODDS[int(draw() * 4)], power))
        samples.append(tuple(drawn))
    totals = tuple(_totals(reading.seats, sample) for sample in samples)
    return replace(reading, samples=tuple(samples), base=reading.seats, totals=totals)


def _counted(seen: Seen, draw: tuple[Allegiance, float]) -> tuple[Allegiance, float, int]:
    """A seat in a sampled table: its side, what it adds to it, and 1 if it is a player."""
    power = seen.power if seen.known else draw[1]
    return seen.allegiance or draw[0], -power if seen.negative else power, seen.seat != NPR_SEAT


def _totals(seats: tuple[Seen, ...], sample: tuple) -> tuple[float, float, int, int, int]:
    """A sampled table's count: Good's and Evil's totals, and the players on each side."""
    good = evil = 0.0
    sides = [0, 0, 0]
    for seen, draw in zip(seats, sample, strict=True):
        allegiance, power, plays = _counted(seen, draw)
        if allegiance is Allegiance.GOOD:
            good += power
        elif allegiance is Allegiance.EVIL:
            evil += power
        sides[SIDE[allegiance]] += plays
    return good, evil, sides[0], sides[1], sides[2]


SIDE = {Allegiance.GOOD: 0, Allegiance.EVIL: 1, Allegiance.NEUTRAL: 2}


def share_expected(reading: Reading, value: float) -> float:
    """The seat's points expected from the round's value, over the sampled tables: the
    winning team's (the greater total; Neutral on a tie; nobody when every player is on
    one side) shared evenly among its players. Each sampled table's count is kept as drawn
    (``sampled``), and only the seats a turn would change are counted again."""
    seats, base = reading.seats, reading.base or reading.seats
    changed = [i for i, (one, two) in enumerate(zip(seats, base, strict=True)) if one is not two]
    mine = next(i for i, s in enumerate(seats) if s.seat == reading.me)
    total = 0.0
    for sample, counted in zip(reading.samples, reading.totals, strict=True):
        good, evil, *sides = counted
        for i in changed:
            for seen, sign in ((base[i], -1), (seats[i], 1)):
                allegiance, power, plays = _counted(seen, sample[i])
                if allegiance is Allegiance.GOOD:
                    good += sign * power
                elif allegiance is Allegiance.EVIL:
                    evil += sign * power
                sides[SIDE[allegiance]] += sign * plays
        if (sides[0] > 0) + (sides[1] > 0) + (sides[2] > 0) < 2:
            continue  # every player on one side: nobody scores
        winner = Allegiance.NEUTRAL
        if good != evil:
            winner = Allegiance.GOOD if good > evil else Allegiance.EVIL
        if (seats[mine].allegiance or sample[mine][0]) is winner:
            total += value / sides[SIDE[winner]]
    return total / len(reading.samples)


def strengths(reading: Reading) -> dict[Allegiance, float]:
    """Each team's expected total: a seat not shown counts a quarter for Good and a quarter
    for Evil (its coins' odds), a negated seat against its team."""
    totals = dict.fromkeys(TEAMS, 0.0)
    for seen in reading.seats:
        power = -seen.power if seen.negative else seen.power
        if seen.allegiance in totals:
            totals[seen.allegiance] += power
        elif seen.allegiance is None:
            for team in TEAMS:
                totals[team] += power / 4
    return totals


def unknowns(reading: Reading) -> int:
    return sum(1 for s in reading.seats if s.allegiance is None and s.seat != reading.me)


def win_chance(reading: Reading, team: Allegiance, spread: float = 3.0) -> float:
    """How likely ``team`` is to win the count, from the teams' strengths: Neutral only
    when they tie (rarely)."""
    totals = strengths(reading)
    scale = spread + 1.5 * unknowns(reading)
    margin = totals[Allegiance.GOOD] - totals[Allegiance.EVIL]
    good = 1 / (1 + math.exp(-margin / scale))
    if team is Allegiance.NEUTRAL:
        return 0.08
    return 0.92 * (good if team is Allegiance.GOOD else 1 - good)


def favourite(reading: Reading) -> Allegiance:
    totals = strengths(reading)
    return (
        Allegiance.GOOD if totals[Allegiance.GOOD] >= totals[Allegiance.EVIL] else Allegiance.EVIL
    )
