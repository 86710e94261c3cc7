"""The end of a round at a table: the host ends it, the winners settle their split, the host
keeps the score; and the game to its target. A part of ``Table`` (``model``), kept apart."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import SCAREDYBOT
from ..errors import Conflict, GameError
from ..messages import N_
from ..scoring import Tally, answer, propose
from .conduct import Stage
from .round import Round

if TYPE_CHECKING:
    from .model import Table


class Ending:
    """The methods of ``Table`` that end a round and keep its score."""

    __slots__ = ()

    def _ended_round(self: Table) -> Round:
        if self.round is None or not self.round.ended:
            raise Conflict(N_("The round has not ended yet: the host ends it with End the round."))
        return self.round

    def end_round(self: Table, by: int, now: float = 0.0) -> Table:
        """The host ends the round: everything is shown, and the count is made. A round the
        app runs ends once its phases are done (every turn, window and proof, and the Pass
        phase); before that the host may only abandon it."""
        self._host_only(by, N_("Only the host can end the round."))
        table = self.tick(now)
        round_ = table.round
        if round_ is None or not round_.in_play:
            raise Conflict(N_("There is no round in play to end."))
        if round_.conduct is not None and round_.conduct.stage is not Stage.DONE:
            raise Conflict(
                N_(
                    "The round ends when its phases are done: every turn, reaction window and "
                    "proof, and the Pass phase. To stop it before that, abandon it (nobody "
                    "scores)."
                )
            )
        return replace(table, round=replace(round_, ended=True))

    def abandon_round(self: Table, by: int, deal_id: int) -> Table:
        """The host calls the round in play off before its end: the board says so, nobody
        scores it, no card is shown, and the next deal plays its number again."""
        self._host_only(by, N_("Only the host can abandon the round."))
        round_ = self.round
        if round_ is None or round_.deal_id != deal_id or not round_.in_play:
            raise Conflict(N_("That round is not in play any more: nothing to abandon."))
        return replace(self, round=replace(round_, abandoned=True))

    def tally(self: Table) -> Tally:
        """The ended round, counted."""
        return self._ended_round().tally(self.names)

    def propose_split(
        self: Table, seat_id: int, shares: dict[int, int], seen: int | None = None
    ) -> Table:
        """A winner proposes the split. ``seen``: how many proposals its page had seen this
        round (a form sent twice, or after another proposal, finds more and is refused)."""
        round_ = self._ended_round()
        if round_.proposal is not None:
            raise Conflict(N_("A split is already proposed: answer it, or wait for the answers."))
        if seen is not None and seen != round_.proposals:
            raise Conflict(N_("That split form is out of date: here is the round as it is now."))
        proposal = propose(self.tally(), seat_id, shares)
        proposed = replace(round_, proposal=proposal, proposals=round_.proposals + 1)
        return replace(self, round=proposed)

    def answer_split(self: Table, seat_id: int, agree: bool, proposal: int | None = None) -> Table:
        """A winner answers the proposal its page showed (``proposal``: its number this
        round); an answer to another, or sent twice, is refused."""
        round_ = self._ended_round()
        if round_.proposal is None:
            raise Conflict(N_("No split has been proposed yet."))
        if proposal is not None and proposal != round_.proposals:
            raise Conflict(N_("That proposal is not the one on the table now: answer this one."))
        try:
            proposal = answer(self.tally(), round_.proposal, seat_id, agree)
        except GameError as refused:
            raise Conflict(refused.said) from None
        return replace(self, round=replace(round_, proposal=proposal))

    def correct_scaredy(self: Table, by: int, seat_id: int, only_power: bool) -> Table:
        """The host corrects ScaredyBot's bonus (a card shown on camera only), before the
        score is kept."""
        self._host_only(by, N_("Only the host can correct ScaredyBot's bonus."))
        round_ = self._ended_round()
        hand = round_.hand_of(seat_id)
        if hand is None or hand.robot is not SCAREDYBOT:
            raise GameError(N_("That player is not ScaredyBot this round."))
        if round_.kept:
            raise Conflict(N_("The score of this round is kept already."))
        fixes = tuple(p for p in round_.scaredy if p[0] != seat_id) + ((seat_id, only_power),)
        return replace(self, round=replace(round_, scaredy=fixes))

    def keep_score(self: Table, by: int) -> Table:
        """The host puts the counted round on the scoreboard."""
        self._host_only(by, N_("Only the host can keep the score."))
        round_ = self._ended_round()
        if round_.kept:
            raise Conflict(N_("The score of this round is kept already."))
        counted = self.tally()
        if not counted.settled:
            raise Conflict(N_("The winners have not settled their split yet."))
        return replace(self, round=replace(round_, kept=True), game=self.game.keep(counted))

    def set_target(self: Table, by: int, target: int) -> Table:
        """The host sets the points that win the game, before its first deal."""
        self._host_only(by, N_("Only the host can set the points to win."))
        if self.round is not None:
            raise Conflict(N_("The points to win are set before the game's first deal."))
        return replace(self, game=self.game.with_target(target))

    def new_game(self: Table, by: int, after: int | None = None) -> Table:
        """The host starts again: the same seats, every score at zero. ``after``: the last
        deal the host's page showed (a form that lands twice, or late, is refused)."""
        self._host_only(by, N_("Only the host can start a new game."))
        if after is not None and after != self.deals:
            raise Conflict(N_("That form is out of date: the table has moved on since."))
        return replace(self, round=None, game=self.game.restart())
