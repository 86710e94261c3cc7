"""The board's log: a public act of a round the app runs put on it, with the cards it shows."""

from __future__ import annotations

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
