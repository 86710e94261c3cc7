"""A round called by voice (``voice``): allegiances set by hand and said without their value,
verified reveals (CheatBot's allowed lie), one taken back within seconds, the non-player
robot converted; and what a seat hides, its own in any round.
"""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.game.table.facts import CHANGED
from tests.support.cards import known
from tests.support.tables import conducted, play, seated, voiced

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_no_seat_sets_its_own_allegiance_in_a_conducted_round():
    """One mode at a time: the allegiance controls and the phone's sync with another
    allegiance are refused (and change nothing); a sync without one sets what it hides."""
    table = conducted("Ada", "Bob", ada=("BetBot", 3, G))
    with pytest.raises(Conflict, match="changes only through"):
        table.choose(1, 1, E)
    with pytest.raises(Conflict, match="changes only through"):
        table.arrange(1, 1, frozenset({Part.ROBOT}), E)
    assert table.arrange(1, 1, frozenset({Part.ROBOT}), G).round.reveals == ()
    synced = table.arrange(1, 1, frozenset({Part.ROBOT}))
    assert synced.round.hand_of(1).allegiance is G and synced.round.hand_of(1).hidden == {
        Part.ROBOT
    }
    assert synced.round.reveals == ()


def test_a_phones_own_hide_and_show_changes_no_one_elses_view():
    table = conducted("Ada", "Bob", "Cy")
    hidden = table.hide(1, 1, Part.POWER).hide(1, 1, Part.ROBOT).show(1, 1, Part.ROBOT)
    for viewer in (None, 2, 3):
        assert hidden.view_for(viewer) == table.view_for(viewer)
    assert table.arrange(1, 1, frozenset(), table.round.hand_of(1).allegiance) == table


def test_the_non_player_robot_is_converted_on_a_turn_not_from_a_button():
    table = seated("Ada", "Bob", conducted=True).set_npr(1, True).deal(1, random.Random(4), 0.0)
    with pytest.raises(Conflict, match="on a turn"):
        table.convert_npr(1, 1, E)


def test_by_voice_a_staged_reveal_shows_on_the_board():
    """Toggle, reveal, toggle back: once a free toggle, now every step is on the board."""
    table = voiced(bob=("LockBot", 3, G))
    staged = table.choose(2, 1, E).reveal(2, 1, Action.CONVERT_OTHER).choose(2, 1, G)
    assert [r.lead for r in staged.round.reveals] == [CHANGED, None, CHANGED]


@pytest.mark.parametrize("robot", ["NegativeBot", "SwapBot", "BetBot"])
@pytest.mark.parametrize(
    "turn", [Action.CONVERT_OTHER, Action.CONVERT_SELF, Action.PASS_TURN, Action.REACTION]
)
def test_by_voice_a_robot_action_is_refused_once_the_seat_took_its_turn(robot, turn):
    table = voiced(ada=(robot, 3, G)).reveal(1, 1, turn)
    assert table.robot_actions(1) == ()
    with pytest.raises(Conflict, match="taken your turn"):
        table.use_robot(1, 1, robot, target=2, team=E)


def test_by_voice_the_robots_action_itself_may_follow_its_reveal():
    table = voiced(ada=("SwapBot", 3, G)).reveal(1, 1, Action.ROBOT_ACTION)
    assert table.use_robot(1, 1, "SwapBot").round.points.value == 3


def test_any_player_converts_the_non_player_robot():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(1))
    table = table.convert_npr(2, 1, Allegiance.EVIL)
    assert table.view_for(None).npr.allegiance is Allegiance.EVIL
    with pytest.raises(Conflict):
        seated("Ada", "Bob").deal(1, random.Random(1)).convert_npr(2, 1, Allegiance.EVIL)


def test_the_allegiance_a_player_sets_is_their_true_allegiance(three):
    table = three.choose(2, 1, Allegiance.EVIL).hide(2, 1, Part.ROBOT)
    hand = table.round.hand_of(2)
    assert hand.allegiance is Allegiance.EVIL and hand.hidden == {Part.ROBOT}


def test_changes_for_a_round_that_is_over_are_refused(three):
    later = three.deal(1, random.Random(5), again=True)
    for change in [
        lambda t: t.hide(2, 1, Part.POWER),
        lambda t: t.choose(2, 1, Allegiance.EVIL),
        lambda t: t.reveal(2, 1, Action.PROVE_POWER),
    ]:
        with pytest.raises(RoundOver):
            change(later)


@pytest.mark.parametrize("action", [a for a in Action if a.parts], ids=lambda a: a.slug)
def test_a_reveal_holds_exactly_what_the_action_shows_from_the_server_hand(three, action):
    hand = three.round.hand_of(2)
    (reveal,) = three.reveal(2, 1, action).round.reveals
    assert reveal.robot == (hand.robot if Part.ROBOT in action.parts else None)
    assert reveal.power == (hand.power if Part.POWER in action.parts else None)
    assert reveal.allegiance == (hand.allegiance if Part.ALLEGIANCE in action.parts else None)


def test_an_action_that_shows_nothing_reveals_nothing(three):
    with pytest.raises(GameError, match="shows nothing"):
        three.reveal(2, 1, Action.DEBATE)


def test_only_cheatbot_may_show_an_allegiance_it_does_not_hold(three):
    hand = three.round.hand_of(2)
    other = next(a for a in Allegiance if a is not hand.allegiance)
    for robot in ("LockBot", "SwapBot", "PlusBot"):  # any robot but CheatBot
        honest = known(three, bob=robot)
        with pytest.raises(NotAllowed, match="Only CheatBot"):
            honest.reveal(2, 1, Action.CONVERT_OTHER, other)
    cheat = known(three, bob="CheatBot")
    (reveal,) = cheat.reveal(2, 1, Action.CONVERT_OTHER, other).round.reveals
    assert reveal.allegiance is other
    assert cheat.round.hand_of(2).allegiance is hand.allegiance  # the truth is untouched
    with pytest.raises(NotAllowed, match="truth"):
        cheat.reveal(2, 1, Action.END_OF_ROUND, other)


def test_a_false_reveal_is_indistinguishable_from_a_true_one(three):
    """CheatBot showing Evil and an Evil player showing Evil leave the same record and view."""
    cheat = known(three, bob={"robot": "CheatBot", "allegiance": Allegiance.GOOD, "flips": None})
    honest = known(three, bob={"robot": "CheatBot", "allegiance": Allegiance.EVIL, "flips": None})
    false = cheat.reveal(2, 1, Action.CONVERT_SELF, Allegiance.EVIL)
    true = honest.reveal(2, 1, Action.CONVERT_SELF)
    assert false.round.reveals == true.round.reveals
    for viewer in (None, 1, 3):
        assert false.view_for(viewer) == true.view_for(viewer)


def test_an_act_that_changed_the_round_cannot_be_taken_back(three):
    table = known(three, 6, bob=("NegativeBot", 3, Allegiance.EVIL))
    used = table.use_robot(2, table.round.deal_id, "NegativeBot", target=1)
    with pytest.raises(Conflict, match="cannot be taken back"):
        used.withdraw(2, table.round.deal_id, 0.0)


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


@pytest.mark.parametrize(
    "action", [Action.CONVERTED, Action.CONVERT_OTHER, Action.PROVE_POWER, Action.END_OF_ROUND]
)
def test_a_conducted_round_takes_no_reveal_by_voice(action):
    game = play("Ada", "Bob", ada=("CheatBot", 4, G)).call(4)
    with pytest.raises(Conflict, match="The app runs this round"):
        game.table.reveal(1, 1, action, Allegiance.EVIL, game.now)
    with pytest.raises(Conflict, match="The app runs this round"):
        game.table.withdraw(1, 1, game.now)


def test_by_voice_being_converted_is_not_a_turn():
    """A player converted by someone else (the phone's allegiance) keeps its robot's action
    for its own turn; a reveal that is a turn ends it."""
    table = seated("Ada", "Bob", "Cy").deal(1, random.Random(4))
    table = known(table, ada=("NegativeBot", 3, G)).choose(1, 1, E)
    assert [action.robot.name for action in table.robot_actions(1)] == ["NegativeBot"]
    used = table.use_robot(1, 1, "NegativeBot", target=2)
    assert used.round.uses[-1].target == 2
    turned = table.reveal(1, 1, Action.CONVERT_OTHER)
    assert turned.robot_actions(1) == ()


def test_hiding_a_card_is_still_the_seats_own_in_a_conducted_round():
    table = conducted("Ada", "Bob")
    assert table.hide(1, 1, Part.ROBOT).round.hand_of(1).hidden == {Part.ROBOT}
