"""The game's story in the viewer's words: each player's evening, once the game is over (where
their points came from, and how many rounds they spent on the winning side), from the kept
rounds' counts (``game.scoring.evening``)."""

from __future__ import annotations

from ..game.scoring.evening import Evening, evenings
from ..game.table.view import TableView
from .i18n import gettext as _
from .i18n import ngettext


def evening_lines(view: TableView) -> dict[int, str]:
    """Each player's evening in a line, by seat: "2 of 3 rounds on the winning side · 4 points
    won alone · 1 bonus point"."""
    rounds = [kept.tally for kept in reversed(view.history)]
    names = {score.seat: score.name for score in view.scores}
    return {one.seat: evening_line(one) for one in evenings(rounds, names)}


def evening_line(one: Evening) -> str:
    parts = [
        ngettext(
            "%(won)s of %(num)s round on the winning side",
            "%(won)s of %(num)s rounds on the winning side",
            one.rounds,
            won=one.won,
        )
    ]
    if one.alone:
        parts.append(ngettext("%(num)s point won alone", "%(num)s points won alone", one.alone))
    if one.shared:
        parts.append(
            ngettext(
                "%(num)s point from shared wins", "%(num)s points from shared wins", one.shared
            )
        )
    if one.bonuses:
        parts.append(ngettext("%(num)s bonus point", "%(num)s bonus points", one.bonuses))
    if one.bets:
        parts.append(_("bets %(points)s", points=f"{one.bets:+d}"))
    return " · ".join(parts)


def for_templates() -> dict[str, object]:
    """The helpers the templates call, by name."""
    return {"evening_lines": evening_lines}
