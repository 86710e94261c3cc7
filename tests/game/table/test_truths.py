"""A round's truths once it is over (``truths``) and the game's story (``story``): every card
as dealt and as it ended, CheatBot's lies beside the truth, conversions with their reactions,
missed calls, the Pass phase sat out, bets; kept round by round, game by game; nothing of a
round in play."""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

from evilrobots.game.cards import Allegiance, Coin, PowerCard
from evilrobots.game.codec import load_table, table_state
from evilrobots.game.codec.story import page_state, unpack, unpack_past, unpacked
from evilrobots.game.errors import Conflict, GameError
from evilrobots.game.table import NPR_SEAT
from evilrobots.game.table.conduct import CheatSays, Proof
from evilrobots.game.table.facts import What
from evilrobots.game.table.state import Computer
from evilrobots.game.table.story import Chapter, Packed
from evilrobots.game.table.truths import truths
from tests.support.cards import known
from tests.support.random_play import dealt, hands, left_alone, requested, steps
from tests.support.tables import pass_phase, play, play_round, seated, turn

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def told(table) -> Chapter:
    """The table's round, over, as its story keeps it."""
    (*_, chapter) = table.closed
    return unpack(chapter)


def seat_truth(truth, seat):
    return next(one for one in truth.seats if one.seat == seat)


def test_a_round_in_play_has_no_truths_and_no_place_in_the_story():
    game = play("Ada", "Bob", "Cy")
    assert game.table.closed == ()
    with pytest.raises(Conflict, match="in play"):
        truths(Chapter(game.table.round, ()))


def test_the_truths_name_every_card_as_dealt_and_as_it_ended():
    # Ada (SwapBot 7, Good) swaps her power for the points card; Bob (PlusBot 2, Evil) counts
    # 5; Cy (NegativeBot 4, Neutral) makes Ada's power negative; the robot plays.
    game = play(
        "Ada",
        "Bob",
        "Cy",
        ada=("SwapBot", 7, G),
        bob=("PlusBot", 2, E),
        cy=("NegativeBot", 4, N),
    )
    game.table = game.table.set_npr(1, True)
    turn(game, 1, 7).robot(1, "SwapBot")
    turn(game, 3, 4).robot(3, "NegativeBot", target=1)
    game.finish()
    truth = truths(told(game.table.end_round(1, game.now)))
    ada, bob, cy = (seat_truth(truth, seat) for seat in (1, 2, 3))
    assert (ada.dealt_power, ada.power) == (PowerCard(7), PowerCard(5))
    assert ada.negated and ada.strength == -5
    assert (bob.plus, bob.strength) == (3, 5)
    assert ada.flips == (Coin.HEADS, Coin.HEADS) and ada.dealt is G and ada.end is G
    assert not ada.converted and cy.sat_out is False
    assert truth.points == PowerCard(7)  # Ada's 7, swapped in
    assert truth.tally is not None and truth.tally.value == 7


def test_the_non_player_robot_has_its_truths_too():
    game = play("Ada", "Bob", "Cy", ada=("BetBot", 6, E))
    game.table = replace(game.table, round=replace(game.table.round, npr=N))
    game = turn(game, 1, 6).convert(1, target=NPR_SEAT).close().finish()
    truth = truths(told(game.table.end_round(1, game.now)))
    robot = seat_truth(truth, NPR_SEAT)
    assert robot.name == "" and robot.power == PowerCard(5) and robot.strength == 5
    assert (robot.dealt, robot.end) == (N, game.table.round.npr)
    (conversion,) = truth.conversions
    assert conversion.target == NPR_SEAT and conversion.ending.seat == NPR_SEAT


def test_cheatbots_lies_sit_beside_the_truth_once_the_round_is_over():
    # Ada, CheatBot (Evil), shows Neutral and converts herself to Good: the table saw Neutral.
    game = play("Ada", "Bob", ada=("CheatBot", 4, E)).cheat(1, N)
    turn(game, 1, 4).convert(1, allegiance=G).close().finish()
    truth = truths(told(game.table.end_round(1, game.now)))
    ada = seat_truth(truth, 1)
    assert ada.shown == (N,)  # what the table saw of her in the round
    assert ada.lies == ((N, G),)  # told the conversion took her to Neutral: truly Good
    assert (ada.dealt, ada.end) == (E, G) and ada.converted
    (conversion,) = truth.conversions
    assert conversion.start.lead.what is What.CONVERTS_SELF and conversion.truly is G


def test_cheatbot_converting_itself_honestly_tells_no_lie():
    game = play("Ada", "Bob", ada=("CheatBot", 4, E)).cheat(1, None)
    turn(game, 1, 4).convert(1, allegiance=G).close().finish()
    ada = seat_truth(truths(told(game.table.end_round(1, game.now))), 1)
    assert ada.lies == () and ada.shown == (G,) and (ada.dealt, ada.end) == (E, G)


@pytest.mark.parametrize(
    ("story", "bob_power", "ending", "truly", "end"),
    [
        (CheatSays.FAILED, 7, What.IS_NOT_CONVERTED, E, E),  # it worked; she says it failed
        (CheatSays.WORKED, 2, What.IS_CONVERTED_BY, G, G),  # it failed; she says it worked
    ],
)
def test_a_cheatbot_targets_story_is_told_beside_what_came_of_it(
    story, bob_power, ending, truly, end
):
    game = play("Ada", "Bob", ada=("BetBot", 3, E), bob=("CheatBot", bob_power, G))
    turn(game.cheat(2, None, story), 1, 3).convert(1, target=2).close()
    if ending is What.IS_NOT_CONVERTED:
        game.prove(2, Proof.ALLEGIANCE)  # she shows Good: a lie, told as one at the end
    game.finish()
    truth = truths(told(game.table.end_round(1, game.now)))
    (conversion,) = truth.conversions
    assert conversion.target == 2 and conversion.target_name == "Bob"
    assert conversion.ending.lead.what is ending
    assert conversion.truly is truly
    assert seat_truth(truth, 2).end is end


def test_reactions_are_told_with_their_conversion():
    game = play("Ada", "Bob", "Cy", ada=("BetBot", 7, E), bob=("SumoBot", 3, G))
    game.table = known(game.table, cy=("BlockBot", 2, N))
    turn(game, 1, 7).convert(1, target=2).react(3).close().finish()
    (conversion,) = truths(told(game.table.end_round(1, game.now))).conversions
    (reaction,) = conversion.reactions
    assert reaction.seat == 3 and reaction.robot.name == "BlockBot"
    assert conversion.ending.lead.what is What.IS_NOT_CONVERTED


def test_missed_calls_and_the_pass_phase_sat_out_are_told():
    game = play("Ada", "Bob", "Cy", ada=("BetBot", 7, E), bob=("SumoBot", 3, G))
    game.table = known(game.table, cy=("LockBot", 2, N))
    turn(game.call(6), 2, 3).pass_turn(2).finish()  # Ada let her 7 go by; Bob took his turn
    truth = truths(told(game.table.end_round(1, game.now)))
    assert seat_truth(truth, 1).missed and not seat_truth(truth, 2).missed
    assert seat_truth(truth, 2).ran_out  # his Pass phase turn's time ran out
    cards = {"ada": ("SumoBot", 8, G), "bob": ("LockBot", 3, E), "cy": ("PushBot", 5, N)}
    game = pass_phase(1, 2, 3, **cards).finish()
    truth = truths(told(game.table.end_round(1, game.now)))
    assert [one.seat for one in truth.seats if one.sat_out] == [2]  # the lowest power


def test_an_abandoned_round_tells_its_truths_and_no_count():
    game = play("Ada", "Bob", "Cy")
    abandoned = game.table.abandon_round(1, game.table.round.deal_id)
    truth = truths(told(abandoned))
    assert truth.abandoned and truth.tally is None and len(truth.seats) == 3


def test_each_round_over_is_kept_in_order_and_a_mis_deal_is_not():
    rng = random.Random(3)
    table = play_round(seated("Ada", "Bob", "Cy"), 1, 4, rng)
    table = table.deal(1, rng)  # round 2, dealt ...
    table = table.deal(1, rng, again=True)  # ... again: the first deal of it is no story
    table = table.abandon_round(1, table.round.deal_id)
    table = table.deal(1, rng)
    assert [unpack(page).round.number for page in table.chapters] == [1, 2]
    assert [unpack(page).round.abandoned for page in table.chapters] == [False, True]
    assert unpacked(load_table(table_state(table))) == unpacked(table)


def test_a_new_game_keeps_the_one_before_whole_and_numbers_the_next():
    rng = random.Random(5)
    table = seated("Ada", "Bob", "Cy").set_target(1, 5)
    table = play_round(table, 2, 6, rng)  # Bob reaches 6: he wins the game
    assert table.game.winner == 2 and len(table.closed) == 1
    table = table.new_game(1)
    assert table.game_number == 2 and table.chapters == () and table.game.scores == ()
    (ended,) = (unpack_past(past) for past in load_table(table_state(table)).past)
    assert ended.number == 1 and ended.game.winner == 2 and dict(ended.names)[2] == "Bob"
    (chapter,) = (unpack(page) for page in ended.chapters)
    assert chapter.round.kept and chapter.named[1] == "Ada"


def test_a_game_is_shared_once_it_is_over_and_keeps_its_first_token():
    rng = random.Random(5)
    table = seated("Ada", "Bob", "Cy").set_target(1, 5)
    with pytest.raises(GameError, match="once the game is over"):
        table.share(1, "t" * 22)
    table = play_round(table, 2, 6, rng)
    shared = table.share(1, "a" * 22)
    assert shared.tokens == ((1, "a" * 22),)
    assert shared.share(1, "b" * 22) is shared
    again = shared.new_game(1)
    assert again.share(1, "c" * 22) is again  # an earlier game keeps its link
    with pytest.raises(GameError):
        again.share(2, "d" * 22)  # the new game is not over
    with pytest.raises(GameError):
        again.share(7, "d" * 22)  # no such game
    assert load_table(table_state(again)).tokens == ((1, "a" * 22),)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands, steps)
def test_a_round_in_play_adds_nothing_to_the_story_and_its_truths_hold_at_the_end(cards, requests):
    table = dealt(11, cards, False)
    now = 0.0
    for what, seat, choice in requests:
        table, now, _refused = requested(table, now, what, seat, choice)
        assert table.closed == ()  # the round in play is no part of any story
    table, now = left_alone(table, now)
    ended = table.end_round(1, now)
    truth = truths(told(ended))
    for one in truth.seats:
        if one.seat == NPR_SEAT:
            continue
        hand = ended.round.hand_of(one.seat)
        assert one.end is hand.allegiance and one.robot is hand.robot
        assert all(shown is not truly for shown, truly in one.lies)
        assert one.dealt is cards[one.seat - 1][1]  # as dealt, whatever came after
        if hand.robot.name != "CheatBot":
            assert one.lies == ()  # only CheatBot may show what it does not hold


def test_a_round_kept_before_its_deal_was_recorded_says_only_how_it_ended():
    game = play("Ada", "Bob", "Cy", ada=("BetBot", 7, E)).finish()
    ended = game.table.end_round(1, game.now)
    earlier = replace(ended, round=replace(ended.round, dealt=()))  # as an earlier build kept it
    ada = seat_truth(truths(told(earlier)), 1)
    assert (ada.flips, ada.dealt, ada.end) == (None, None, E) and not ada.converted


def test_the_story_keeps_which_seats_the_app_played_and_reads_a_chapter_kept_before_it_did():
    """A chapter keeps its computer players' levels and the seats a computer stood in for;
    packed and read back it is the same; a chapter packed before it kept them reads with
    none, and a game's story keeps its computer players as the game ended."""
    rng = random.Random(5)
    table = seated("Ada", "Bob", "Cy").set_target(1, 5)
    table = replace(table, computers=(Computer(2, "sharp"), Computer(3, "player", True)))
    table = play_round(table, 2, 6, rng)
    chapter = told(table)
    assert chapter.computers == ((2, "sharp"),) and chapter.stood_in == (3,)
    truth = truths(chapter)
    assert seat_truth(truth, 2).computer == "sharp" and not seat_truth(truth, 2).stood_in
    assert seat_truth(truth, 3).computer is None and seat_truth(truth, 3).stood_in
    assert seat_truth(truth, 1).computer is None and not seat_truth(truth, 1).stood_in
    assert unpack(Packed(page_state(chapter))) == chapter
    before = Packed(page_state(replace(chapter, computers=(), stood_in=())))
    assert "computers" not in json.loads(zlib.decompress(base64.b64decode(before.text)))
    assert unpack(before) == replace(chapter, computers=(), stood_in=())
    (ended,) = (unpack_past(past) for past in load_table(table_state(table.new_game(1))).past)
    assert ended.computers == ((2, "sharp"),)
