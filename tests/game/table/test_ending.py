"""The end of a round (``ending``): the host ends it (a round the app runs once its phases are
done) or abandons it, every card shown and counted, the winners' split proposed, answered and
settled, ScaredyBot's bonus corrected, the score kept.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.game.scoring import Proposal, settle_split
from evilrobots.game.table.conduct import Phase
from tests.support.cards import known
from tests.support.tables import conduct, failed_conversion, play, play_round, seated, two_winners

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
moves = st.lists(
    st.sampled_from(["deal", "reveal", "choose", "act", "end", "propose", "answer", "keep"]),
    min_size=1,
    max_size=30,
)


def test_winners_agree_a_split_and_the_host_keeps_the_score(table):
    ended = two_winners(table)
    assert ended.view_for(2).may("ProposeSplit") and not ended.view_for(1).may("ProposeSplit")
    with pytest.raises(Conflict, match="settled"):
        ended.keep_score(1)
    proposed = ended.propose_split(2, {2: 4, 3: 2})
    assert proposed.view_for(3).may("AnswerSplit") and proposed.view_for(None).waiting_for == (
        "Cy",
    )
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


def test_the_board_keeps_every_kept_rounds_tally_newest_first():
    table = seated("Ada", "Bob")
    rng = random.Random(4)
    table = play_round(play_round(table, 1, 2, rng), 2, 5, rng)
    history = table.view_for(None).history
    assert [kept.number for kept in history] == [2, 1]
    assert [(s.name, s.points) for s in history[0].scores_after] == [("Bob", 5), ("Ada", 2)]


def test_a_split_made_for_other_winners_is_never_applied(table):
    proposed = two_winners(table).propose_split(2, {2: 4, 3: 2})
    counted = proposed.tally()
    other = replace(counted, winners=(1, 2))  # as if the count had changed since
    assert settle_split(other, Proposal(2, ((2, 4), (3, 2)), ((3, True),))) == other


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
                    table = table.use_robot(seat, deal_id, action.robot.name, target=target, team=G)
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


def test_a_conducted_round_ends_only_once_its_phases_are_done():
    game = failed_conversion()
    with pytest.raises(Conflict, match="phases are done"):
        game.table.end_round(1, game.now)
    game.finish()
    assert conduct(game).phase is Phase.DONE
    assert game.table.end_round(1, game.now).round.ended


def test_ending_a_round_moves_it_on_first():
    """A host's tap just after the last deadline ends a round that is, by then, done."""
    game = play("Ada", "Bob", ada=("SwapBot", 3, G)).call(1)
    assert game.table.end_round(1, 10_000.0).round.ended


def test_the_host_may_abandon_a_round_nobody_scores_and_its_number_is_played_again():
    game = failed_conversion()
    with pytest.raises(NotAllowed):
        game.table.abandon_round(2, 1)
    abandoned = game.table.abandon_round(1, 1)
    round_ = abandoned.round
    assert round_.abandoned and not round_.ended and not round_.in_play
    assert abandoned.deadline is None and abandoned.tick(10_000.0) is abandoned
    assert abandoned.view_for(None).abandoned and abandoned.view_for(None).tally is None
    with pytest.raises(RoundOver, match="called that round off"):
        abandoned.pass_turn(1, 1, game.now)
    with pytest.raises(Conflict):
        abandoned.abandon_round(1, 1)
    again = abandoned.deal(1, random.Random(2), game.now, last_deal=1)
    assert again.round.number == 1 and again.game.rounds == ()


def test_a_round_by_voice_ends_whenever_the_host_says():
    table = seated("Ada", "Bob").deal(1, random.Random(4))
    assert table.end_round(1).round.ended


def split_table():
    """Ada, Bob and Cy all Good beside Di Evil 1, the round ended: three winners share 6."""
    table = seated("Ada", "Bob", "Cy", "Di").deal(1, random.Random(4))
    table = known(
        table,
        6,
        ada=("SwapBot", 3, G),
        bob=("BetBot", 4, G),
        cy=("LockBot", 5, G),
        di=("SumoBot", 1, E),
    )
    return table.end_round(1)


def test_an_answer_carries_the_proposal_it_answers():
    table = split_table().propose_split(1, {1: 2, 2: 2, 3: 2}, seen=0)
    with pytest.raises(Conflict, match="out of date"):
        table.leave(2).propose_split(1, {1: 3, 3: 3}, seen=0)  # the first form, sent again
    fresh = table.leave(2).propose_split(1, {1: 3, 3: 3}, seen=1)
    with pytest.raises(Conflict, match="not the one on the table"):
        fresh.answer_split(3, True, proposal=1)  # an Agree made for the first proposal
    assert fresh.answer_split(3, True, proposal=2).tally().settled


def test_an_abandoned_round_offers_nothing_more():
    game = play("Ada", "Bob", ada=("CheatBot", 7, G), bob=("PassBot", 3, E)).call(7).claim(1)
    abandoned = game.table.abandon_round(1, 1)
    for seat in (1, 2):
        assert abandoned.view_for(seat).acts == type(abandoned.view_for(seat).acts)()
    assert abandoned.view_for(None).happening is None


# ---- The split's clock (a silent winner cannot hold the table up) ---------------------------


def test_a_split_nobody_proposes_runs_out_and_each_winner_gets_one_point(table):
    # "all members must agree with the distribution. If any member disagrees, all members get
    # one point each instead": a winner who never answers has not agreed.
    ended = known(table, 6, ada=("SumoBot", 4, G), cy=("PushBot", 2, E)).end_round(1, now=100.0)
    assert ended.round.split_until == 100.0 + ended.settings.split == 220.0
    assert ended.deadline == 220.0  # the store's ticker finds it
    with pytest.raises(Conflict, match="settled"):
        ended.keep_score(1, now=219.0)
    lapsed = ended.tick(220.0)
    assert lapsed.round.lapsed and lapsed.round.split_until is None and lapsed.deadline is None
    tally = lapsed.tally()
    assert tally.settled and tally.shares == ((2, 1), (3, 1))
    assert str(tally.split) == "Time ran out before the winners agreed: each winner gets 1 point."
    with pytest.raises(GameError, match="already settled"):
        lapsed.propose_split(2, {2: 4, 3: 2}, now=221.0)
    kept = lapsed.keep_score(1, now=221.0)
    assert [(s.name, s.points) for s in kept.view_for(None).scores][:2] == [("Bob", 1), ("Cy", 1)]
    assert kept.deadline is None


def test_a_proposal_gives_the_others_the_whole_time_to_answer_and_the_last_answer_stops_it(table):
    ended = known(table, 6, ada=("SumoBot", 4, G), cy=("PushBot", 2, E)).end_round(1, now=100.0)
    proposed = ended.propose_split(2, {2: 4, 3: 2}, now=200.0)
    assert proposed.round.split_until == 320.0
    assert not proposed.tick(319.0).round.lapsed
    agreed = proposed.answer_split(3, True, now=300.0)
    assert agreed.round.split_until is None and agreed.deadline is None
    assert agreed.tally().shares == ((2, 4), (3, 2))
    # Unanswered, it runs out like no proposal at all: Cy never answered, so never agreed.
    assert proposed.tick(320.0).tally().shares == ((2, 1), (3, 1))
    # The host's Keep the score at the deadline, before the ticker, finds it run out.
    assert proposed.keep_score(1, now=320.0).round.kept


def test_one_winner_or_none_has_no_split_and_no_clock(table):
    one = known(table, 6, ada=("SumoBot", 9, G), cy=("PushBot", 2, E)).end_round(1, now=100.0)
    assert one.tally().winners == (1,) and one.tally().settled
    assert one.round.split_until is None and one.deadline is None


def test_the_splits_time_is_the_hosts_to_set_and_kept_through_the_store(table):
    from evilrobots.game.codec import load_table, table_state
    from evilrobots.game.table.settings import Settings

    assert table_state(table)["settings"] == [False, 60, 5, 8, 60]  # as stored before
    chosen = table.set_settings(1, Settings(conducted=False, split=300))
    assert load_table(table_state(chosen)).settings.split == 300
    with pytest.raises(GameError, match="to split"):
        table.set_settings(1, Settings(split=20))
    ended = two_winners(table)
    stored = load_table(table_state(ended.tick(500.0)))
    assert stored.round.lapsed and stored.tally().shares == ((2, 1), (3, 1))


# ---- The host's word (a count the app made is the app's) -----------------------------------


def test_in_a_round_the_app_ran_the_host_cannot_change_scaredybots_bonus():
    game = play("Ada", "Bob", ada=("ScaredyBot", 4, G), bob=("BetBot", 7, E))
    game.call(4).claim(1).convert(1, target=2).close().finish()  # Ada showed her allegiance
    ended = game.table.end_round(1, game.now)
    assert 1 not in ended.tally().points()  # no bonus: she showed more than her power
    assert ended.view_for(1).scaredy == ()  # no correction offered
    with pytest.raises(Conflict, match="count stands"):
        ended.correct_scaredy(1, 1, True)
