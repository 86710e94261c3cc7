"""The end of a round counted exactly, the split of its value, and the game to its target.

Pure: no Flask, no I/O. The rules (v0.8), and how we read them where they are silent:

- Each seat counts its power card; PlusBot adds 3. A seat NegativeBot (or CopyBot copying
  it) picked counts minus that, PlusBot's 3 included; picked twice, it still counts minus
  (the card says its power "is now negative", a state, not a flip). The non-player robot
  counts 5 for its team, and never scores.
- If every player has the same allegiance, nobody scores: no share and no bonus. The
  non-player robot is not a player: it counts for its team's power, not in "all players".
- Otherwise the team with the higher total of Good and Evil wins; a tie means Neutral
  wins. If the winning team has no member who plays, nobody shares the round's value
  (bonuses still count).
- Two or more winners share the value as one of them proposes, in whole points that add
  up to it; if any other winner disagrees, each winner gets 1 point instead. A lone winner
  takes the whole value.
- Bonuses: BadBot +1 if Evil wins, whatever its own team; a bet (BetBot's, or CopyBot's
  copy of it) +1 if right, -1 if wrong; MiseryBot +2 if it ends Good or Evil and that team
  did not win; ScaredyBot +1 if it revealed nothing but its power through the app (the host
  may correct that for a card shown on camera only).
- A player who leaves the table once the round has ended still counts (their cards were
  shown), but scores nothing: the winners still at the table share the value.
- Scores may go below zero. The first to the target (10 unless the host set 5 to 20) wins;
  if several reach it together, play goes on until exactly one has the most points at or
  above the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from .cards import BADBOT, MISERYBOT, PLUSBOT, SCAREDYBOT, Allegiance, PowerCard, Robot
from .errors import GameError
from .messages import N_, Message

PLUS = 3
# What each winner gets when another winner disagrees with the proposed split.
DISAGREED_SHARE = 1
# ``points`` is DISAGREED_SHARE, 1: the message is worded for one point.
DISAGREE_MEANS = Message.of(
    N_("Disagree, and each winner gets %(points)d point instead."), points=DISAGREED_SHARE
)
DEFAULT_TARGET = 10
TARGETS = range(5, 21)


@dataclass(frozen=True, slots=True)
class Seated:
    """A seat as the round ends: its cards, and what the round did to them."""

    seat: int | None  # None: the non-player robot
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
        return self.seat is not None

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
        return {row.seated.seat: row.seated.name for row in self.rows if row.seated.seat}


def _strength(seated: Seated) -> tuple[int, int]:
    plus = PLUS if seated.holds(PLUSBOT) else 0
    strength = seated.power.value + plus
    return plus, -strength if seated.negated else strength


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
        if one.seat is None or one.robot is None:
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
        one.seat for one in seated if one.allegiance is winner and one.seat and not one.gone
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


@dataclass(frozen=True, slots=True)
class Proposal:
    """One winner's split of the round's value, and the other winners' answers so far."""

    by: int
    shares: tuple[tuple[int, int], ...]
    answers: tuple[tuple[int, bool], ...] = ()

    def waiting_for(self, tally: Tally) -> tuple[int, ...]:
        answered = {seat for seat, _ in self.answers}
        return tuple(seat for seat in tally.winners if seat != self.by and seat not in answered)


def propose(tally: Tally, by: int, shares: Mapping[int, int]) -> Proposal:
    """A winner proposes how the winners share the value."""
    if tally.settled:
        raise GameError(N_("The split of this round is already settled."))
    if by not in tally.winners:
        raise GameError(N_("Only a player on the winning team can propose a split."))
    if set(shares) != set(tally.winners):
        raise GameError(N_("Give a share to each winner, and only to the winners."))
    if any(not isinstance(points, int) or points < 0 for points in shares.values()):
        raise GameError(N_("Each share is a whole number of points, 0 or more."))
    if sum(shares.values()) != tally.value:
        raise GameError(
            N_("The shares must add up to the round's value, %(value)d (these add up to %(sum)d)."),
            value=tally.value,
            sum=sum(shares.values()),
        )
    return Proposal(by, tuple((seat, shares[seat]) for seat in tally.winners))


def answer(tally: Tally, proposal: Proposal, seat: int, agree: bool) -> Proposal:
    """Another winner agrees or disagrees with the proposal."""
    if seat not in proposal.waiting_for(tally):
        raise GameError(N_("Only a winner who has not answered yet can answer this split."))
    return replace(proposal, answers=(*proposal.answers, (seat, agree)))


def settle(tally: Tally, proposal: Proposal) -> Tally:
    """Once every other winner has answered: the split stands, or each winner gets 1 point."""
    if proposal.waiting_for(tally) or {seat for seat, _ in proposal.shares} != set(tally.winners):
        return tally  # not answered by all yet, or made for winners that are not these
    names = tally.names()
    if all(agree for _, agree in proposal.answers):
        # ``shares``: (name, points) pairs, said as a list ("Bob 2, Cy 2").
        shares = tuple((names[seat], points) for seat, points in proposal.shares)
        agreed = Message.of(N_("Agreed: %(shares)s."), shares=shares)
        return replace(tally, shares=proposal.shares, split=agreed)
    against = tuple(names[seat] for seat, agree in proposal.answers if not agree)
    # ``points`` is DISAGREED_SHARE, 1: the message is worded for one point.
    disagreed = Message.of(
        N_("%(names)s disagreed: each winner gets %(points)d point."),
        names=against,
        points=DISAGREED_SHARE,
    )
    return replace(
        tally,
        shares=tuple((seat, DISAGREED_SHARE) for seat in tally.winners),
        split=disagreed,
    )


@dataclass(frozen=True, slots=True)
class Game:
    """The scores to the target, and every round kept so far."""

    target: int = DEFAULT_TARGET
    scores: tuple[tuple[int, int], ...] = ()
    rounds: tuple[Tally, ...] = ()

    def score(self, seat: int) -> int:
        return dict(self.scores).get(seat, 0)

    def with_target(self, target: int) -> Game:
        """The host sets the points to win, before the game's first round is kept."""
        if self.rounds:
            raise GameError(N_("The target can only change before the game's first round."))
        if target not in TARGETS:
            raise GameError(
                N_("Play to %(least)d to %(most)d points."),
                least=TARGETS.start,
                most=TARGETS.stop - 1,
            )
        return replace(self, target=target)

    def keep(self, tally: Tally) -> Game:
        """Add a settled round's points to the scores."""
        if self.winner is not None:
            raise GameError(N_("The game is over: start a new game to play on."))
        scores = dict(self.scores)
        for seat, points in tally.points().items():
            scores[seat] = scores.get(seat, 0) + points
        return replace(self, scores=tuple(sorted(scores.items())), rounds=(*self.rounds, tally))

    @property
    def winner(self) -> int | None:
        """The one player with the most points, at or above the target; None while none is."""
        if not self.scores:
            return None
        top = max(points for _, points in self.scores)
        leaders = [seat for seat, points in self.scores if points == top]
        return leaders[0] if top >= self.target and len(leaders) == 1 else None

    def restart(self) -> Game:
        """A new game: the same target, everyone at zero, no rounds."""
        return Game(self.target)

    def without(self, seat: int) -> Game:
        """A player left the table: their score goes with them."""
        return replace(self, scores=tuple(p for p in self.scores if p[0] != seat))
