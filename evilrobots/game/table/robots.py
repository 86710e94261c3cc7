"""The robot actions the server settles, used: what using one does, and, by voice, taking one
back with its reveal (a mis-tap).

By voice, the app settles the actions that change the count (NegativeBot, SwapBot, BetBot, and
CopyBot's copy of one), once a round, until the seat has taken its turn otherwise. In a round
the app runs, every Action robot is used as the seat's turn: PushBot and GandalfBot too, and
CopyBot copies any of them already used this round. Which a seat may use now is
``legal.robot_actions``'s to say.
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import GANDALFBOT, NEGATIVEBOT, PUSHBOT, SWAPBOT, Allegiance
from ..errors import Conflict, GameError, NotAllowed
from ..messages import N_
from .conduct import ConversionKind, Phase
from .conversions import conversion
from .facts import Fact, What
from .flow import turn_over
from .guards import conduct_of, playing, turn_of
from .hands import hand_in_play
from .legal import robot_actions, took_turn_by_voice
from .log import naming, say
from .round import Names, Reveal, Round, Use
from .state import TableState


def use_robot(
    table: TableState,
    seat_id: int,
    deal_id: int,
    robot_name: str,
    target: int | None = None,
    team: Allegiance | None = None,
    now: float = 0.0,
) -> TableState:
    """Use a robot's action (or CopyBot's copy of one): its effect, and a verified reveal of
    the robot (and power) on the board. ``robot_name`` is the action's robot as the player's
    form names it; ``team`` is BetBot's bet, or the allegiance PushBot forces."""
    round_, hand = playing(table, seat_id, deal_id)
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
        if team is None:
            raise GameError(N_("Choose the allegiance to force: Good, Evil or Neutral."))
        round_ = replace(round_, uses=(*round_.uses, replace(use, target=target)))
        pushed = conversion(round_, names, seat_id, now, ConversionKind.PUSH, target, team, robot)
        return table.with_round(pushed)
    if robot is GANDALFBOT:
        round_ = replace(round_, uses=(*round_.uses, use))
        return table.with_round(_gandalf(round_, names, seat_id, now, action.copied))
    power_after = None
    if robot is NEGATIVEBOT:
        if target not in dict(action.targets):
            raise GameError(N_("Pick a player at this table (or the non-player robot)."))
        use = replace(use, target=target)
        effect = naming(What.NEGATIVE, names, target)
    elif robot is SWAPBOT:
        old, points = hand.power, round_.points
        round_ = replace(round_.with_hand(seat_id, replace(hand, power=points)), points=old)
        power_after = points
        effect = Fact(What.SWAPS, number=old.value, second=points.value)
    else:
        if team is None:
            raise GameError(N_("Bet on Good, Evil or Neutral."))
        use = replace(use, bet=team)
        effect = Fact(What.BETS, allegiance=team)
    if use.copied:
        effect = Fact(What.COPIES, robot=robot, then=effect)
    entry = Reveal(
        seat_id,
        names[seat_id],
        Action.ROBOT_ACTION,
        robot=hand.robot,
        power=hand.power,
        effect=effect,
        power_after=power_after,
        at=now if round_.conduct is None else 0.0,  # by voice, a mis-tap may be taken back
    )
    round_ = replace(round_, uses=(*round_.uses, use), reveals=(*round_.reveals, entry))
    if round_.conduct is not None:  # the turn is taken: no window opens
        round_ = round_.with_conduct(turn_over(round_, round_.conduct, seat_id, now))
    return table.with_round(round_)


def _gandalf(round_: Round, names: Names, seat: int, now: float, copied: bool) -> Round:
    """GandalfBot (or CopyBot's copy of it): no Pass phase this round. The turn is taken."""
    conduct = conduct_of(round_)
    turn_of(conduct, seat)
    hand = hand_in_play(round_, seat)
    round_ = say(
        round_,
        names,
        seat,
        Action.ROBOT_ACTION,
        Fact(What.COPIES_USE if copied else What.USES, robot=GANDALFBOT),
        robot=hand.robot,
        effect=Fact(What.NO_PASS_PHASE),
    )
    conduct = replace(conduct, gandalf=True)
    if conduct.phase is Phase.PASS:  # announced in the Pass phase: the rest of it is off
        conduct = replace(conduct, queue=())
    return round_.with_conduct(turn_over(round_, conduct, seat, now))


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
