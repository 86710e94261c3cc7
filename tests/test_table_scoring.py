"""The end of a round at a table: robot actions that change the count, the tally, the
split, and the game to its target (the pure model)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evilrobots.cards import Allegiance, PowerCard, robot_named
from evilrobots.hand import Action, Part
from evilrobots.scoring import Proposal, settle
from evilrobots.table import (
    NPR_SEAT,
    Conflict,
    NotAllowed,
    RoundOver,
    Table,
    TableError,
    from_state,
    to_state,
)

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def seated(*names: str) -> Table:
    table = Table.start("ABCD2345", names[0], "secret-0")
    for number, name in enumerate(names[1:], start=1):
        table = table.join(name, f"secret-{number}")
    return table


def hands(table: Table, cards: dict[int, tuple[str, int, Allegiance]], points: int) -> Table:
    """Set each seat's robot, power and allegiance, and the points card (a case by hand)."""
    round_ = table.round
    for seat, (robot, power, allegiance) in cards.items():
        hand = replace(
            round_.hand_of(seat),
            robot=robot_named(robot),
            power=PowerCard(power),
            allegiance=allegiance,
            flips=None,
        )
        round_ = round_.with_hand(seat, hand)
    return replace(table, round=replace(round_, points=PowerCard(points)))


@pytest.fixture
def table() -> Table:
    """Ada (host), Bob, Cy; dealt; Ada SumoBot 5 Good, Bob LockBot 3 Evil, Cy PushBot 2
    Neutral; the round worth 6."""
    dealt = seated("Ada", "Bob", "Cy").deal(1, random.Random(2))
    return hands(dealt, {1: ("SumoBot", 5, G), 2: ("LockBot", 3, E), 3: ("PushBot", 2, N)}, 6)


# ---- Ending the round ------------------------------------------------------------------------


def test_only_the_host_ends_the_round(table):
    with pytest.raises(NotAllowed):
        table.end_round(2)
    assert table.end_round(1).round.ended


def test_ending_shows_every_card_to_everyone_cheatbots_truth_included(table):
    cheat = hands(table, {2: ("CheatBot", 3, G)}, 6)
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


# ---- Robot actions that change the count ---------------------------------------------------


def test_negativebot_picks_a_player_whose_power_then_counts_negative(table):
    table = hands(table, {2: ("NegativeBot", 3, E)}, 6)
    (action,) = table.robot_actions(2)
    assert action.robot == "NegativeBot" and (1, "Ada") in action.targets
    table = table.use_robot(2, 1, "NegativeBot", target=1)
    (reveal,) = table.round.reveals
    assert (
        reveal.words
        == "Bob · Use your robot's action · NegativeBot · power 3 · Ada's power counts as negative"
    )
    counted = table.end_round(1).tally()
    assert (counted.good, counted.evil, counted.winner) == (-5, 3, E)


def test_negativebot_may_pick_the_non_player_robot(table):
    table = hands(replace(table, round=replace(table.round, npr=G)), {2: ("NegativeBot", 3, E)}, 6)
    assert (NPR_SEAT, "The non-player robot") in table.robot_actions(2)[0].targets
    counted = table.use_robot(2, 1, "NegativeBot", target=NPR_SEAT).end_round(1).tally()
    assert counted.good == 5 - 5  # Ada's 5, the non-player robot's -5


def test_swapbot_swaps_its_power_with_the_points_card_and_everyone_sees_it(table):
    table = hands(table, {3: ("SwapBot", 2, N)}, 6)
    table = table.use_robot(3, 1, "SwapBot")
    assert table.round.hand_of(3).power == PowerCard(6)
    assert table.round.points == PowerCard(2)
    for viewer in (None, 1):
        view = table.view_for(viewer)
        assert view.points == PowerCard(2)
        cy = next(seat for seat in view.seats if seat.id == 3)
        assert cy.shown.power == PowerCard(6) and cy.shown.robot.name == "SwapBot"
    assert "the round is now worth 2" in table.round.reveals[0].words
    assert table.end_round(1).tally().value == 2


@pytest.mark.parametrize("bet", list(Allegiance))
def test_betbot_bets_publicly_and_is_paid_by_the_result(table, bet):
    table = hands(table, {3: ("BetBot", 2, N)}, 6).use_robot(3, 1, "BetBot", bet=bet)
    assert table.view_for(None).bets == (("Cy", bet),)
    counted = table.end_round(1).tally()  # Good wins
    assert counted.points().get(3, 0) == (1 if bet is G else -1)


def test_each_action_is_used_once_a_round_by_its_robots_holder_only(table):
    table = hands(table, {2: ("BetBot", 3, E)}, 6)
    with pytest.raises(NotAllowed):
        table.use_robot(1, 1, "BetBot", bet=G)  # Ada holds SumoBot
    once = table.use_robot(2, 1, "BetBot", bet=G)
    with pytest.raises(Conflict, match="already"):
        once.use_robot(2, 1, "BetBot", bet=E)
    assert once.robot_actions(2) == ()
    with pytest.raises(RoundOver):
        table.end_round(1).use_robot(2, 1, "BetBot", bet=G)


def test_copybot_is_offered_the_actions_used_this_round_with_the_same_effect(table):
    table = hands(table, {2: ("NegativeBot", 3, E), 3: ("CopyBot", 2, E)}, 6)
    assert table.robot_actions(3) == ()
    table = table.use_robot(2, 1, "NegativeBot", target=1)
    (copy,) = table.robot_actions(3)
    assert copy.robot == "NegativeBot" and copy.copied
    table = table.use_robot(3, 1, "NegativeBot", target=2)
    assert "copies NegativeBot" in table.round.reveals[-1].words
    counted = table.end_round(1).tally()
    assert (counted.good, counted.evil) == (-5, -3 + 2)
    assert table.robot_actions(3) == ()


def test_copybot_copying_a_bet_is_paid_like_betbot(table):
    table = hands(table, {2: ("BetBot", 3, E), 3: ("CopyBot", 2, N)}, 6)
    table = table.use_robot(2, 1, "BetBot", bet=E).use_robot(3, 1, "BetBot", bet=G)
    points = table.end_round(1).tally().points()  # Good 5 against Evil 3
    assert (points.get(2), points.get(3)) == (-1, 1)


def test_copybot_copying_swapbot_swaps_its_own_power(table):
    table = hands(table, {2: ("SwapBot", 3, E), 3: ("CopyBot", 2, N)}, 6)
    table = table.use_robot(2, 1, "SwapBot")  # Bob 6, points 3
    table = table.use_robot(3, 1, "SwapBot")  # Cy 3, points 2
    assert (table.round.hand_of(2).power.value, table.round.hand_of(3).power.value) == (6, 3)
    assert table.round.points.value == 2


# ---- The split, the bonus correction, the score ---------------------------------------------


def two_winners(table: Table) -> Table:
    """Bob and Cy Evil (3 + 2) against Ada Good 4: Evil wins 6."""
    return hands(table, {1: ("SumoBot", 4, G), 3: ("PushBot", 2, E)}, 6).end_round(1)


def test_winners_agree_a_split_and_the_host_keeps_the_score(table):
    ended = two_winners(table)
    assert ended.view_for(2).may_propose and not ended.view_for(1).may_propose
    with pytest.raises(Conflict, match="settled"):
        ended.keep_score(1)
    proposed = ended.propose_split(2, {2: 4, 3: 2})
    assert proposed.view_for(3).must_answer and proposed.view_for(None).waiting_for == ("Cy",)
    agreed = proposed.answer_split(3, True)
    kept = agreed.keep_score(1)
    assert [(s.name, s.points) for s in kept.view_for(None).scores] == [
        ("Bob", 4),
        ("Cy", 2),
        ("Ada", 0),
    ]


def test_a_disagreement_gives_each_winner_one_point(table):
    kept = two_winners(table).propose_split(3, {2: 1, 3: 5}).answer_split(2, False).keep_score(1)
    assert {s.name: s.points for s in kept.view_for(None).scores} == {"Ada": 0, "Bob": 1, "Cy": 1}


def test_a_split_the_rules_refuse_changes_nothing(table):
    ended = two_winners(table)
    with pytest.raises(TableError, match="add up"):
        ended.propose_split(2, {2: 4, 3: 4})
    with pytest.raises(TableError, match="winning team"):
        ended.propose_split(1, {2: 4, 3: 2})
    with pytest.raises(Conflict, match="already proposed"):
        ended.propose_split(2, {2: 3, 3: 3}).propose_split(3, {2: 3, 3: 3})


def test_the_host_corrects_scaredybots_bonus_before_the_score_is_kept(table):
    table = hands(table, {2: ("ScaredyBot", 3, E)}, 6).reveal(2, 1, Action.PROVE_POWER)
    ended = table.end_round(1)
    assert ended.tally().points().get(2) == 1  # showed only its power
    assert ended.view_for(1).scaredy == ((2, "Bob", True),)
    assert ended.view_for(2).scaredy == ()  # only the host corrects
    corrected = ended.correct_scaredy(1, 2, False)  # it showed its robot on camera
    assert 2 not in corrected.tally().points()
    with pytest.raises(NotAllowed):
        ended.correct_scaredy(2, 2, False)
    with pytest.raises(Conflict):
        corrected.keep_score(1).correct_scaredy(1, 2, True)


def test_scaredybot_loses_its_bonus_by_revealing_more_than_its_power(table):
    table = hands(table, {2: ("ScaredyBot", 3, E)}, 6).reveal(2, 1, Action.CONVERT_OTHER)
    assert 2 not in table.end_round(1).tally().points()


def test_the_next_deal_waits_for_the_score_to_be_kept(table):
    ended = table.end_round(1)
    with pytest.raises(Conflict, match="Keep the score"):
        ended.deal(1, random.Random(1))
    assert ended.keep_score(1).deal(1, random.Random(1)).round.number == 2


def test_a_round_can_be_dealt_again_before_it_ends_without_scoring(table):
    again = table.deal(1, random.Random(3))
    assert again.round.number == 2 and again.game.rounds == ()


# ---- The game ------------------------------------------------------------------------------


def play_round(table: Table, winner_seat: int, value: int, rng: random.Random) -> Table:
    """Deal, give ``winner_seat`` the only Good hand, end, keep: it gains ``value``."""
    table = table.deal(1, rng)
    cards = {
        seat: ("LockBot" if seat != winner_seat else "SumoBot", 1, E)
        for seat, _ in table.round.hands
    }
    cards[winner_seat] = ("SumoBot", 9, G)
    return hands(table, cards, value).end_round(1).keep_score(1)


def test_the_game_is_won_at_the_target_and_a_new_game_starts_at_zero():
    table = seated("Ada", "Bob").set_target(1, 5)
    rng = random.Random(1)
    table = play_round(table, 2, 3, rng)
    assert table.view_for(None).winner is None
    table = play_round(table, 2, 3, rng)
    view = table.view_for(None)
    assert view.winner == "Bob" and view.game_over
    with pytest.raises(Conflict, match="game is over"):
        table.deal(1, rng)
    fresh = table.new_game(1)
    assert [s.points for s in fresh.view_for(None).scores] == [0, 0]
    assert fresh.round is None and fresh.view_for(None).history == ()
    assert fresh.view_for(None).target == 5


def test_the_target_is_set_by_the_host_before_the_first_deal():
    table = seated("Ada", "Bob")
    with pytest.raises(NotAllowed):
        table.set_target(2, 12)
    with pytest.raises(TableError, match="5 to 20"):
        table.set_target(1, 25)
    with pytest.raises(Conflict, match="before"):
        table.deal(1, random.Random(1)).set_target(1, 12)


def test_the_board_keeps_every_kept_rounds_tally_newest_first():
    table = seated("Ada", "Bob")
    rng = random.Random(4)
    table = play_round(play_round(table, 1, 2, rng), 2, 5, rng)
    history = table.view_for(None).history
    assert [kept.number for kept in history] == [2, 1]
    assert [(s.name, s.points) for s in history[0].scores_after] == [("Bob", 5), ("Ada", 2)]


def test_a_player_who_leaves_takes_their_score_and_any_split_is_proposed_again(table):
    ended = two_winners(table).propose_split(2, {2: 4, 3: 2})
    left = ended.leave(3)
    assert left.round.proposal is None
    kept = play_round(seated("Ada", "Bob"), 2, 4, random.Random(1)).leave(2)
    assert [s.name for s in kept.view_for(None).scores] == ["Ada"]


def test_leaving_once_the_round_has_ended_changes_no_count_and_takes_no_points():
    """Good 4 + 3 against Evil 6 with Di's 2 picked negative: Good wins. Di (Evil) leaving,
    or being removed, must not turn the count round; the Good split Ada proposed still
    stands; and a Good winner who leaves scores nothing, the others share the value."""
    table = seated("Ada", "Bob", "Cy", "Di").deal(1, random.Random(4))
    table = hands(
        table,
        {
            1: ("NegativeBot", 4, G),
            2: ("SumoBot", 3, G),
            3: ("LockBot", 6, E),
            4: ("PushBot", 2, E),
        },
        5,
    )
    table = table.use_robot(1, 1, "NegativeBot", target=4).end_round(1)
    counted = table.tally()
    assert (counted.good, counted.evil, counted.winner) == (7, 4, G)
    proposed = table.propose_split(1, {1: 3, 2: 2})
    for left in (proposed.leave(4), proposed.remove(1, 4)):
        again = left.tally()
        assert (again.good, again.evil, again.winner) == (7, 4, G)
        assert "Di" in [row.seated.name for row in again.rows]
        assert left.round.proposal == proposed.round.proposal
        agreed = left.answer_split(2, True).keep_score(1)
        assert dict(agreed.game.scores) == {1: 3, 2: 2}
    # Bob, a winner, leaves before answering: Ada, the one winner left, takes the 5.
    bob_gone = proposed.leave(2)
    assert bob_gone.round.proposal is None
    assert bob_gone.tally().winners == (1,)
    kept = bob_gone.keep_score(1)
    assert dict(kept.game.scores) == {1: 5}
    assert from_state(to_state(bob_gone)) == bob_gone


def test_a_split_made_for_other_winners_is_never_applied(table):
    proposed = two_winners(table).propose_split(2, {2: 4, 3: 2})
    counted = proposed.tally()
    other = replace(counted, winners=(1, 2))  # as if the count had changed since
    assert settle(other, Proposal(2, ((2, 4), (3, 2)), ((3, True),))) == other


def test_a_new_game_never_reuses_a_rounds_tag(table):
    """Round numbers start at 1 again; the deal's tag does not, so a page left open from the
    last game cannot act on (or reveal) the new game's hands."""
    first = table.deal(1, random.Random(3))  # round 2 of the first game (round 1 unkept)
    old = first.round.id
    again = first.new_game(1).deal(1, random.Random(5))
    assert again.round.number == 1 and again.round.id == old + 1
    assert again.view_for(2).round_tag == f"{old + 1:08x}"
    with pytest.raises(RoundOver):
        again.reveal(2, old, Action.PROVE_POWER)
    with pytest.raises(RoundOver):
        again.reveal(2, 1, Action.PROVE_POWER)  # game 1's first round
    assert from_state(to_state(again)) == again


def test_everything_survives_the_round_trip_through_json(table):
    table = hands(table, {2: ("NegativeBot", 3, E), 3: ("CopyBot", 2, E)}, 6)
    table = table.set_npr(1, True)
    table = table.use_robot(2, 1, "NegativeBot", target=1).use_robot(3, 1, "NegativeBot", target=2)
    ended = table.end_round(1)
    proposed = two_winners(
        hands(seated("Ada", "Bob", "Cy").deal(1, random.Random(2)), {2: ("LockBot", 3, E)}, 6)
    ).propose_split(2, {2: 3, 3: 3})
    kept = proposed.answer_split(3, False).keep_score(1).deal(1, random.Random(9))
    for one in (table, ended, proposed, kept):
        assert from_state(to_state(one)) == one


# ---- Scores change only when the host keeps them ---------------------------------------------

moves = st.lists(
    st.sampled_from(["deal", "reveal", "choose", "act", "end", "propose", "answer", "keep"]),
    min_size=1,
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(moves, st.integers(min_value=0, max_value=10**6))
def test_scores_change_only_when_a_rounds_score_is_kept(steps, seed):
    rng = random.Random(seed)
    table = seated("Ada", "Bob", "Cy")
    for step in steps:
        before = table.game.scores
        round_id = table.round.id if table.round else 0
        try:
            if step == "deal":
                table = table.deal(1, rng)
            elif step == "reveal":
                table = table.reveal(rng.choice([1, 2, 3]), round_id, Action.CONVERT_OTHER)
            elif step == "choose":
                table = table.choose(rng.choice([1, 2, 3]), round_id, rng.choice(list(Allegiance)))
            elif step == "act":
                seat = rng.choice([1, 2, 3])
                for action in table.robot_actions(seat):
                    target = action.targets[0][0] if action.targets else None
                    table = table.use_robot(seat, round_id, action.robot, target=target, bet=G)
            elif step == "end":
                table = table.end_round(1)
            elif step == "propose":
                counted = table.tally()
                if not counted.winners:
                    continue
                shares = dict.fromkeys(counted.winners, 0)
                shares[counted.winners[0]] = counted.value
                table = table.propose_split(counted.winners[0], shares)
            elif step == "answer":
                proposal = table.round.proposal if table.round else None
                waiting = proposal.waiting_for(table.tally()) if proposal else ()
                if not waiting:
                    continue
                table = table.answer_split(waiting[0], rng.random() < 0.5)
            elif step == "keep":
                ended = table.round is not None and table.round.ended
                counted = table.tally() if ended else None
                gained = counted.points() if counted and counted.settled else {}
                table = table.keep_score(1)
                totals = dict(before)
                for seat, points in gained.items():
                    totals[seat] = totals.get(seat, 0) + points
                assert dict(table.game.scores) == totals, "keep adds exactly the round's points"
                continue
        except TableError:
            continue  # a move the table refuses changes nothing
        assert table.game.scores == before
