"""The proof of a conversion that failed (``proofs``, ``outcomes.proofs_for``): at once, in a
step of its own, only what the board can check, the same time whatever the target holds,
shown by the app when nobody gives it, never later.
"""

from __future__ import annotations

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict
from evilrobots.game.table.conduct import Proof
from tests.support.tables import Play, conduct, failed_conversion, play, turn

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def failed(ada, bob) -> Play:
    return turn(play("Ada", "Bob", ada=ada, bob=bob), 1, ada[1]).convert(1, target=2).close()


def test_the_proofs_time_is_the_same_whatever_the_target_holds():
    games = [
        failed_conversion(t) for t in (("BetBot", 4, G), ("LockBot", 9, G), ("CheatBot", 2, N))
    ]
    assert all(conduct(game).proof is not None for game in games)
    assert {game.table.deadline - game.now for game in games} == {8.0}


def test_a_proof_can_never_be_given_later():
    game = failed_conversion()
    game.at(game.table.deadline)  # the step is over: the app showed it
    with pytest.raises(Conflict, match="no failed conversion of yours to prove now"):
        game.prove(2, Proof.ALLEGIANCE)


def test_a_stale_proof_cannot_show_an_allegiance_the_target_no_longer_holds():
    """Bob's conversion of Ada fails; Cy converts her later. Ada cannot then "prove" the old
    failure with her old allegiance: the board never shows her Good while she is Evil."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        ada=("BetBot", 5, G),
        bob=("SwapBot", 8, E),
        cy=("PushBot", 2, E),
    )
    game.call(8).claim(2).convert(2, target=1).close()  # 8 is not lower than 5: it fails
    assert conduct(game).proof.seat == 1
    game.at(game.table.deadline)  # Ada gives no proof: the app shows her power
    game.call(2).claim(3).convert(3, target=1).close()  # 2 is lower than 5: Ada is Evil
    assert game.allegiance(1) is E
    with pytest.raises(Conflict):
        game.prove(1, Proof.ALLEGIANCE)
    assert game.table.shown_by(1).allegiance is E


def test_a_seat_owing_its_proof_cannot_say_i_act_before_giving_it():
    """Ada's 5 does not convert Bob's 5 (not lower): Bob owes his proof, and his phone offers
    only that, though 5 is called and is his power. Said by hand, I act is refused in words,
    and nothing changes; once he has proved, he may act."""
    game = play("Ada", "Bob", ada=("BetBot", 5, G), bob=("LockBot", 5, E))
    game.call(5).claim(1).convert(1, target=2).close()
    assert conduct(game).proof.seat == 2
    offered = game.table.acts(2)
    assert offered.proofs and not offered.claim
    before = game.table
    with pytest.raises(Conflict, match="Your proof comes first"):
        game.claim(2)
    assert game.table == before
    game.prove(2, Proof.POWER)
    assert game.table.acts(2).claim == 5
    game.claim(2)
    assert conduct(game).turn == 2
