"""What a seat may do now, as moves (``moves.legal``): every move ``moves.apply`` takes from
it, judged on the table as ``apply`` will find it, and none that would change nothing.
Reading only: the round's acts come from ``legal.acts`` (the reads the acts refuse by), the
rest from the same conditions the acts check.

Where a move's choices are many, one that applies is given: the split's even shares, the
settings as they stand with the other way of running the round (the move says what else it
takes). A joining player is the seat ``None``: ``Join`` while the table is open, its name and
secret for the caller to fill in.
"""

from __future__ import annotations

from ..actions import Action, Part
from ..cards import CHEATBOT, SCAREDYBOT, Allegiance
from ..scoring import TARGETS
from . import clock
from . import legal as round_acts
from .conduct import Phase, Story
from .count import table_tally
from .kinds import (
    AbandonRound,
    AnswerSplit,
    ChooseAllegiance,
    ChooseCheat,
    ChooseFirst,
    Claim,
    Convert,
    ConvertNpr,
    CorrectScaredy,
    Deal,
    EndRound,
    Hide,
    Join,
    KeepScore,
    Leave,
    MakeHost,
    Move,
    NewGame,
    NoReaction,
    OfferLink,
    PassDebate,
    PassTurn,
    Promote,
    ProposeSplit,
    Prove,
    React,
    Remove,
    RevealAction,
    SetNpr,
    SetOpen,
    SetSettings,
    SetTarget,
    Share,
    Show,
    StartCountdown,
    UseRobot,
    Withdraw,
)
from .limits import MAX_SEATS, MIN_TO_DEAL
from .state import TableState
from .turns import in_chain


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
        *_split_moves(table, seat, now),
        *_host_moves(table, moved, seat, now),
        *_seat_moves(table, moved, seat),
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
            found.append(React(deal, turn=True))
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
            UseRobot(deal, name, target, bet)
            for target, _ in action.targets
            for bet in action.allegiances
        ]
    if action.targets:
        return [UseRobot(deal, name, target) for target, _ in action.targets]
    if action.bets:
        return [UseRobot(deal, name, bet=bet) for bet in action.bets]
    return [UseRobot(deal, name)]


def _private_choices(table: TableState, seat: int, now: float) -> list[Move]:
    """CheatBot's and PassBot's choices, other than those made already; none while something
    is due that they could change (``guards.private``)."""
    round_ = table.round
    if round_ is None or not round_.in_play or round_.conduct is None:
        return []
    if table.deadline is not None and now >= table.deadline:
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
            for story in Story
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


def _split_moves(table: TableState, seat: int, now: float) -> list[Move]:
    """The winners' split of an ended round: propose (an even split) while it is not
    settled, or answer the proposal (an answer is taken even once the split's time has run
    out, each winner given one point: it is said, and changes nothing of the score)."""
    round_ = table.round
    if round_ is None or not round_.ended or round_.kept:
        return []
    tally = table_tally(table)
    if round_.proposal is not None:
        if seat in round_.proposal.waiting_for(tally):
            return [AnswerSplit(agree, round_.proposals) for agree in (True, False)]
        return []
    lapsed = round_.split_until is not None and now >= round_.split_until
    if tally.settled or lapsed or seat not in tally.winners:
        return []
    return [ProposeSplit(_even(tally.value, tally.winners), round_.proposals)]


def _even(value: int, winners: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The value shared as evenly as whole points go, the first winners given the rest."""
    each, rest = divmod(value, len(winners))
    return tuple((seat, each + (i < rest)) for i, seat in enumerate(winners))


def _host_moves(table: TableState, moved: TableState, seat: int, now: float) -> list[Move]:
    if seat != table.host:
        return []
    round_ = table.round
    in_play = round_ is not None and round_.in_play
    found: list[Move] = []
    waiting = round_ is not None and round_.ended and not round_.kept
    if table.game.winner is None and not waiting and len(table.seats) >= MIN_TO_DEAL:
        found.append(Deal(table.deals, again=in_play))
    found.append(NewGame(table.deals))
    if in_play:
        found.append(AbandonRound(round_.deal_id))
    after = moved.round
    if (
        after is not None
        and after.in_play
        and (after.conduct is None or after.conduct.phase is Phase.DONE)
    ):
        found.append(EndRound())
    if waiting:
        lapsed = round_.split_until is not None and now >= round_.split_until
        if lapsed or table_tally(table).settled:  # a split past its time: one point each
            found.append(KeepScore())
        if round_.conduct is None:
            found += [
                CorrectScaredy(other, only)
                for other, hand in round_.hands
                if hand.robot is SCAREDYBOT
                for only in (True, False)
                if (other, only) not in round_.scaredy
            ]
    settings = table.settings
    found.append(
        SetSettings(
            not settings.conducted, settings.debate, settings.pace, settings.window, settings.turn
        )
    )
    found.append(SetNpr(not table.npr))
    found.append(SetOpen(not table.open))
    if table.round is None:
        found += [SetTarget(t) for t in TARGETS if t != table.game.target]
    chained = moved.round if moved.round is not None and moved.round.in_play else None
    for other in table.seats:
        if other.id != seat:
            if not (chained is not None and in_chain(chained, other.id)):
                found.append(Remove(other.id))
            found.append(MakeHost(other.id))
    return found


def _seat_moves(table: TableState, moved: TableState, seat: int) -> list[Move]:
    """Any seat's: leave (not while a conversion of it waits), a move link, a share."""
    found: list[Move] = []
    round_ = moved.round
    if not (round_ is not None and round_.in_play and in_chain(round_, seat)):
        found.append(Leave())
    found.append(OfferLink())
    shared = dict(table.tokens)
    over = [n for n in range(1, table.game_number) if table.earlier(n) is not None]
    if table.game.winner is not None:
        over.append(table.game_number)
    found += [Share(n) for n in over if n not in shared]
    return found
