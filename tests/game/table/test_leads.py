"""Every phone knows its next move (issue 25), in the model: windows nobody can use close at
once, the notes each phone shows, what is due on a phone, and the take-backs by voice."""

from __future__ import annotations

import random

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.game.table.facts import CHANGED
from evilrobots.web.facts import detail, entry, note
from tests.support.cards import known
from tests.support.tables import Play, conducted, seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def play(*names: str, **cards) -> Play:
    return Play(conducted(*names, **cards))


def test_a_window_nobody_left_may_answer_closes_at_once():
    """Bob has had his turn: when Ada converts him, nobody is left to react (public), so the
    window does not run its time."""
    game = play("Ada", "Bob", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(8).claim(2).robot(2, "BetBot", bet=G)  # his turn, taken
    game.call(3).claim(1).convert(1, target=2)
    assert game.table.round.conduct.chain is None
    assert game.allegiance(2) is E and game.log()[-1] == "Bob · is converted · Evil"


def test_a_window_someone_may_answer_runs_its_time_whatever_is_dealt():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).convert(1, target=2)
    assert game.table.round.conduct.chain.deadline == game.now + 8


def test_the_converter_is_told_it_may_not_react_to_its_own_conversion():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).convert(1, target=2)
    assert "you may not react" in note(game.table.view_for(1).standing)
    assert game.table.view_for(2).acts.due and not game.table.view_for(1).acts.due


def test_a_pushbot_window_says_it_is_a_push():
    game = play("Ada", "Bob", "Cy", ada=("PushBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).robot(1, "PushBot", target=2, bet=N)
    assert "Ada pushes Bob to Neutral" in detail(game.table.view_for(None).happening)


def test_copybot_with_nothing_to_copy_is_told_why_it_has_no_robot_button():
    game = play("Ada", "Bob", ada=("CopyBot", 4, E)).call(4).claim(1)
    view = game.table.view_for(1)
    assert view.acts.turn and view.acts.robots == () and game.table.robot_actions(1) == ()
    assert "CopyBot has nothing to copy yet" in note(view.standing)


def test_the_pass_phase_turn_offers_no_self_conversion_in_its_words():
    game = play("Ada", "Bob", bob=("BetBot", 2, E))
    game.pass_debate(2).call(1).at(game.table.deadline)
    assert "convert themselves" not in detail(game.table.view_for(None).happening)


def voiced(**cards):
    return known(seated("Ada", "Bob", "Cy").deal(1, random.Random(4)), 6, **cards)


def test_by_voice_taps_on_the_allegiance_in_a_row_are_said_once():
    table = voiced(bob=("LockBot", 3, G)).choose(2, 1, E).choose(2, 1, N).choose(2, 1, E)
    assert [entry(r) for r in table.round.reveals] == ["Bob · changed allegiance"]
    table = table.reveal(1, 1, Action.PROVE_POWER, now=1.0).choose(2, 1, G)
    assert [r.lead for r in table.round.reveals].count(CHANGED) == 2


def test_by_voice_a_taken_back_reveal_stands_no_more_on_the_seat():
    table = voiced(bob=("LockBot", 3, G)).reveal(2, 1, Action.CONVERT_SELF, now=1.0)
    assert table.shown_by(2).allegiance is G
    withdrawn = table.withdraw(2, 1, now=2.0)
    assert withdrawn.shown_by(2).allegiance is None and withdrawn.shown_by(2).power is None


def test_by_voice_a_robot_action_is_taken_back_with_its_effect():
    table = voiced(ada=("SwapBot", 3, G), bob=("NegativeBot", 4, E))
    swapped = table.use_robot(1, 1, "SwapBot", now=1.0)
    assert swapped.round.points.value == 3
    back = swapped.withdraw(1, 1, now=2.0)
    assert back.round.points.value == 6 and back.round.hand_of(1).power.value == 3
    assert back.round.uses == () and back.robot_actions(1)  # free to use it again
    picked = table.use_robot(2, 1, "NegativeBot", target=3, now=1.0).withdraw(2, 1, now=2.0)
    assert picked.round.uses == () and picked.round.reveals[-1].withdrawn
