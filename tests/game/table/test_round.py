"""A round at a table: one deal from one deck, verified reveals, and its end."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance, PowerCard
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.web.facts import entry
from evilrobots.web.words import label
from tests.support.cards import known
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


# ---- One deal from one deck ----------------------------------------------------------------


def test_deal_needs_two_players_and_starts_round_one():
    with pytest.raises(Conflict, match="at least 2"):
        seated("Ada").deal(1, random.Random(1))
    table = seated("Ada", "Bob").deal(1, random.Random(1))
    assert table.round.number == 1
    assert table.deal(1, random.Random(2), again=True).round.number == 1  # the same round


def test_one_deck_no_shared_robot_at_most_two_of_a_power_with_the_points_card():
    for seed in range(300):
        table = seated(*[f"P{n}" for n in range(9)]).deal(1, random.Random(seed))
        hands = [hand for _, hand in table.round.hands]
        assert len({hand.robot for hand in hands}) == 9
        powers = Counter([hand.power for hand in hands] + [table.round.points])
        assert max(powers.values()) <= 2


def test_each_hand_starts_from_two_coin_flips_face_up():
    table = seated("Ada", "Bob", "Cy").deal(1, random.Random(3))
    for _, hand in table.round.hands:
        assert hand.flips is not None
        assert Allegiance.from_flips(*hand.flips) is hand.allegiance
        assert hand.hidden == frozenset()
        assert hand.deal_id == 1


def test_a_new_deal_clears_the_reveals(three):
    table = three.reveal(2, 1, Action.PROVE_POWER)
    assert table.round.reveals
    assert table.deal(1, random.Random(9), again=True).round.reveals == ()


def test_the_non_player_robot_starts_neutral_with_power_5_when_the_host_wants_it():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(1))
    assert table.round.npr is Allegiance.NEUTRAL
    view = table.view_for(None)
    assert view.npr.power == PowerCard(5) and view.npr.allegiance is Allegiance.NEUTRAL
    assert seated("Ada", "Bob").deal(1, random.Random(1)).view_for(None).npr is None


def test_any_player_converts_the_non_player_robot():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(1))
    table = table.convert_npr(2, 1, Allegiance.EVIL)
    assert table.view_for(None).npr.allegiance is Allegiance.EVIL
    with pytest.raises(Conflict):
        seated("Ada", "Bob").deal(1, random.Random(1)).convert_npr(2, 1, Allegiance.EVIL)


# ---- Playing and revealing -----------------------------------------------------------------


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


def test_a_newcomer_has_no_cards_until_the_next_deal(three):
    table = three.join("Dee", "secret-d")
    assert table.view_for(4).hand is None
    with pytest.raises(RoundOver, match="next deal"):
        table.reveal(4, 1, Action.PROVE_POWER)
    assert table.deal(1, random.Random(1), again=True).view_for(4).hand is not None


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


def test_a_reveal_reads_like_a_sentence(three):
    hand = three.round.hand_of(1)
    (reveal,) = three.reveal(1, 1, Action.CONVERT_OTHER).round.reveals
    assert entry(reveal) == (
        f"Ada · converts a player · power {hand.power.value} · {label(hand.allegiance)}"
    )


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


# ---- Ending the round ------------------------------------------------------------------------


def test_only_the_host_ends_the_round(table):
    with pytest.raises(NotAllowed):
        table.end_round(2)
    assert table.end_round(1).round.ended


def test_ending_shows_every_card_to_everyone_cheatbots_truth_included(table):
    cheat = known(table, 6, bob=("CheatBot", 3, G))
    cheat = cheat.reveal(2, 1, Action.CONVERT_SELF, E)  # showed Evil; truly Good
    before = cheat.view_for(3)
    bob = next(seat for seat in before.seats if seat.id == 2)
    assert bob.shown.allegiance is E and bob.shown.robot is None
    ended = cheat.end_round(1)
    for viewer in (None, 1, 3):
        bob = next(seat for seat in ended.view_for(viewer).seats if seat.id == 2)
        assert (bob.shown.robot.name, bob.shown.power.value, bob.shown.allegiance) == (
            "CheatBot",
            3,
            G,
        )


def test_before_the_end_no_view_holds_the_tally(table):
    assert all(table.view_for(viewer).tally is None for viewer in (None, 1, 2, 3))
    ended = table.end_round(1)
    assert ended.view_for(None).tally.winner is G


def test_after_the_end_no_card_changes_and_no_reveal_is_made(table):
    ended = table.end_round(1)
    for change in [
        lambda t: t.choose(2, 1, Allegiance.GOOD),
        lambda t: t.hide(2, 1, Part.POWER),
        lambda t: t.reveal(2, 1, Action.PROVE_POWER),
    ]:
        with pytest.raises(RoundOver):
            change(ended)


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
    assert load_table(table_state(taken)) == taken  # kept through a restart
    again = shown.reveal(2, deal, Action.PROVE_POWER, now=101.0)
    assert again is shown  # a double tap is the same reveal, whenever it lands
    with pytest.raises(RoundOver):
        shown.end_round(1).withdraw(2, deal, 101.0)


def test_an_act_that_changed_the_round_cannot_be_taken_back(three):
    table = known(three, 6, bob=("NegativeBot", 3, Allegiance.EVIL))
    used = table.use_robot(2, table.round.deal_id, "NegativeBot", target=1)
    with pytest.raises(Conflict, match="cannot be taken back"):
        used.withdraw(2, table.round.deal_id, 0.0)
