"""What a seat may do now, as moves (``moves.legal``): every move ``moves.apply`` takes from
it, judged on the table as ``apply`` will find it, and none that would change nothing.
Reading only: the round's acts come from ``legal.acts`` (the reads the acts refuse by), the
table's controls (the host's, the split's, a seat's own) from ``controls``.

Where a move's choices are many, a few that apply are given: the split's even shares, and
each winner's taking what they leave over; the settings as they stand with the other way of
running the round (the move says what else it takes). A joining player is the seat
``None``: ``Join`` while the table is open, its name and secret for the caller to fill in.
"""

from __future__ import annotations

from ..actions import Action, Part
from ..cards import CHEATBOT, Allegiance
from . import clock
from . import legal as round_acts
from .conduct import CheatSays
from .controls import host_moves, seat_moves, split_moves
from .kinds import (
    ChooseAllegiance,
    ChooseCheat,
    ChooseFirst,
    Claim,
    Convert,
    ConvertNpr,
    Hide,
    Join,
    Move,
    NoReaction,
    PassDebate,
    PassTurn,
    Promote,
    Prove,
    React,
    RevealAction,
    Show,
    StartCountdown,
    UseRobot,
    Withdraw,
)
from .limits import MAX_SEATS
from .state import TableState


def legal(table: TableState, seat: int | None, now: float) -> tuple[Move, ...]:
    """Every move this seat (None: a browser without one) may make at ``now``."""
    if seat is None:
        return (Join(),) if table.open and len(table.seats) < MAX_SEATS else ()
    if all(s.id != seat for s in table.seats):
        return ()
    moved = clock.tick(table, now)
    return (
        *_round_moves(moved, table, seat, now),
        *_voice_moves(table, seat, now),
        *split_moves(moved, seat),
        *host_moves(table, moved, seat),
        *seat_moves(table, moved, seat),
    )


def _round_moves(moved: TableState, table: TableState, seat: int, now: float) -> list[Move]:
    """A round the app runs: the acts of ``legal.acts`` (judged on the table moved on; a
    private choice, which moves nothing on, on the table as it is)."""
    round_ = moved.round
    found: list[Move] = []
    if round_ is None or not round_.in_play:
        return found
    deal = round_.deal_id
    acts = round_acts.acts(moved, seat)
    if acts.pass_debate:
        found.append(PassDebate(deal))
    if acts.start_countdown:
        found.append(StartCountdown(deal))
    if acts.claim:
        found.append(Claim(deal))
        if acts.claim_with_power:
            found.append(Claim(deal, with_power=True))
    if acts.turn:
        found.append(PassTurn(deal))
        found += [Convert(deal, target=target) for target, _ in acts.targets]
        if acts.convert_self:
            found += [Convert(deal, allegiance=a) for a in Allegiance]
    found += [Promote(deal, other) for other, _ in acts.promote]
    if acts.reactions:
        found.append(React(deal))
        if acts.block_turns:
            found.append(React(deal, on_instigator=True))
    if acts.no_reaction:
        found.append(NoReaction(deal))
    found += [Prove(deal, proof) for proof in acts.proofs]
    for action in acts.robots:
        found += _robot_moves(deal, action)
    found += _private_choices(table, seat, now)
    return found


def _robot_moves(deal: int, action: round_acts.RobotAction) -> list[Move]:
    name = action.robot.name
    if action.allegiances:  # PushBot: a seat and the allegiance forced on it
        return [
            UseRobot(deal, name, target, team)
            for target, _ in action.targets
            for team in action.allegiances
        ]
    if action.targets:
        return [UseRobot(deal, name, target) for target, _ in action.targets]
    if action.bets:
        return [UseRobot(deal, name, team=team) for team in action.bets]
    return [UseRobot(deal, name)]


def _private_choices(table: TableState, seat: int, now: float) -> list[Move]:
    """CheatBot's and PassBot's choices, other than those made already; none while something
    is due that they could change (``guards.private``)."""
    round_ = table.round
    if round_ is None or not round_.in_play or round_.conduct is None:
        return []
    if table.round_deadline is not None and now >= table.round_deadline:
        return []
    conduct = round_.conduct
    acts = round_acts.acts(table, seat)
    found: list[Move] = []
    deal = round_.deal_id
    if acts.cheat:
        made = next(((c.shows, c.story) for c in conduct.cheats if c.seat == seat), None)
        found += [
            ChooseCheat(deal, shows, story)
            for shows in (None, *Allegiance)
            for story in CheatSays
            if (shows, story) != made  # the truth, not chosen yet, is a choice to make too
        ]
    if acts.passbot:
        found.append(ChooseFirst(deal, seat in conduct.waits))
    return found


def _voice_moves(table: TableState, seat: int, now: float) -> list[Move]:
    """A seat's cards in any round (what it hides), and a round called by voice."""
    round_ = table.round
    hand = round_.hand_of(seat) if round_ is not None and round_.in_play else None
    if round_ is None or hand is None:
        return []
    deal = round_.deal_id
    found: list[Move] = [Hide(deal, part) for part in Part if part not in hand.hidden]
    found += [Show(deal, part) for part in Part if part in hand.hidden]
    if round_.conduct is not None:
        return found
    found += [ChooseAllegiance(deal, a) for a in Allegiance if a is not hand.allegiance]
    if round_.npr is not None:
        found += [ConvertNpr(deal, a) for a in Allegiance if a is not round_.npr]
    for action in Action:
        if not action.parts:
            continue
        shows: list[Allegiance | None] = [None]
        if Part.ALLEGIANCE in action.parts and hand.robot is CHEATBOT and action.cheat_may_lie:
            shows += [a for a in Allegiance if a is not hand.allegiance]
        last = round_.reveals[-1] if round_.reveals else None
        for shown in shows:
            told = shown or (hand.allegiance if Part.ALLEGIANCE in action.parts else None)
            said = (seat, action, told, False, None, None)
            if last is not None and said == (
                last.seat,
                last.action,
                last.allegiance,
                last.withdrawn,
                last.effect,
                last.lead,
            ):
                continue  # the same reveal again is a double tap: it changes nothing
            found.append(RevealAction(deal, action, shown))
    mine = [r for r in round_.reveals if r.seat == seat]
    until = mine[-1].withdrawable_until if mine else None
    if until is not None and now <= until:
        found.append(Withdraw(deal))
    return found
