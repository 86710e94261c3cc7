"""``Table``: a table's state with its acts as methods, for the web and the tests. Thin: each
method hands the table to the act that changes it (or the read that answers), in the module
for its part of the round, and returns what that gives (``dataclasses.replace`` keeps the
class, so every act gives a ``Table`` back).

One rule lives here, because it is every timed act's: before an act of a round the app runs
is judged, the table is moved on to ``now`` (``clock.tick``), so a request that arrives just
after a deadline is judged against the round as it now stands. Private taps (what a seat
hides, CheatBot's and PassBot's choices) move nothing else on.
"""

from __future__ import annotations

import random

from ..actions import Action, Part
from ..cards import Allegiance
from ..scoring import Tally
from . import (
    choices,
    clock,
    conversions,
    count,
    countdown,
    dealing,
    ending,
    legal,
    proofs,
    robots,
    seating,
    shown,
    views,
    voice,
)
from .conduct import CheatSays, Proof
from .settings import Settings
from .state import Seat, TableState


class Table(TableState):
    """Everything the server knows about one table (``TableState``), and every change to it."""

    __slots__ = ()

    @classmethod
    def start(cls, code: str, host_name: str, secret: str) -> Table:
        """A new table with its first seat, the host."""
        return seating.join(cls(code), host_name, secret)

    # -- seats (``seating``) --

    def speaks(self, by: int, language: str) -> Table:
        return seating.speaks(self, by, language)

    def seat_with_secret(self, secret: str) -> Seat | None:
        return seating.seat_with_secret(self, secret)

    def join(self, raw_name: str, secret: str) -> Table:
        return seating.join(self, raw_name, secret)

    def leave(self, seat_id: int, now: float = 0.0) -> Table:
        return seating.leave(clock.tick(self, now), seat_id, now)

    def remove(self, by: int, seat_id: int, now: float = 0.0) -> Table:
        return seating.remove(clock.tick(self, now), by, seat_id, now)

    def make_host(self, by: int, seat_id: int) -> Table:
        return seating.make_host(self, by, seat_id)

    def set_open(self, by: int, open_: bool) -> Table:
        return seating.set_open(self, by, open_)

    def offer_move(self, seat_id: int, token: str, until: float) -> Table:
        return seating.offer_move(self, seat_id, token, until)

    def seat_with_move(self, token: str, now: float) -> Seat | None:
        return seating.seat_with_move(self, token, now)

    def take_move(self, token: str, secret: str, now: float) -> tuple[Table, Seat]:
        return seating.take_move(self, token, secret, now)

    # -- the host's choices and the deal (``dealing``) --

    def set_settings(self, by: int, settings: Settings) -> Table:
        return dealing.set_settings(self, by, settings)

    def set_npr(self, by: int, wanted: bool) -> Table:
        return dealing.set_npr(self, by, wanted)

    def set_target(self, by: int, target: int) -> Table:
        return dealing.set_target(self, by, target)

    def deal(
        self,
        by: int,
        rng: random.Random,
        now: float = 0.0,
        last_deal: int | None = None,
        again: bool = False,
    ) -> Table:
        return dealing.deal(self, by, rng, now, last_deal, again)

    def new_game(self, by: int, last_deal: int | None = None) -> Table:
        return dealing.new_game(self, by, last_deal)

    def share(self, game_number: int, token: str) -> Table:
        return dealing.share(self, game_number, token)

    # -- a round by voice (``voice``), and what a seat hides in any round --

    def arrange(
        self,
        seat_id: int,
        deal_id: int,
        hidden: frozenset[Part],
        allegiance: Allegiance | None = None,
    ) -> Table:
        return voice.arrange(self, seat_id, deal_id, hidden, allegiance)

    def hide(self, seat_id: int, deal_id: int, part: Part) -> Table:
        return voice.hide(self, seat_id, deal_id, part)

    def show(self, seat_id: int, deal_id: int, part: Part) -> Table:
        return voice.show(self, seat_id, deal_id, part)

    def choose(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        return voice.choose(self, seat_id, deal_id, allegiance)

    def convert_npr(self, seat_id: int, deal_id: int, allegiance: Allegiance) -> Table:
        return voice.convert_npr(self, seat_id, deal_id, allegiance)

    def reveal(
        self,
        seat_id: int,
        deal_id: int,
        action: Action,
        shown_allegiance: Allegiance | None = None,
        now: float = 0.0,
    ) -> Table:
        return voice.reveal(self, seat_id, deal_id, action, shown_allegiance, now)

    def withdraw(self, seat_id: int, deal_id: int, now: float) -> Table:
        return voice.withdraw(self, seat_id, deal_id, now)

    # -- a round the app runs: the clock, the Countdown, conversions, proofs, the Pass phase --

    def tick(self, now: float) -> Table:
        return clock.tick(self, now)

    def start_countdown(self, by: int, deal_id: int, now: float) -> Table:
        return countdown.start_countdown(clock.tick(self, now), by, deal_id, now)

    def pass_debate(self, seat_id: int, deal_id: int, now: float) -> Table:
        return countdown.pass_debate(clock.tick(self, now), seat_id, deal_id, now)

    def claim(self, seat_id: int, deal_id: int, now: float, with_power: bool = False) -> Table:
        return countdown.claim(clock.tick(self, now), seat_id, deal_id, now, with_power)

    def promote(self, seat_id: int, deal_id: int, now: float, other: int) -> Table:
        return countdown.promote(clock.tick(self, now), seat_id, deal_id, now, other)

    def pass_turn(self, seat_id: int, deal_id: int, now: float) -> Table:
        return countdown.pass_turn(clock.tick(self, now), seat_id, deal_id, now)

    def convert(
        self,
        seat_id: int,
        deal_id: int,
        now: float,
        target: int | None = None,
        allegiance: Allegiance | None = None,
    ) -> Table:
        ticked = clock.tick(self, now)
        return conversions.convert(ticked, seat_id, deal_id, now, target, allegiance)

    def react(self, seat_id: int, deal_id: int, now: float, on_instigator: bool = False) -> Table:
        return conversions.react(clock.tick(self, now), seat_id, deal_id, now, on_instigator)

    def no_reaction(self, seat_id: int, deal_id: int, now: float) -> Table:
        return conversions.no_reaction(clock.tick(self, now), seat_id, deal_id, now)

    def prove(self, seat_id: int, deal_id: int, now: float, proof: Proof) -> Table:
        return proofs.prove(clock.tick(self, now), seat_id, deal_id, now, proof)

    def choose_cheat(
        self, seat_id: int, deal_id: int, now: float, shows: Allegiance | None, story: CheatSays
    ) -> Table:
        return choices.choose_cheat(self, seat_id, deal_id, now, shows, story)

    def choose_first(self, seat_id: int, deal_id: int, now: float, first: bool) -> Table:
        return choices.choose_first(self, seat_id, deal_id, now, first)

    # -- robot actions (``robots``), in any round --

    def use_robot(
        self,
        seat_id: int,
        deal_id: int,
        robot: str,
        target: int | None = None,
        team: Allegiance | None = None,
        now: float = 0.0,
    ) -> Table:
        return robots.use_robot(clock.tick(self, now), seat_id, deal_id, robot, target, team, now)

    # -- the end of the round, the split, the score (``ending``) --

    def end_round(self, by: int, now: float = 0.0) -> Table:
        return ending.end_round(clock.tick(self, now), by, now)

    def abandon_round(self, by: int, deal_id: int) -> Table:
        return ending.abandon_round(self, by, deal_id)

    def propose_split(
        self, seat_id: int, shares: dict[int, int], seen: int | None = None, now: float = 0.0
    ) -> Table:
        return ending.propose_split(self, seat_id, shares, seen, now)

    def answer_split(
        self, seat_id: int, agree: bool, proposal: int | None = None, now: float = 0.0
    ) -> Table:
        return ending.answer_split(self, seat_id, agree, proposal, now)

    def correct_scaredy(self, by: int, seat_id: int, only_power: bool) -> Table:
        return ending.correct_scaredy(self, by, seat_id, only_power)

    def keep_score(self, by: int, now: float = 0.0) -> Table:
        return ending.keep_score(self, by, now)

    # -- reads --

    def tally(self) -> Tally:
        """The ended round, counted (``count``)."""
        return count.table_tally(self)

    def acts(self, seat_id: int) -> legal.Acts:
        """What this seat may do now (``legal``)."""
        return legal.acts(self, seat_id)

    def robot_actions(self, seat_id: int) -> tuple[legal.RobotAction, ...]:
        """The robot actions this seat may use now (``legal``)."""
        return legal.robot_actions(self, seat_id)

    def shown_by(self, seat_id: int) -> shown.Shown:
        """What a seat has shown this round (``shown``)."""
        return shown.shown_by(self.round, seat_id)

    def view_for(self, seat_id: int | None) -> views.TableView:
        """What one seat (or, with None, the board and anyone else) may see (``views``)."""
        return views.view_for(self, seat_id)
