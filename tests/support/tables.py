"""Tables in the pure model, seated and dealt, for the game's own tests."""

from __future__ import annotations

import random

from evilrobots.game.cards import Allegiance
from evilrobots.game.table import Table


def seated(*names: str, conducted: bool = False) -> Table:
    """A table whose first player started it (and hosts it), the others joined in order. Its
    rounds are called by voice unless ``conducted``: the app runs them then."""
    from evilrobots.game.table.settings import Settings

    table = Table.start("ABCD2345", names[0], "secret-0")
    for number, name in enumerate(names[1:], start=1):
        table = table.join(name, f"secret-{number}")
    return table if conducted else table.set_settings(1, Settings(conducted=False))


def dealt(*names: str, seed: int = 4) -> Table:
    """A table of these players, dealt by its host from a seeded deck."""
    return seated(*names).deal(1, random.Random(seed))


def conducted(*names: str, points: int = 5, debate: int = 60, **cards) -> Table:
    """A conducted round at time 0 (its Debate on a ``debate``-second timer, each power
    called for 5 s, each reaction window 8 s), with the players' cards set by name."""
    from evilrobots.game.table.settings import Settings
    from tests.support.cards import known

    table = seated(*names, conducted=True)
    table = table.set_settings(1, Settings(debate=debate))
    return known(table.deal(1, random.Random(4), now=0.0), points, **cards)


def voiced(**cards) -> Table:
    """Ada, Bob and Cy, their round called by voice and dealt, with these cards set."""
    from tests.support.cards import known

    return known(seated("Ada", "Bob", "Cy").deal(1, random.Random(4)), 6, **cards)


def play(*names: str, **cards) -> Play:
    """A round the app runs (``conducted``), played step by step."""
    return Play(conducted(*names, **cards))


def turn(game: Play, seat: int, level: int) -> Play:
    """The seat claims its power when it is called: its turn begins."""
    return game.call(level).claim(seat)


def failed_conversion(target=("BetBot", 4, Allegiance.GOOD), **more) -> Play:
    """Ada (SwapBot 7, Evil) converts Bob, whose power is lower: it fails; the window closes."""
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, Allegiance.EVIL), bob=target, **more)
    return game.call(7).claim(1).convert(1, target=2).close()


def two_winners(table: Table) -> Table:
    """Ada, Bob and Cy (Bob LockBot 3 Evil, as the game's ``table`` fixture deals him), with
    Ada SumoBot 4 Good and Cy PushBot 2 Evil: Evil (3 + 2) wins 6 against 4, and the host
    ends the round."""
    from tests.support.cards import known

    good, evil = Allegiance.GOOD, Allegiance.EVIL
    return known(table, 6, ada=("SumoBot", 4, good), cy=("PushBot", 2, evil)).end_round(1)


def pass_phase(*passing: int, after=None, **cards) -> Play:
    """Ada, Bob, Cy, Di and Ed; the given seats pass in the Debate; ``after`` runs once the
    Countdown is called; nobody else acts."""
    game = play("Ada", "Bob", "Cy", "Di", "Ed", **cards)
    for seat in passing:
        game.pass_debate(seat)
    if after is not None:
        after(game)
    return game.call(1).at(game.table.deadline)


def play_round(table: Table, winner_seat: int, value: int, rng: random.Random) -> Table:
    """Deal, give ``winner_seat`` the only Good hand, end, keep: it gains ``value``."""
    from tests.support.cards import known

    table = table.deal(1, rng)
    cards = {
        seat: ("LockBot" if seat != winner_seat else "SumoBot", 1, Allegiance.EVIL)
        for seat, _ in table.round.hands
    }
    cards[winner_seat] = ("SumoBot", 9, Allegiance.GOOD)
    return (
        known(table, value, **{table.names[seat]: spec for seat, spec in cards.items()})
        .end_round(1)
        .keep_score(1)
    )


def counting_down() -> Table:
    """Ada (SumoBot 2, Good), Bob (LockBot 3, Evil), Cy (PushBot 5, Neutral) and Dee
    (BlockBot 4, Good), the host's Countdown started at 100 without a Debate timer, 8 called."""
    good, evil, neutral = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
    cards = {
        "ada": ("SumoBot", 2, good),
        "bob": ("LockBot", 3, evil),
        "cy": ("PushBot", 5, neutral),
        "dee": ("BlockBot", 4, good),
    }
    table = conducted("Ada", "Bob", "Cy", "Dee", debate=0, **cards)
    return Play(table.start_countdown(1, table.round.deal_id, 100.0)).call(8).table


def three_at_six(**more) -> Play:
    """Ada (SwapBot 6, Good), Bob (BetBot 6, Evil) and Cy (PlusBot 3, Neutral: 6 with its
    3) all called at 6, and Di (``more``: cards by name) below them; in the Debate."""
    good, evil, neutral = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
    cards = {"ada": ("SwapBot", 6, good), "bob": ("BetBot", 6, evil), "cy": ("PlusBot", 3, neutral)}
    return play("Ada", "Bob", "Cy", "Di", **cards, **more)


def conduct(game: Play):
    """The round's conduct as it stands."""
    return game.table.round.conduct


class Play:
    """A conducted round played step by step, on a clock that moves one second a step (and
    jumps to a deadline when told to wait for it)."""

    def __init__(self, table: Table, now: float = 0.0) -> None:
        self.table = table
        self.now = now

    def _step(self) -> float:
        self.now += 1.0
        return self.now

    def at(self, now: float) -> Play:
        """Time passes until ``now``: whatever is due by then happens."""
        self.now = now
        self.table = self.table.tick(now)
        return self

    def call(self, level: int) -> Play:
        """Time passes until ``level`` is called (and nothing holds the call)."""
        from evilrobots.game.table.conduct import Phase

        for _ in range(40):
            conduct = self.table.round.conduct
            if conduct.phase is Phase.COUNTDOWN and conduct.level == level and not conduct.busy:
                return self
            assert self.table.deadline is not None, f"power {level} is never called"
            self.at(self.table.deadline)
        raise AssertionError(f"power {level} is never called")

    def close(self) -> Play:
        """The open reaction window runs out, with no reaction."""
        return self.at(self.table.round.conduct.chain.deadline)

    def finish(self) -> Play:
        """Time passes until nothing is on a timer any more."""
        while self.table.deadline is not None:
            self.at(self.table.deadline)
        return self

    def pass_debate(self, seat: int) -> Play:
        self.table = self.table.pass_debate(seat, self.table.round.deal_id, self._step())
        return self

    def claim(self, seat: int, with_power: bool = False) -> Play:
        self.table = self.table.claim(seat, self.table.round.deal_id, self._step(), with_power)
        return self

    def promote(self, seat: int, other: int) -> Play:
        self.table = self.table.promote(seat, self.table.round.deal_id, self._step(), other)
        return self

    def pass_turn(self, seat: int) -> Play:
        self.table = self.table.pass_turn(seat, self.table.round.deal_id, self._step())
        return self

    def convert(self, seat: int, target: int | None = None, allegiance=None) -> Play:
        deal = self.table.round.deal_id
        self.table = self.table.convert(seat, deal, self._step(), target, allegiance)
        return self

    def robot(self, seat: int, robot: str, target: int | None = None, bet=None) -> Play:
        deal = self.table.round.deal_id
        self.table = self.table.use_robot(seat, deal, robot, target, bet, now=self._step())
        return self

    def react(self, seat: int, on_instigator: bool = False) -> Play:
        deal = self.table.round.deal_id
        self.table = self.table.react(seat, deal, self._step(), on_instigator)
        return self

    def no_reaction(self, seat: int) -> Play:
        self.table = self.table.no_reaction(seat, self.table.round.deal_id, self._step())
        return self

    def prove(self, seat: int, proof) -> Play:
        self.table = self.table.prove(seat, self.table.round.deal_id, self._step(), proof)
        return self

    def cheat(self, seat: int, shows=None, story=None) -> Play:
        from evilrobots.game.table.conduct import CheatSays

        deal = self.table.round.deal_id
        self.table = self.table.choose_cheat(
            seat, deal, self._step(), shows, story or CheatSays.TRUTH
        )
        return self

    def allegiance(self, seat: int):
        return self.table.round.hand_of(seat).allegiance
