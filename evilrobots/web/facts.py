"""A round's facts in the viewer's words: the board's log, what is happening now, a seat's
own note, the round's label.

The game keeps what happened as facts (``game.table.facts``, ``game.table.now``); each is
worded here, in the request's language, when a page or a strip is drawn. What many viewers
share (the headline of a moment) is worded once per language and kept.
"""

from __future__ import annotations

import functools

from babel.lists import format_list

from ..game.actions import Action
from ..game.cards import GANDALFBOT, SWAPBOT, Robot
from ..game.messages import N_
from ..game.scoring import Seated
from ..game.table.conduct import ConversionKind, Phase
from ..game.table.facts import Fact, What
from ..game.table.limits import TOP_LEVEL
from ..game.table.now import Happening, Note, Standing, Step
from ..game.table.round import NPR_SEAT, Reveal
from ..game.table.view import TableView
from .i18n import gettext as _
from .i18n import language
from .words import label

# What a seat did, for the log, when nothing more is said of it: "Bob · proves their power".
DONE = {
    Action.DEBATE: N_("debates"),
    Action.PROVE_POWER: N_("proves their power"),
    Action.ROBOT_ACTION: N_("uses their robot"),
    Action.CONVERT_OTHER: N_("converts a player"),
    Action.CONVERT_SELF: N_("converts themselves"),
    Action.PASS_TURN: N_("passes"),
    Action.REACTION: N_("reacts"),
    Action.CONVERTED: N_("shows their new allegiance"),
    Action.RESISTED_BY_POWER: N_("shows it failed, by their power"),
    Action.RESISTED_BY_ROBOT: N_("shows it failed, by their robot"),
    Action.PASS_PHASE: N_("shows their power for the Pass phase"),
    Action.END_OF_ROUND: N_("shows everything"),
}

# Each fact of the log, with its parts as %(...)s: who did it is said before it.
FACTS = {
    What.PASSES: N_("passes"),
    # Translators: passes a second time, in the Pass phase.
    What.PASSES_AGAIN: N_("passes again"),
    What.PASSES_LATE: N_("passes: time ran out"),
    What.PASSES_AGAIN_LATE: N_("passes again: time ran out"),
    What.RUNS_OUT: N_("time ran out: no turn this round"),
    # Translators: "acts at 7", "acts at 9 or more": the power level called.
    What.ACTS_AT: N_("acts at %(level)s"),
    What.LETS_GO: N_("lets %(other)s go next"),
    What.CONVERTS: N_("converts %(other)s"),
    What.CONVERTS_SELF: N_("converts themselves"),
    What.CONVERTS_NPR: N_("converts the non-player robot to %(allegiance)s"),
    What.PUSHES: N_("pushes %(other)s to %(allegiance)s"),
    What.USES: N_("uses %(robot)s"),
    What.COPIES_USE: N_("copies %(robot)s"),
    # Translators: what came of a conversion: it works.
    What.WORKS: N_("the conversion works"),
    What.FAILS: N_("the conversion fails"),
    What.REACTS: N_("reacts"),
    What.IS_CONVERTED: N_("is converted"),
    # Translators: a log line's lead: "Bob · is converted by Ada · Evil". Said of any player:
    # word it so that it fits everyone, whatever their gender.
    What.IS_CONVERTED_BY: N_("is converted by %(other)s"),
    What.IS_CONVERTED_INSTEAD: N_("is converted instead"),
    What.IS_NOT_CONVERTED: N_("is not converted"),
    What.SHOWS_WHY: N_("shows why it failed"),
    What.SHOWS_FAILED: N_("shows it failed"),
    What.SHOWS_FOR_PASS: N_("shows their power for the Pass phase"),
    What.SITS_OUT: N_("sits out: the lowest power"),
    What.CHANGED: N_("changed allegiance"),
    What.COPIES: N_("copies %(robot)s"),
    # Translators: BlockBot turns a conversion on the one who started it.
    What.TURNS_ON: N_("turns it on %(other)s"),
    What.MAKES_FAIL: N_("makes the conversion fail"),
    What.WORKS_AFTER_ALL: N_("the conversion works after all"),
    What.TAKES: N_("%(other)s takes %(allegiance)s"),
    What.SHOWN_BY_APP: N_("time ran out: shown by the app"),
    What.NO_PASS_PHASE: N_("no Pass phase this round"),
    What.NEGATIVE: N_("%(other)s's power counts as negative"),
    What.SWAPS: N_(
        "swaps power %(number)s with the points card %(second)s: the round is now worth %(number)s"
    ),
    What.BETS: N_("bets on %(allegiance)s"),
}

PHASES = {
    Phase.DEBATE: N_("The Debate"),
    Phase.COUNTDOWN: N_("The Countdown"),
    Phase.PASS: N_("The Pass phase"),
    Phase.DONE: N_("Every turn is taken"),
}

# A seat's own note, for its phone only.
NOTES = {
    Note.PROOF_OWED: N_("Your conversion failed: show the table why, now."),
    Note.TIE_BREAK: N_("You tie-break: choose who goes next."),
    Note.OWN_CONVERSION: N_("Your conversion: you may not react to it. The others answer now."),
    Note.NOT_WAITED: N_("You have had your turn or reacted: this window does not wait for you."),
    Note.TURN: N_("Your turn: convert a player, yourself, use your robot, or pass."),
    Note.TURN_NOT_SELF: N_("Your turn: convert a player, use your robot, or pass."),
    Note.TURN_COPY_NOTHING: N_(
        "Your turn: convert a player, yourself, or pass. CopyBot has nothing to copy yet: no "
        "robot has acted this round."
    ),
    Note.TURN_COPY_NOTHING_NOT_SELF: N_(
        "Your turn: convert a player, or pass. CopyBot has nothing to copy yet: no robot has "
        "acted this round."
    ),
    Note.CALLED: N_("Your power is called: tap I act now, or your turn goes by."),
    Note.MISSED: N_("Your power was called and went by: you have no turn this round."),
    Note.RAN_OUT: N_("Time ran out: your turn is over, and you have no turn this round."),
    Note.REACTED: N_("You reacted: that was your turn this round."),
    Note.SAT_OUT: N_("You sit out the Pass phase: yours was the lowest power."),
    Note.PASSED: N_("You passed: your turn comes in the Pass phase."),
    Note.ACTED: N_("You have had your turn this round."),
    Note.QUEUED: N_("You are next in line: your turn comes when the one before is done."),
    Note.FREEBOT: N_("FreeBot: you may act at any power. Tap I act when you choose."),
    Note.WAITS: N_("Your turn comes when Power %(level)s is called."),
}


def level(number: int) -> str:
    """A power level as called: "7", or "9 or more" for the top one."""
    if number >= TOP_LEVEL:
        # Translators: the top power level called in the Countdown (9, or more with PlusBot).
        return _("%(number)s or more", number=TOP_LEVEL)
    return str(number)


def party(seat: int | None, name: str) -> str:
    """Someone the table names, in a sentence, by their place: the non-player robot (which
    has no name of its own) in the viewer's words, or the player's name."""
    return _("the non-player robot") if seat == NPR_SEAT else name


def party_first(seat: int | None, name: str) -> str:
    """Someone the table names, at the start of a line: "The non-player robot", or the
    player's name."""
    return _("The non-player robot") if seat == NPR_SEAT else name


def seated_name(seated: Seated) -> str:
    """A row of the count's name (the non-player robot's row at its place)."""
    return party_first(seated.seat, seated.name)


def names(all_of: tuple[str, ...] | list[str]) -> str:
    """Players' names in a sentence, as the viewer's language lists them: "Ada and Bob",
    "Ada, Bob, and Cy" (Babel's lists, as the game's messages say them)."""
    return format_list(list(all_of), locale=language())


def phase_name(value: Phase) -> str:
    return _(PHASES[value])


def fact(said: Fact) -> str:
    """One fact of the log in the viewer's words."""
    if said.what is What.SAID:  # a table stored before facts: its English, as it was
        return said.other
    words = _(FACTS[said.what]) % {
        "other": party(said.whom, said.other),
        "robot": said.robot.name if said.robot else "",
        "allegiance": label(said.allegiance) if said.allegiance else "",
        "level": level(said.number),
        "number": said.number,
        "second": said.second,
    }
    if said.then is not None:
        # Translators: what a copied robot action did, after the copy: "copies SwapBot: swaps …".
        words = _("%(what)s: %(then)s", what=words, then=fact(said.then))
    return words


def entry(reveal: Reveal) -> str:
    """One line of the board's log: "Ada · converts Bob · power 4 · Evil"; "Bob · passes".
    Worded once per language: every seat's page and every board says every line again."""
    return _entry(reveal, language())


@functools.lru_cache(maxsize=4096)
def _entry(reveal: Reveal, lang: str) -> str:
    name = party_first(reveal.seat, reveal.name)
    shown = [
        reveal.robot.name if reveal.robot else "",
        _("power %(number)s", number=reveal.power.value) if reveal.power else "",
        label(reveal.allegiance) if reveal.allegiance else "",
        fact(reveal.effect) if reveal.effect else "",
    ]
    what = fact(reveal.lead) if reveal.lead else _(DONE[reveal.action])
    return " · ".join([name, what, *(part for part in shown if part)])


def window_words(what: str, h: Happening) -> str:
    """A reaction window in a sentence: the conversion it answers (``what``), the last
    reaction played, and what a phone may do."""
    if h.robot is not None:
        what = _(
            "%(what)s; %(reactor)s plays %(robot)s",
            what=what,
            reactor=h.reactor,
            robot=h.robot.name,
        )
    return _("%(what)s. Play a reaction if you hold one, or tap No reaction.", what=what)


def headline(h: Happening) -> str:
    """What is going on, in a few words: "Power 7 is called", "Ada's turn at 7"."""
    return _worded(h, language())[0]


def detail(h: Happening) -> str:
    """One sentence more on what is going on, for everyone."""
    return _worded(h, language())[1]


@functools.lru_cache(maxsize=1024)
def _worded(h: Happening, lang: str) -> tuple[str, str]:
    """A step's headline and detail in one language: the same for every viewer of it, so
    worded once (a power called words it for every stream of every table)."""
    m = h.step
    if m is Step.REACTIONS:
        if h.kind is ConversionKind.SELF:
            what = _("%(who)s converts themselves", who=h.who)
        elif h.kind is ConversionKind.PUSH:
            what = _(
                "%(who)s pushes %(whom)s to %(allegiance)s",
                who=h.who,
                whom=party(h.whom_at, h.whom),
                allegiance=label(h.allegiance) if h.allegiance else "",
            )
        else:
            what = _("%(who)s converts %(whom)s", who=h.who, whom=party(h.whom_at, h.whom))
        to = h.robot.name if h.robot is not None else h.who
        return _("Reactions to %(who)s", who=to), window_words(what, h)
    if m is Step.DEBATE:
        detail = _("Show nothing yet. Anyone may pass now.")
        if h.others:
            detail += " " + _("Passed: %(names)s.", names=names(h.others))
        return _("Talk, promise, lie"), detail
    if m is Step.PROOF:
        return (
            _("%(who)s proves it failed", who=h.who),
            _(
                "%(whom)s's conversion of %(who)s failed: %(who)s shows why now, or the app "
                "shows it when the time runs out.",
                whom=party_first(h.whom_at, h.whom),
                who=h.who,
            ),
        )
    if m is Step.ORDERING:
        return (
            _("%(who)s chooses who goes next", who=h.who),
            _(
                "%(tied)s tie for the next turn: %(who)s lets one of them go first, or they "
                "go in order when the time runs out.",
                tied=names(h.others),
                who=h.who,
            ),
        )
    if m is Step.TURN:
        if h.phase is Phase.COUNTDOWN:
            return (
                _("%(who)s's turn at %(level)s", who=h.who, level=level(h.level)),
                _(
                    "%(who)s acts at %(level)s: convert a player, convert themselves, use "
                    "their robot, or pass. If the time runs out, the turn is missed.",
                    who=h.who,
                    level=level(h.level),
                ),
            )
        return (
            _("%(who)s's turn in the Pass phase", who=h.who),
            _(
                "%(who)s acts in the Pass phase: convert a player, use their robot, or pass. "
                "If the time runs out, the turn is missed.",
                who=h.who,
            ),
        )
    if m is Step.CALLED:
        return (
            _("Power %(level)s is called", level=level(h.level)),
            _("If it is your power, tap I act. Every power is called for the same time."),
        )
    if m is Step.PASS:
        return _("The players who passed act in turn"), ""
    return _("The host ends the round"), _("Every card is then shown, and the round is counted.")


def note(own: Standing) -> str:
    """What a seat's own phone says of its place in the round ("" for nothing). A note that
    names someone (the host it waits for) is worded by ``told.own_note``, which has the names."""
    if own.note is None or own.note not in NOTES:
        return ""
    return _note(own.note, own.level, language())


@functools.lru_cache(maxsize=256)
def _note(said: Note, number: int, lang: str) -> str:
    return _(NOTES[said]) % {"level": level(number)}


def round_label(view: TableView) -> str:
    """Where the game stands, in a few words, for the top of a seat's page (said with every
    seat's event: worded once per language)."""
    state = (
        "none"
        if not view.round
        else "over"
        if view.game_over
        else "abandoned"
        if view.abandoned
        else "ended"
        if view.ended
        else "playing"
    )
    return _round_label(state, view.round, language())


@functools.lru_cache(maxsize=256)
def _round_label(state: str, number: int, lang: str) -> str:
    if state == "none":
        return _("No deal yet")
    if state == "over":
        return _("Game over")
    if state == "abandoned":
        return _("Round %(number)s: abandoned", number=number)
    if state == "ended":
        return _("Round %(number)s: over", number=number)
    return _("Round %(number)s", number=number)


def robot_button(robot: Robot) -> str:
    """What the button of a robot action that asks for nothing more says it does."""
    if robot is SWAPBOT:
        return _("Swap with the points card")
    if robot is GANDALFBOT:
        return _("No Pass phase this round")
    return _("Use %(robot)s", robot=robot.name)


def for_templates() -> dict[str, object]:
    """The helpers the templates call, by name."""
    return {
        "entry": entry,
        "fact": fact,
        "party": party,
        "party_first": party_first,
        "seated_name": seated_name,
        "npr_seat": NPR_SEAT,
        "names": names,
        "level": level,
        "phase_name": phase_name,
        "headline": headline,
        "detail": detail,
        "note": note,
        "round_label": round_label,
        "robot_button": robot_button,
    }
