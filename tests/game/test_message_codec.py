"""What the game said, kept in the table's document as facts: a kept round's split is stored
as its message id and its facts, and a document stored before (the split in English words)
still loads, said as it was."""

from __future__ import annotations

import json
import random

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.messages import load_message, message_state
from evilrobots.game.messages import N_, Message
from tests.support.cards import known
from tests.support.tables import seated

G, E = Allegiance.GOOD, Allegiance.EVIL


def kept_after_a_disagreement():
    two_winners = known(
        seated("Ada", "Bob", "Cy").deal(1, random.Random(2)),
        6,
        ada=("SumoBot", 4, G),
        bob=("LockBot", 3, E),
        cy=("PushBot", 2, E),
    ).end_round(1)
    return two_winners.propose_split(2, {2: 3, 3: 3}).answer_split(3, False).keep_score(1)


def test_a_kept_split_is_stored_as_its_message_and_facts():
    table = kept_after_a_disagreement()
    (counted,) = table.game.rounds
    assert str(counted.split) == "Cy disagreed: each winner gets 1 point."
    state = json.loads(json.dumps(table_state(table)))
    assert state["game"]["rounds"][0]["split"] == {
        "text": "%(names)s disagreed: each winner gets %(points)d point.",
        "params": {"names": ["Cy"], "points": 1},
    }
    assert load_table(state) == table


def test_a_table_stored_with_the_split_in_words_still_loads():
    table = kept_after_a_disagreement()
    state = json.loads(json.dumps(table_state(table)))
    state["game"]["rounds"][0]["split"] = "Cy disagreed: each winner gets 1 point."
    (counted,) = load_table(state).game.rounds
    assert counted.split == Message("Cy disagreed: each winner gets 1 point.")
    assert str(counted.split) == "Cy disagreed: each winner gets 1 point."
    state["game"]["rounds"][0]["split"] = ""  # nobody scored: nothing was said
    assert load_table(state).game.rounds[0].split is None
    del state["game"]["rounds"][0]["split"]
    assert load_table(state).game.rounds[0].split is None


@pytest.mark.parametrize(
    "message",
    [
        Message.of(N_("%(name)s alone takes %(value)d."), name="Ada", value=4),
        Message.of(N_("Agreed: %(shares)s."), shares=(("Bob", 2), ("Cy", 2))),
        Message.of(N_("Every player is %(team)s: nobody scores this round."), team=E),
        Message.of(
            N_("%(action)s shows nothing, so there is nothing to reveal."), action=Action.DEBATE
        ),
        Message.of(N_("Your robot cannot use %(robot)s's action now."), robot=ROBOTS[3]),
        Message.of(N_("Power %(level)d is called, and it is not yours."), level=PowerCard(7)),
        Message(N_("Evil won")),
    ],
)
def test_each_kind_of_fact_survives_the_round_trip_through_json(message):
    state = json.loads(json.dumps(message_state(message)))
    assert load_message(state) == message


@pytest.mark.parametrize(
    "state", [{"text": 3}, {"params": {}}, {"text": "x", "params": {"a": {"zz": 1}}}, [1]]
)
def test_anything_else_is_not_a_message(state):
    with pytest.raises((KeyError, TypeError, ValueError)):
        load_message(state)
