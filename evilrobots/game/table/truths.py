"""A round's truths, told once it is over: every seat's cards as dealt and as they ended, what
the table saw of them, CheatBot's lies beside the truth, who converted whom and what came of
it (with every reaction), who let a call pass or sat the Pass phase out, the points card, the
bonuses and the bets. Reading only, and only of a round that is over (``RoundOver``
otherwise): a round in play tells nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..cards import Allegiance, Coin, PowerCard, Robot
from ..errors import Conflict
from ..messages import N_
from ..scoring import Tally
from .count import round_tally
from .facts import What
from .round import NPR_POWER, NPR_SEAT, Reveal, Round, name_of
from .story import Chapter

# The acts that start a conversion, and how one ends for the seat it was about.
STARTS = (What.CONVERTS, What.CONVERTS_SELF, What.PUSHES, What.CONVERTS_NPR)
ENDS = (What.IS_CONVERTED, What.IS_CONVERTED_BY, What.IS_CONVERTED_INSTEAD, What.IS_NOT_CONVERTED)


@dataclass(frozen=True, slots=True)
class SeatTruth:
    """One seat (or the non-player robot, ``NPR_SEAT``) as the round truly went."""

    seat: int
    name: str
    robot: Robot | None
    power: PowerCard  # as it ended (SwapBot may have swapped it)
    dealt_power: PowerCard  # as dealt
    flips: tuple[Coin, Coin] | None  # the coins dealt (None: not kept, or the robot)
    dealt: Allegiance | None  # the allegiance as dealt (None: a round stored before it was kept)
    end: Allegiance  # and as it ended
    shown: tuple[Allegiance, ...]  # the allegiances the table saw it show, in order
    lies: tuple[tuple[Allegiance, Allegiance], ...] = ()  # CheatBot: (shown, truly held)
    strength: int | None = None  # what it counted for its team (None: not counted)
    plus: int = 0  # PlusBot's
    negated: bool = False  # NegativeBot picked it
    bet: Allegiance | None = None  # BetBot's bet
    missed: bool = False  # let its call pass in the Countdown
    ran_out: bool = False  # its turn's time ran out
    sat_out: bool = False  # sat the Pass phase out
    gone: bool = False  # left the table
    computer: str | None = None  # a computer player's level: the app played this seat
    stood_in: bool = False  # a computer played it for its player, for a while

    @property
    def converted(self) -> bool:
        return self.dealt is not None and self.end is not self.dealt


@dataclass(frozen=True, slots=True)
class ConversionTruth:
    """One conversion, from the log: who started it, whom it was about, each reaction, how
    the log ended it, and the truth where CheatBot told another story."""

    start: Reveal
    target: int
    target_name: str
    reactions: tuple[Reveal, ...]
    ending: Reveal | None
    proof: Reveal | None = None
    truly: Allegiance | None = None  # what the target truly held when the log said otherwise

    @property
    def steps(self) -> tuple[Reveal, ...]:
        """Its lines on the log, in order."""
        return tuple(
            step
            for step in (self.start, *self.reactions, self.ending, self.proof)
            if step is not None
        )


@dataclass(frozen=True, slots=True)
class RoundTruth:
    """Everything about a round that is over."""

    number: int
    points: PowerCard
    abandoned: bool
    conducted: bool
    seats: tuple[SeatTruth, ...]
    conversions: tuple[ConversionTruth, ...]
    tally: Tally | None  # None: abandoned, nobody scores it
    no_pass_phase: bool = False  # GandalfBot acted
    log: tuple[Reveal, ...] = ()  # the board's log, oldest first


def truths(chapter: Chapter) -> RoundTruth:
    """The truths of a round that is over; a Conflict for a round in play."""
    round_ = chapter.round
    if round_.in_play:
        raise Conflict(N_("The round is in play: its truths are told at its end."))
    names = chapter.named | dict(round_.gone)
    counted = None if round_.abandoned else round_tally(round_, names)
    rows = {row.seated.seat: row for row in counted.rows} if counted else {}
    lies = dict(round_.lies)
    conduct = round_.conduct
    dealt = {d.seat: d for d in round_.dealt}
    levels = dict(chapter.computers)
    seats = []
    for seat, hand in round_.hands:
        row = rows.get(seat)
        was = dealt.get(seat)
        seats.append(
            SeatTruth(
                seat,
                name_of(names, seat),
                hand.robot,
                hand.power,
                was.power if was else hand.power,
                was.flips if was else None,
                was.allegiance if was else None,
                hand.allegiance,
                _shown(round_.reveals, seat),
                tuple(
                    (r.allegiance, lies[at])
                    for at, r in enumerate(round_.reveals)
                    if at in lies and r.seat == seat and r.allegiance is not None
                ),
                row.strength if row else None,
                row.plus if row else 0,
                row.seated.negated if row else False,
                row.seated.bet if row else None,
                missed=bool(conduct and seat in conduct.missed),
                ran_out=bool(conduct and seat in conduct.ran_out),
                sat_out=bool(conduct and seat in conduct.sat_out),
                gone=seat in dict(round_.gone) or seat not in chapter.named,
                computer=levels.get(seat),
                stood_in=seat in chapter.stood_in,
            )
        )
    if round_.npr is not None:
        row = rows.get(NPR_SEAT)
        seats.append(
            SeatTruth(
                NPR_SEAT,
                "",
                None,
                NPR_POWER,
                NPR_POWER,
                None,
                Allegiance.NEUTRAL,
                round_.npr,
                (),
                strength=row.strength if row else None,
                negated=row.seated.negated if row else False,
            )
        )
    return RoundTruth(
        round_.number,
        round_.points,
        round_.abandoned,
        conduct is not None,
        tuple(seats),
        conversions(round_, names),
        counted,
        no_pass_phase=bool(conduct and conduct.gandalf),
        log=round_.reveals,
    )


def _shown(reveals: tuple[Reveal, ...], seat: int) -> tuple[Allegiance, ...]:
    """The allegiances the log shows of a seat, in order, each once in a row."""
    seen: list[Allegiance] = []
    for reveal in reveals:
        if reveal.seat == seat and reveal.allegiance is not None and not reveal.withdrawn:
            if not seen or seen[-1] is not reveal.allegiance:
                seen.append(reveal.allegiance)
    return tuple(seen)


def conversions(round_: Round, names: dict[int, str]) -> tuple[ConversionTruth, ...]:
    """Every conversion on the log, in order, with its reactions, its ending and its proof
    (each conversion's entries run from its start to the next start)."""
    starts = [
        at
        for at, reveal in enumerate(round_.reveals)
        if reveal.lead is not None and reveal.lead.what in STARTS
    ]
    bounds = zip(starts, [*starts[1:], len(round_.reveals)], strict=False)
    return tuple(_conversion(round_, names, first, last) for first, last in bounds)


def _conversion(round_: Round, names: dict[int, str], first: int, last: int) -> ConversionTruth:
    start = round_.reveals[first]
    lead = start.lead
    target = start.seat
    if lead is not None and lead.what is What.CONVERTS_NPR:
        target = NPR_SEAT
    elif lead is not None and lead.what is not What.CONVERTS_SELF and lead.whom is not None:
        target = lead.whom
    reactions: list[Reveal] = []
    ending = proof = None
    truly = None
    for at in range(first + 1, last):
        reveal = round_.reveals[at]
        what = reveal.lead.what if reveal.lead else None
        if reveal.action is Action.REACTION:
            reactions.append(reveal)
        elif reveal.action is Action.CONVERTED and what in ENDS:
            ending = reveal
        elif reveal.action is Action.CONVERTED and what is What.SHOWS_FAILED:
            proof = reveal
        elif reveal.action in (Action.RESISTED_BY_POWER, Action.RESISTED_BY_ROBOT):
            proof = reveal
        else:
            continue
        if reveal.seat == target:  # what the target truly held, where it told otherwise
            truly = dict(round_.lies).get(at, truly)
    return ConversionTruth(
        start, target, name_of(names, target), tuple(reactions), ending, proof, truly
    )
