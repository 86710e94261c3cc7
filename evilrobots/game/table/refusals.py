"""Why each of the table's controls is refused now: the host's next steps (deal, a new
game, end or abandon the round, keep the score, the points to win) and the winners' split.
Each reason is written once, here, beside the read that decides it: the act raises what its
read returns (``refuse``), ``legal`` gives the move where the read returns None, and the
pages draw the button by what ``legal`` gives. Reading only.
"""

from __future__ import annotations

from ..errors import Conflict, GameError, NotAllowed
from ..messages import N_
from ..scoring import answer_refused, proposal_refused
from .conduct import Phase
from .count import table_tally
from .guards import not_ended
from .limits import LEVELS, MAX_SEATS, MIN_PLAYERS, MIN_TO_DEAL
from .state import TableState

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
    refused = not_ended(table)
    if refused is not None:
        return refused
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


def propose_split_refused(table: TableState, by: int, seen: int | None) -> Refusal:
    """Why ``by`` may not propose a split now (the split moved on to now first; ``seen``: the
    proposals its page had seen this round), but for the shares it gives."""
    refused = not_ended(table)
    if refused is not None:
        return refused
    round_ = table.round
    if round_.proposal is not None:
        return Conflict(N_("A split is already proposed: answer it, or wait for the answers."))
    if seen is not None and seen != round_.proposals:
        return Conflict(N_("That split form is out of date: here is the round as it is now."))
    return proposal_refused(table_tally(table), by)  # the count's own reason


def answer_split_refused(table: TableState, by: int, proposal: int | None) -> Refusal:
    """Why ``by`` may not answer the proposal its page showed (``proposal``: its number this
    round) now (the split moved on to now first)."""
    refused = not_ended(table)
    if refused is not None:
        return refused
    round_ = table.round
    if round_.kept:
        return Conflict(N_("The score of this round is kept already."))
    if round_.proposal is None:
        return Conflict(N_("No split has been proposed yet."))
    if proposal is not None and proposal != round_.proposals:
        return Conflict(N_("That proposal is not the one on the table now: answer this one."))
    refused = answer_refused(round_.proposal, table_tally(table), by)
    return None if refused is None else Conflict(refused.said)


def computer_refused(table: TableState, level: str) -> Refusal:
    """Why a computer player may not be added now (between rounds of a table the app runs,
    with a seat free); None when it is."""
    if level not in LEVELS:
        return GameError(N_("Choose the computer player's level from the list."))
    if len(table.seats) >= MAX_SEATS:
        return Conflict(
            N_("This table is full: %(most)d players is the most the game allows."),
            most=MAX_SEATS,
        )
    if table.round is not None and table.round.in_play:
        return Conflict(N_("Add a computer player between rounds, once this one is over."))
    if not table.settings.conducted:
        return Conflict(
            N_("Computer players play rounds the app runs: choose that in the settings first.")
        )
    return None


def stand_in_refused(table: TableState, by: int, seat: int) -> Refusal:
    """Why the host may not hand this seat to a computer player now (a seat its player left
    while the game was under way, with a place free, the game not over); None when it may."""
    if by != table.host:
        return NotAllowed(N_("Only the host can hand a seat to the computer."))
    if all(gone.seat.id != seat for gone in table.gone):
        return Conflict(N_("That seat is not free to hand to the computer."))
    if len(table.seats) >= MAX_SEATS:
        return Conflict(
            N_("This table is full: %(most)d players is the most the game allows."),
            most=MAX_SEATS,
        )
    if table.game.winner is not None:
        return Conflict(N_("The game is over. Start a New game to play again."))
    if not table.settings.conducted:
        return Conflict(
            N_("Computer players play rounds the app runs: choose that in the settings first.")
        )
    return None


def take_back_refused(table: TableState, seat: int) -> Refusal:
    """Why this seat's player may not take it back from the computer (it plays it not)."""
    computer = table.computer(seat)
    if computer is None or not computer.stands_in:
        return Conflict(N_("Nobody else is playing your seat."))
    return None
