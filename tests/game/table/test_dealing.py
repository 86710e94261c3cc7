"""The host's choices and the deal (``dealing``): one deck for everyone, the non-player robot,
how the round is run and its timers, a deal that cannot land twice, a mis-deal, the points
to win, the game won and a new one.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance, PowerCard
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.story import unpacked
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.game.table.conduct import Phase
from evilrobots.game.table.settings import Settings
from tests.support.cards import known
from tests.support.tables import Play, conduct, conducted, play_round, seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


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


def test_a_newcomer_has_no_cards_until_the_next_deal(three):
    table = three.join("Dee", "secret-d")
    assert table.view_for(4).hand is None
    with pytest.raises(RoundOver, match="next deal"):
        table.reveal(4, 1, Action.PROVE_POWER)
    assert table.deal(1, random.Random(1), again=True).view_for(4).hand is not None


def test_a_deal_opens_the_debate_on_the_hosts_timer(four):
    debate = conduct(four)
    assert debate.phase is Phase.DEBATE and debate.deadline == 60.0
    assert four.table.tick(59.9) is four.table  # nothing due: the very same table
    assert conduct(four.at(60.0)).phase is Phase.COUNTDOWN


def test_a_debate_without_a_timer_waits_for_the_host():
    table = conducted("Ada", "Bob", "Cy", debate=0)
    assert table.round.conduct.deadline is None and table.tick(10_000) is table
    with pytest.raises(NotAllowed, match="host"):
        table.start_countdown(2, 1, 5.0)
    started = table.start_countdown(1, 1, 5.0)
    assert started.round.conduct.phase is Phase.COUNTDOWN
    assert started.round.conduct.deadline == 10.0


def test_the_host_chooses_how_the_next_round_is_run():
    table = conducted("Ada", "Bob")
    with pytest.raises(NotAllowed):
        table.set_settings(2, Settings(pace=8))
    for bad in (Settings(debate=20), Settings(pace=2), Settings(pace=16), Settings(window=4)):
        with pytest.raises(GameError, match="seconds"):
            table.set_settings(1, bad)
    voiced = table.set_settings(1, Settings(conducted=False))
    assert voiced.round.conduct is not None  # the round in play keeps its way
    assert voiced.deal(1, random.Random(1), now=0.0, again=True).round.conduct is None


def test_the_host_sets_the_turns_time_with_the_other_timers():
    table = seated("Ada", "Bob", conducted=True)
    with pytest.raises(GameError, match="A turn lasts 15 to 180 seconds"):
        table.set_settings(1, Settings(turn_seconds=10))
    table = table.set_settings(1, Settings(turn_seconds=30)).deal(1, random.Random(1), now=0.0)
    game = Play(known(table, ada=("SwapBot", 9, G)))
    game.call(9).claim(1)
    assert game.table.deadline == game.now + 30


def test_a_deal_carries_the_deal_it_replaces_so_a_second_tap_deals_nothing():
    table = seated("Ada", "Bob", "Cy", conducted=True)
    dealt = table.deal(1, random.Random(1), 0.0, last_deal=0)
    with pytest.raises(Conflict, match="made already"):
        dealt.deal(1, random.Random(2), 0.0, last_deal=0)


def test_a_round_in_play_is_dealt_again_only_when_the_host_says_so_and_it_is_announced():
    table = seated("Ada", "Bob", "Cy", conducted=True).deal(1, random.Random(1), 0.0, last_deal=0)
    with pytest.raises(Conflict, match="Deal this round again"):
        table.deal(1, random.Random(2), 1.0, last_deal=1)
    again = table.deal(1, random.Random(2), 1.0, last_deal=1, again=True)
    assert again.round.again and again.round.number == 1 and again.round.deal_id == 2
    assert again.view_for(None).dealt_again
    with pytest.raises(Conflict, match="no round in play"):
        again.abandon_round(1, 2).deal(1, random.Random(3), 2.0, last_deal=2, again=True)


def test_new_game_carries_the_deal_it_follows():
    table = seated("Ada", "Bob").deal(1, random.Random(4))
    with pytest.raises(Conflict, match="out of date"):
        table.new_game(1, last_deal=0)
    assert table.new_game(1, last_deal=1).round is None


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
    assert unpacked(load_table(table_state(again))) == unpacked(again)
