"""The robot actions the server settles: which a seat may use now, and what using one does.

By voice, the app settles the actions that change the count (NegativeBot, SwapBot, BetBot, and
CopyBot's copy of one), once a round, until the seat has taken its turn otherwise. In a
conducted round, every Action robot is used as the seat's turn: PushBot and GandalfBot too,
and CopyBot copies any of them already used this round.

Pure: functions from a table to a new round, or a ``GameError`` saying why not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import (
    BETBOT,
    COPYBOT,
    GANDALFBOT,
    NEGATIVEBOT,
    PUSHBOT,
    SWAPBOT,
    Allegiance,
    Robot,
)
from ..errors import Conflict, GameError, NotAllowed
from ..hand import Hand
from ..messages import N_
from . import countdown
from .conduct import Kind
from .conversions import convert
from .facts import Fact, What
from .round import NPR_NAME, NPR_SEAT, Reveal, Round, Use
from .steps import end_turn

if TYPE_CHECKING:
    from .model import Table

# The actions that change the count, by the robot whose action each is.
COUNT_ACTIONS = (NEGATIVEBOT, SWAPBOT, BETBOT)
# Every action a conducted round settles.
TURN_ACTIONS = (*COUNT_ACTIONS, PUSHBOT, GANDALFBOT)
# What a seat reveals that takes its turn, in a round called by voice.
TURN_REVEALS = (Action.CONVERT_OTHER, Action.CONVERT_SELF, Action.PASS_TURN, Action.REACTION)


@dataclass(frozen=True, slots=True)
class RobotAction:
    """A robot action the viewer may use now: its own, or CopyBot's copy of one.

    What the action asks of the player: a player to pick (``targets``), a team to bet on
    (``bets``), an allegiance to force on the player picked (``allegiances``), or nothing more.
    """

    robot: Robot
    copied: bool
    targets: tuple[tuple[int, str], ...] = ()  # NegativeBot, PushBot: who it may pick
    bets: tuple[Allegiance, ...] = ()  # BetBot: the teams it may bet on
    allegiances: tuple[Allegiance, ...] = ()  # PushBot: what it may force

    @property
    def slug(self) -> str:
        return self.robot.slug


def took_turn_by_voice(round_: Round, seat: int) -> bool:
    """In a round called by voice: whether the seat has revealed an act that is its turn."""
    return any(r.seat == seat and r.action in TURN_REVEALS for r in round_.reveals)


def robot_actions(table: Table, seat_id: int) -> tuple[RobotAction, ...]:
    """The actions this seat may use now: its robot's own (once a round), or, for CopyBot, a
    copy of any action already used this round. In a conducted round, only on its turn."""
    round_ = table.round
    hand = round_.hand_of(seat_id) if round_ and round_.in_play else None
    if hand is None or any(use.seat == seat_id for use in round_.uses):
        return ()
    conduct = round_.conduct
    if conduct is None:
        if took_turn_by_voice(round_, seat_id):
            return ()
        settled = COUNT_ACTIONS
    else:
        if conduct.turn != seat_id or conduct.chain is not None:
            return ()
        settled = TURN_ACTIONS
    if hand.robot in settled:
        robots = [hand.robot]
    elif hand.robot is COPYBOT:
        robots = [r for r in dict.fromkeys(use.robot for use in round_.uses) if r in settled]
    else:
        return ()
    names = table.names
    everyone = tuple((seat, names.get(seat, "?")) for seat, _ in round_.hands)
    if round_.npr is not None:
        everyone += ((NPR_SEAT, NPR_NAME),)
    others = tuple(pair for pair in everyone if pair[0] != seat_id)
    return tuple(
        RobotAction(
            robot,
            hand.robot is COPYBOT,
            everyone if robot is NEGATIVEBOT else others if robot is PUSHBOT else (),
            tuple(Allegiance) if robot is BETBOT else (),
            tuple(Allegiance) if robot is PUSHBOT else (),
        )
        for robot in robots
    )


def use_robot(
    table: Table,
    seat_id: int,
    round_: Round,
    hand: Hand,
    robot_name: str,
    target: int | None = None,
    bet: Allegiance | None = None,
    now: float = 0.0,
) -> Round:
    """The round once this seat (holding ``hand``) has used a robot action: its effect, and a
    verified reveal of the robot (and power) on the board. ``robot_name`` is the action's
    robot as the player's form names it; ``bet`` is BetBot's team, or PushBot's allegiance."""
    offered = {action.robot.name: action for action in robot_actions(table, seat_id)}
    if robot_name not in offered:
        if any(use.seat == seat_id for use in round_.uses):
            raise Conflict(N_("You have used your robot's action this round already."))
        conduct = round_.conduct
        if conduct is not None and conduct.turn != seat_id:
            raise NotAllowed(N_("Your robot's action is used on your turn."))
        if conduct is None and took_turn_by_voice(round_, seat_id):
            raise Conflict(
                N_("You have taken your turn this round: your robot's action was not it.")
            )
        raise NotAllowed(N_("Your robot cannot use %(robot)s's action now."), robot=robot_name)
    action = offered[robot_name]
    robot = action.robot
    names = table.names
    use = Use(seat_id, robot, copied=action.copied)
    if robot is PUSHBOT:
        if target not in dict(action.targets):
            raise GameError(N_("Pick the player to push (or the non-player robot)."))
        if bet is None:
            raise GameError(N_("Choose the allegiance to force: Good, Evil or Neutral."))
        round_ = replace(round_, uses=(*round_.uses, replace(use, target=target)))
        return convert(round_, names, seat_id, now, Kind.PUSH, target, bet, robot=robot)
    if robot is GANDALFBOT:
        round_ = replace(round_, uses=(*round_.uses, use))
        return countdown.gandalf(round_, names, seat_id, now, action.copied)
    power_after = None
    if robot is NEGATIVEBOT:
        if target not in dict(action.targets):
            raise GameError(N_("Pick a player at this table (or the non-player robot)."))
        use = replace(use, target=target)
        picked = NPR_NAME if target == NPR_SEAT else names[target]
        effect = Fact(What.NEGATIVE, picked)
    elif robot is SWAPBOT:
        old, points = hand.power, round_.points
        round_ = replace(round_.with_hand(seat_id, replace(hand, power=points)), points=old)
        power_after = points
        effect = Fact(What.SWAPS, number=old.value, second=points.value)
    else:
        if bet is None:
            raise GameError(N_("Bet on Good, Evil or Neutral."))
        use = replace(use, bet=bet)
        effect = Fact(What.BETS, allegiance=bet)
    if use.copied:
        effect = Fact(What.COPIES, robot=robot, then=effect)
    reveal = Reveal(
        seat_id,
        names[seat_id],
        Action.ROBOT_ACTION,
        robot=hand.robot,
        power=hand.power,
        effect=effect,
        power_after=power_after,
        at=now if round_.conduct is None else 0.0,  # by voice, a mis-tap may be taken back
    )
    round_ = replace(round_, uses=(*round_.uses, use), reveals=(*round_.reveals, reveal))
    if round_.conduct is not None:
        round_ = end_turn(round_, seat_id, now)
    return round_


def undo_use(round_: Round, seat_id: int) -> Round:
    """The round without the seat's last robot action (taken back by voice, a mis-tap): its
    pick, its bet, or SwapBot's swap (the power and the points card back where they were)."""
    mine = [index for index, use in enumerate(round_.uses) if use.seat == seat_id]
    if not mine:
        return round_
    use = round_.uses[mine[-1]]
    uses = round_.uses[: mine[-1]] + round_.uses[mine[-1] + 1 :]
    round_ = replace(round_, uses=uses)
    hand = round_.hand_of(seat_id)
    if use.robot is SWAPBOT and hand is not None:
        swapped = round_.with_hand(seat_id, replace(hand, power=round_.points))
        round_ = replace(swapped, points=hand.power)
    return round_
