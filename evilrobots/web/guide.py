"""Plain-words explanations of each robot card, for the robot gallery.

The card texts themselves are in ``words.py``; these notes say when and how each ability
is used where the card is terse. Looked up in the request's language when the page is drawn.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString

from ..game.cards import Robot

ROBOT_NOTES: dict[str, LazyString] = {
    "BadBot": _l(
        "Nothing to do on your turn: at the end of the round, if Evil has the higher total "
        "power, you score a bonus point even if you are Good or Neutral. Your turn stays free "
        "for anything else."
    ),
    "BetBot": _l(
        "Use it as your turn's action: reveal this card and name the team you think wins: "
        "Good, Evil, or Neutral (which wins a tie). At the end of the round you gain a point "
        "if that team won, or lose one if it did not. Betting is optional; skip it if the "
        "table is too hard to read."
    ),
    "BlockBot": _l(
        "A Reaction: play it the moment any conversion happens, even one that does not involve "
        "you, by revealing this card. Choose: the conversion fails, or it hits the player who "
        "started it instead. Another player can react to your block (ForceBot, DoOverBot), and "
        "the last reaction wins. Using it costs you your turn."
    ),
    "CheatBot": _l(
        "The one robot allowed to cheat. Whenever you must show your allegiance (converting, "
        "being converted, proving a conversion failed), you may show any allegiance: set the "
        "app to whatever you want to show, then set it back. At the end of the round you must "
        "show the truth. It does not let you lie about your power or your robot."
    ),
    "CopyBot": _l(
        "Use it as your action: pick any robot whose action has already been used this round "
        "and do the same thing, with targets of your choosing. Only actions count, so it "
        "cannot copy a Permanent or a Reaction."
    ),
    "DoOverBot": _l(
        "A Reaction: after any conversion attempt, successful or not, reveal this card and the "
        "targeted player changes to your allegiance instead. It can answer BlockBot or "
        "ForceBot, and can itself be answered by a later reaction. Using it costs you your "
        "turn."
    ),
    "FreeBot": _l(
        "You may speak up and act at any power level in the Countdown, not just your own: "
        "reveal this card when you do. You may also show your real power, but need not."
    ),
    "ForceBot": _l(
        "A Reaction: when any conversion fails, for example against LockBot, BlockBot or a "
        "higher power, reveal this card and it succeeds after all. Another reaction can still "
        "undo yours. Using it costs you your turn."
    ),
    "GandalfBot": _l(
        "Use it as your action: announce that this round has no Pass phase. Everyone who "
        "passed waiting for a last turn gets none. Best used when the passers worry you."
    ),
    "LockBot": _l(
        "Permanent: once you are Good or Evil, nobody can change your allegiance, you included "
        "(you can still be converted while Neutral). When someone tries, reveal this card to "
        "show it failed; showing your allegiance as well is up to you."
    ),
    "MiseryBot": _l(
        "Permanent: if you end the round on the losing team, Good or Evil but not Neutral, you "
        "score two points. Losing on purpose can pay."
    ),
    "NegativeBot": _l(
        "Use it as your action: reveal this card and pick a player. At the end of the round "
        "their power counts as negative for their team's total, which can swing the result."
    ),
    "PassBot": _l(
        "Permanent: if you pass, you may take the first turn of the Pass phase (or wait for "
        "your power's place), and you can never be the lowest power player who sits the Pass "
        "phase out."
    ),
    "PlusBot": _l(
        "Permanent: your power is three more than your card shows, for turn order, conversions "
        "and the team totals. You need not reveal that until the end of the round, so a 6 can "
        "act at 9."
    ),
    "PushBot": _l(
        "Use it as your action: choose any player and set them to any allegiance, Good, Evil "
        "or Neutral. Power does not matter, but reactions such as BlockBot still can."
    ),
    "ScaredyBot": _l(
        "Permanent: if the round ends and you have shown nothing but your power card, you "
        "score a bonus point. Revealing this card or your allegiance before the end loses it."
    ),
    "SumoBot": _l(
        "Permanent: normally a conversion only works on a player whose power is higher than "
        "yours; yours also work on players of equal or lower power, so they succeed unless a "
        "robot card stops them. Reveal this card when your power alone would not do it."
    ),
    "SwapBot": _l(
        "Use it as your action: swap your power card with the round's points card. You change "
        "your power and what the round is worth, in one move."
    ),
}


def note_for(robot: Robot) -> str:
    """Return the gallery's explanation of a robot's ability."""
    return str(ROBOT_NOTES[robot.name])
