"""What the host, the winners of a round and any seat may do with the table's controls (not
a round's acts, which ``legal`` reads): the host's deal, end, score and settings, the split's
proposal and answers, a seat's leave, move link and share. Reading only: ``offers.legal``
gives these moves, judged on the table moved on to its time, and ``offered`` their kinds on
the table as it stands, for the pages to draw their buttons from.
"""

from __future__ import annotations

from ..cards import SCAREDYBOT
from ..scoring import TARGETS
from .count import table_tally
from .kinds import (
    AbandonRound,
    AddComputer,
    AnswerSplit,
    CorrectScaredy,
    Deal,
    EndRound,
    KeepScore,
    Leave,
    MakeHost,
    Move,
    NewGame,
    OfferLink,
    ProposeSplit,
    Remove,
    SetNpr,
    SetOpen,
    SetSettings,
    SetTarget,
    Share,
    StandIn,
    TakeBack,
)
from .limits import LEVELS, PACE_CHOICES
from .refusals import (
    abandon_refused,
    answer_split_refused,
    computer_refused,
    deal_refused,
    end_refused,
    keep_refused,
    new_game_refused,
    propose_split_refused,
    stand_in_refused,
    take_back_refused,
    target_refused,
)
from .state import TableState
from .turns import in_chain

# The kinds ``offered`` answers for: the host's, the split's and any seat's own controls (a
# round's acts are the view's ``acts``, which ``legal`` gives its round moves from).
CONTROLS = frozenset(
    {
        AnswerSplit,
        ProposeSplit,
        Deal,
        NewGame,
        AbandonRound,
        EndRound,
        KeepScore,
        CorrectScaredy,
        SetSettings,
        SetNpr,
        SetOpen,
        SetTarget,
        AddComputer,
        StandIn,
        TakeBack,
        Remove,
        MakeHost,
        Leave,
        OfferLink,
        Share,
    }
)


def offered(table: TableState, seat: int) -> frozenset[type[Move]]:
    """The kinds of move of ``CONTROLS`` that ``legal`` gives this seat on the table as it
    stands (at any time before its next deadline: the store's ticker moves it on then), what
    the pages draw the host's, the split's and the seat's own buttons from."""
    if all(s.id != seat for s in table.seats):
        return frozenset()
    return frozenset(
        type(move)
        for move in (
            *split_moves(table, seat),
            *host_moves(table, table, seat),
            *seat_moves(table, table, seat),
        )
    )


def split_moves(moved: TableState, seat: int) -> list[Move]:
    """The winners' split of an ended round (judged on the table with its split moved on, as
    the acts are): propose (an even split, or one that gives one winner what the even
    shares leave over) while it is not settled, or answer the proposal
    (an answer is taken even once the split's time has run out, each winner given one point:
    it is said, and changes nothing of the score)."""
    round_ = moved.round
    if round_ is None or not round_.ended:
        return []
    if answer_split_refused(moved, seat, round_.proposals) is None:
        return [AnswerSplit(agree, round_.proposals) for agree in (True, False)]
    if propose_split_refused(moved, seat, round_.proposals) is None:
        tally = table_tally(moved)
        even = _even(tally.value, tally.winners)
        rests = (_rest_to(winner, tally.value, tally.winners) for winner in tally.winners)
        return [ProposeSplit(shares, round_.proposals) for shares in dict.fromkeys((even, *rests))]
    return []


def _even(value: int, winners: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The value shared as evenly as whole points go, the first winners given the rest."""
    each, rest = divmod(value, len(winners))
    return tuple((seat, each + (i < rest)) for i, seat in enumerate(winners))


def _rest_to(seat: int, value: int, winners: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The value shared as evenly as whole points go, ``seat`` given the rest."""
    each = value // len(winners)
    return tuple((s, value - each * (len(winners) - 1) if s == seat else each) for s in winners)


def host_moves(table: TableState, moved: TableState, seat: int) -> list[Move]:
    if seat != table.host:
        return []
    round_ = table.round
    in_play = round_ is not None and round_.in_play
    found: list[Move] = []
    waiting = round_ is not None and round_.ended and not round_.kept
    if deal_refused(table, seat, table.deals, in_play) is None:
        found.append(Deal(table.deals, again=in_play))
    if new_game_refused(table, seat, table.deals) is None:
        found.append(NewGame(table.deals))
    if round_ is not None and abandon_refused(table, seat, round_.deal_id) is None:
        found.append(AbandonRound(round_.deal_id))
    if end_refused(moved, seat) is None:  # judged on the table moved on, as the act is
        found.append(EndRound())
    if keep_refused(moved, seat) is None:  # a split run out by now: a point each
        found.append(KeepScore())
    if waiting:
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
            settings.conducted if table.computers else not settings.conducted,
            settings.debate,
            # Computer players play only rounds the app runs: another pace, then.
            settings.pace + (1 if settings.pace < max(PACE_CHOICES) else -1)
            if table.computers
            else settings.pace,
            settings.window,
            settings.turn_seconds,
        )
    )
    found += [AddComputer(level) for level in LEVELS if computer_refused(table, level) is None]
    found += [
        StandIn(g.seat.id) for g in table.gone if stand_in_refused(table, seat, g.seat.id) is None
    ]
    found.append(SetNpr(not table.npr_next_deal))
    found.append(SetOpen(not table.open))
    if target_refused(table, seat) is None:
        found += [SetTarget(t) for t in TARGETS if t != table.game.target]
    chained = moved.round if moved.round is not None and moved.round.in_play else None
    for other in table.seats:
        if other.id != seat:
            if not (chained is not None and in_chain(chained, other.id)):
                found.append(Remove(other.id))
            if table.computer(other.id) is None:
                found.append(MakeHost(other.id))
    return found


def seat_moves(table: TableState, moved: TableState, seat: int) -> list[Move]:
    """Any seat's: leave (not while a conversion of it waits), a move link, a share."""
    found: list[Move] = []
    round_ = moved.round
    if not (round_ is not None and round_.in_play and in_chain(round_, seat)):
        found.append(Leave())
    found.append(OfferLink())
    if take_back_refused(table, seat) is None:
        found.append(TakeBack())
    shared = dict(table.tokens)
    over = [n for n in range(1, table.game_number) if table.earlier(n) is not None]
    if table.game.winner is not None:
        over.append(table.game_number)
    found += [Share(n) for n in over if n not in shared]
    return found
