"""What a seat's own phone is told of its own place in the round, in the viewer's words:
the strip's note (who goes before it in line, whom a Debate without a timer waits for, the
conversion of which it is the target), and, under its allegiance, what became of it. Each
from public facts and the seat's own standing, never another seat's secret.
"""

from __future__ import annotations

from ..game.table.conduct import ConversionKind
from ..game.table.facts import What
from ..game.table.log import last_conversion
from ..game.table.now import Happening, Note, Step
from ..game.table.round import Reveal
from ..game.table.view import TableView
from .facts import detail, note, party_first, window_words
from .i18n import gettext as _
from .i18n import ngettext
from .words import label


def converted_you(reveals: tuple[Reveal, ...], you: int) -> str:
    """The last conversion of this seat this round and how it ended, worded to it for its
    own card view ("Ada converted you to Evil", "Ada tried to convert you: it failed"); ""
    if nobody has converted it. From the public log alone (``log.last_conversion``)."""
    last = last_conversion(reveals, you)
    if last is None:
        return ""
    told = label(last.allegiance) if last.allegiance else ""
    if last.ended is What.IS_CONVERTED_INSTEAD:
        return _("Your conversion turned on you: %(allegiance)s", allegiance=told)
    if last.started is What.CONVERTS_SELF:
        return _("You converted yourself")
    who = party_first(last.by, last.by_name)
    pushed = last.started is What.PUSHES
    if last.ended is What.IS_NOT_CONVERTED:
        if pushed:
            return _("%(who)s tried to push you: it failed", who=who)
        return _("%(who)s tried to convert you: it failed", who=who)
    if pushed and not last.redone:
        return _("%(who)s pushed you to %(allegiance)s", who=who, allegiance=told)
    return _("%(who)s converted you to %(allegiance)s", who=who, allegiance=told)


def to_target(h: Happening, you: int) -> str:
    """What a reaction window says to the target of its conversion, on its own phone: who
    converts it, to what, and what it may do ("" for anyone else)."""
    if h.step is not Step.REACTIONS or h.whom_at != you or h.kind is ConversionKind.SELF:
        return ""
    allegiance = label(h.allegiance) if h.allegiance else ""
    if h.kind is ConversionKind.PUSH:
        what = _("%(who)s pushes you to %(allegiance)s", who=h.who, allegiance=allegiance)
    else:
        what = _("%(who)s converts you to %(allegiance)s", who=h.who, allegiance=allegiance)
    return window_words(what, h)


def own_note(view: TableView) -> str:
    """What the strip says to this seat under the headline: where it stands, named where a
    name says it better (who goes before it in line, the host it waits for in a Debate
    without a timer), what its conversion is if it is the target, or else one sentence more
    on what is going on."""
    h, own = view.happening, view.standing
    if h is None:
        return ""
    if own.note is Note.QUEUED and h.step is Step.TURN:
        if own.level == 1:
            return _("You go next, after %(who)s.", who=h.who)
        return ngettext(
            "You are in line: %(num)s player before you.",
            "You are in line: %(num)s players before you.",
            own.level,
        )
    if own.note is Note.HOST_STARTS:
        if view.you is not None and view.you.host:
            return _("You passed: start the Countdown when the table is ready.")
        host = next((seat.name for seat in view.seats if seat.host), "")
        return _("You passed: %(host)s starts the Countdown.", host=host)
    told = to_target(h, view.you.id) if view.you else ""
    return note(own) or told or detail(h)
