"""The robot actions that change the count (NegativeBot, SwapBot, BetBot, and CopyBot's copy
of one): which a seat may use now, and what using one does to the round.

Pure: functions from a table to a new round, or a ``GameError`` saying why not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..cards import BETBOT, COPYBOT, NEGATIVEBOT, SWAPBOT, Allegiance, Robot
from ..errors import Conflict, GameError, NotAllowed
from ..hand import Hand
from .round import NPR_NAME, NPR_SEAT, Reveal, Round, Use

if TYPE_CHECKING:
    from .model import Table

# The actions that change the count, by the robot whose action each is.
COUNT_ACTIONS = (NEGATIVEBOT, SWAPBOT, BETBOT)


@dataclass(frozen=True, slots=True)
class RobotAction:
    """A robot action the viewer may use now: its own, or CopyBot's copy of one.

    What the action asks of the player: a player to pick (``targets``), a team to bet on
    (``bets``), or nothing more (SwapBot).
    """

    robot: Robot
    copied: bool
    targets: tuple[tuple[int, str], ...] = ()  # NegativeBot: who it may pick
    bets: tuple[Allegiance, ...] = ()  # BetBot: the teams it may bet on

    @property
    def slug(self) -> str:
        return self.robot.slug


def robot_actions(table: Table, seat_id: int) -> tuple[RobotAction, ...]:
    """The count-changing actions this seat may use now: its robot's own (once a round),
    or, for CopyBot, a copy of any such action already used this round."""
    round_ = table.round
    hand = round_.hand_of(seat_id) if round_ and round_.in_play else None
    if hand is None or any(use.seat == seat_id for use in round_.uses):
        return ()
    if hand.robot in COUNT_ACTIONS:
        robots = [hand.robot]
    elif hand.robot is COPYBOT:
        robots = list(dict.fromkeys(use.robot for use in round_.uses))
    else:
        return ()
    names = table.names
    targets = tuple((seat, names.get(seat, "?")) for seat, _ in round_.hands)
    if round_.npr is not None:
        targets += ((NPR_SEAT, NPR_NAME),)
    return tuple(
        RobotAction(
            robot,
            hand.robot is COPYBOT,
            targets if robot is NEGATIVEBOT else (),
            tuple(Allegiance) if robot is BETBOT else (),
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
) -> Round:
    """The round once this seat (holding ``hand``) has used a robot action: its effect on the
    count, and a verified reveal of the robot and power on the board. ``robot_name`` is the
    action's robot as the player's form names it."""
    offered = {action.robot.name: action for action in robot_actions(table, seat_id)}
    if robot_name not in offered:
        if any(use.seat == seat_id for use in round_.uses):
            raise Conflict("You have used your robot's action this round already.")
        raise NotAllowed(f"Your robot cannot use {robot_name}'s action now.")
    action = offered[robot_name]
    robot = action.robot
    names = table.names
    use = Use(seat_id, robot, copied=action.copied)
    power_after = None
    if robot is NEGATIVEBOT:
        if target not in dict(action.targets):
            raise GameError("Pick a player at this table (or the non-player robot).")
        use = replace(use, target=target)
        picked = NPR_NAME if target == NPR_SEAT else names[target]
        effect = f"{picked}'s power counts as negative"
    elif robot is SWAPBOT:
        old, points = hand.power, round_.points
        round_ = replace(round_.with_hand(seat_id, replace(hand, power=points)), points=old)
        power_after = points
        effect = (
            f"swaps power {old.value} with the points card {points.value}: "
            f"the round is now worth {old.value}"
        )
    else:
        if bet is None:
            raise GameError("Bet on Good, Evil or Neutral.")
        use = replace(use, bet=bet)
        effect = f"bets on {bet.label}"
    if use.copied:
        effect = f"copies {robot.name}: {effect}"
    reveal = Reveal(
        seat_id,
        names[seat_id],
        Action.ROBOT_ACTION,
        robot=hand.robot,
        power=hand.power,
        effect=effect,
        power_after=power_after,
    )
    return replace(round_, uses=(*round_.uses, use), reveals=(*round_.reveals, reveal))
