"""The end of a round counted exactly: each seat's strength, the teams' totals, the winner,
the bonuses, and why (as facts). How we read the rules where they are silent: ``scoring``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import BADBOT, MISERYBOT, SCAREDYBOT, Allegiance, PowerCard, Robot, power_of
from ..errors import GameError
from ..messages import N_, Message

# The place of the non-player robot of the optional rule for low player counts, which names
# it wherever a seat would (a row of the count, a target, a line of the log): no seat has it.
NPR_SEAT = 0


@dataclass(frozen=True, slots=True)
class Seated:
    """A seat as the round ends: its cards, and what the round did to them."""

    seat: int  # NPR_SEAT: the non-player robot
    name: str
    robot: Robot | None
    power: PowerCard
    allegiance: Allegiance
    negated: bool = False
    bet: Allegiance | None = None
    only_power_shown: bool = False  # ScaredyBot's condition, as the app (or the host) saw it
    gone: bool = False  # left the table after the round ended: counted, but scores nothing

    @property
    def plays(self) -> bool:
        return self.seat != NPR_SEAT

    def holds(self, robot: Robot) -> bool:
        return self.robot is robot


@dataclass(frozen=True, slots=True)
class Counted:
    """One row of the tally: what a seat counts for its team, and why."""

    seated: Seated
    plus: int  # PlusBot's 3, else 0
    strength: int  # what it adds to its team's total: power and plus, negative if picked

    @property
    def team(self) -> Allegiance:
        return self.seated.allegiance


@dataclass(frozen=True, slots=True)
class Bonus:
    """Points a robot card gives, on top of any share."""

    seat: int
    name: str
    robot: str
    points: int
    reason: Message


@dataclass(frozen=True, slots=True)
class Tally:
    """The end of one round, counted. ``shares`` is None until the winners' split is settled."""

    rows: tuple[Counted, ...]
    good: int
    evil: int
    winner: Allegiance | None  # None: everyone had one allegiance, and nobody scores
    why: Message  # the count, said as facts
    value: int
    winners: tuple[int, ...]  # the seats that share the value (players on the winning team)
    bonuses: tuple[Bonus, ...]
    shares: tuple[tuple[int, int], ...] | None = None
    split: Message | None = None  # how the value was shared, once settled
    number: int = 0  # the round's number at its table

    @property
    def settled(self) -> bool:
        return self.shares is not None

    def points(self) -> dict[int, int]:
        """What each seat gains (or loses) this round: its share and its bonuses."""
        if self.shares is None:
            raise GameError(N_("The winners have not settled their split yet."))
        gained = dict(self.shares)
        for bonus in self.bonuses:
            gained[bonus.seat] = gained.get(bonus.seat, 0) + bonus.points
        return gained

    def names(self) -> dict[int, str]:
        return {row.seated.seat: row.seated.name for row in self.rows if row.seated.plays}


def _strength(seated: Seated) -> tuple[int, int]:
    strength = power_of(seated.power, seated.robot)
    return strength - seated.power.value, -strength if seated.negated else strength


def _winner(good: int, evil: int) -> Allegiance:
    if good > evil:
        return Allegiance.GOOD
    if evil > good:
        return Allegiance.EVIL
    return Allegiance.NEUTRAL


def _why(good: int, evil: int, winner: Allegiance, teams: set[Allegiance]) -> Message:
    """The count, as facts. A team nobody is on has no total to speak of: say so, rather
    than "Good 0 against Evil -1" when nobody is Good."""
    if winner is Allegiance.NEUTRAL:
        if teams >= {Allegiance.GOOD, Allegiance.EVIL}:
            return Message.of(
                N_("Good %(good)d, Evil %(evil)d: a tie, so Neutral wins."), good=good, evil=evil
            )
        empty, other = (
            (Allegiance.GOOD, Allegiance.EVIL)
            if Allegiance.GOOD not in teams
            else (Allegiance.EVIL, Allegiance.GOOD)
        )
        return Message.of(
            N_("Nobody is %(empty)s, and %(other)s totals 0: a tie, so Neutral wins."),
            empty=empty,
            other=other,
        )
    loser = Allegiance.EVIL if winner is Allegiance.GOOD else Allegiance.GOOD
    top, bottom = (good, evil) if winner is Allegiance.GOOD else (evil, good)
    if winner not in teams:
        return Message.of(
            N_("Nobody is %(winner)s, and %(loser)s totals %(bottom)d, below 0: %(winner)s wins."),
            winner=winner,
            loser=loser,
            bottom=bottom,
        )
    if loser not in teams:
        return Message.of(
            N_("%(winner)s %(top)d, and nobody is %(loser)s: %(winner)s wins."),
            winner=winner,
            top=top,
            loser=loser,
        )
    return Message.of(
        N_("%(winner)s %(top)d against %(loser)s %(bottom)d: %(winner)s wins."),
        winner=winner,
        top=top,
        loser=loser,
        bottom=bottom,
    )


def _bonuses(seated: Sequence[Seated], winner: Allegiance) -> list[Bonus]:
    found = []
    for one in seated:
        if not one.plays or one.robot is None:
            continue
        name, robot = one.name, one.robot.name
        if one.holds(BADBOT) and winner is Allegiance.EVIL:
            found.append(Bonus(one.seat, name, robot, 1, Message.of(N_("Evil won"))))
        if one.bet is not None:
            right = one.bet is winner
            found.append(
                Bonus(
                    one.seat,
                    name,
                    robot,
                    1 if right else -1,
                    Message.of(
                        N_("bet on %(bet)s, and %(winner)s won"), bet=one.bet, winner=winner
                    ),
                )
            )
        if one.holds(MISERYBOT) and one.allegiance is not Allegiance.NEUTRAL:
            if one.allegiance is not winner:
                lost = Message.of(N_("ended %(team)s, which lost"), team=one.allegiance)
                found.append(Bonus(one.seat, name, robot, 2, lost))
        if one.holds(SCAREDYBOT) and one.only_power_shown:
            found.append(
                Bonus(one.seat, name, robot, 1, Message.of(N_("showed nothing but its power")))
            )
    return found


def tally(seated: Sequence[Seated], value: int, number: int = 0) -> Tally:
    """Count the round's end: each seat's strength, the totals, the winner, the bonuses.

    A lone winner's share (or nobody's) is settled at once; two or more winners settle
    theirs with ``Proposal``.
    """
    rows = tuple(Counted(one, *_strength(one)) for one in seated)
    counted = _tally(rows, seated, value)
    return replace(counted, number=number)


def _tally(rows: tuple[Counted, ...], seated: Sequence[Seated], value: int) -> Tally:
    good = sum(row.strength for row in rows if row.team is Allegiance.GOOD)
    evil = sum(row.strength for row in rows if row.team is Allegiance.EVIL)
    players = [one for one in seated if one.plays]
    if len({one.allegiance for one in players}) <= 1:
        # The non-player robot counts for its team's power, not among "all players".
        why = (
            Message.of(
                N_("Every player is %(team)s: nobody scores this round."),
                team=players[0].allegiance,
            )
            if players
            else Message.of(N_("Every player is on one team: nobody scores this round."))
        )
        return Tally(rows, good, evil, None, why, value, (), (), shares=())
    winner = _winner(good, evil)
    winners = tuple(
        one.seat for one in seated if one.allegiance is winner and one.plays and not one.gone
    )
    bonuses = tuple(_bonuses([one for one in seated if not one.gone], winner))
    why = _why(good, evil, winner, {row.team for row in rows})
    result = Tally(rows, good, evil, winner, why, value, winners, bonuses)
    if not winners:
        left = any(one.gone and one.allegiance is winner for one in seated)
        nobody = (
            N_("Nobody still at the table is %(team)s: nobody shares the %(value)d.")
            if left
            else N_("Nobody who plays is %(team)s: nobody shares the %(value)d.")
        )
        return replace(result, shares=(), split=Message.of(nobody, team=winner, value=value))
    if len(winners) == 1:
        (only,) = winners
        name = result.names()[only]
        alone = Message.of(N_("%(name)s alone takes %(value)d."), name=name, value=value)
        return replace(result, shares=((only, value),), split=alone)
    return result
