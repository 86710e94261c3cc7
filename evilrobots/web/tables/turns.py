"""A conducted round from the phones: passing in the Debate, "I act" when a power is called,
the turn (convert a player, convert yourself, pass), reactions, proving a failed conversion,
and CheatBot's choices. The host starts the Countdown. The game decides who may; each view
only reads the form and asks."""

from __future__ import annotations

from flask import Response, abort, request
from flask_babel import gettext as _

from ...game.table.conduct import CheatSays, Proof
from ...game.table.kinds import (
    ChooseCheat,
    ChooseFirst,
    Claim,
    Convert,
    NoReaction,
    PassDebate,
    PassTurn,
    Promote,
    Prove,
    React,
    StartCountdown,
)
from ..forms import form_allegiance, form_deal, form_int
from .common import back_to_table, bp, change_by_seat, with_hand


@bp.post("/t/<code>/pass-debate")
def pass_debate(code: str) -> Response:
    """Pass in the Debate: the board says so, and nothing else."""
    deal = form_deal()
    return change_by_seat(code, PassDebate(deal), back_to_table())


@bp.post("/t/<code>/countdown")
def start_countdown(code: str) -> Response:
    """The host ends the Debate: the Countdown begins."""
    deal = form_deal()
    return change_by_seat(code, StartCountdown(deal), back_to_table())


@bp.post("/t/<code>/act")
def act(code: str) -> Response:
    """I act at the power called (FreeBot may show its power too)."""
    deal = form_deal()
    with_power = request.form.get("power") == "yes"
    return change_by_seat(code, Claim(deal, with_power), back_to_table())


@bp.post("/t/<code>/promote")
def promote(code: str) -> Response:
    """Let a player tied with you go next."""
    deal, other = form_deal(), form_int("seat", _("Say which player goes next."))
    return change_by_seat(code, Promote(deal, other), back_to_table())


@bp.post("/t/<code>/pass")
def pass_turn(code: str) -> Response:
    """Pass as your turn."""
    deal = form_deal()
    return change_by_seat(code, PassTurn(deal), back_to_table())


@bp.post("/t/<code>/convert")
def convert(code: str) -> Response:
    """On your turn: convert another player (``target``), or yourself (``allegiance``)."""
    deal = form_deal()
    if "target" in request.form:
        target = form_int("target", _("Say which player you convert."))
        return change_by_seat(code, Convert(deal, target=target), with_hand)
    allegiance = form_allegiance()
    return change_by_seat(code, Convert(deal, allegiance=allegiance), with_hand)


@bp.post("/t/<code>/react")
def react(code: str) -> Response:
    """Play your reaction on the open window (BlockBot: make it fail, or turn it)."""
    deal = form_deal()
    on_instigator = request.form.get("turn") == "yes"  # the form's word: BlockBot's "turn it"
    return change_by_seat(code, React(deal, on_instigator), back_to_table())


@bp.post("/t/<code>/no-reaction")
def no_reaction(code: str) -> Response:
    deal = form_deal()
    return change_by_seat(code, NoReaction(deal), back_to_table())


@bp.post("/t/<code>/prove")
def prove(code: str) -> Response:
    """Show why a conversion of you failed."""
    deal = form_deal()
    try:
        proof = Proof(request.form.get("proof", ""))
    except ValueError:
        abort(400, description=_("Say what you show: your power, LockBot, or your allegiance."))
    return change_by_seat(code, Prove(deal, proof), back_to_table())


@bp.post("/t/<code>/cheat")
def cheat(code: str) -> Response:
    """CheatBot's choices, on its own phone: the allegiance it shows, and its story when
    someone converts it. Nothing of this reaches anyone else."""
    deal = form_deal()
    raw = request.form.get("shows", "")
    shows = None if raw in ("", "truth") else form_allegiance("shows")
    try:
        story = CheatSays(request.form.get("story", "truth"))
    except ValueError:
        abort(400, description=_("Say what the board tells when you are converted."))
    return change_by_seat(code, ChooseCheat(deal, shows, story), with_hand)


@bp.post("/t/<code>/passbot")
def passbot(code: str) -> Response:
    """PassBot's choice, on its own phone: act first in the Pass phase, or at its power's
    place. Nothing of this reaches anyone else."""
    deal = form_deal()
    first = request.form.get("first", "yes") != "no"
    return change_by_seat(code, ChooseFirst(deal, first), with_hand)
