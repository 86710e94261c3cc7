"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_voice`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.story import unpacked
from evilrobots.game.errors import Conflict, RoundOver
from evilrobots.game.table.facts import CHANGED
from evilrobots.web.facts import entry
from evilrobots.web.words import label
from tests.game.table.test_voice import E, G, N  # noqa: F401
from tests.support.tables import seated, voiced


def test_by_voice_a_change_of_allegiance_is_said_without_its_value():
    table = voiced(bob=("LockBot", 3, G)).choose(2, 1, E)
    assert [entry(r) for r in table.round.reveals] == ["Bob · changed allegiance"]
    assert table.round.reveals[-1].allegiance is None
    assert table.shown_by(2).allegiance is None
    assert table.choose(2, 1, E).round.reveals == table.round.reveals  # no change, no news


def test_by_voice_converting_the_non_player_robot_is_said_with_who_did_it():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(4))
    table = table.convert_npr(2, 1, E)
    assert table.round.npr is E
    assert [entry(r) for r in table.round.reveals] == [
        "Bob · converts the non-player robot to Evil"
    ]


def test_a_reveal_reads_like_a_sentence(three):
    hand = three.round.hand_of(1)
    (reveal,) = three.reveal(1, 1, Action.CONVERT_OTHER).round.reveals
    assert entry(reveal) == (
        f"Ada · converts a player · power {hand.power.value} · {label(hand.allegiance)}"
    )


def test_a_mis_tapped_reveal_is_taken_back_within_ten_seconds_and_stays_struck_through(three):
    deal = three.round.deal_id
    shown = three.reveal(2, deal, Action.PROVE_POWER, now=100.0)
    with pytest.raises(Conflict, match="revealed nothing"):
        shown.withdraw(1, deal, 101.0)  # Ada revealed nothing: she cannot take Bob's back
    with pytest.raises(Conflict, match="Too late"):
        shown.withdraw(2, deal, 110.5)
    taken = shown.withdraw(2, deal, 110.0)
    (reveal,) = taken.round.reveals
    assert reveal.withdrawn and entry(reveal) == entry(shown.round.reveals[0])  # everyone saw it
    assert reveal.withdrawable_until is None
    with pytest.raises(Conflict, match="cannot be taken back"):
        taken.withdraw(2, deal, 101.0)  # once
    assert unpacked(load_table(table_state(taken))) == unpacked(taken)  # kept through a restart
    again = shown.reveal(2, deal, Action.PROVE_POWER, now=101.0)
    assert again is shown  # a double tap is the same reveal, whenever it lands
    with pytest.raises(RoundOver):
        shown.end_round(1).withdraw(2, deal, 101.0)


def test_by_voice_taps_on_the_allegiance_in_a_row_are_said_once():
    table = voiced(bob=("LockBot", 3, G)).choose(2, 1, E).choose(2, 1, N).choose(2, 1, E)
    assert [entry(r) for r in table.round.reveals] == ["Bob · changed allegiance"]
    table = table.reveal(1, 1, Action.PROVE_POWER, now=1.0).choose(2, 1, G)
    assert [r.lead for r in table.round.reveals].count(CHANGED) == 2
