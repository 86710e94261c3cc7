"""Playing a round from a seat: hiding and showing cards, the allegiance, reveals to the
table, the robot actions that change the count, and the winners' split at the end."""

from __future__ import annotations

from flask import Response, abort, request
from flask_babel import gettext as _

from ...game.errors import GameError
from ...game.messages import N_
from ...game.table import Table
from ...game.table.kinds import (
    AnswerSplit,
    Arrange,
    ChooseAllegiance,
    ConvertNpr,
    Hide,
    ProposeSplit,
    RevealAction,
    Show,
    UseRobot,
    Withdraw,
)
from ..errors import say, status_of
from ..forms import (
    form_allegiance,
    form_deal,
    form_hidden_parts,
    form_int,
    form_part,
    load_action,
    wants_json,
)
from .common import (
    back_to_table,
    bp,
    change_by_seat,
    code_from_url,
    load_seat,
    load_table,
    with_hand,
)
from .seat import seat_page


def current_deal(table: Table) -> int | None:
    return table.round.deal_id if table.round else None


@bp.post("/t/<code>/hide")
def hide(code: str) -> Response:
    part = form_part()
    return change_by_seat(code, lambda t: Hide(form_deal(current_deal(t)), part), with_hand)


@bp.post("/t/<code>/show")
def show(code: str) -> Response:
    part = form_part()
    return change_by_seat(code, lambda t: Show(form_deal(current_deal(t)), part), with_hand)


@bp.post("/t/<code>/allegiance")
def choose_allegiance(code: str) -> Response:
    allegiance, deal = form_allegiance(), form_deal()
    return change_by_seat(code, ChooseAllegiance(deal, allegiance), with_hand)


@bp.post("/t/<code>/sync")
def sync(code: str) -> Response:
    """The whole arrangement the phone shows (what is hidden, and, by voice, the allegiance),
    as in the applet."""
    hidden, deal = form_hidden_parts(), form_deal()
    allegiance = form_allegiance() if "allegiance" in request.form else None
    return change_by_seat(code, Arrange(deal, hidden, allegiance), with_hand)


@bp.post("/t/<code>/npr")
def convert_npr(code: str) -> Response:
    """Convert the non-player robot."""
    allegiance, deal = form_allegiance(), form_deal()
    return change_by_seat(code, ConvertNpr(deal, allegiance), back_to_table("npr"))


@bp.post("/t/<code>/reveal")
def reveal(code: str) -> Response:
    """Reveal to the table exactly what an action shows, with the values the server holds."""
    code = code_from_url(code)
    action = load_action(request.form.get("action", ""))
    deal = form_deal()
    shown = form_allegiance("shown") if request.form.get("shown") else None
    return change_by_seat(code, RevealAction(deal, action, shown), back_to_table("reveals"))


@bp.post("/t/<code>/withdraw")
def withdraw(code: str) -> Response:
    """Take back this seat's last reveal, within seconds of it (a mis-tap)."""
    code = code_from_url(code)
    deal = form_deal()
    return change_by_seat(code, Withdraw(deal), back_to_table("reveals"))


@bp.post("/t/<code>/robot")
def use_robot(code: str) -> Response:
    """Use NegativeBot, SwapBot or BetBot (or CopyBot's copy of one) from the robot's phone."""
    deal = form_deal()
    robot = request.form.get("robot", "")
    target = form_int("target", _("Pick a player.")) if "target" in request.form else None
    team = form_allegiance("bet") if "bet" in request.form else None  # BetBot's bet
    if "allegiance" in request.form:  # PushBot's: the allegiance it forces
        team = form_allegiance()
    return change_by_seat(
        code,
        UseRobot(deal, robot, target, team),
        with_hand,
    )


@bp.post("/t/<code>/split")
def propose_split(code: str) -> Response:
    """A winner proposes how the winners share the round's value. A split the rules refuse
    comes back on the seat's page, the numbers as typed, with the reason beside them."""
    code = code_from_url(code)
    table = load_table(code)
    seat = load_seat(table)
    try:
        shares = {}
        for field in request.form:
            if field.startswith("share-"):
                try:
                    seat_id = int(field.removeprefix("share-"))
                    shares[seat_id] = int(request.form[field].strip())
                except ValueError:
                    raise GameError(N_("Each share is a whole number of points.")) from None
        seen = form_int("proposal", _("That form is missing its proposal. Reload the page."))
        return change_by_seat(
            code, ProposeSplit(tuple(shares.items()), seen), back_to_table("tally")
        )
    except GameError as refused:
        if status_of(refused) != 400 or wants_json():
            raise
        typed = {k: v for k, v in request.form.items() if k.startswith("share-")}
        return seat_page(table, seat, 400, split_problem=say(refused), split_typed=typed)


@bp.post("/t/<code>/answer")
def answer_split(code: str) -> Response:
    """Another winner agrees or disagrees with the proposed split."""
    agree = request.form.get("agree")
    if agree not in ("yes", "no"):
        abort(400, description=_("Answer Agree or Disagree."))
    proposal = form_int("proposal", _("That form is missing its proposal. Reload the page."))
    return change_by_seat(
        code,
        AnswerSplit(agree == "yes", proposal),
        back_to_table("tally"),
    )
