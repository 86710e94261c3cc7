"""The board's log: a public act of a round the app runs put on it, with the cards it shows."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action
from ..cards import Allegiance, PowerCard, Robot
from .facts import Fact, What
from .round import Names, Reveal, Round, name_of


def naming(what: What, names: Names, seat: int, allegiance: Allegiance | None = None) -> Fact:
    """A fact that names a party: by its name on the log and by its place (the non-player
    robot, which has no name, by its place alone)."""
    return Fact(what, name_of(names, seat), allegiance=allegiance, whom=seat)


def say(
    round_: Round,
    names: Names,
    seat: int,
    action: Action,
    lead: Fact,
    *,
    robot: Robot | None = None,
    power: PowerCard | None = None,
    allegiance: Allegiance | None = None,
    effect: Fact | None = None,
) -> Round:
    """Put one public act on the board's log, with the cards it shows."""
    entry = Reveal(seat, name_of(names, seat), action, robot, power, allegiance, effect, lead=lead)
    return round_.logged(entry)


# The acts that start a conversion; the log settles each before the next starts.
_STARTS = (What.CONVERTS, What.CONVERTS_SELF, What.PUSHES)
# How a conversion ended, said of the seat whose allegiance it was about.
_ENDS = (What.IS_CONVERTED, What.IS_CONVERTED_BY, What.IS_CONVERTED_INSTEAD, What.IS_NOT_CONVERTED)


@dataclass(frozen=True, slots=True)
class Converted:
    """The last conversion of a seat in a round, as the public log tells it: how it started
    (``CONVERTS``, ``CONVERTS_SELF``, ``PUSHES``), how it ended for the seat (``IS_CONVERTED``
    or ``IS_CONVERTED_BY``, ``IS_NOT_CONVERTED``, or ``IS_CONVERTED_INSTEAD``: the seat's own
    conversion turned on it), who did it (the converter, or the reaction that did it over:
    ``redone``), and the allegiance the table was told."""

    started: What
    ended: What
    by: int
    by_name: str
    allegiance: Allegiance | None
    redone: bool = False


def last_conversion(reveals: tuple[Reveal, ...], seat: int) -> Converted | None:
    """The seat's last settled conversion this round (``reveals``: newest first), or None."""
    for at, reveal in enumerate(reveals):
        ended = reveal.lead.what if reveal.lead else None
        if reveal.action is not Action.CONVERTED or reveal.seat != seat or ended not in _ENDS:
            continue
        act = next((r for r in reveals[at + 1 :] if r.lead and r.lead.what in _STARTS), None)
        if act is None or act.lead is None or ended is None:
            return None
        lead = reveal.lead
        if (
            ended is What.IS_CONVERTED_BY
            and lead
            and lead.whom is not None
            and lead.whom != act.seat
        ):
            # A reaction (DoOverBot) did it over.
            return Converted(act.lead.what, ended, lead.whom, lead.other, reveal.allegiance, True)
        return Converted(act.lead.what, ended, act.seat, act.name, reveal.allegiance)
    return None
