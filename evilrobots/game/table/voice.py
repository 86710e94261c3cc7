"""A round the table calls itself, by voice, from each phone: what a seat hides and its
allegiance set by hand, a verified reveal to the board (one taken back within seconds of a
mis-tap), and the non-player robot converted. Acts: each takes a table and returns a new one,
or raises a ``GameError`` that says why not. What a seat hides is its own in any round."""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Part
from ..cards import CHEATBOT, Allegiance
from ..errors import Conflict, GameError, NotAllowed, RoundOver
from ..hand import Hand
from ..messages import N_
from .facts import CHANGED, Fact, What
from .guards import playing
from .limits import WITHDRAW_SECONDS
from .robots import undo_use
from .round import Reveal, Round
from .state import TableState

# A round the app runs takes no act by voice: its acts are its turns' (and windows') own.
NOT_BY_VOICE = N_(
    "The app runs this round: your acts are the buttons at the top of your phone, on your "
    "turn and in the reaction windows, and your allegiance changes only through them."
)


def arrange(
    table: TableState,
    seat_id: int,
    deal_id: int,
    hidden: frozenset[Part],
    allegiance: Allegiance | None = None,
) -> TableState:
    """Set what the seat hides and (by voice) its allegiance, as its phone shows them.

    In a conducted round the allegiance belongs to the table and changes only through the
    round's acts: a phone that sets another is refused. By voice, a change is the player's
    own (being converted, as a rule), and the board says that it changed, not to what; it is
    not a turn.
    """
    round_, hand = playing(table, seat_id, deal_id)
    if allegiance is None or allegiance is hand.allegiance:
        arranged = replace(hand, hidden=hidden)
        return table if arranged == hand else _with_hand(table, round_, seat_id, arranged)
    if round_.conduct is not None:
        raise Conflict(NOT_BY_VOICE)
    last = round_.reveals[-1] if round_.reveals else None
    if last is None or last.seat != seat_id or last.lead != CHANGED:
        # Taps in a row (Good, then Evil) are one change: the board says it once.
        change = Reveal(seat_id, table.seat(seat_id).name, Action.CONVERTED, lead=CHANGED)
        round_ = round_.logged(change)
    return _with_hand(table, round_, seat_id, hand.arrange(hidden, allegiance))


def _with_hand(table: TableState, round_: Round, seat_id: int, hand: Hand) -> TableState:
    return replace(table, round=round_.with_hand(seat_id, hand))


def hide(table: TableState, seat_id: int, deal_id: int, part: Part) -> TableState:
    hand = playing(table, seat_id, deal_id)[1]
    return arrange(table, seat_id, deal_id, hand.hidden | {part}, hand.allegiance)


def show(table: TableState, seat_id: int, deal_id: int, part: Part) -> TableState:
    hand = playing(table, seat_id, deal_id)[1]
    return arrange(table, seat_id, deal_id, hand.hidden - {part}, hand.allegiance)


def choose(table: TableState, seat_id: int, deal_id: int, allegiance: Allegiance) -> TableState:
    """The seat sets its allegiance by hand: by voice only."""
    round_, hand = playing(table, seat_id, deal_id)
    if round_.conduct is not None:
        raise Conflict(NOT_BY_VOICE)
    return arrange(table, seat_id, deal_id, hand.hidden, allegiance)


def convert_npr(
    table: TableState, seat_id: int, deal_id: int, allegiance: Allegiance
) -> TableState:
    """By voice, a player converts the non-player robot: its new allegiance is public, and
    the board says who converted it."""
    table.seat(seat_id)
    round_ = table.round
    if round_ is None or round_.deal_id != deal_id or not round_.in_play:
        raise RoundOver(N_("That round is over."))
    if round_.npr is None:
        raise Conflict(N_("There is no non-player robot in this round."))
    if round_.conduct is not None:
        raise Conflict(
            N_(
                "The non-player robot is converted like any player, on a turn: "
                "Convert another player."
            )
        )
    if allegiance is round_.npr:
        return table
    entry = Reveal(
        seat_id,
        table.seat(seat_id).name,
        Action.CONVERT_OTHER,
        lead=Fact(What.CONVERTS_NPR, allegiance=allegiance),
    )
    return replace(table, round=replace(round_.logged(entry), npr=allegiance))


def reveal(
    table: TableState,
    seat_id: int,
    deal_id: int,
    action: Action,
    shown_allegiance: Allegiance | None = None,
    now: float = 0.0,
) -> TableState:
    """Publish exactly what the action shows, with the values this seat holds (at ``now``,
    from when its player may take it back for ``WITHDRAW_SECONDS``).

    CheatBot may show any allegiance until the end of the round; the reveal then holds the
    allegiance shown, and nothing else about it.
    """
    round_, hand = playing(table, seat_id, deal_id)
    if not action.parts:
        raise GameError(
            N_("%(action)s shows nothing, so there is nothing to reveal."), action=action
        )
    if round_.conduct is not None:
        raise Conflict(NOT_BY_VOICE)
    allegiance = None
    if Part.ALLEGIANCE in action.parts:
        allegiance = shown_allegiance or hand.allegiance
        if allegiance is not hand.allegiance:
            if hand.robot is not CHEATBOT:
                raise NotAllowed(N_("Only CheatBot may show an allegiance it does not hold."))
            if not action.cheat_may_lie:
                raise NotAllowed(N_("At the end of the round even CheatBot shows the truth."))
    entry = Reveal(
        seat_id,
        table.seat(seat_id).name,
        action,
        robot=hand.robot if Part.ROBOT in action.parts else None,
        power=hand.power if Part.POWER in action.parts else None,
        allegiance=allegiance,
        at=now,
    )
    if round_.reveals and replace(round_.reveals[-1], at=now) == entry:
        return table  # the same reveal twice in a row is a double tap, not news
    return replace(table, round=round_.logged(entry))


def withdraw(table: TableState, seat_id: int, deal_id: int, now: float) -> TableState:
    """Take back this seat's last reveal, within ``WITHDRAW_SECONDS`` of it (a mis-tap).
    Everyone saw it: the board keeps it, struck through as withdrawn."""
    round_, _ = playing(table, seat_id, deal_id)
    if round_.conduct is not None:
        raise Conflict(NOT_BY_VOICE)
    mine = [i for i, r in enumerate(round_.reveals) if r.seat == seat_id]
    if not mine:
        raise Conflict(N_("You have revealed nothing this round."))
    last = mine[-1]
    until = round_.reveals[last].withdrawable_until
    if until is None:
        raise Conflict(N_("Your last reveal cannot be taken back (or already was)."))
    if now > until:
        raise Conflict(
            N_("Too late: a reveal can be taken back within %(seconds)d seconds."),
            seconds=round(WITHDRAW_SECONDS),
        )
    reveals = list(round_.reveals)
    reveals[last] = replace(reveals[last], withdrawn=True)
    if reveals[last].action is Action.ROBOT_ACTION and reveals[last].effect:
        round_ = undo_use(round_, seat_id)  # its pick, bet or swap goes with it
    return replace(table, round=replace(round_, reveals=tuple(reveals)))
