"""What is happening now at a conducted table (the same for everyone), and what one seat may
do about it (its own phone only).

``happening`` is public: the phase, the power called, whose turn it is, a reaction window and
who it waits for, each with its deadline. It is drawn from what the rules make public, never
from a seat's secrets (a call it let pass, CheatBot's truth, why a conversion failed).
``choices`` is one seat's: what its phone offers now, from its own cards and the public state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import BLOCKBOT, CHEATBOT, COPYBOT, FREEBOT, PASSBOT, Allegiance, Robot
from .conduct import Conduct, Kind, Proof, Stage, Story
from .conversions import proofs_for
from .robots import TURN_ACTIONS
from .round import NPR_NAME, NPR_SEAT, Round
from .seats import can_act_at, hand_of, level_name, level_of, locked, reactions_for, to_answer
from .steps import first_in_pass_phase, tied


@dataclass(frozen=True, slots=True)
class Happening:
    """What the board and every phone say is going on."""

    stage: Stage
    headline: str  # "Power 7 is called", "Ada's turn at 7", "Reactions to Ada"
    detail: str  # one sentence more, in a player's words
    deadline: float | None = None  # when the timer shown runs out (None: no timer now)
    paused: float | None = None  # the call's time left while a turn or a window holds it
    level: int = 0
    waiting: tuple[str, ...] = ()  # the players a reaction window waits for


@dataclass(frozen=True, slots=True)
class Choices:
    """What one seat's phone offers it now. Anything it may not do is simply absent."""

    pass_debate: bool = False
    start_countdown: bool = False  # the host, in the Debate
    claim: str = ""  # the level it may act at now ("7", "9 or more"), or ""
    claim_with_power: bool = False  # FreeBot may show its power too, or not
    turn: bool = False  # its turn: convert, convert itself, its robot's action, or pass
    targets: tuple[tuple[int, str], ...] = ()  # whom it may convert
    convert_self: bool = False
    promote: tuple[tuple[int, str], ...] = ()  # tied seats it may let go next
    reactions: tuple[Robot, ...] = ()
    block_turns: bool = False  # BlockBot may turn the conversion on its instigator
    no_reaction: bool = False  # its No reaction is awaited
    proofs: tuple[Proof, ...] = ()  # it may show why a conversion of it failed
    cheat: bool = False  # it holds CheatBot: it chooses what it shows
    shows: Allegiance | None = None
    story: Story = Story.TRUTH
    passbot: bool = False  # it holds PassBot and may still choose whether it acts first
    first: bool = True  # PassBot's choice: first in the Pass phase, or at its power's place
    note: str = ""  # what its phone says of its own place in the round

    @property
    def due(self) -> bool:
        """Whether this phone has a move to make now (its call, its turn, its proof, its
        answer to a window, the order of a tie): the phone says so, and may vibrate."""
        return bool(
            self.claim
            or self.turn
            or self.proofs
            or self.promote
            or self.no_reaction
            or self.reactions
        )


def happening(round_: Round, names: dict[int, str]) -> Happening | None:
    """What is going on in a conducted round in play, for everyone; None for a round called
    by voice, and for a round over (its count says the rest)."""
    conduct = round_.conduct
    if conduct is None or not round_.in_play:
        return None

    def name(seat: int | None) -> str:
        return NPR_NAME if seat == NPR_SEAT else names.get(seat or -1, "?")

    chain = conduct.chain
    if chain is not None:
        waiting = tuple(name(seat) for seat in to_answer(conduct, round_))
        if chain.kind is Kind.SELF:
            what = f"{name(chain.by)} converts themselves"
        elif chain.kind is Kind.PUSH:
            what = f"{name(chain.by)} pushes {name(chain.target)} to {chain.allegiance.label}"
        else:
            what = f"{name(chain.by)} converts {name(chain.target)}"
        to = name(chain.by)
        if chain.reactions:
            last = chain.reactions[-1]
            what += f"; {name(last.seat)} plays {last.robot.name}"
            to = last.robot.name
        return Happening(
            conduct.stage,
            f"Reactions to {to}",
            f"{what}. Play a reaction if you hold one, or tap No reaction.",
            deadline=chain.deadline,
            paused=conduct.left if conduct.stage is Stage.COUNTDOWN else None,
            level=conduct.level,
            waiting=waiting,
        )
    if conduct.stage is Stage.DEBATE:
        passed = ", ".join(name(seat) for seat in conduct.passed)
        return Happening(
            Stage.DEBATE,
            "Talk, promise, lie",
            "Show nothing yet. Anyone may pass now." + (f" Passed: {passed}." if passed else ""),
            deadline=conduct.deadline,
        )
    held = conduct.left if conduct.stage is Stage.COUNTDOWN else None
    if conduct.proof is not None:
        target = name(conduct.proof.seat)
        return Happening(
            conduct.stage,
            f"{target} proves it failed",
            f"{name(conduct.proof.by)}'s conversion of {target} failed: {target} shows why "
            "now, or the app shows it when the time runs out.",
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
        )
    if conduct.ordering is not None:
        who = name(conduct.ordering)
        waiting = " and ".join(name(seat) for seat in tied(conduct, round_))
        return Happening(
            conduct.stage,
            f"{who} chooses who goes next",
            f"{waiting} tie for the next turn: {who} lets one of them go first, or they go "
            "in order when the time runs out.",
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
        )
    if conduct.turn is not None:
        where = (
            f"at {level_name(conduct.level)}"
            if conduct.stage is Stage.COUNTDOWN
            else "in the Pass phase"
        )
        may = (
            "convert a player, convert themselves, use their robot, or pass"
            if conduct.stage is Stage.COUNTDOWN
            else "convert a player, use their robot, or pass"
        )
        return Happening(
            conduct.stage,
            f"{name(conduct.turn)}'s turn {where}",
            f"{name(conduct.turn)} acts {where}: {may}. When the time runs out, they pass.",
            deadline=conduct.until,
            paused=held,
            level=conduct.level,
        )
    if conduct.stage is Stage.COUNTDOWN:
        return Happening(
            Stage.COUNTDOWN,
            f"Power {level_name(conduct.level)} is called",
            "If it is your power, tap I act. Every power is called for the same time.",
            deadline=conduct.deadline,
            level=conduct.level,
        )
    if conduct.stage is Stage.PASS:
        return Happening(Stage.PASS, "The players who passed act in turn", "")
    return Happening(
        Stage.DONE,
        "The host ends the round",
        "Every card is then shown, and the round is counted.",
    )


def choices(round_: Round, names: dict[int, str], seat: int, host: bool) -> Choices:
    """What this seat's phone offers it now, from its own cards and what everyone knows."""
    conduct = round_.conduct
    hand = round_.hand_of(seat)
    if conduct is None or not round_.in_play:
        return Choices()
    if hand is None:  # joined mid-round: only the host's own control
        return Choices(start_countdown=host and conduct.stage is Stage.DEBATE)
    cheat = hand.robot is CHEATBOT
    own = {
        "cheat": cheat,
        "shows": conduct.cheat_of(seat).shows if cheat else None,
        "story": conduct.cheat_of(seat).story if cheat else Story.TRUTH,
        "passbot": hand.robot is PASSBOT and conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN),
        "first": first_in_pass_phase(conduct, round_, seat) or hand.robot is not PASSBOT,
        "note": _note(conduct, round_, seat),
    }
    if conduct.proof is not None and conduct.proof.seat == seat:
        own["note"] = "Your conversion failed: show the table why, now."
        return Choices(proofs=proofs_for(round_, conduct, seat), **own)
    if conduct.ordering == seat:
        waiting = tuple((other, names.get(other, "?")) for other in tied(conduct, round_))
        own["note"] = "You tie-break: choose who goes next."
        return Choices(promote=waiting, **own)
    if conduct.chain is not None:
        robots = reactions_for(conduct, round_, seat)
        if seat in to_answer(conduct, round_):
            own["note"] = ""  # the window's own words say what to do
        elif seat == conduct.chain.by and not conduct.chain.reactions:
            own["note"] = "Your conversion: you may not react to it. The others answer now."
        else:
            own["note"] = "You have had your turn or reacted: this window does not wait for you."
        return Choices(
            reactions=robots,
            block_turns=BLOCKBOT in robots and conduct.chain.kind is not Kind.SELF,
            no_reaction=seat in to_answer(conduct, round_),
            **own,
        )
    if conduct.stage is Stage.DEBATE:
        return Choices(pass_debate=seat not in conduct.passed, start_countdown=host, **own)
    if conduct.turn == seat:
        others = tuple((other, names.get(other, "?")) for other, _ in round_.hands if other != seat)
        if round_.npr is not None:
            others += ((NPR_SEAT, NPR_NAME),)
        convert_self = conduct.stage is Stage.COUNTDOWN and not locked(round_, seat)
        own["note"] = "Your turn: convert a player, " + (
            "yourself, use your robot, or pass." if convert_self else "use your robot, or pass."
        )
        if hand.robot is COPYBOT and not any(use.robot in TURN_ACTIONS for use in round_.uses):
            own["note"] = (
                "Your turn: convert a player"
                + (", yourself" if convert_self else "")
                + ", or pass. CopyBot has nothing to copy yet: no robot has acted this round."
            )
        return Choices(turn=True, targets=others, convert_self=convert_self, **own)
    claim = ""
    if conduct.stage is Stage.COUNTDOWN:
        if can_act_at(conduct, round_, seat, conduct.level):
            claim = level_name(conduct.level)
    if claim and hand.robot is not FREEBOT:
        own["note"] = "Your power is called: tap I act now, or your turn goes by."
    return Choices(claim=claim, claim_with_power=bool(claim) and hand.robot is FREEBOT, **own)


def _note(conduct: Conduct, round_: Round, seat: int) -> str:
    """Where this seat stands in the round, for its own phone only."""
    hand = hand_of(round_, seat)
    if seat in conduct.missed:
        return "Your power was called and went by: you have no turn this round."
    if seat in conduct.reacted:
        return "You reacted: that was your turn this round."
    if seat in conduct.sat_out:
        return "You sit out the Pass phase: yours was the lowest power."
    if seat in conduct.passed and conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN):
        return "You passed: your turn comes in the Pass phase."
    if seat in conduct.acted:
        return "You have had your turn this round."
    if seat in conduct.queue:
        return "You are next in line: your turn comes when the one before is done."
    if conduct.stage in (Stage.DEBATE, Stage.COUNTDOWN) and conduct.turn != seat:
        if hand.robot is FREEBOT:
            return "FreeBot: you may act at any power. Tap I act when you choose."
        return f"Your turn comes when Power {level_name(level_of(hand))} is called."
    return ""
