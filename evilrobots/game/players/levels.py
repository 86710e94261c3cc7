"""The three levels, each a function of the seat's own view, its legal moves and the dice
(``timing.dice``) to one of those moves, or None (let the moment pass):

- ``beginner``: a legal move of the round at random, never leaving a reaction window, a proof
  or the winners' split unanswered (as Board Game Arena's first level).
- ``player``: reads the teams from what was shown and said (``reading``), converts itself or
  another towards the side it expects to win, uses its robot when that helps, claims its call
  only with something worth doing, reacts when a conversion would cost it the round, and
  answers a split fairly.
- ``sharp``: weighs each turn over many tables its view may stand for (the cards it has not
  seen drawn again and again: ``reading.sampled``), so that it counts as the count does (a
  tie to Neutral, nobody scoring when every player is on one side, the value shared by the
  winners); bluffs with CheatBot; and plays the split for the game: it proposes a split that
  gives it what even shares leave over (each other winner a fair share), and refuses one
  that would hand another player the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from .reading import Reading, favourite, read, sampled
from .weighing import (
    PLAYER,
    SHARP,
    Style,
    best_turn_gain,
    converted,
    kind,
    option,
    outcome,
    utility,
)

# The moves a computer player makes: a round's, its own private choices, and the split's.
PLAYS = frozenset(
    {
        "PassDebate",
        "Claim",
        "Promote",
        "PassTurn",
        "Convert",
        "React",
        "NoReaction",
        "Prove",
        "ChooseCheat",
        "UseRobot",
        "ProposeSplit",
        "AnswerSplit",
    }
)
# What must be answered: a window, a proof, a tie's order, the split.
OWED = frozenset({"NoReaction", "Prove", "Promote", "ProposeSplit", "AnswerSplit"})


def playable(legal: Sequence[Any]) -> list[Any]:
    return [m for m in legal if kind(m) in PLAYS]


def beginner(view: Any, legal: Sequence[Any], rng: Random) -> Any:
    moves = [m for m in playable(legal) if kind(m) != "ChooseCheat"]
    owed = [m for m in moves if kind(m) in OWED]
    if owed:  # a window is answered by a reaction or not, at random
        answers = owed + [m for m in moves if kind(m) == "React"]
        return rng.choice(answers)
    if not moves:
        return None
    if any(kind(m) == "PassDebate" for m in moves) and rng.random() < 0.7:
        return None  # the Debate: most often it listens
    return rng.choice(moves)


def player(view: Any, legal: Sequence[Any], rng: Random) -> Any:
    return _play(view, legal, rng, PLAYER)


def sharp(view: Any, legal: Sequence[Any], rng: Random) -> Any:
    return _play(view, legal, rng, SHARP)


def _play(view: Any, legal: Sequence[Any], rng: Random, style: Style) -> Any:
    moves = playable(legal)
    if not moves or view.hand is None and not view.ended:
        return None
    by = {k: [m for m in moves if kind(m) == k] for k in {kind(m) for m in moves}}
    if "AnswerSplit" in by:
        return _answer(view, by["AnswerSplit"], style)
    if "ProposeSplit" in by:
        if style.greedy_split:  # the rest of the even shares to itself: a fair share each
            return max(by["ProposeSplit"], key=lambda m: dict(m.shares).get(view.you.id, 0))
        return by["ProposeSplit"][0]
    if view.hand is None:
        return None
    reading = read(view)
    if style.samples:
        reading = sampled(reading, rng, style.samples)
    if "Prove" in by:
        return _prove(view, by["Prove"])
    if "Promote" in by:
        return rng.choice(by["Promote"])
    if "NoReaction" in by or "React" in by:
        return _react(view, reading, by, style)
    if "PassTurn" in by:
        return _turn(view, reading, moves, style)
    if "Claim" in by:
        gain = best_turn_gain(view, reading, style)
        return by["Claim"][0] if gain > style.worth else None
    return None


def _turn(view: Any, reading: Reading, moves: list[Any], style: Style) -> Any:
    turns = [m for m in moves if kind(m) in ("PassTurn", "Convert", "UseRobot")]
    scored = sorted(
        ((outcome(view, reading, option(m), style), i, m) for i, m in enumerate(turns)),
        key=lambda x: (-x[0], x[1]),
    )
    best = scored[0][2]
    if style.bluffs and kind(best) == "Convert" and best.target is not None:
        bluff = _bluff(view, reading, moves)
        if bluff is not None:
            return bluff
    return best


def _bluff(view: Any, reading: Reading, moves: list[Any]) -> Any:
    """CheatBot converting another: it shows the side it expects to win, whatever it is."""
    wanted = favourite(reading)
    if view.hand.allegiance is wanted or view.standing.shows is wanted:
        return None
    return next(
        (m for m in moves if kind(m) == "ChooseCheat" and m.shows is wanted and _truthful(m)),
        None,
    )


def _truthful(move: Any) -> bool:
    return move.story.value == "truth"


def _react(view: Any, reading: Reading, by: dict[str, list[Any]], style: Style) -> Any:
    """A reaction when the conversion in the window would cost the seat the round."""
    happening = view.happening
    answer = by.get("NoReaction", [None])[0]
    reacts = [m for m in by.get("React", []) if not m.on_instigator]
    if not reacts or happening is None or happening.whom_at is None:
        return answer
    robot = view.hand.robot.name
    target = happening.whom_at
    told = happening.allegiance
    if told is None or target not in {s.seat for s in reading.seats}:
        return answer
    worked = utility(view, converted(reading, target, told), style)
    stays = utility(view, reading, style)
    if robot == "DoOverBot":
        mine = reading.of(reading.me).allegiance
        gain = utility(view, converted(reading, target, mine), style) - max(worked, stays)
    elif robot == "ForceBot":
        gain = worked - stays
    else:  # BlockBot: it fails
        gain = stays - worked
    return reacts[0] if gain > style.reaction_margin else answer


def _prove(view: Any, proofs: list[Any]) -> Any:
    """The proof that shows least: ScaredyBot's power, if it may."""
    if view.hand.robot.name == "ScaredyBot":
        return next((m for m in proofs if m.proof.value == "power"), proofs[0])
    return proofs[0]


def _answer(view: Any, answers: list[Any], style: Style) -> Any:
    """Agree to a fair split (its share no less than an even one); ``sharp`` refuses one
    that hands another player the game."""
    agree = next(m for m in answers if m.agree)
    refuse = next(m for m in answers if not m.agree)
    proposal, tally = view.proposal, view.tally
    if proposal is None or tally is None:
        return agree
    shares = dict(proposal.shares)
    me = view.you.id
    fair = tally.value // max(len(tally.winners), 1)
    if shares.get(me, 0) < fair:
        return refuse
    if style.plays_for_game:
        scores = {s.seat: s.points for s in view.scores}
        mine = scores.get(me, 0) + shares.get(me, 0)
        for seat, share in shares.items():
            if seat != me and scores.get(seat, 0) + share >= view.target and mine < view.target:
                if scores.get(seat, 0) + 1 < view.target:
                    return refuse
    return agree
