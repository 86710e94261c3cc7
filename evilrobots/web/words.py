"""The game's facts in the player's words: what the web says for each of the game's values.

The game names its cards, parts, occasions and actions by identity; here each gets its words,
looked up in the request's language when a page is drawn (``lazy_gettext``). The robot
names stay as printed on the cards: they are names.
"""

from __future__ import annotations

import functools
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _lp

from ..game import cards as c
from ..game.actions import Action, Occasion, Part
from ..game.cards import Allegiance, Coin, Kind, Robot
from .i18n import DEFAULT, language

PARTS = {Part.ROBOT: _l("robot"), Part.POWER: _l("power"), Part.ALLEGIANCE: _l("allegiance")}
# Translators: a hide/show button, "Hide robot" (the robot card).
HIDE = {
    Part.ROBOT: _l("Hide robot"),
    Part.POWER: _l("Hide power"),
    Part.ALLEGIANCE: _l("Hide allegiance"),
}
SHOW = {
    Part.ROBOT: _l("Show robot"),
    Part.POWER: _l("Show power"),
    Part.ALLEGIANCE: _l("Show allegiance"),
}
KINDS = {
    Kind.PERMANENT: _l("Permanent"),
    Kind.ACTION: _l("Action"),
    Kind.REACTION: _l("Reaction"),
}
ALLEGIANCES = {
    Allegiance.GOOD: _l("Good"),
    Allegiance.EVIL: _l("Evil"),
    Allegiance.NEUTRAL: _l("Neutral"),
}
COINS = {Coin.HEADS: _l("Heads"), Coin.TAILS: _l("Tails")}

OCCASIONS = {
    Occasion.DEBATE: _l("The Debate phase"),
    Occasion.COUNTDOWN: _l("Your turn"),
    Occasion.REACTIONS: _l("Reactions"),
    Occasion.TARGETED: _l("You are the target of a conversion"),
    Occasion.PASS: _l("The Pass phase"),
    Occasion.END: _l("The end of the round"),
}

# Each action: its name, and the rule in a line.
ACTIONS = {
    Action.DEBATE: (
        _l("Debate"),
        _l("Talk, promise and lie; reveal nothing yet. You may announce that you pass."),
    ),
    Action.PROVE_POWER: (
        _l("Prove your power"),
        _l("Speak up when your power is called and show your power card."),
    ),
    Action.ROBOT_ACTION: (
        _l("Use your robot's action"),
        _l("Show your power to act at this level and your robot card to use its ability."),
    ),
    Action.CONVERT_OTHER: (
        _l("Convert another player"),
        _l(
            "Show your power and the allegiance you convert them to. It works if your power "
            "is lower than theirs."
        ),
    ),
    Action.CONVERT_SELF: (
        _l("Convert yourself"),
        _l(
            "Switch to any team and show your power and your new allegiance. Not allowed in "
            "the Pass phase."
        ),
    ),
    Action.PASS_TURN: (
        _l("Pass"),
        _l(
            "Show your power to prove it is your turn, then pass: you may act again in the "
            "Pass phase."
        ),
    ),
    Action.REACTION: (
        _l("Use a reaction"),
        _l("When its moment comes, show your Reaction robot card. It costs you your turn."),
    ),
    Action.CONVERTED: (
        _l("It worked: show your new allegiance"),
        _l("Change your allegiance to the one shown to you, then show it."),
    ),
    Action.RESISTED_BY_POWER: (
        _l("It failed: prove it with your power"),
        _l("Say it failed and show your power: equal to or lower than theirs."),
    ),
    Action.RESISTED_BY_ROBOT: (
        _l("It failed: prove it with your robot"),
        _l("Say it failed and show the robot card that stops it, such as LockBot."),
    ),
    Action.PASS_PHASE: (
        _l("Show your power in the Pass phase"),
        _l(
            "If you passed, show your power now. Lowest power sits out; the rest act in "
            "ascending order."
        ),
    ),
    Action.END_OF_ROUND: (
        _l("End of the round"),
        _l(
            "Everyone shows everything. The team with the higher total power wins; a tie "
            "goes to Neutral."
        ),
    ),
}

# The cards' own texts, as printed on them (the "v0.8" rules' card list).
ROBOT_TEXTS = {
    c.BADBOT: _l(
        "If the evil team wins the round you score one additional point, whether or not you "
        "are on this team."
    ),
    c.BETBOT: _l(
        "Optionally bet on the winning team for this round. If correct, you score one "
        "additional point. If incorrect, lose a point."
    ),
    c.BLOCKBOT: _l(
        "When any conversion occurs, you may reveal this card and force it to fail, or apply "
        "to the instigator instead."
    ),
    c.CHEATBOT: _l(
        "You may reveal any allegiance until the end of the round, where you must reveal the truth."
    ),
    c.COPYBOT: _l(
        "You may perform the action of any robot that has acted in this round. You choose "
        "the target(s)."
    ),
    c.DOOVERBOT: _l(
        "After any conversion attempt, whether or not it is successful, you can force that "
        "player to your allegiance."
    ),
    c.FREEBOT: _l(
        "You may take your turn at any power level, but must reveal this robot card and "
        "optionally your true power."
    ),
    c.FORCEBOT: _l(
        "When any conversion fails, once per round you may reveal this card and force it to "
        "succeed."
    ),
    c.GANDALFBOT: _l("On your turn, announce that there is no pass phase in this round."),
    c.LOCKBOT: _l(
        "Your allegiance cannot change from Good or Evil. Reveal your robot card if told to "
        "convert, and optionally your allegiance."
    ),
    c.MISERYBOT: _l(
        "If you are on the losing team at the end of the round, and not Neutral, you score "
        "two points."
    ),
    c.NEGATIVEBOT: _l(
        "Pick any player. When determining the winning team their power value is now negative."
    ),
    c.PASSBOT: _l(
        "If you pass, you may act first in the pass round and cannot count as the lowest "
        "power player."
    ),
    c.PLUSBOT: _l(
        "Your power level is three more than your power card shows. You are not obliged to "
        "reveal this until the end of the round."
    ),
    c.PUSHBOT: _l("You may force any player to the allegiance of your choice."),
    c.SCAREDYBOT: _l(
        "If you finish the round without revealing anything other than your power, you score "
        "one additional point."
    ),
    c.SUMOBOT: _l("You succeed when converting someone of equal or lower power than you."),
    c.SWAPBOT: _l(
        "On your turn, you may swap your power card with the points scoring card used in this "
        "round."
    ),
}


def label(value: Part | Kind | Allegiance | Coin | Occasion | Action) -> str:
    """The name of one of the game's values, in the request's language: looked up once per
    language (a seat's page says a dozen, for every event of every stream)."""
    return _label(value, language())


@functools.lru_cache(maxsize=512)
def _label(value: Part | Kind | Allegiance | Coin | Occasion | Action, lang: str) -> str:
    if isinstance(value, Action):
        return str(ACTIONS[value][0])
    table = {Part: PARTS, Kind: KINDS, Allegiance: ALLEGIANCES, Coin: COINS, Occasion: OCCASIONS}
    return str(table[type(value)][value])


def summary(action: Action) -> str:
    """The rule of an action, in a line."""
    return str(ACTIONS[action][1])


def kicker(action: Action) -> str:
    """The occasion named above an action's title, unless the title already says it."""
    name, occasion = label(action), label(action.occasion)
    return "" if name.lower() in occasion.lower() else occasion


def shows(action: Action) -> str:
    """What an action shows, in words: "robot, power", or "nothing"."""
    return ", ".join(label(part) for part in action.parts) or _("nothing")


def robot_text(robot: Robot) -> str:
    """A robot card's ability, as printed on it."""
    return str(ROBOT_TEXTS[robot])


def by_hand() -> str:
    """Said under the allegiance once it was set by hand."""
    return _("Allegiance changed since the coin flips")


def coins(flips: tuple[Coin, Coin] | None, allegiance: Allegiance) -> str:
    """Where an allegiance came from: "Coins: Heads + Tails → Neutral", or by hand. Said on
    every card view: worded once per language (four lookups cost the card view 10 %)."""
    return _coins(flips, allegiance, language())


def allegiance_line(flips: tuple[Coin, Coin] | None, allegiance: Allegiance, story: str) -> str:
    """Said under the allegiance: where it came from, and at a table what became of it
    (``story``): after the coins if they still explain it, in place of them if not."""
    if not story:
        return coins(flips, allegiance)
    return f"{coins(flips, allegiance)} · {story}" if flips else story


@functools.lru_cache(maxsize=256)
def _coins(flips: tuple[Coin, Coin] | None, allegiance: Allegiance, lang: str) -> str:
    if flips is None:
        return by_hand()
    return _(
        "Coins: %(first)s + %(second)s → %(allegiance)s",
        first=label(flips[0]),
        second=label(flips[1]),
        allegiance=label(allegiance),
    )


# What the card view's script says itself, by the keys it reads them with (it has the
# English for each): the applet's, and a table's.
SCRIPT = {
    "offline": _l("Offline: your taps are kept. Shuffle and points wait."),
    "show": _l("Show"),
    "hide": _l("Hide"),
    "wakeTold": _l("Your screen stays on. Tap Screen to let it sleep."),
    "wakeOn": _l("Screen stays on."),
    "wakeOff": _l("Screen may sleep as usual."),
}
TABLE_SCRIPT = SCRIPT | {
    # Said when a limit refuses a tap and the server's own words did not come with it (a
    # proxy's 429): the app's own refusal says which limit, and when, in the phone's words.
    "tooMany": _l("Too many taps: try again in a minute."),
    "offline": _l("Offline: your cards are kept; acts are not sent."),
    "notSent": _l("Not sent: no connection. Tap again once you are back online."),
    "onBoard": _l("On the board"),
    "reveal": _l("Reveal to the table"),
    # The tables' own script (live.js): its placeholders are in braces, filled in by it.
    "linkCopied": _l("Link copied"),
    # Translators: the title of the table's link, in the phone's share sheet.
    "shareTitle": _l("Evil Robots table"),
    "takenBack": _l("Taken back: the board shows it struck through."),
    "moveOver": _l("Your move is over."),
    # Translators: a timer's seconds left, short: "12 s".
    "seconds": _l("{seconds} s"),
    # Translators: the winners' shares as they type them: "3 of 5" (points).
    "sharesOf": _l("{shared} of {value}"),
    # Translators: said to a screen reader on a new deal: "Round 3 dealt: …".
    "dealt": _l("{round} dealt: these are your new cards."),
}


# The words a table's page says otherwise than the scripts' English (which is the applet's).
TABLE_ENGLISH = ("offline",)


def script_words(at_table: bool = False) -> dict[str, str]:
    """The script's words in the request's language, for the page to carry as JSON; in
    English only a table's own (the script has the rest, and every byte of the card view's
    first load counts)."""
    if language() == DEFAULT:
        return {key: str(TABLE_SCRIPT[key]) for key in TABLE_ENGLISH} if at_table else {}
    return {key: str(text) for key, text in (TABLE_SCRIPT if at_table else SCRIPT).items()}


# A computer player's levels, as every page names them (``limits.LEVELS``).
LEVEL_NAMES = {
    # Translators: the weakest computer player's level: it plays a legal move at random.
    "beginner": _lp("computer player's level", "Beginner"),
    # Translators: the middle computer player's level: it plays as an ordinary player would.
    "player": _lp("computer player's level", "Player"),
    # Translators: the strongest computer player's level.
    "sharp": _lp("computer player's level", "Sharp"),
}


def level_name(level: str) -> str:
    return str(LEVEL_NAMES[level])


def computer_badge(level: str) -> str:
    """What marks a computer seat beside its name, everywhere it is named."""
    # Translators: beside a seat the app plays: "computer" (the glossary's word for a
    # computer player), then its level, e.g. "computer, Player".
    return _("computer, %(level)s", level=level_name(level))


def computer_levels(view: Any) -> dict[int, str]:
    """Each computer player's level, by seat, for the scores to mark them as the seats are
    (not a seat the computer only plays for its player: its score is the player's)."""
    return {seat.id: seat.computer for seat in view.seats if seat.computer and not seat.stands_in}


def handed_words(name: str, back: bool) -> str:
    """What the round's notes say when a computer takes a player's seat, or gives it back."""
    if back:
        return _("%(name)s is back", name=name)
    return _("%(name)s's seat is played by the computer", name=name)


def for_templates() -> dict[str, object]:
    """The helpers the templates call, by name."""
    return {
        "label": label,
        "level_name": level_name,
        "computer_badge": computer_badge,
        "computer_levels": computer_levels,
        "handed_words": handed_words,
        "summary": summary,
        "kicker": kicker,
        "shows": shows,
        "robot_text": robot_text,
        "by_hand": by_hand,
        "script_words": script_words,
        "hide_word": lambda part: str(HIDE[part]),
        "show_word": lambda part: str(SHOW[part]),
    }
