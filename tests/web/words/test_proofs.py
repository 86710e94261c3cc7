"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_proofs`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

import pytest

from evilrobots.game.errors import Conflict, NotAllowed
from evilrobots.game.table.conduct import CheatSays, Proof
from tests.game.table.test_proofs import E, G, failed  # noqa: F401
from tests.support.said import log
from tests.support.tables import Play, conduct, failed_conversion, play, turn


def test_the_target_proves_a_failure_by_its_power_or_its_allegiance():
    game = failed(("BetBot", 6, E), ("SwapBot", 4, G))
    assert game.table.view_for(2).acts.proofs == (Proof.POWER, Proof.ALLEGIANCE)
    assert game.table.view_for(1).acts.proofs == ()
    by_power = Play(game.table, game.now).prove(2, Proof.POWER)
    assert log(by_power)[-1] == "Bob · shows why it failed · power 4"
    by_allegiance = Play(game.table, game.now).prove(2, Proof.ALLEGIANCE)
    assert log(by_allegiance)[-1] == "Bob · shows it failed · Good"
    with pytest.raises(Conflict):
        by_power.prove(2, Proof.ALLEGIANCE)  # once is enough
    with pytest.raises(NotAllowed):
        game.prove(2, Proof.LOCKBOT)  # not a proof that holds


def test_lockbot_proves_a_failure_with_its_card():
    game = failed(("BetBot", 2, G), ("LockBot", 8, E))
    assert game.table.view_for(2).acts.proofs == (Proof.LOCKBOT, Proof.ALLEGIANCE)
    assert log(game.prove(2, Proof.LOCKBOT))[-1] == "Bob · shows why it failed · LockBot"


def test_plusbot_proves_by_power_with_its_card_alone():
    """Its card is never above its power, so the card alone shows the failure: "You are not
    obliged to reveal this until the end of the round"."""
    game = failed(("BetBot", 7, E), ("PlusBot", 3, G))  # 7 is not below 3 + 3
    assert log(game.prove(2, Proof.POWER))[-1] == "Bob · shows why it failed · power 3"


def test_a_cheatbot_that_says_it_failed_proves_only_with_an_allegiance():
    game = play("Ada", "Bob", ada=("BetBot", 3, E), bob=("CheatBot", 7, G)).cheat(
        2, G, CheatSays.FAILED
    )
    turn(game, 1, 3).convert(1, target=2).close()
    assert game.table.view_for(2).acts.proofs == (Proof.ALLEGIANCE,)
    assert log(game.prove(2, Proof.ALLEGIANCE))[-1] == "Bob · shows it failed · Good"
    assert game.allegiance(2) is E  # it truly worked


def test_a_failed_conversion_owes_its_proof_at_once_in_a_step_of_its_own():
    game = failed_conversion()
    proof = conduct(game).proof
    assert proof is not None and proof.seat == 2
    assert game.table.deadline == game.now + 8  # the window's time, whatever Bob holds
    assert conduct(game).busy and conduct(game).deadline is None  # the call waits for it
    assert game.table.view_for(2).acts.proofs == (Proof.POWER, Proof.ALLEGIANCE)
    assert game.table.view_for(3).acts.proofs == ()
    game.prove(2, Proof.POWER)
    assert log(game)[-1] == "Bob · shows why it failed · power 4"
    assert conduct(game).proof is None and conduct(game).deadline is not None  # the call goes on


def test_a_proof_nobody_gives_is_shown_by_the_app_and_tells_nothing_more():
    """Whatever the target holds, the app shows its allegiance: the one proof every target
    has. Showing its power whenever that proved it would leave the allegiance for the
    CheatBot that said a conversion that worked had failed, and give it away."""
    game = failed_conversion(("LockBot", 4, G))  # its power and LockBot prove it too
    assert game.table.view_for(2).acts.proofs == (Proof.POWER, Proof.LOCKBOT, Proof.ALLEGIANCE)
    game.at(game.table.deadline)
    assert log(game)[-1] == "Bob · shows it failed · Good · time ran out: shown by the app"
    assert conduct(game).proof is None
    liar = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("CheatBot", 6, G))
    liar.cheat(2, G, CheatSays.FAILED).call(3).claim(1).convert(1, target=2).close()
    liar.at(liar.table.deadline)  # it truly worked: Bob is Evil, and lied
    assert log(liar)[-1] == "Bob · shows it failed · Good · time ran out: shown by the app"


def test_a_power_proof_is_offered_only_where_the_board_can_check_it():
    """Bob, PlusBot 3 unseen in the Pass phase (6 in truth), converts Ada, 5: it fails (6 is
    not below 5). Her card, 5, is above the 3 the board shows for Bob: it would read as a
    conversion that should have worked, and tell of Bob's hidden PlusBot. She is offered her
    allegiance only."""

    game = play("Ada", "Bob", "Cy", ada=("BetBot", 5, G), bob=("PlusBot", 3, E))
    game.pass_debate(2).call(1).at(game.table.deadline)  # Bob alone in the Pass phase
    assert "Bob · shows their power for the Pass phase · power 3" in log(game)
    game.convert(2, target=1).close()
    assert conduct(game).proof.seat == 1
    assert game.table.view_for(1).acts.proofs == (Proof.ALLEGIANCE,)
    honest = failed_conversion(("BetBot", 4, G))  # 4 is not above Ada's 7, shown
    assert Proof.POWER in honest.table.view_for(2).acts.proofs


def test_plusbot_proves_a_failure_by_its_card_alone():
    game = failed_conversion(("PlusBot", 2, G))  # 5 is not below 7
    game.prove(2, Proof.POWER)
    assert log(game)[-1] == "Bob · shows why it failed · power 2"
