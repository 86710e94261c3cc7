"""What an act on the board's log did, as a fact: which kind of act, and its parts (a name,
a robot, an allegiance, a number). The web words each fact in its viewer's language; the
game never writes the sentence.

A ``Fact`` is a log line's lead ("converts Bob", "passes: time ran out") or its effect
("Bob takes Evil", "copies BetBot: bets on Good").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Allegiance, Robot
from ..enums import Enum


class What(Enum):
    """Each kind of act the log says. The value is its key in a stored table: never change
    one, only add."""

    # Leads: what the seat did when the action's own name would not say it.
    PASSES = "passes"
    PASSES_AGAIN = "passes-again"
    PASSES_LATE = "passes-late"  # time ran out (stored before a turn run out was missed)
    PASSES_AGAIN_LATE = "passes-again-late"
    RUNS_OUT = "runs-out"  # the turn's time ran out: no turn this round
    ACTS_AT = "acts-at"  # number: the level
    LETS_GO = "lets-go"  # other: the seat let go next
    CONVERTS = "converts"  # other: whom
    CONVERTS_SELF = "converts-self"
    CONVERTS_NPR = "converts-npr"  # allegiance: to which (by voice)
    PUSHES = "pushes"  # other, allegiance
    USES = "uses"  # robot: the robot used (GandalfBot)
    COPIES_USE = "copies-use"  # robot: the robot CopyBot copies (GandalfBot)
    WORKS = "works"
    FAILS = "fails"
    REACTS = "reacts"
    IS_CONVERTED = "is-converted"  # (stored before the converter was named)
    IS_CONVERTED_BY = "is-converted-by"  # other: by whom (the converter, or the reactor)
    IS_CONVERTED_INSTEAD = "is-converted-instead"
    IS_NOT_CONVERTED = "is-not-converted"
    SHOWS_WHY = "shows-why"  # shows why a conversion failed (its power, or LockBot)
    SHOWS_FAILED = "shows-failed"  # shows its allegiance: the conversion failed
    # The Pass phase, not a password (bandit reads "PASS" as one): nosec B105 below.
    SHOWS_FOR_PASS = "shows-for-pass"  # nosec B105: shows its power for the Pass phase
    SITS_OUT = "sits-out"  # the lowest power: no turn in the Pass phase
    CHANGED = "changed"  # by voice: its allegiance changed (not to what)
    # Effects: what came of an act.
    COPIES = "copies"  # robot: the robot CopyBot copies; then: what the copy did
    TURNS_ON = "turns-on"  # other: BlockBot turns the conversion on its instigator
    MAKES_FAIL = "makes-fail"
    WORKS_AFTER_ALL = "works-after-all"
    TAKES = "takes"  # other, allegiance: DoOverBot
    SHOWN_BY_APP = "shown-by-app"  # time ran out: the app showed the proof
    NO_PASS_PHASE = "no-pass-phase"  # nosec B105: GandalfBot, not a password
    NEGATIVE = "negative"  # other: whose power counts as negative
    SWAPS = "swaps"  # number: the power given; second: the points card taken
    BETS = "bets"  # allegiance
    SAID = "said"  # a table stored before facts: its English words, in ``other``


@dataclass(frozen=True, slots=True)
class Fact:
    """One act's fact: ``what``, with the parts its words need."""

    what: What
    other: str = ""  # the name of the party it names ("" for the non-player robot)
    robot: Robot | None = None
    allegiance: Allegiance | None = None
    number: int = 0
    second: int = 0
    then: Fact | None = None  # what a copied robot action did
    whom: int | None = None  # the place of the party ``other`` names (``round.NPR_SEAT``: the
    # non-player robot); None in a log stored before places, where only the name was kept

    @classmethod
    def said(cls, words: str) -> Fact | None:
        """A fact from a table stored before the log kept facts: its words, as they were."""
        return cls(What.SAID, other=words) if words else None


CHANGED = Fact(What.CHANGED)  # by voice: the seat's allegiance changed, not said to what
# What the round made of a conversion (said of its target), not an act of the target's own.
SETTLED = frozenset(
    {
        What.WORKS,
        What.FAILS,
        What.IS_CONVERTED,
        What.IS_CONVERTED_BY,
        What.IS_CONVERTED_INSTEAD,
        What.IS_NOT_CONVERTED,
    }
)
