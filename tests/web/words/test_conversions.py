"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.table.test_conversions`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.codec import load_table, table_state
from evilrobots.game.errors import Conflict
from evilrobots.game.table import NPR_SEAT
from evilrobots.game.table.conduct import CheatSays, Outcome, Phase
from evilrobots.web.facts import note
from evilrobots.web.told import converted_you, to_target
from tests.game.table.test_conversions import E, G, N  # noqa: F401
from tests.support.cards import known
from tests.support.said import log
from tests.support.tables import Play, conduct, play, seated, turn


def test_a_conversion_works_on_a_higher_power_and_the_target_shows_it_once_settled():
    game = turn(play("Ada", "Bob", ada=("SwapBot", 3, E), bob=("BetBot", 7, G)), 1, 3)
    game.convert(1, target=2)
    assert log(game)[-2:] == ["Ada · converts Bob · power 3 · Evil", "Bob · the conversion works"]
    assert game.allegiance(2) is G  # nothing changes while the window is open
    game.close()
    assert game.allegiance(2) is E and game.table.shown_by(2).allegiance is E
    assert log(game)[-1] == "Bob · is converted by Ada · Evil"
    assert game.table.round.conduct.acted == (1,)


@pytest.mark.parametrize(("mine", "theirs"), [(5, 5), (6, 4)])
def test_a_conversion_fails_on_an_equal_or_lower_power(mine, theirs):
    game = turn(play("Ada", "Bob", ada=("SwapBot", mine, E), bob=("BetBot", theirs, G)), 1, mine)
    game.convert(1, target=2)
    assert log(game)[-1] == "Bob · the conversion fails"
    game.close()
    assert game.allegiance(2) is G and log(game)[-1] == "Bob · is not converted"
    assert game.table.shown_by(2).allegiance is None  # why it failed is Bob's to show


def test_the_non_player_robot_is_converted_like_a_player_of_power_five():
    table = seated("Ada", "Bob", conducted=True).set_npr(1, True).deal(1, random.Random(4), 0.0)
    game = Play(known(table, ada=("BetBot", 4, E), bob=("SwapBot", 6, G)))
    game = turn(game, 1, 4)
    assert (NPR_SEAT, "") in game.table.view_for(1).acts.targets  # by its place: no name
    game.convert(1, target=NPR_SEAT).close()
    assert game.table.round.npr is E
    assert log(game)[-1] == "The non-player robot · is converted by Ada · Evil"
    assert all(seat != NPR_SEAT for seat, _ in game.table.round.hands)  # it never acts


def test_converting_yourself_takes_any_allegiance_and_shows_it():
    game = turn(play("Ada", "Bob", ada=("BetBot", 4, E)), 1, 4).convert(1, allegiance=G)
    assert log(game)[-1] == "Ada · converts themselves · Good"
    game.close()
    assert game.allegiance(1) is G and log(game)[-1] == "Ada · is converted · Good"


def test_cheatbot_converts_itself_showing_what_it_chose_to_show_until_the_round_ends():
    # CheatBot (Evil) shows Neutral and converts itself to Good: the table is told Neutral,
    # as the window opens and as it closes, in the log and in every view; the truth comes
    # out at the round's end ("you must reveal the truth").
    game = play("Ada", "Bob", ada=("CheatBot", 4, E)).cheat(1, N)
    turn(game, 1, 4).convert(1, allegiance=G)
    stored = load_table(table_state(game.table))  # the window open, through the store
    assert stored.round.conduct.chain == game.table.round.conduct.chain
    game.close()
    assert game.allegiance(1) is G  # the truth, on Ada's own phone
    ada = [line for line in log(game) if line.startswith("Ada")]
    assert ada[-2:] == ["Ada · converts themselves · Neutral", "Ada · is converted · Neutral"]
    assert not any("Good" in line for line in ada)
    for viewer in (None, 2):  # the board, and Bob
        assert game.table.view_for(viewer).seats[0].shown.allegiance is N
    assert game.table.view_for(1).hand.allegiance is G
    game.finish()
    ended = game.table.end_round(1)
    assert ended.view_for(None).seats[0].shown.allegiance is G  # the truth, at the end
    row = next(row for row in ended.tally().rows if row.seated.seat == 1)
    assert row.seated.allegiance is G


def test_cheatbot_converting_itself_to_what_it_shows_is_told_as_it_is():
    game = play("Ada", "Bob", ada=("CheatBot", 4, E)).cheat(1, G)
    turn(game, 1, 4).convert(1, allegiance=G)
    assert game.table.round.conduct.chain.shows is None
    game.close()
    assert log(game)[-1] == "Ada · is converted · Good" and game.allegiance(1) is G


def test_cheatbot_converting_shows_any_allegiance_and_the_target_takes_it():
    game = play("Ada", "Bob", ada=("CheatBot", 3, G), bob=("BetBot", 7, E)).cheat(1, N)
    turn(game, 1, 3).convert(1, target=2).close()
    assert "Ada · converts Bob · power 3 · Neutral" in log(game)
    assert game.allegiance(2) is N and game.allegiance(1) is G


@pytest.mark.parametrize(
    ("story", "bob_power", "told", "truly"),
    [
        (CheatSays.TRUTH, 7, Outcome.WORKED, E),
        (CheatSays.FAILED, 7, Outcome.FAILED, E),  # it worked; the board says it failed
        (CheatSays.WORKED, 2, Outcome.WORKED, G),  # it failed; the board says it worked
    ],
)
def test_a_cheatbot_target_tells_the_story_it_chose_and_the_truth_is_kept(
    story, bob_power, told, truly
):
    game = play("Ada", "Bob", ada=("BetBot", 3, E), bob=("CheatBot", bob_power, G))
    turn(game.cheat(2, None, story), 1, 3).convert(1, target=2)
    assert conduct(game).chain.told is told
    game.close()
    assert game.allegiance(2) is truly
    worked = "Bob · is converted by Ada · Evil"
    expected = worked if told is Outcome.WORKED else "Bob · is not converted"
    assert log(game)[-1] == expected


def test_a_cheatbot_target_answers_as_soon_as_anyone():
    """Nothing waits for CheatBot: its story is chosen beforehand, so the board cannot tell a
    CheatBot target from any other by when it answers."""
    for bob in (("BetBot", 7, G), ("CheatBot", 7, G)):
        game = turn(play("Ada", "Bob", ada=("BetBot", 3, E), bob=bob), 1, 3)
        game.convert(1, target=2)
        assert conduct(game).chain.deadline == game.now + 8
        assert log(game)[-1] == "Bob · the conversion works"


def test_blockbot_makes_a_conversion_fail(window):
    window.react(2)
    assert log(window)[-1] == "Bob · reacts · BlockBot · makes the conversion fail"
    assert window.close().allegiance(1) is G


def test_blockbot_turns_a_conversion_on_its_instigator(window):
    window.react(2, on_instigator=True).close()
    assert window.allegiance(1) is G and window.allegiance(4) is E
    assert log(window)[-1] == "Di · is converted instead · Evil"


def test_doverbot_forces_the_target_to_its_own_allegiance(window):
    window.react(5).close()
    assert window.allegiance(1) is E
    assert "Ed · reacts · DoOverBot · Evil · Ada takes Evil" in log(window)


def told(game: Play, seat: int) -> str:
    """What the seat's own card view says became of its allegiance."""
    return converted_you(game.table.view_for(seat).reveals, seat)


def test_the_target_is_told_who_converts_it_at_once_and_how_it_ended(window):
    """Di converts Ada: Ada's own phone says so in the window, and afterwards how it ended;
    nobody else's says it to them."""
    view = window.table.view_for(1)
    assert to_target(view.happening, 1) == (
        "Di converts you to Evil. Play a reaction if you hold one, or tap No reaction."
    )
    assert to_target(view.happening, 2) == ""  # said to the target alone
    window.react(2)
    assert to_target(window.table.view_for(1).happening, 1).startswith(
        "Di converts you to Evil; Bob plays BlockBot. "
    )
    assert told(window, 1) == ""  # not settled yet
    window.close()
    assert log(window)[-1] == "Ada · is not converted"
    assert told(window, 1) == "Di tried to convert you: it failed"
    assert told(window, 4) == told(window, 2) == ""


def test_the_converted_are_told_whose_act_settled_it(window):
    window.close()
    assert log(window)[-1] == "Ada · is converted by Di · Evil"
    assert told(window, 1) == "Di converted you to Evil"


def test_a_conversion_turned_on_its_instigator_tells_them(window):
    window.react(2, on_instigator=True).close()
    assert told(window, 4) == "Your conversion turned on you: Evil"
    assert told(window, 1) == ""


def test_a_conversion_done_over_names_who_did_it_over(window):
    window.react(2)  # BlockBot: it fails
    window.react(5).close()  # DoOverBot: Ada takes Ed's allegiance after all
    assert log(window)[-1] == "Ada · is converted by Ed · Evil"
    assert told(window, 1) == "Ed converted you to Evil"


def test_a_push_and_a_self_conversion_are_told_as_they_were():
    game = play("Ada", "Bob", "Cy", ada=("PushBot", 4, E), bob=("BetBot", 3, G))
    turn(game, 1, 4).robot(1, "PushBot", target=2, bet=N)
    assert to_target(game.table.view_for(2).happening, 2).startswith("Ada pushes you to Neutral. ")
    game.close()
    assert told(game, 2) == "Ada pushed you to Neutral"
    game = play("Ada", "Bob", ada=("BetBot", 4, E))
    turn(game, 1, 4).convert(1, allegiance=G).close()
    assert told(game, 1) == "You converted yourself"


def test_the_faq_chain_lockbot_then_forcebot_then_blockbot():
    """Bob converts Alice, a LockBot: it fails. Calvin's ForceBot makes it succeed; Diego's
    BlockBot then turns it on Bob, who instigated it."""
    game = play(
        "Alice",
        "Bob",
        "Calvin",
        "Diego",
        alice=("LockBot", 3, G),
        bob=("PushBot", 2, E),
        calvin=("ForceBot", 6, E),
        diego=("BlockBot", 5, N),
    )
    turn(game, 2, 2).convert(2, target=1)
    assert conduct(game).chain.told is Outcome.FAILED
    game.react(3)
    assert conduct(game).chain.shown is Outcome.WORKED
    game.react(4, on_instigator=True)
    assert conduct(game).chain.deadline == game.now + 8  # each reaction opens its own window
    game.close()
    assert game.allegiance(1) is G and game.allegiance(2) is E
    assert log(game)[-1] == "Bob · is converted instead · Evil"


def test_reacting_costs_the_turn(window):
    window.react(5).close()
    window.call(1)
    with pytest.raises(Conflict, match="had your turn"):
        window.claim(5)
    assert "You reacted" in note(window.table.view_for(5).standing)


def test_a_seat_that_passed_may_still_react_and_then_has_no_pass_phase():
    game = play(
        "Ada", "Bob", "Cy", ada=("SumoBot", 7, G), bob=("BlockBot", 4, N), cy=("SwapBot", 2, E)
    )
    game.pass_debate(2)
    turn(game, 3, 2).convert(3, target=1).react(2).close().finish()
    assert game.table.round.conduct.phase is Phase.DONE
    assert "shows their power for the Pass phase" not in " ".join(log(game))


def test_sumobot_converts_a_higher_power_by_its_power_alone_showing_no_robot():
    game = play("Ada", "Bob", ada=("SumoBot", 3, E), bob=("BetBot", 7, G)).call(3).claim(1)
    game.convert(1, target=2)
    assert log(game)[-2] == "Ada · converts Bob · power 3 · Evil"
    assert game.close().allegiance(2) is E


@pytest.mark.parametrize("theirs", [3, 2])
def test_sumobot_converts_an_equal_or_lower_power_only_by_showing_sumobot(theirs):
    game = play("Ada", "Bob", ada=("SumoBot", 3, E), bob=("BetBot", theirs, G)).call(3).claim(1)
    game.convert(1, target=2)
    assert log(game)[-2] == "Ada · converts Bob · SumoBot · power 3 · Evil"
    assert game.close().allegiance(2) is E
    assert game.table.shown_by(1).robot is not None


def test_a_window_nobody_left_may_answer_closes_at_once():
    """Bob has had his turn: when Ada converts him, nobody is left to react (public), so the
    window does not run its time."""
    game = play("Ada", "Bob", ada=("SwapBot", 3, E), bob=("BetBot", 8, G))
    game.call(8).claim(2).robot(2, "BetBot", bet=G)  # his turn, taken
    game.call(3).claim(1).convert(1, target=2)
    assert game.table.round.conduct.chain is None
    assert game.allegiance(2) is E and log(game)[-1] == "Bob · is converted by Ada · Evil"
