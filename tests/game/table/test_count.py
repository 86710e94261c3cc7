"""The end of a round at a table: the split, the bonus correction, the score, the game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.game.scoring import Proposal, settle_split
from evilrobots.game.table import (
    Table,
)
from tests.support.cards import known
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


# ---- The split, the bonus correction, the score ---------------------------------------------


def two_winners(table: Table) -> Table:
    """Bob and Cy Evil (3 + 2) against Ada Good 4: Evil wins 6."""
    return known(table, 6, ada=("SumoBot", 4, G), cy=("PushBot", 2, E)).end_round(1)


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
    with pytest.raises(GameError, match="add up"):
        ended.propose_split(2, {2: 4, 3: 4})
    with pytest.raises(GameError, match="winning team"):
        ended.propose_split(1, {2: 4, 3: 2})
    with pytest.raises(Conflict, match="already proposed"):
        ended.propose_split(2, {2: 3, 3: 3}).propose_split(3, {2: 3, 3: 3})


def test_the_host_corrects_scaredybots_bonus_before_the_score_is_kept(table):
    table = known(table, 6, bob=("ScaredyBot", 3, E)).reveal(2, 1, Action.PROVE_POWER)
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
    table = known(table, 6, bob=("ScaredyBot", 3, E)).reveal(2, 1, Action.CONVERT_OTHER)
    assert 2 not in table.end_round(1).tally().points()


def test_the_next_deal_waits_for_the_score_to_be_kept(table):
    ended = table.end_round(1)
    with pytest.raises(Conflict, match="Keep the score"):
        ended.deal(1, random.Random(1))
    assert ended.keep_score(1).deal(1, random.Random(1)).round.number == 2


def test_a_round_can_be_dealt_again_before_it_ends_without_scoring(table):
    again = table.deal(1, random.Random(3), again=True)
    assert again.round.deal_id == table.round.deal_id + 1  # new cards: the old page is stale
    assert again.round.number == 1 and again.game.rounds == ()  # still the first round
    kept = again.deal(1, random.Random(4), again=True).end_round(1).keep_score(1)
    assert kept.game.rounds[0].number == 1
    assert kept.deal(1, random.Random(5)).round.number == 2


# ---- The game ------------------------------------------------------------------------------


def play_round(table: Table, winner_seat: int, value: int, rng: random.Random) -> Table:
    """Deal, give ``winner_seat`` the only Good hand, end, keep: it gains ``value``."""
    table = table.deal(1, rng)
    cards = {
        seat: ("LockBot" if seat != winner_seat else "SumoBot", 1, E)
        for seat, _ in table.round.hands
    }
    cards[winner_seat] = ("SumoBot", 9, G)
    return (
        known(table, value, **{table.names[seat]: spec for seat, spec in cards.items()})
        .end_round(1)
        .keep_score(1)
    )


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
    with pytest.raises(GameError, match="5 to 20"):
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
    table = known(
        table,
        5,
        ada=("NegativeBot", 4, G),
        bob=("SumoBot", 3, G),
        cy=("LockBot", 6, E),
        di=("PushBot", 2, E),
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
    assert load_table(table_state(bob_gone)) == bob_gone


def test_a_split_made_for_other_winners_is_never_applied(table):
    proposed = two_winners(table).propose_split(2, {2: 4, 3: 2})
    counted = proposed.tally()
    other = replace(counted, winners=(1, 2))  # as if the count had changed since
    assert settle_split(other, Proposal(2, ((2, 4), (3, 2)), ((3, True),))) == other


def test_a_new_game_never_reuses_a_rounds_tag(table):
    """Round numbers start at 1 again; the deal's tag does not, so a page left open from the
    last game cannot act on (or reveal) the new game's hands."""
    first = table.deal(1, random.Random(3), again=True)  # round 1 dealt again
    old = first.round.deal_id
    again = first.new_game(1).deal(1, random.Random(5))
    assert again.round.number == 1 and again.round.deal_id == old + 1
    assert again.view_for(2).deal_tag == f"{old + 1:08x}"
    with pytest.raises(RoundOver):
        again.reveal(2, old, Action.PROVE_POWER)
    with pytest.raises(RoundOver):
        again.reveal(2, 1, Action.PROVE_POWER)  # game 1's first round
    assert load_table(table_state(again)) == again


# ---- Scores change only when the host keeps them ---------------------------------------------

moves = st.lists(
    st.sampled_from(["deal", "reveal", "choose", "act", "end", "propose", "answer", "keep"]),
    min_size=1,
    max_size=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves, st.integers(min_value=0, max_value=10**6))
def test_scores_change_only_when_a_rounds_score_is_kept(steps, seed):
    rng = random.Random(seed)
    table = seated("Ada", "Bob", "Cy")
    for step in steps:
        before = table.game.scores
        deal_id = table.round.deal_id if table.round else 0
        try:
            if step == "deal":
                table = table.deal(1, rng)
            elif step == "reveal":
                table = table.reveal(rng.choice([1, 2, 3]), deal_id, Action.CONVERT_OTHER)
            elif step == "choose":
                table = table.choose(rng.choice([1, 2, 3]), deal_id, rng.choice(list(Allegiance)))
            elif step == "act":
                seat = rng.choice([1, 2, 3])
                for action in table.robot_actions(seat):
                    target = action.targets[0][0] if action.targets else None
                    table = table.use_robot(seat, deal_id, action.robot.name, target=target, bet=G)
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
        except GameError:
            continue  # a move the table refuses changes nothing
        assert table.game.scores == before
