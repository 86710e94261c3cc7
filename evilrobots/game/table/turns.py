"""A conducted round as the table's own changes: each step of ``conduct``, taken by a seat
(or the host, or time), on the round it means. A part of ``Table`` (``model``), kept apart.

Every step first moves the round past anything due by ``now`` (``tick``), so a request that
arrives just after a deadline is judged against the round as it now stands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards import Allegiance
from ..errors import Conflict
from ..messages import N_
from . import conversions, countdown
from .conduct import Kind, Proof, Settings, Story, conduct_of
from .round import Round

if TYPE_CHECKING:
    from .model import Table


class Turns:
    """The methods of ``Table`` that run a conducted round."""

    __slots__ = ()

    @property
    def deadline(self: Table) -> float | None:
        """When the round in play next needs moving on (the store keeps it, to find tables
        that are due); None if nothing is on a timer."""
        round_ = self.round
        if round_ is None or not round_.in_play or round_.conduct is None:
            return None
        return round_.conduct.next_deadline

    def tick(self: Table, now: float) -> Table:
        """The table moved past whatever is due by ``now``; the very same table if nothing is."""
        round_ = self.round
        if round_ is None or not round_.in_play or round_.conduct is None:
            return self
        moved = countdown.tick(round_, self.names, now)
        return self if moved is round_ else replace(self, round=moved)

    def set_settings(self: Table, by: int, settings: Settings) -> Table:
        """The host chooses, for the next deal, whether the app conducts the round, and its
        timers."""
        self._host_only(by, N_("Only the host can set how the round is run."))
        return replace(self, settings=settings.check())

    def _conducted(self: Table, seat_id: int, deal_id: int, now: float) -> tuple[Table, Round]:
        """The table moved on to ``now`` and the round the seat means, conducted; or a refusal."""
        table = self.tick(now)
        round_, _ = table._playing(seat_id, deal_id)
        conduct_of(round_)
        return table, round_

    def start_countdown(self: Table, by: int, deal_id: int, now: float) -> Table:
        """The host ends the Debate before its timer: the Countdown begins."""
        self._host_only(by, N_("Only the host can start the Countdown."))
        table, round_ = self._conducted(by, deal_id, now)
        return replace(table, round=countdown.start_countdown(round_, now))

    def pass_debate(self: Table, seat_id: int, deal_id: int, now: float) -> Table:
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=countdown.pass_in_debate(round_, table.names, seat_id))

    def claim(
        self: Table, seat_id: int, deal_id: int, now: float, with_power: bool = False
    ) -> Table:
        """The seat says "I act" at the power called."""
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=countdown.claim(round_, table.names, seat_id, now, with_power))

    def promote(self: Table, seat_id: int, deal_id: int, now: float, other: int) -> Table:
        """The seat asked to order the tied seats lets ``other`` go next."""
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=countdown.promote(round_, table.names, seat_id, other, now))

    def pass_turn(self: Table, seat_id: int, deal_id: int, now: float) -> Table:
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=countdown.pass_turn(round_, table.names, seat_id, now))

    def convert(
        self: Table,
        seat_id: int,
        deal_id: int,
        now: float,
        target: int | None = None,
        allegiance: Allegiance | None = None,
    ) -> Table:
        """On the seat's turn: convert ``target``, or, with an ``allegiance`` and no target,
        itself."""
        table, round_ = self._conducted(seat_id, deal_id, now)
        kind = Kind.SELF if target is None else Kind.OTHER
        if kind is Kind.OTHER and allegiance is not None:
            raise Conflict(N_("Converting another player shows your allegiance: choose no other."))
        return replace(
            table,
            round=conversions.convert(round_, table.names, seat_id, now, kind, target, allegiance),
        )

    def react(self: Table, seat_id: int, deal_id: int, now: float, turn: bool = False) -> Table:
        """The seat plays its reaction on the open window (``turn``: BlockBot turns the
        conversion on its instigator rather than making it fail)."""
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=conversions.react(round_, table.names, seat_id, now, turn))

    def no_reaction(self: Table, seat_id: int, deal_id: int, now: float) -> Table:
        table, round_ = self._conducted(seat_id, deal_id, now)
        moved = conversions.no_reaction(round_, table.names, seat_id, now)
        return table if moved is round_ and table is self else replace(table, round=moved)

    def prove(self: Table, seat_id: int, deal_id: int, now: float, proof: Proof) -> Table:
        table, round_ = self._conducted(seat_id, deal_id, now)
        return replace(table, round=conversions.prove(round_, table.names, seat_id, proof, now))

    def choose_cheat(
        self: Table,
        seat_id: int,
        deal_id: int,
        now: float,
        shows: Allegiance | None,
        story: Story,
    ) -> Table:
        """CheatBot's own choices: a private tap, so it moves nothing else on (no tick)."""
        round_ = self._private(seat_id, deal_id, now)
        return replace(self, round=conversions.choose_cheat(round_, seat_id, shows, story))

    def choose_first(self: Table, seat_id: int, deal_id: int, now: float, first: bool) -> Table:
        """PassBot's own choice, whether it acts first in the Pass phase: a private tap, so
        it moves nothing else on (no tick)."""
        round_ = self._private(seat_id, deal_id, now)
        return replace(self, round=countdown.choose_first(round_, seat_id, first))

    def _private(self: Table, seat_id: int, deal_id: int, now: float) -> Round:
        """The round a seat's private choice is for; refused, changing nothing, if something
        is due that the choice could change (it would land too late to count)."""
        round_, _ = self._playing(seat_id, deal_id)
        if self.deadline is not None and now >= self.deadline:
            raise Conflict(N_("The round is moving on: make your choice again in a moment."))
        return round_
