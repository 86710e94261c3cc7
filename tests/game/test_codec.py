"""Hands and tables kept as JSON, and anything else refused."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import ROBOTS, Allegiance, Coin, PowerCard
from evilrobots.game.codec import dump_hand, load_hand, load_table, table_state
from evilrobots.game.codec.story import unpacked
from evilrobots.game.deal import Deal
from evilrobots.game.hand import Hand
from tests.support.cards import known
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


# ---- Kept as JSON ----------------------------------------------------------------------------


def test_a_table_survives_the_round_trip_through_json(three):
    table = (
        three.reveal(2, 1, Action.CONVERT_OTHER)
        .choose(1, 1, Allegiance.EVIL)
        .offer_move(3, "t", 10.0)
        .set_npr(1, True)
        .deal(1, random.Random(2), again=True)
        .convert_npr(1, 2, Allegiance.GOOD)
        .reveal(1, 2, Action.END_OF_ROUND)
        .leave(3)  # mid-round: the round remembers who left
    )
    assert table.round.departed == ("Cy",)
    assert unpacked(load_table(table_state(table))) == unpacked(table)


@pytest.mark.parametrize("state", [{}, {"v": 2}, {"v": 1, "code": "X"}, []])
def test_anything_else_is_not_a_table(state):
    with pytest.raises(ValueError):
        load_table(state)


def test_everything_survives_the_round_trip_through_json(table):
    table = known(table, 6, bob=("NegativeBot", 3, E), cy=("CopyBot", 2, E))
    table = table.set_npr(1, True)
    table = table.use_robot(2, 1, "NegativeBot", target=1).use_robot(3, 1, "NegativeBot", target=2)
    ended = table.end_round(1)
    two_winners = known(
        seated("Ada", "Bob", "Cy").deal(1, random.Random(2)),
        6,
        ada=("SumoBot", 4, G),
        bob=("LockBot", 3, E),
        cy=("PushBot", 2, E),
    ).end_round(1)
    proposed = two_winners.propose_split(2, {2: 3, 3: 3})
    kept = proposed.answer_split(3, False).keep_score(1).deal(1, random.Random(9))
    for one in (table, ended, proposed, kept):
        assert unpacked(load_table(table_state(one))) == unpacked(one)


# ---- A hand, as the applet's cookie keeps it --------------------------------------------------


@pytest.fixture
def hand() -> Hand:
    return Hand.from_deal(Deal(ROBOTS[2], PowerCard(6), (Coin.HEADS, Coin.TAILS)))


def test_dump_and_load_round_trip_every_shape_of_hand(hand):
    rng = random.Random(5)
    shapes = [
        hand,
        hand.hide(Part.ROBOT).hide(Part.ALLEGIANCE),
        hand.choose(Allegiance.EVIL),
        hand.draw_points(rng).hide(Part.POWER),
        hand.randomise(rng),
        replace(hand, deal_id=0xDEADBEEF),
        replace(hand, deal_id=2**32 - 1),
    ]
    for shape in shapes:
        assert load_hand(dump_hand(shape)) == shape
    assert dump_hand(replace(hand, deal_id=0xDEADBEEF))["n"] == 0xDEADBEEF


@pytest.mark.parametrize(
    "state",
    [
        None,
        [],
        "hand",
        {},
        {"v": 2, "r": 0, "p": 3, "a": "g", "h": ""},
        {"v": 1, "r": 18, "p": 3, "a": "g", "h": ""},
        {"v": 1, "r": -1, "p": 3, "a": "g", "h": ""},
        {"v": 1, "r": True, "p": 3, "a": "g", "h": ""},
        {"v": 1, "r": 0, "p": 10, "a": "g", "h": ""},
        {"v": 1, "r": 0, "p": "3", "a": "g", "h": ""},
        {"v": 1, "r": 0, "p": 3, "a": "x", "h": ""},
        {"v": 1, "r": 0, "p": 3, "a": ["g"], "h": ""},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "z"},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": 5},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "f": "HX"},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "f": "TT"},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "x": 0},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "n": -1},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "n": 2**32},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "n": "1"},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "n": True},
        {"v": 1, "r": 0, "p": 3, "a": "g", "h": "", "n": 1.0},
    ],
)
def test_load_refuses_anything_that_is_not_a_hand(state):
    with pytest.raises(ValueError):
        load_hand(state)


# ---- Hands read once per process -------------------------------------------------------------


def test_a_hand_read_before_does_not_let_a_wrong_type_through(three):
    """Each process keeps the hands it has read from tables' documents; a document whose hand
    says ``true`` where it had ``1`` is still refused, not taken for the hand it resembles."""
    table = three.deal(1, random.Random(3), again=True)
    for field, value in (("p", 1), ("r", 1), ("r", 0)):
        state = table_state(table)
        state["round"]["hands"][0][1][field] = value
        read = load_table(state)  # read once: kept
        assert load_table(state) == read
        state["round"]["hands"][0][1][field] = bool(value)
        with pytest.raises(ValueError):
            load_table(state)
    state = table_state(table)
    state["round"]["hands"][0][1]["p"] = [1]  # not a plain value
    with pytest.raises(ValueError):
        load_table(state)
    assert unpacked(load_table(table_state(table))) == unpacked(table)


def test_a_hand_written_twice_is_written_the_same_and_apart(three):
    """Written once per process, each document still gets a dict of its own."""
    table = three.deal(1, random.Random(3), again=True)
    first, second = table_state(table), table_state(table)
    assert first == second
    first["round"]["hands"][0][1]["p"] = 99
    assert table_state(table) == second


def test_a_table_stored_before_the_log_kept_facts_loads_with_its_words(three):
    """A table written while the log was English: its lines load as they were said, a
    conversion's lead among them, and its board language as English."""
    from evilrobots.game.table.facts import Fact, What

    table = three.reveal(2, 1, Action.CONVERT_OTHER, now=1.0)
    state = table_state(table)
    state["round"]["reveals"][0]["l"] = "converts Ada"  # as the old build stored it
    state["round"]["reveals"][0]["e"] = "copies BetBot: bets on Good"
    del state["lang"]
    loaded = load_table(state)
    reveal = loaded.round.reveals[0]
    assert reveal.lead == Fact(What.SAID, "converts Ada")
    assert reveal.effect == Fact(What.SAID, "copies BetBot: bets on Good")
    assert loaded.language == "en"
    assert table_state(load_table(table_state(loaded))) == table_state(loaded)


def test_every_fact_survives_the_round_trip():
    from evilrobots.game.codec.log import fact_state, load_fact
    from evilrobots.game.table.facts import Fact, What

    nested = Fact(
        What.COPIES,
        robot=ROBOTS[1],
        then=Fact(What.SWAPS, "Cy", ROBOTS[2], Allegiance.GOOD, 7, 3),
    )
    assert load_fact(fact_state(nested)) == nested
    for what in What:
        assert load_fact(fact_state(Fact(what, "Bob", allegiance=Allegiance.EVIL))).what is what


def test_every_kind_of_move_is_kept_as_json_and_read_back_the_same():
    """A computer seat's planned move is kept in its table: every move of every kind, with
    every choice (an action, a proof, the parts hidden, the shares), survives JSON."""
    import json

    from evilrobots.game.codec.moves import load_move, move_state
    from evilrobots.game.table import Table
    from evilrobots.game.table import kinds as k
    from tests.support.agreement import every_move

    table = Table.start("CODEC234", "Ada", "secret")
    found = every_move(table) | {
        k.Arrange(3, frozenset(Part), Allegiance.EVIL),
        k.ProposeSplit(((1, 3), (2, 2)), 1),
        k.SetSettings(True, 60, 5, 8, 60, None),
        k.Join("Bob", "secret"),
        k.TakeLink("token", "secret"),
        k.OfferLink("token", 5.5),
        k.Speak("fr"),
    }
    every_kind = {
        kind
        for kind in vars(k).values()
        if isinstance(kind, type) and issubclass(kind, k.Move) and kind is not k.Move
    }
    assert {type(move) for move in found} == every_kind
    for move in found:
        kept = json.loads(json.dumps(move_state(move)))
        assert load_move(kept) == move, move
    with pytest.raises(ValueError):
        load_move({"k": "Table"})
