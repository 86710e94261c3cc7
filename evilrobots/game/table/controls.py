"""What the host, the winners of a round and any seat may do with the table's controls (not
a round's acts, which ``legal`` reads): the host's deal, end, score and settings, the split's
proposal and answers, a seat's leave, move link and share. Reading only: ``offers.legal``
gives these moves, judged on the table moved on to its time, and ``offered`` their kinds on
the table as it stands, for the pages to draw their buttons from.
"""

from __future__ import annotations

from ..cards import SCAREDYBOT
from ..errors import Conflict, GameError, NotAllowed
from ..messages import N_
from ..scoring import TARGETS
from .conduct import Phase
from .count import table_tally
from .guards import not_ended
from .kinds import (
    AbandonRound,
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
)
from .limits import MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL
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
            *split_moves(table, seat, None),
            *host_moves(table, table, seat),
            *seat_moves(table, table, seat),
        )
    )


def _lapsed(table: TableState, now: float | None) -> bool:
    """Whether the winners' split has run out by ``now`` (None: the table as it stands, its
    split not run out, or the ticker would have moved it on)."""
    until = table.round.split_until if table.round is not None else None
    return now is not None and until is not None and now >= until


def split_moves(table: TableState, seat: int, now: float | None) -> list[Move]:
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
    if tally.settled or _lapsed(table, now) or seat not in tally.winners:
        return []
    return [ProposeSplit(_even(tally.value, tally.winners), round_.proposals)]


def _even(value: int, winners: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The value shared as evenly as whole points go, the first winners given the rest."""
    each, rest = divmod(value, len(winners))
    return tuple((seat, each + (i < rest)) for i, seat in enumerate(winners))


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
            not settings.conducted,
            settings.debate,
            settings.pace,
            settings.window,
            settings.turn_seconds,
        )
    )
    found.append(SetNpr(not table.npr_next_deal))
    found.append(SetOpen(not table.open))
    if target_refused(table, seat) is None:
        found += [SetTarget(t) for t in TARGETS if t != table.game.target]
    chained = moved.round if moved.round is not None and moved.round.in_play else None
    for other in table.seats:
        if other.id != seat:
            if not (chained is not None and in_chain(chained, other.id)):
                found.append(Remove(other.id))
            found.append(MakeHost(other.id))
    return found


def seat_moves(table: TableState, moved: TableState, seat: int) -> list[Move]:
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


# ---- Why the host's next steps are refused: each reason written once, here, beside the
# read that decides it. The act raises what its read returns; ``legal`` gives the move
# where the read returns None; a page draws the button by what ``legal`` gives.

Refusal = GameError | None


def refuse(refusal: Refusal) -> None:
    """An act's first step: the reason its read gives, raised (nothing, when it is taken)."""
    if refusal is not None:
        raise refusal


def deal_refused(table: TableState, by: int, last_deal: int | None, again: bool) -> Refusal:
    """Why the host may not deal now (``again``: the round in play again, a mis-deal;
    ``last_deal``: the table's last deal as the page showed it); None when the deal is made."""
    if by != table.host:
        return NotAllowed(N_("Only the host can deal."))
    if last_deal is not None and last_deal != table.deals:
        return Conflict(N_("That deal was made already: here are the cards dealt."))
    if table.game.winner is not None:
        return Conflict(N_("The game is over. Start a New game to play again."))
    in_play = table.round is not None and table.round.in_play
    if in_play and not again:
        return Conflict(
            N_(
                "Round %(number)d is in play: to deal it again (a mis-deal), use Deal this "
                "round again."
            ),
            number=table.round.number,
        )
    if again and not in_play:
        return Conflict(N_("There is no round in play to deal again."))
    if table.round is not None and table.round.ended and not table.round.kept:
        return Conflict(
            N_("Keep the score of round %(number)d before dealing the next one."),
            number=table.round.number,
        )
    if len(table.seats) < MIN_TO_DEAL:
        return Conflict(
            N_(
                "Deal needs at least %(least)d players at the table (the game is meant for "
                "%(fewest)d to %(most)d)."
            ),
            least=MIN_TO_DEAL,
            fewest=MIN_PLAYERS,
            most=MAX_SEATS,
        )
    return None


def new_game_refused(table: TableState, by: int, last_deal: int | None) -> Refusal:
    """Why the host may not start a new game now (a form that lands twice, or late)."""
    if by != table.host:
        return NotAllowed(N_("Only the host can start a new game."))
    if last_deal is not None and last_deal != table.deals:
        return Conflict(N_("That form is out of date: the table has moved on since."))
    return None


def end_refused(table: TableState, by: int) -> Refusal:
    """Why the host may not end the round now (the table moved on to now first): a round the
    app runs ends once its phases are done."""
    if by != table.host:
        return NotAllowed(N_("Only the host can end the round."))
    round_ = table.round
    if round_ is None or not round_.in_play:
        return Conflict(N_("There is no round in play to end."))
    if round_.conduct is not None and round_.conduct.phase is not Phase.DONE:
        return Conflict(
            N_(
                "The round ends when its phases are done: every turn, reaction window and "
                "proof, and the Pass phase. To stop it before that, abandon it (nobody "
                "scores)."
            )
        )
    return None


def abandon_refused(table: TableState, by: int, deal_id: int) -> Refusal:
    """Why the host may not call off the round its page showed (``deal_id``)."""
    if by != table.host:
        return NotAllowed(N_("Only the host can abandon the round."))
    round_ = table.round
    if round_ is None or round_.deal_id != deal_id or not round_.in_play:
        return Conflict(N_("That round is not in play any more: nothing to abandon."))
    return None


def keep_refused(table: TableState, by: int) -> Refusal:
    """Why the host may not keep the score now (the split moved on to now first: run out,
    each winner has one point)."""
    if by != table.host:
        return NotAllowed(N_("Only the host can keep the score."))
    if not_ended(table) is not None:
        return not_ended(table)
    if table.round.kept:
        return Conflict(N_("The score of this round is kept already."))
    if not table_tally(table).settled:
        return Conflict(N_("The winners have not settled their split yet."))
    return None


def target_refused(table: TableState, by: int) -> Refusal:
    """Why the host may not set the points to win now: they are set before the first deal."""
    if by != table.host:
        return NotAllowed(N_("Only the host can set the points to win."))
    if table.round is not None:
        return Conflict(N_("The points to win are set before the game's first deal."))
    return None
