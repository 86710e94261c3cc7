import random
from dataclasses import replace

import pytest

from evilrobots.cards import ROBOTS, Allegiance, Coin, PowerCard
from evilrobots.deal import Deal
from evilrobots.hand import (
    ALL_PARTS,
    NOTHING,
    Action,
    Hand,
    Part,
    actions_by_phase,
    dump,
    load,
)

R, P, A = Part.ROBOT, Part.POWER, Part.ALLEGIANCE
H, T = Coin.HEADS, Coin.TAILS


@pytest.fixture
def hand() -> Hand:
    return Hand.from_deal(Deal(ROBOTS[2], PowerCard(6), (H, T)))


def test_a_new_hand_shows_everything_and_takes_its_flips(hand):
    assert hand.hidden == NOTHING
    assert hand.allegiance is Allegiance.NEUTRAL
    assert hand.flips == (H, T)
    assert hand.points is None


@pytest.mark.parametrize("part", list(Part))
def test_hide_and_show_each_card(hand, part):
    hidden = hand.hide(part)
    assert hidden.is_hidden(part)
    assert hidden.hidden == {part}
    assert hidden.hide(part) == hidden
    assert hidden.show(part) == hand


@pytest.mark.parametrize("allegiance", [Allegiance.GOOD, Allegiance.EVIL])
def test_choosing_another_allegiance_forgets_the_flips(hand, allegiance):
    chosen = hand.choose(allegiance)
    assert chosen.allegiance is allegiance
    assert chosen.flips is None
    assert (chosen.robot, chosen.power) == (hand.robot, hand.power)


def test_choosing_the_same_allegiance_keeps_the_flips(hand):
    assert hand.choose(Allegiance.NEUTRAL) == hand


def test_randomise_flips_twice_and_follows_the_coins(hand):
    seen = set()
    for seed in range(60):
        new = hand.hide(P).randomise(random.Random(seed))
        assert new.flips is not None
        assert new.allegiance is Allegiance.from_flips(*new.flips)
        assert new.hidden == {P}
        seen.add(new.allegiance)
    assert seen == set(Allegiance)


def test_points_card_is_drawn_once_per_round(hand):
    drawn = hand.draw_points(random.Random(1))
    assert drawn.points is not None
    assert drawn.draw_points(random.Random(2)).points == drawn.points


EXPECTED_REVEALS = [
    (Action.DEBATE, NOTHING),
    (Action.PROVE_POWER, {P}),
    (Action.ROBOT_ACTION, {R, P}),
    (Action.CONVERT_OTHER, {P, A}),
    (Action.CONVERT_SELF, {P, A}),
    (Action.PASS_TURN, {P}),
    (Action.REACTION, {R}),
    (Action.CONVERTED, {A}),
    (Action.RESISTED_BY_POWER, {P}),
    (Action.RESISTED_BY_ROBOT, {R}),
    (Action.PASS_PHASE, {P}),
    (Action.END_OF_ROUND, ALL_PARTS),
]


@pytest.mark.parametrize(("action", "shown"), EXPECTED_REVEALS)
def test_each_action_reveals_exactly_what_the_rules_require(hand, action, shown):
    assert hand.hide(R).reveal_for(action) == shown


def test_every_action_has_a_reveal_test():
    assert {action for action, _ in EXPECTED_REVEALS} == set(Action)


# The phases of a round in the order they happen, each with its actions in order.
ROUND_ORDER = [
    ("The Debate phase", ["Debate"]),
    (
        "Your turn in the Countdown",
        [
            "Prove your power",
            "Use your robot's action",
            "Convert another player",
            "Convert yourself",
            "Pass",
        ],
    ),
    ("Reactions", ["Use a reaction"]),
    (
        "You are the target of a conversion",
        [
            "It worked: show your new allegiance",
            "It failed: prove it with your power",
            "It failed: prove it with your robot",
        ],
    ),
    ("The Pass phase", ["Show your power in the Pass phase"]),
    ("The end of the round", ["End of the round"]),
]


def test_actions_are_grouped_in_the_order_a_round_runs():
    groups = actions_by_phase()
    assert [phase.heading for phase, _ in groups] == [heading for heading, _ in ROUND_ORDER]
    assert [
        (phase.heading, [action.label for action in actions]) for phase, actions in groups
    ] == ROUND_ORDER


def test_action_slugs_are_unique_and_round_trip():
    assert len({a.slug for a in Action}) == len(Action)
    for action in Action:
        assert Action.from_slug(action.slug) is action
    with pytest.raises(KeyError):
        Action.from_slug("dance")


def test_dump_and_load_round_trip_every_shape_of_hand(hand):
    rng = random.Random(5)
    shapes = [
        hand,
        hand.hide(R).hide(A),
        hand.choose(Allegiance.EVIL),
        hand.draw_points(rng).hide(P),
        hand.randomise(rng),
        replace(hand, round_id=0xDEADBEEF),
        replace(hand, round_id=2**32 - 1),
    ]
    for shape in shapes:
        assert load(dump(shape)) == shape
    assert dump(replace(hand, round_id=0xDEADBEEF))["n"] == 0xDEADBEEF


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
        load(state)
