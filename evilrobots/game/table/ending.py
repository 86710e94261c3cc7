"""The end of a round at a table: the host ends it, the winners settle their split, the host
keeps the score; and the game to its target. A part of ``Table`` (``model``), kept apart."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import SCAREDYBOT
from ..errors import Conflict, GameError
from ..scoring import Tally, answer, propose
from .round import Round

if TYPE_CHECKING:
    from .model import Table


class Ending:
    """The methods of ``Table`` that end a round and keep its score."""

    __slots__ = ()

    def _ended_round(self: Table) -> Round:
        if self.round is None or not self.round.ended:
            raise Conflict("The round has not ended yet: the host ends it with End the round.")
        return self.round

    def end_round(self: Table, by: int) -> Table:
        """The host ends the round: everything is shown, and the count is made."""
        self._host_only(by, "end the round")
        if self.round is None or self.round.ended:
            raise Conflict("There is no round in play to end.")
        return replace(self, round=replace(self.round, ended=True))

    def tally(self: Table) -> Tally:
        """The ended round, counted."""
        return self._ended_round().tally(self.names)

    def propose_split(self: Table, seat_id: int, shares: dict[int, int]) -> Table:
        round_ = self._ended_round()
        if round_.proposal is not None:
            raise Conflict("A split is already proposed: answer it, or wait for the answers.")
        proposal = propose(self.tally(), seat_id, shares)
        return replace(self, round=replace(round_, proposal=proposal))

    def answer_split(self: Table, seat_id: int, agree: bool) -> Table:
        round_ = self._ended_round()
        if round_.proposal is None:
            raise Conflict("No split has been proposed yet.")
        try:
            proposal = answer(self.tally(), round_.proposal, seat_id, agree)
        except GameError as refused:
            raise Conflict(refused.message) from None
        return replace(self, round=replace(round_, proposal=proposal))

    def correct_scaredy(self: Table, by: int, seat_id: int, only_power: bool) -> Table:
        """The host corrects ScaredyBot's bonus (a card shown on camera only), before the
        score is kept."""
        self._host_only(by, "correct ScaredyBot's bonus")
        round_ = self._ended_round()
        hand = round_.hand_of(seat_id)
        if hand is None or hand.robot is not SCAREDYBOT:
            raise GameError("That player is not ScaredyBot this round.")
        if round_.kept:
            raise Conflict("The score of this round is kept already.")
        fixes = tuple(p for p in round_.scaredy if p[0] != seat_id) + ((seat_id, only_power),)
        return replace(self, round=replace(round_, scaredy=fixes))

    def keep_score(self: Table, by: int) -> Table:
        """The host puts the counted round on the scoreboard."""
        self._host_only(by, "keep the score")
        round_ = self._ended_round()
        if round_.kept:
            raise Conflict("The score of this round is kept already.")
        counted = self.tally()
        if not counted.settled:
            raise Conflict("The winners have not settled their split yet.")
        return replace(self, round=replace(round_, kept=True), game=self.game.keep(counted))

    def set_target(self: Table, by: int, target: int) -> Table:
        """The host sets the points that win the game, before its first deal."""
        self._host_only(by, "set the points to win")
        if self.round is not None:
            raise Conflict("The points to win are set before the game's first deal.")
        return replace(self, game=self.game.with_target(target))

    def new_game(self: Table, by: int) -> Table:
        """The host starts again: the same seats, every score at zero."""
        self._host_only(by, "start a new game")
        return replace(self, round=None, game=self.game.restart())
