"""Conversions settled by the server, and the reactions that answer them, hand-worked
(``conversions``, ``outcomes``): every robot that changes a conversion, the rules' FAQ
chain, CheatBot's stories, and each refusal.

Tables are dealt at 0 (a 60 s Debate, 5 s a power, 8 s a reaction window) and played with
``Play``, whose clock moves a second a step.
"""

from __future__ import annotations

import random

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, GameError, NotAllowed
from evilrobots.game.table import NPR_SEAT
from evilrobots.game.table.conduct import Outcome
from tests.support.cards import known
from tests.support.tables import Play, conduct, play, seated, turn

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


@pytest.mark.parametrize(
    ("ada", "bob", "outcome"),
    [
        (("PlusBot", 3, E), ("BetBot", 5, G), Outcome.FAILED),  # 3 + 3 = 6 is not below 5
        (("BetBot", 3, E), ("PlusBot", 1, G), Outcome.WORKED),  # 3 is below 1 + 3 = 4
        (("SumoBot", 8, E), ("BetBot", 2, G), Outcome.WORKED),  # SumoBot: always
        (("SumoBot", 8, E), ("LockBot", 2, G), Outcome.FAILED),  # never against LockBot
        (("BetBot", 1, E), ("LockBot", 9, G), Outcome.FAILED),  # LockBot, Good: any power
        (("BetBot", 1, E), ("LockBot", 9, N), Outcome.WORKED),  # LockBot, Neutral: no lock
    ],
)
def test_plusbot_sumobot_and_lockbot_change_what_a_conversion_comes_to(ada, bob, outcome):
    level = min(9, ada[1] + (3 if ada[0] == "PlusBot" else 0))
    game = turn(play("Ada", "Bob", ada=ada, bob=bob), 1, level).convert(1, target=2)
    assert conduct(game).chain.told is conduct(game).chain.truth is outcome


def test_lockbot_once_converted_from_neutral_is_locked():
    game = turn(play("Ada", "Bob", ada=("BetBot", 1, E), bob=("LockBot", 9, N)), 1, 1)
    game.convert(1, target=2).close()
    assert game.allegiance(2) is E
    from evilrobots.game.table.hands import locked

    assert locked(game.table.round, 2)


def test_a_failed_conversion_of_the_non_player_robot_asks_no_proof():
    table = seated("Ada", "Bob", conducted=True).set_npr(1, True).deal(1, random.Random(4), 0.0)
    game = turn(Play(known(table, ada=("BetBot", 6, E))), 1, 6).convert(1, target=NPR_SEAT)
    game.close()
    assert game.table.round.npr is N and game.table.round.conduct.proof is None


def test_a_conversion_is_made_on_your_turn_only():
    game = play("Ada", "Bob", ada=("BetBot", 4, E), bob=("SwapBot", 6, G)).call(4)
    with pytest.raises(NotAllowed, match="not your turn"):
        game.convert(1, target=2)
    game.claim(1)
    with pytest.raises(GameError, match="convert yourself"):
        game.convert(1, target=1)
    with pytest.raises(GameError, match="dealt"):
        game.convert(1, target=7)
    with pytest.raises(Conflict, match="choose no other"):
        game.table.convert(1, 1, game.now, target=2, allegiance=G)


@pytest.fixture
def window() -> Play:
    """Di (SwapBot 2) converts Ada (SumoBot 7): it works. Bob holds BlockBot, Cy ForceBot,
    Ed DoOverBot (Evil); Ed's power, 1, is still to be called."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        "Ed",
        ada=("SumoBot", 7, G),
        bob=("BlockBot", 4, N),
        cy=("ForceBot", 5, G),
        di=("SwapBot", 2, E),
        ed=("DoOverBot", 1, E),
    )
    return turn(game, 4, 2).convert(4, target=1)


def test_forcebot_answers_only_a_failure(window):
    assert window.table.view_for(3).acts.reactions == ()
    with pytest.raises(NotAllowed):
        window.react(3)


def test_a_later_reaction_defeats_the_one_it_answers(window):
    window.react(2)  # BlockBot: it fails
    window.react(5)  # DoOverBot: Ada takes Ed's allegiance after all
    assert window.close().allegiance(1) is E


def test_a_blocked_self_conversion_is_saved_by_an_ally_not_by_ones_own_reaction():
    game = play(
        "Ada", "Bob", "Cy", ada=("ForceBot", 4, E), bob=("BlockBot", 3, N), cy=("ForceBot", 2, G)
    )
    turn(game, 1, 4).convert(1, allegiance=G)
    assert game.table.view_for(2).acts.block_turns is False  # a self-conversion: fail only
    game.react(2)
    with pytest.raises(Conflict, match="taken your turn"):
        game.react(1)  # Ada chose her action for the turn: she cannot also react
    ally = Play(known(game.table, cy=("ForceBot", 2, G)), game.now)
    ally.react(3)  # nobody is left who may answer it: the window closes at once
    assert ally.table.round.conduct.chain is None and ally.allegiance(1) is G


def test_a_seat_that_took_its_turn_cannot_react():
    game = play(
        "Ada", "Bob", "Cy", ada=("BlockBot", 8, G), bob=("SwapBot", 3, E), cy=("BetBot", 7, N)
    )
    turn(game, 1, 8).convert(1, allegiance=E).close()  # Ada's turn: converting herself
    turn(game, 2, 3).convert(2, target=3)
    assert game.table.view_for(1).acts.reactions == ()
    with pytest.raises(Conflict):
        game.react(1)


def test_no_seat_reacts_twice(window):
    window.react(2)
    with pytest.raises(Conflict, match="used your reaction"):
        window.react(2)


def test_a_window_lasts_its_full_time_whether_or_not_anyone_holds_a_reaction():
    game = turn(play("Ada", "Bob", "Cy", ada=("SwapBot", 2, E), bob=("BetBot", 7, G)), 1, 2)
    game.convert(1, target=2)
    opened = game.now
    assert game.table.tick(opened + 7.9).round.conduct.chain is not None
    assert game.table.tick(opened + 8.0).round.conduct.chain is None


def test_the_window_closes_once_every_seat_has_said_no_reaction(window):
    for seat in (1, 2, 3):
        window.no_reaction(seat)
        assert conduct(window).chain is not None
    assert window.table.view_for(None).happening.waiting == ("Ed",)
    window.no_reaction(5)  # Di converted: it was her turn, the window does not wait for her
    assert conduct(window).chain is None and window.allegiance(1) is E


def test_a_stale_window_is_refused_and_changes_nothing(window):
    late = Play(window.table, window.now).at(window.now + 100)
    before = late.table
    with pytest.raises(Conflict, match="no conversion"):
        late.react(2)
    with pytest.raises(Conflict, match="no reaction window"):
        late.no_reaction(2)
    assert late.table is before
    with pytest.raises(Conflict):  # a request that arrives after the window's deadline
        window.table.react(2, 1, window.now + 100)


def test_lockbot_cannot_convert_itself_away_from_good_or_evil():
    game = play("Ada", "Bob", ada=("LockBot", 4, G)).call(4).claim(1)
    assert game.table.view_for(1).acts.convert_self is False
    with pytest.raises(NotAllowed, match="LockBot"):
        game.convert(1, allegiance=E)
    neutral = play("Ada", "Bob", ada=("LockBot", 4, N)).call(4).claim(1)
    assert neutral.table.view_for(1).acts.convert_self is True
    assert neutral.convert(1, allegiance=E).close().allegiance(1) is E


def test_a_window_someone_may_answer_runs_its_time_whatever_is_dealt():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(3).claim(1).convert(1, target=2)
    assert game.table.round.conduct.chain.deadline == game.now + 8
