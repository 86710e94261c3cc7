"""The actions of a round: the occasion each belongs to, and what each makes a player show.

What an action shows is checked against the rules' "When must you reveal things?", said as
rules (anything done at your level proves your power, a conversion shows the allegiance, a
reaction shows only its robot, ...), not as a copy of the table the code holds.
"""

from __future__ import annotations

import pytest

from evilrobots.game.actions import ALL_PARTS, NOTHING, Action, Occasion, Part

R, P, A = Part.ROBOT, Part.POWER, Part.ALLEGIANCE


def test_the_debate_reveals_nothing():
    assert Action.DEBATE.shows == NOTHING


def test_everything_done_on_your_turn_in_the_countdown_proves_your_power():
    turn = [action for action in Action if action.occasion is Occasion.COUNTDOWN]
    assert len(turn) == 5
    assert all(P in action.shows for action in turn)


def test_a_conversion_shows_the_allegiance_and_nothing_else_shows_it_before_the_end():
    converting = {Action.CONVERT_OTHER, Action.CONVERT_SELF, Action.CONVERTED}
    for action in Action:
        if action is not Action.END_OF_ROUND:
            assert (A in action.shows) == (action in converting), action


def test_the_robot_is_shown_to_use_it_and_only_then():
    using = {Action.ROBOT_ACTION, Action.REACTION, Action.RESISTED_BY_ROBOT}
    for action in Action:
        if action is not Action.END_OF_ROUND:
            assert (R in action.shows) == (action in using), action


def test_a_reaction_shows_only_its_robot_and_a_failed_conversion_only_its_proof():
    assert Action.REACTION.shows == {R}
    assert Action.RESISTED_BY_POWER.shows == {P}
    assert Action.RESISTED_BY_ROBOT.shows == {R}
    assert Action.CONVERTED.shows == {A}


def test_passing_shows_only_the_power_and_the_end_of_the_round_shows_everything():
    assert Action.PASS_TURN.shows == Action.PASS_PHASE.shows == {P}
    assert Action.END_OF_ROUND.shows == ALL_PARTS


def test_what_a_player_shows_does_not_depend_on_what_they_hide():
    from evilrobots.game.cards import ROBOTS, Coin, PowerCard
    from evilrobots.game.deal import Deal
    from evilrobots.game.hand import Hand

    hand = Hand.from_deal(Deal(ROBOTS[2], PowerCard(6), (Coin.HEADS, Coin.TAILS)))
    for action in Action:
        assert hand.hide(R).hide(P).reveal_for(action) == hand.reveal_for(action) == action.shows


def test_cheatbot_may_show_another_allegiance_whenever_one_is_shown_but_at_the_end():
    lies = {action for action in Action if action.cheat_may_lie}
    assert lies == {a for a in Action if A in a.shows} - {Action.END_OF_ROUND}
    assert Action.CONVERT_OTHER in lies and Action.END_OF_ROUND not in lies


# The occasions of a round in the order they come, each with its actions in order.
ROUND_ORDER = [
    ("The Debate phase", ["Debate"]),
    (
        "Your turn",
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


def test_action_slugs_are_unique_and_round_trip():
    assert len({a.slug for a in Action}) == len(Action)
    for action in Action:
        assert Action.from_slug(action.slug) is action
    with pytest.raises(KeyError):
        Action.from_slug("dance")
