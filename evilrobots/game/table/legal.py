"""What one seat may do now: the one list of its legal acts, which its phone's buttons are
drawn from (and a computer player would choose from). Reading only: it asks the same reads
the acts refuse by (``turns``, ``outcomes``, ``hands``), so what it offers is what they take.

In a round the app runs: pass in the Debate (and, for the host, start the Countdown), "I
act" at the level called, its turn (convert a player, itself, its robot's action, pass), a
reaction or No reaction to the open window, its proof, the order of seats tied after it, and
its own private choices (CheatBot's, PassBot's). In any round: the robot actions the server
settles that it may use now.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..cards import (
    BETBOT,
    BLOCKBOT,
    CHEATBOT,
    COPYBOT,
    FREEBOT,
    GANDALFBOT,
    NEGATIVEBOT,
    PASSBOT,
    PUSHBOT,
    SWAPBOT,
    Allegiance,
    Robot,
)
from .conduct import ConversionKind, Phase, Proof
from .hands import locked
from .outcomes import proofs_for
from .round import NPR_SEAT, Round, name_of
from .state import TableState
from .turns import can_act_at, reactions_for, tied, to_answer

# The actions that change the count, by the robot whose action each is.
COUNT_ACTIONS = (NEGATIVEBOT, SWAPBOT, BETBOT)
# Every action a round the app runs settles.
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


@dataclass(frozen=True, slots=True)
class Acts:
    """What one seat may do now. Anything it may not do is simply absent."""

    pass_debate: bool = False
    start_countdown: bool = False  # the host, in the Debate
    claim: int = 0  # the level it may act at now (``TOP_LEVEL``: "9 or more"), or 0
    claim_with_power: bool = False  # FreeBot may show its power too, or not
    turn: bool = False  # its turn: convert, convert itself, its robot's action, or pass
    targets: tuple[tuple[int, str], ...] = ()  # whom it may convert
    convert_self: bool = False
    promote: tuple[tuple[int, str], ...] = ()  # tied seats it may let go next
    reactions: tuple[Robot, ...] = ()
    block_turns: bool = False  # BlockBot may turn the conversion on its instigator
    no_reaction: bool = False  # its No reaction is awaited
    proofs: tuple[Proof, ...] = ()  # it may show why a conversion of it failed
    cheat: bool = False  # it holds CheatBot: it chooses what it shows
    passbot: bool = False  # it holds PassBot and may still choose whether it acts first
    robots: tuple[RobotAction, ...] = ()  # the robot actions it may use now

    @property
    def due(self) -> bool:
        """Whether this phone has a move to make now (its call, its turn, its proof, its
        answer to a window, the order of a tie): the phone says so, and may vibrate."""
        return bool(
            self.claim
            or self.turn
            or self.proofs
            or self.promote
            or self.no_reaction
            or self.reactions
        )


def acts(table: TableState, seat: int) -> Acts:
    """Every act this seat may take now. The last table's are kept, seat by seat: a table
    once changed is asked many times (each seat's moves, each computer seat's plan, the
    views), and the same table gives the same acts."""
    last = _last[0] if _last else None
    if last is None or last[0] is not table:
        last = (table, {})
        _last[:] = [last]
    found = last[1].get(seat)
    if found is None:
        found = last[1][seat] = _acts(table, seat)
    return found


# The last table asked (the very object, held here) and its seats' acts so far: one entry,
# replaced whole (a thread reads it whole or the one before).
_last: list[tuple[TableState, dict[int, Acts]]] = []


def _acts(table: TableState, seat: int) -> Acts:
    robots = robot_actions(table, seat)
    round_ = table.round
    if round_ is None or round_.conduct is None or not round_.in_play:
        return Acts(robots=robots)
    conduct = round_.conduct
    hand = round_.hand_of(seat)
    host = seat == table.host
    if hand is None:  # joined mid-round: only the host's own control
        return Acts(start_countdown=host and conduct.phase is Phase.DEBATE, robots=robots)
    own = {
        "cheat": hand.robot is CHEATBOT,
        "passbot": hand.robot is PASSBOT and conduct.phase in (Phase.DEBATE, Phase.COUNTDOWN),
        "robots": robots,
    }
    if conduct.proof is not None and conduct.proof.seat == seat:
        return Acts(proofs=proofs_for(round_, conduct, seat), **own)
    if conduct.ordering == seat:
        names = table.names
        waiting = tuple((other, names.get(other, "?")) for other in tied(conduct, round_))
        return Acts(promote=waiting, **own)
    if conduct.chain is not None:
        reactions = reactions_for(conduct, round_, seat)
        return Acts(
            reactions=reactions,
            block_turns=BLOCKBOT in reactions and conduct.chain.kind is not ConversionKind.SELF,
            no_reaction=seat in to_answer(conduct, round_),
            **own,
        )
    if conduct.phase is Phase.DEBATE:
        return Acts(pass_debate=seat not in conduct.passed, start_countdown=host, **own)
    if conduct.turn == seat:
        names = table.names
        others = tuple((other, names.get(other, "?")) for other, _ in round_.hands if other != seat)
        if round_.npr is not None:
            others += ((NPR_SEAT, name_of(names, NPR_SEAT)),)
        convert_self = conduct.phase is Phase.COUNTDOWN and not locked(round_, seat)
        return Acts(turn=True, targets=others, convert_self=convert_self, **own)
    claim = 0
    if conduct.phase is Phase.COUNTDOWN and can_act_at(conduct, round_, seat, conduct.level):
        claim = conduct.level
    return Acts(claim=claim, claim_with_power=bool(claim) and hand.robot is FREEBOT, **own)


def took_turn_by_voice(round_: Round, seat: int) -> bool:
    """In a round called by voice: whether the seat has revealed an act that is its turn."""
    return any(r.seat == seat and r.action in TURN_REVEALS for r in round_.reveals)


def robot_actions(table: TableState, seat: int) -> tuple[RobotAction, ...]:
    """The robot actions this seat may use now: its robot's own (once a round), or, for
    CopyBot, a copy of any action already used this round. In a round the app runs, only on
    its turn."""
    round_ = table.round
    hand = round_.hand_of(seat) if round_ and round_.in_play else None
    if hand is None or any(use.seat == seat for use in round_.uses):
        return ()
    conduct = round_.conduct
    if conduct is None:
        if took_turn_by_voice(round_, seat):
            return ()
        settled = COUNT_ACTIONS
    else:
        if conduct.turn != seat or conduct.chain is not None:
            return ()
        settled = TURN_ACTIONS
    if hand.robot in settled:
        robots = [hand.robot]
    elif hand.robot is COPYBOT:
        robots = [r for r in dict.fromkeys(use.robot for use in round_.uses) if r in settled]
    else:
        return ()
    names = table.names
    everyone = tuple((other, names.get(other, "?")) for other, _ in round_.hands)
    if round_.npr is not None:
        everyone += ((NPR_SEAT, name_of(names, NPR_SEAT)),)
    others = tuple(pair for pair in everyone if pair[0] != seat)
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
