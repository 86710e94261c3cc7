"""How a computer player weighs a turn: what the round is worth to it as it reads the
teams (``reading``), and what each turn it could take would likely make of that. Its style
(``Style``) says what it weighs beyond the round itself."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import Allegiance
from .reading import TEAMS, Reading, share_expected, win_chance


@dataclass(frozen=True, slots=True)
class Style:
    """What a level weighs beyond the round in hand, and how it reads the table."""

    bluffs: bool = False  # CheatBot shows the side it expects to win
    plays_for_game: bool = False  # keeps a player about to win the game off the winning side
    threat: float = 3.0  # how much that weighs, in points
    reaction_margin: float = 0.15  # what a reaction must gain to be played
    worth: float = 0.03  # what a turn must gain on passing it to be worth claiming a call for
    greedy_split: bool = False  # proposes a split that gives it what even shares leave over
    samples: int = 0  # weighs by tables the view may stand for (0: by the teams' odds)


PLAYER = Style()
SHARP = Style(bluffs=True, plays_for_game=True, threat=1.0, samples=32, greedy_split=True)


def kind(move: Any) -> str:
    return type(move).__name__


def _value(view: Any) -> float:
    return float(view.points.value) if view.points is not None else 5.0


def utility(view: Any, reading: Reading, style: Style, value: float | None = None) -> float:
    """What the round is worth to the seat, in points expected: its team's chance times its
    share; for ``sharp``, less the chance that a player about to win the game wins it."""
    me = reading.of(reading.me)
    team = me.allegiance
    worth = _value(view) if value is None else value
    if reading.samples:
        total = share_expected(reading, worth)
    else:
        chance = win_chance(reading, team) if team is not None else 0.0
        mates = 1 + sum(
            1 for s in reading.seats if s.seat != reading.me and s.allegiance is team and s.seat
        )
        total = chance * worth / mates
    if style.plays_for_game:
        total -= style.threat * _threat(view, reading)
    return total


def _threat(view: Any, reading: Reading) -> float:
    """How likely a player close to the game's end (and ahead of this seat) wins this round."""
    scores = {score.seat: score.points for score in view.scores}
    mine = scores.get(reading.me, 0)
    worst = 0.0
    for seen in reading.seats:
        points = scores.get(seen.seat)
        if seen.seat in (reading.me, 0) or points is None or seen.allegiance not in TEAMS:
            continue
        if points + _value(view) / 2 >= view.target and points >= mine:
            worst = max(worst, win_chance(reading, seen.allegiance))
    return worst


def converted(reading: Reading, seat: int, allegiance: Allegiance) -> Reading:
    return reading.with_seat(replace(reading.of(seat), allegiance=allegiance))


def _works(view: Any, reading: Reading, target: int) -> float:
    """How likely a conversion of ``target`` works: a power above the seat's (SumoBot's:
    not below it), and no LockBot shown."""
    seen = reading.of(target)
    if seen.robot is not None and seen.robot.name == "LockBot":
        return 0.0
    mine = reading.of(reading.me).power
    sumo = view.hand.robot.name == "SumoBot"
    if seen.known:
        return 1.0 if seen.power > mine or (sumo and seen.power == mine) else 0.0
    return reading.above(mine, equal=sumo)


@dataclass(frozen=True, slots=True)
class Option:
    """A turn, as a computer player weighs it (a move's kind and its choices)."""

    name: str
    target: int | None = None
    allegiance: Allegiance | None = None
    robot: str = ""
    team: Allegiance | None = None


def option(move: Any) -> Option:
    name = kind(move)
    if name == "Convert":
        return Option(name, move.target, move.allegiance)
    if name == "UseRobot":
        return Option(name, move.target, robot=move.robot, team=move.team)
    return Option(name)


def outcome(view: Any, reading: Reading, turn: Option, style: Style) -> float:
    """What a turn is worth, by what it likely does."""
    now = utility(view, reading, style)
    me = reading.me
    if turn.name == "Convert":
        if turn.target is None:
            return utility(view, converted(reading, me, turn.allegiance), style) - 0.01
        shows = view.standing.shows or view.hand.allegiance
        chance = _works(view, reading, turn.target)
        after = utility(view, converted(reading, turn.target, shows), style)
        return chance * after + (1 - chance) * now - 0.02
    if turn.name == "UseRobot":
        return _robot(view, reading, turn, style, now)
    return now


def _robot(view: Any, reading: Reading, turn: Option, style: Style, now: float) -> float:
    robot = turn.robot.lower()
    if robot == "negativebot" and turn.target is not None:
        picked = reading.with_seat(replace(reading.of(turn.target), negative=True))
        return utility(view, picked, style)
    if robot == "pushbot" and turn.target is not None and turn.team is not None:
        return utility(view, converted(reading, turn.target, turn.team), style)
    if robot == "betbot" and turn.team is not None:
        chance = win_chance(reading, turn.team)
        return now + (2 * chance - 1) * 0.9
    if robot == "swapbot" and view.points is not None:
        me = reading.of(reading.me)
        swapped = reading.with_seat(replace(me, power=float(view.points.value)))
        return utility(view, swapped, style, value=me.power)
    if robot == "gandalfbot":
        team = reading.of(reading.me).allegiance
        chance = win_chance(reading, team) if team is not None else 0.0
        return now + (chance - 0.5) * 0.5
    return now


def _options(view: Any) -> list[Option]:
    """Every turn this seat could take, were its call taken now (as ``legal`` would offer
    them then): its robot's own action, not yet a copy of one used by then."""
    hand = view.hand
    options = [Option("PassTurn")]
    others = [s.id for s in view.seats if s.id != view.you.id and s.dealt]
    if view.npr is not None:
        others.append(0)
    options += [Option("Convert", target) for target in others]
    phase = view.happening.phase.value if view.happening is not None else ""
    if phase == "countdown" and hand.robot.name != "LockBot":
        options += [Option("Convert", allegiance=a) for a in Allegiance]
    robot = hand.robot.name
    if robot in ("NegativeBot",):
        options += [Option("UseRobot", t, robot=robot) for t in [*others, view.you.id]]
    elif robot == "PushBot":
        options += [Option("UseRobot", t, robot=robot, team=a) for t in others for a in Allegiance]
    elif robot == "BetBot":
        options += [Option("UseRobot", robot=robot, team=a) for a in Allegiance]
    elif robot in ("SwapBot", "GandalfBot"):
        options.append(Option("UseRobot", robot=robot))
    return options


def best_turn_gain(view: Any, reading: Reading, style: Style) -> float:
    """What its best turn would gain on passing it, were its call taken now."""
    base = utility(view, reading, style)
    return max(outcome(view, reading, turn, style) for turn in _options(view)) - base
