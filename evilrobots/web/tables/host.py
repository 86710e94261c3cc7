"""What the host does: deal, end the round, keep the score, set up the game, and look after
the seats. The game model says who may; these views only ask."""

from __future__ import annotations

from flask import Response, request
from flask_babel import gettext as _

from ...game.scoring import TARGETS
from ...game.table.kinds import (
    AbandonRound,
    AddComputer,
    CorrectScaredy,
    Deal,
    EndRound,
    KeepScore,
    MakeHost,
    NewGame,
    Remove,
    SetNpr,
    SetOpen,
    SetSettings,
    SetTarget,
    StandIn,
)
from ..forms import form_deal, form_int, form_seat
from .common import back_to_table, bp, change_by_seat


@bp.post("/t/<code>/deal")
def deal(code: str) -> Response:
    """Deal the next round; or, with ``again``, the round in play again (a mis-deal). The
    form carries the table's last deal as the page showed it (``round``, the form's word):
    sent twice, or late, it deals nothing."""
    last_deal = form_deal()
    again = request.form.get("again") == "yes"
    return change_by_seat(code, Deal(last_deal, again), back_to_table())


@bp.post("/t/<code>/remove")
def remove(code: str) -> Response:
    target = form_seat()
    return change_by_seat(code, Remove(target), back_to_table("players"))


@bp.post("/t/<code>/settings")
def set_settings(code: str) -> Response:
    """The host chooses how the next deal is run: by the app (with its timers) or by voice,
    and the time the winners have to split (a form without it keeps the table's)."""
    conducted = request.form.get("conducted", "yes") == "yes"
    debate = form_int("debate", _("Say how long the Debate lasts, in seconds."))
    pace = form_int("pace", _("Say how long each power is called for, in seconds."))
    window = form_int("window", _("Say how long a reaction window lasts, in seconds."))
    turn = form_int("turn", _("Say how long a turn lasts, in seconds."))
    split = None
    if "split" in request.form:
        split = form_int("split", _("Say how long the winners have to split, in seconds."))
    chosen = SetSettings(conducted, debate, pace, window, turn, split)
    return change_by_seat(code, chosen, back_to_table("host"))


@bp.post("/t/<code>/computer")
def add_computer(code: str) -> Response:
    """The host seats a computer player at the level chosen, between rounds."""
    return change_by_seat(
        code, AddComputer(request.form.get("level", "")), back_to_table("players")
    )


@bp.post("/t/<code>/stand-in")
def stand_in(code: str) -> Response:
    """The host hands a seat its player left this game to a computer player."""
    return change_by_seat(code, StandIn(form_seat()), back_to_table("players"))


@bp.post("/t/<code>/host")
def make_host(code: str) -> Response:
    target = form_seat()
    return change_by_seat(code, MakeHost(target), back_to_table("players"))


@bp.post("/t/<code>/open")
def set_open(code: str) -> Response:
    wanted = request.form.get("open") == "yes"
    return change_by_seat(code, SetOpen(wanted), back_to_table("host"))


@bp.post("/t/<code>/npr-rule")
def set_npr(code: str) -> Response:
    wanted = request.form.get("npr") == "yes"
    return change_by_seat(code, SetNpr(wanted), back_to_table("host"))


@bp.post("/t/<code>/end")
def end_round(code: str) -> Response:
    """The host ends the round: every card is shown, and the round is counted."""
    return change_by_seat(code, EndRound(), back_to_table())


@bp.post("/t/<code>/abandon")
def abandon_round(code: str) -> Response:
    """The host calls the round in play off before its end: nobody scores it."""
    deal = form_deal()
    return change_by_seat(code, AbandonRound(deal), back_to_table())


@bp.post("/t/<code>/scaredy")
def correct_scaredy(code: str) -> Response:
    """The host corrects ScaredyBot's bonus, for a card shown on camera only."""
    target = form_seat()
    only = request.form.get("only") == "yes"
    return change_by_seat(code, CorrectScaredy(target, only), back_to_table("tally"))


@bp.post("/t/<code>/keep")
def keep_score(code: str) -> Response:
    """The host puts the counted round on the scoreboard."""
    return change_by_seat(code, KeepScore(), back_to_table("tally"))


@bp.post("/t/<code>/target")
def set_target(code: str) -> Response:
    """The host sets the points that win the game, before its first deal."""
    target = form_int(
        "target",
        _(
            "Say how many points win the game: %(least)s to %(most)s.",
            least=TARGETS.start,
            most=TARGETS.stop - 1,
        ),
    )
    return change_by_seat(code, SetTarget(target), back_to_table("host"))


@bp.post("/t/<code>/new-game")
def new_game(code: str) -> Response:
    """The host starts a new game with the same seats, every score at zero."""
    last_deal = form_deal()  # as the page showed it: a form sent twice starts one new game
    return change_by_seat(code, NewGame(last_deal), back_to_table())
