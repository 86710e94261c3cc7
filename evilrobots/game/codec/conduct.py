"""A conducted round's state inside the table's document (``codec``): its settings, its
phase and deadlines, who has passed, acted, reacted or missed a call, the conversion being
settled with its reactions, and what waits for a proof or CheatBot's choice."""

from __future__ import annotations

from typing import Any

from ..cards import ROBOT_INDEX, ROBOTS, Allegiance
from ..table.conduct import (
    Cheat,
    CheatSays,
    Conduct,
    Conversion,
    ConversionKind,
    Outcome,
    Pending,
    Phase,
    Reaction,
)
from ..table.limits import SPLIT_SECONDS
from ..table.settings import Settings


def settings_state(settings: Settings) -> list[Any]:
    state = [
        settings.conducted,
        settings.debate,
        settings.pace,
        settings.window,
        settings.turn_seconds,
    ]
    # The split's time, only when the host chose another than the default: every table's
    # document stays as it was until then.
    return state if settings.split == SPLIT_SECONDS else [*state, settings.split]


def load_settings(state: list[Any] | None) -> Settings:
    if state is None:
        return Settings()
    # (no turn timer before its clock came, no split's before its own)
    conducted, debate, pace, window, *later = state
    return Settings(bool(conducted), debate, pace, window, *later)


def _value(member: Any) -> Any:
    return None if member is None else member.value


def conduct_state(conduct: Conduct | None) -> dict[str, Any] | None:
    if conduct is None:
        return None
    chain = conduct.chain
    proof = conduct.proof
    return {
        "s": settings_state(conduct.settings),
        "st": conduct.phase.value,
        "dl": conduct.deadline,
        "lf": conduct.held,
        "lv": conduct.level,
        "pa": conduct.passed,
        "ac": conduct.acted,
        "re": conduct.reacted,
        "mi": conduct.missed,
        "q": conduct.queue,
        "t": conduct.turn,
        "ch": conduct.chooser,
        "cv": None
        if chain is None
        else {
            "k": chain.kind.value,
            "by": chain.by,
            "to": chain.target,
            "a": chain.allegiance.value,
            "told": chain.told.value,
            "truth": chain.truth.value,
            "rx": [
                [r.seat, ROBOT_INDEX[r.robot], r.outcome.value, _value(r.allegiance)]
                for r in chain.reactions
            ],
            "ans": chain.answered,
            "dl": chain.deadline,
            **({"sh": chain.shows.value} if chain.shows else {}),
        },
        "g": conduct.gandalf,
        "so": conduct.sat_out,
        "pf": None
        if conduct.proof is None
        else [proof.seat, proof.by, proof.kind.value, proof.before.value],
        "od": conduct.ordering,
        "un": conduct.until,
        "la": conduct.last,
        "cb": [[c.seat, _value(c.shows), c.story.value] for c in conduct.cheats],
        "pw": conduct.waits,
        **({"ro": conduct.ran_out} if conduct.ran_out else {}),
    }


def _seats(values: Any) -> tuple[int, ...]:
    return tuple(int(seat) for seat in values)


def load_conduct(state: dict[str, Any] | None) -> Conduct | None:
    if state is None:
        return None
    chain = state["cv"]
    return Conduct(
        settings=load_settings(state["s"]),
        phase=Phase(state["st"]),
        deadline=state["dl"],
        held=state["lf"],
        level=state["lv"],
        passed=_seats(state["pa"]),
        acted=_seats(state["ac"]),
        reacted=_seats(state["re"]),
        missed=_seats(state["mi"]),
        queue=_seats(state["q"]),
        turn=state["t"],
        chooser=state["ch"],
        chain=None
        if chain is None
        else Conversion(
            ConversionKind(chain["k"]),
            chain["by"],
            chain["to"],
            Allegiance(chain["a"]),
            Outcome(chain["told"]),
            Outcome(chain["truth"]),
            tuple(
                Reaction(seat, ROBOTS[robot], Outcome(outcome), Allegiance(a) if a else None)
                for seat, robot, outcome, a in chain["rx"]
            ),
            _seats(chain["ans"]),
            chain["dl"],
            Allegiance(chain["sh"]) if chain.get("sh") else None,
        ),
        gandalf=bool(state["g"]),
        sat_out=_seats(state["so"]),
        # A round written before proofs had their own step ("pr") owes none now.
        proof=_pending(state.get("pf")),
        ordering=state.get("od"),
        # A turn under way in a round written before turns had a clock is due at once.
        until=state.get("un", 0.0 if state["t"] is not None else None),
        last=state.get("la"),
        cheats=tuple(
            Cheat(seat, Allegiance(shows) if shows else None, CheatSays(story))
            for seat, shows, story in state["cb"]
        ),
        waits=_seats(state.get("pw", ())),
        ran_out=_seats(state.get("ro", ())),
    )


def _pending(state: list[Any] | None) -> Pending | None:
    if state is None:
        return None
    seat, by, kind, before = state
    return Pending(seat, by, ConversionKind(kind), Allegiance(before))
