"""A round nobody can bend: every step on its clock, a proof owed at once and true when shown,
a round that ends when its phases are done, one mode at a time, forms that cannot land twice,
names nobody can impersonate, and the rules as written where they are clear.

Tables are dealt at 0 with a 60 s Debate, each power called for 5 s, each window 8 s and
each turn 60 s; ``Play``'s clock moves a second a step.
"""

from __future__ import annotations

import random

import pytest

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, GameError, NotAllowed, RoundOver
from evilrobots.game.table.conduct import Phase, Proof, Story
from evilrobots.game.table.names import look_alike
from evilrobots.game.table.settings import Settings
from tests.support.cards import known
from tests.support.tables import Play, conducted, seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def play(*names: str, **cards) -> Play:
    return Play(conducted(*names, **cards))


def conduct(game: Play):
    return game.table.round.conduct


# ---- Every step has its clock --------------------------------------------------------------


def test_a_turn_nobody_takes_is_passed_when_its_time_runs_out_and_the_log_says_so():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, G), bob=("BetBot", 3, E))
    game.call(7).claim(1)  # Ada taps I act, then walks away
    assert game.table.deadline == game.now + 60  # her turn's clock
    game.at(game.now + 59.9)
    assert conduct(game).turn == 1
    game.at(game.table.deadline)
    assert conduct(game).turn is None and 1 in conduct(game).passed
    assert game.log()[-1] == "Ada · passes: time ran out"
    assert game.table.round.conduct.level == 7  # the call goes on for the time it had left
    game.finish()  # and the round goes on by itself, to its end: Ada acts in the Pass phase
    assert conduct(game).phase is Phase.DONE
    assert game.log()[-1] == "Ada · passes again: time ran out"


def test_the_host_sets_the_turns_time_with_the_other_timers():
    table = seated("Ada", "Bob", conducted=True)
    with pytest.raises(GameError, match="A turn lasts 15 to 180 seconds"):
        table.set_settings(1, Settings(turn=10))
    table = table.set_settings(1, Settings(turn=30)).deal(1, random.Random(1), now=0.0)
    game = Play(known(table, ada=("SwapBot", 9, G)))
    game.call(9).claim(1)
    assert game.table.deadline == game.now + 30


def failed_conversion(target=("BetBot", 4, G), **more) -> Play:
    """Ada (SwapBot 7, Evil) converts Bob, whose power is lower: it fails; the window closes."""
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, E), bob=target, **more)
    return game.call(7).claim(1).convert(1, target=2).close()


def test_a_failed_conversion_owes_its_proof_at_once_in_a_step_of_its_own():
    game = failed_conversion()
    proof = conduct(game).proof
    assert proof is not None and proof.seat == 2
    assert game.table.deadline == game.now + 8  # the window's time, whatever Bob holds
    assert conduct(game).busy and conduct(game).deadline is None  # the call waits for it
    assert game.table.view_for(2).acts.proofs == (Proof.POWER, Proof.ALLEGIANCE)
    assert game.table.view_for(3).acts.proofs == ()
    game.prove(2, Proof.POWER)
    assert game.log()[-1] == "Bob · shows why it failed · power 4"
    assert conduct(game).proof is None and conduct(game).deadline is not None  # the call goes on


def test_the_proofs_time_is_the_same_whatever_the_target_holds():
    games = [
        failed_conversion(t) for t in (("BetBot", 4, G), ("LockBot", 9, G), ("CheatBot", 2, N))
    ]
    assert all(conduct(game).proof is not None for game in games)
    assert {game.table.deadline - game.now for game in games} == {8.0}


def test_a_proof_nobody_gives_is_shown_by_the_app_and_tells_nothing_more():
    """Whatever the target holds, the app shows its allegiance: the one proof every target
    has. Showing its power whenever that proved it would leave the allegiance for the
    CheatBot that said a conversion that worked had failed, and give it away."""
    game = failed_conversion(("LockBot", 4, G))  # its power and LockBot prove it too
    assert game.table.view_for(2).acts.proofs == (Proof.POWER, Proof.LOCKBOT, Proof.ALLEGIANCE)
    game.at(game.table.deadline)
    assert game.log()[-1] == "Bob · shows it failed · Good · time ran out: shown by the app"
    assert conduct(game).proof is None
    liar = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("CheatBot", 6, G))
    liar.cheat(2, G, Story.FAILED).call(3).claim(1).convert(1, target=2).close()
    liar.at(liar.table.deadline)  # it truly worked: Bob is Evil, and lied
    assert liar.log()[-1] == "Bob · shows it failed · Good · time ran out: shown by the app"


def test_a_power_proof_is_offered_only_where_the_board_can_check_it():
    """Bob, PlusBot 3 unseen in the Pass phase (6 in truth), converts Ada, 5: it fails (6 is
    not below 5). Her card, 5, is above the 3 the board shows for Bob: it would read as a
    conversion that should have worked, and tell of Bob's hidden PlusBot. She is offered her
    allegiance only."""

    game = play("Ada", "Bob", "Cy", ada=("BetBot", 5, G), bob=("PlusBot", 3, E))
    game.pass_debate(2).call(1).at(game.table.deadline)  # Bob alone in the Pass phase
    assert "Bob · shows their power for the Pass phase · power 3" in game.log()
    game.convert(2, target=1).close()
    assert conduct(game).proof.seat == 1
    assert game.table.view_for(1).acts.proofs == (Proof.ALLEGIANCE,)
    honest = failed_conversion(("BetBot", 4, G))  # 4 is not above Ada's 7, shown
    assert Proof.POWER in honest.table.view_for(2).acts.proofs


def test_a_proof_can_never_be_given_later():
    game = failed_conversion()
    game.at(game.table.deadline)  # the step is over: the app showed it
    with pytest.raises(Conflict, match="no failed conversion of yours to prove now"):
        game.prove(2, Proof.ALLEGIANCE)


def test_a_stale_proof_cannot_show_an_allegiance_the_target_no_longer_holds():
    """Bob's conversion of Ada fails; Cy converts her later. Ada cannot then "prove" the old
    failure with her old allegiance: the board never shows her Good while she is Evil."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        ada=("BetBot", 5, G),
        bob=("SwapBot", 8, E),
        cy=("PushBot", 2, E),
    )
    game.call(8).claim(2).convert(2, target=1).close()  # 8 is not lower than 5: it fails
    assert conduct(game).proof.seat == 1
    game.at(game.table.deadline)  # Ada gives no proof: the app shows her power
    game.call(2).claim(3).convert(3, target=1).close()  # 2 is lower than 5: Ada is Evil
    assert game.allegiance(1) is E
    with pytest.raises(Conflict):
        game.prove(1, Proof.ALLEGIANCE)
    assert game.table.shown_by(1).allegiance is E


def tied_three() -> Play:
    """Ada, Bob and Cy all act at 6 (PlusBot 3 counts 6): Ada claims first, then Bob, then Cy."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        ada=("SwapBot", 6, G),
        bob=("BetBot", 6, E),
        cy=("PlusBot", 3, N),
    )
    return game.call(6).claim(1).claim(2).claim(3)


def test_the_order_of_tied_seats_is_a_step_of_its_own_for_the_first_to_act():
    game = tied_three()
    assert (conduct(game).turn, conduct(game).queue) == (1, (2, 3))
    assert game.table.view_for(1).acts.promote == ()  # not while her turn runs
    game.pass_turn(1)
    assert conduct(game).ordering == 1 and conduct(game).turn is None
    assert game.table.deadline == game.now + 8
    assert game.table.view_for(1).acts.promote == ((2, "Bob"), (3, "Cy"))
    with pytest.raises(NotAllowed):
        game.promote(2, 3)
    game.promote(1, 3)
    assert conduct(game).turn == 3 and conduct(game).ordering is None
    assert game.log()[-1] == "Ada · lets Cy go next"


def test_a_tie_left_by_one_of_the_tied_is_no_tie_any_more():
    game = tied_three().pass_turn(1)
    game.table = game.table.leave(3, game.now)
    assert conduct(game).ordering is None and conduct(game).turn == 2


def test_a_tie_nobody_orders_goes_in_the_order_claimed_and_cannot_be_ordered_later():
    game = tied_three().pass_turn(1)
    game.at(game.table.deadline)
    assert conduct(game).turn == 2 and conduct(game).queue == (3,)
    with pytest.raises(Conflict, match="Nobody is choosing"):
        game.promote(1, 3)


# ---- The round ends when its phases are done ---------------------------------------------------


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
    again = abandoned.deal(1, random.Random(2), game.now, replaces=1)
    assert again.round.number == 1 and again.game.rounds == ()


def test_a_round_by_voice_ends_whenever_the_host_says():
    table = seated("Ada", "Bob").deal(1, random.Random(4))
    assert table.end_round(1).round.ended


def test_a_seat_in_a_conversion_being_settled_is_neither_removed_nor_gone():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 7, G))
    game.call(3).claim(1).convert(1, target=2)  # it works: Bob becomes Evil when it closes
    with pytest.raises(Conflict, match="Bob is in a conversion being settled"):
        game.table.remove(1, 2, game.now)
    for seat in (1, 2):
        with pytest.raises(Conflict, match="being settled"):
            game.table.leave(seat, game.now)
    game.table = game.table.remove(1, 3, game.now)  # Cy is not in it
    game.close()
    assert game.allegiance(2) is E  # the conversion announced as working is applied
    assert game.table.remove(1, 2, game.now).round.hand_of(2) is None


# ---- One mode at a time ------------------------------------------------------------------------


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


# ---- Forms that cannot land twice, or late ----------------------------------------------------


def test_a_deal_carries_the_deal_it_replaces_so_a_second_tap_deals_nothing():
    table = seated("Ada", "Bob", "Cy", conducted=True)
    dealt = table.deal(1, random.Random(1), 0.0, replaces=0)
    with pytest.raises(Conflict, match="made already"):
        dealt.deal(1, random.Random(2), 0.0, replaces=0)


def test_a_round_in_play_is_dealt_again_only_when_the_host_says_so_and_it_is_announced():
    table = seated("Ada", "Bob", "Cy", conducted=True).deal(1, random.Random(1), 0.0, replaces=0)
    with pytest.raises(Conflict, match="Deal this round again"):
        table.deal(1, random.Random(2), 1.0, replaces=1)
    again = table.deal(1, random.Random(2), 1.0, replaces=1, again=True)
    assert again.round.again and again.round.number == 1 and again.round.deal_id == 2
    assert again.view_for(None).dealt_again
    with pytest.raises(Conflict, match="no round in play"):
        again.abandon_round(1, 2).deal(1, random.Random(3), 2.0, replaces=2, again=True)


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


def test_new_game_carries_the_deal_it_follows():
    table = seated("Ada", "Bob").deal(1, random.Random(4))
    with pytest.raises(Conflict, match="out of date"):
        table.new_game(1, after=0)
    assert table.new_game(1, after=1).round is None


# ---- Names a table can trust ------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Ада",  # Cyrillic: the same name in another script
        "Аda",  # a Cyrillic A among Latin letters
        "ADA",
        "Adá",
        "Ａｄａ",  # full-width
        "𝐀𝐝𝐚",  # mathematical bold
        "B0b",  # a zero
        "Мах",  # Cyrillic capitals and small letters that look Latin
        "Норе",
        "lan",  # a small L for a capital i
        "AI",
    ],
)
def test_a_name_that_looks_like_another_seats_is_refused(name):
    table = seated("Ada", "Bob", "Max", "Hope", "Ian", "Al")
    with pytest.raises(Conflict, match="looks like"):
        table.join(name, "secret-x")


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("The non-player robot", "non-player robot's name"),
        ("the NON-PLAYER robot", "non-player robot's name"),
        ("\u0301\u0301\u0301", "a letter or a digit"),
        ("\u200b\u200b", "letters, digits"),
        ("\u3164", "letters, digits"),  # a Hangul filler: a letter that draws nothing
        ("Z\u0338\u0322\u031ba\u0337l", "stacked"),
        ("e\u0301\u0301\u0301", "stacked"),
    ],
)
def test_names_nobody_could_read_or_tell_from_the_robots_are_refused(name, why):
    with pytest.raises(GameError, match=why):
        seated("Ada").join(name, "secret-x")


@pytest.mark.parametrize("name", ["Nguyễn", "Zoë", "李雷", "Мария", "O'Brien", "Ana-Lucía 2"])
def test_real_names_are_welcome(name):
    assert seated("Ada", "Bob").join(name, "secret-x").seats[-1].name == name


def test_names_that_only_share_letters_with_another_are_told_apart():
    names = "Ada Ali All Amy Ana Anna Ben Bob Dan Don Eli Ela Eve Ewe Ian Jan Jon Lia Liz Tom Rom"
    names = names.split()
    for number, name in enumerate(names):
        assert look_alike(name, names[:number] + names[number + 1 :]) is None, name


def test_names_are_kept_in_their_compatibility_form():
    assert seated("Ｃｙ").seats[0].name == "Cy"


# ---- The rules as written ----------------------------------------------------------------------


def test_sumobot_converts_a_higher_power_by_its_power_alone_showing_no_robot():
    game = play("Ada", "Bob", ada=("SumoBot", 3, E), bob=("BetBot", 7, G)).call(3).claim(1)
    game.convert(1, target=2)
    assert game.log()[-2] == "Ada · converts Bob · power 3 · Evil"
    assert game.close().allegiance(2) is E


@pytest.mark.parametrize("theirs", [3, 2])
def test_sumobot_converts_an_equal_or_lower_power_only_by_showing_sumobot(theirs):
    game = play("Ada", "Bob", ada=("SumoBot", 3, E), bob=("BetBot", theirs, G)).call(3).claim(1)
    game.convert(1, target=2)
    assert game.log()[-2] == "Ada · converts Bob · SumoBot · power 3 · Evil"
    assert game.close().allegiance(2) is E
    assert game.table.shown_by(1).robot is not None


@pytest.mark.parametrize(("card", "shown"), [(9, False), (8, True), (6, True), (2, True)])
def test_plusbot_shows_itself_on_a_claim_only_where_its_card_falls_short(card, shown):
    level = min(card + 3, 9)
    game = play("Ada", "Bob", ada=("PlusBot", card, G)).call(level).claim(1)
    assert game.table.round.reveals[-1].robot is (
        game.table.round.hand_of(1).robot if shown else None
    )


def test_plusbot_proves_a_failure_by_its_card_alone():
    game = failed_conversion(("PlusBot", 2, G))  # 5 is not below 7
    game.prove(2, Proof.POWER)
    assert game.log()[-1] == "Bob · shows why it failed · power 2"


def pass_phase(*passing: int, after=None, **cards) -> Play:
    """Ada, Bob, Cy, Di and Ed; the given seats pass in the Debate; ``after`` runs once the
    Countdown is called; nobody else acts."""
    game = play("Ada", "Bob", "Cy", "Di", "Ed", **cards)
    for seat in passing:
        game.pass_debate(seat)
    if after is not None:
        after(game)
    return game.call(1).at(game.table.deadline)


def test_plusbot_shows_itself_in_the_pass_phase_only_where_its_card_would_misplace_it():
    alone = pass_phase(1, ada=("PlusBot", 2, G))
    assert alone.log()[-1] == "Ada · shows their power for the Pass phase · power 2"
    same = pass_phase(1, 2, 3, ada=("PlusBot", 6, G), bob=("BetBot", 2, E), cy=("SwapBot", 4, N))
    assert "Ada · shows their power for the Pass phase · power 6" in same.log()
    moved = pass_phase(1, 2, 3, ada=("PlusBot", 2, G), bob=("BetBot", 1, E), cy=("SwapBot", 4, N))
    assert "Ada · shows their power for the Pass phase · PlusBot · power 2" in moved.log()
    assert (conduct(moved).turn, conduct(moved).queue) == (3, (1,))  # Cy 4, then Ada 5


def test_passbot_may_act_first_or_at_its_powers_place():
    cards = dict(ada=("PassBot", 6, G), bob=("BetBot", 2, E), cy=("SwapBot", 4, N))
    first = pass_phase(1, 2, 3, **cards)
    assert (conduct(first).turn, conduct(first).queue) == (1, (3,))
    assert "Ada · shows their power for the Pass phase · PassBot · power 6" in first.log()

    def wait(game: Play) -> None:
        game.table = game.table.choose_first(1, 1, game.now, False)
        assert game.table.view_for(1).standing.first is False

    placed = pass_phase(1, 2, 3, after=wait, **cards)
    assert (conduct(placed).turn, conduct(placed).queue) == (3, (1,))  # Cy 4, then Ada 6
    assert "Ada · shows their power for the Pass phase · power 6" in placed.log()  # no PassBot


def test_only_passbot_chooses_and_only_before_the_pass_phase():
    game = pass_phase(1, ada=("PassBot", 6, G), bob=("BetBot", 2, E))
    with pytest.raises(NotAllowed):
        game.table.choose_first(2, 1, game.now, False)
    with pytest.raises(Conflict, match="order is set"):
        game.table.choose_first(1, 1, game.now, False)


def test_the_pass_phases_first_tie_is_ordered_by_the_previous_player_to_act():
    """Di passes on her turn at 9; Bob and Cy, who passed in the Debate, tie at 5, below
    nobody but Ed's 1: Di, the previous player to act, chooses which of them goes first."""
    game = play(
        "Ada",
        "Bob",
        "Cy",
        "Di",
        "Ed",
        ada=("SwapBot", 8, G),
        bob=("BetBot", 5, E),
        cy=("LockBot", 5, N),
        di=("SumoBot", 9, G),
        ed=("PushBot", 1, E),
    )
    game.pass_debate(2).pass_debate(3).pass_debate(5)
    game.call(9).claim(4).pass_turn(4)
    game.call(8).claim(1).pass_turn(1)  # Ada, 8, is the last to act in the Countdown
    game.call(1).at(game.table.deadline)
    # Ed 1 sits out; Bob 5 and Cy 5 tie (then Ada 8, Di 9): Ada orders them.
    assert conduct(game).phase is Phase.PASS and conduct(game).sat_out == (5,)
    assert conduct(game).ordering == 1 and conduct(game).queue == (2, 3, 1, 4)
    game.promote(1, 3)
    assert conduct(game).turn == 3
    game.pass_turn(3)  # then Bob, alone at 5: no choice to make
    assert conduct(game).turn == 2


def test_lockbot_cannot_convert_itself_away_from_good_or_evil():
    game = play("Ada", "Bob", ada=("LockBot", 4, G)).call(4).claim(1)
    assert game.table.view_for(1).acts.convert_self is False
    with pytest.raises(NotAllowed, match="LockBot"):
        game.convert(1, allegiance=E)
    neutral = play("Ada", "Bob", ada=("LockBot", 4, N)).call(4).claim(1)
    assert neutral.table.view_for(1).acts.convert_self is True
    assert neutral.convert(1, allegiance=E).close().allegiance(1) is E


def test_hiding_a_card_is_still_the_seats_own_in_a_conducted_round():
    table = conducted("Ada", "Bob")
    assert table.hide(1, 1, Part.ROBOT).round.hand_of(1).hidden == {Part.ROBOT}


def test_an_abandoned_round_offers_nothing_more():
    game = play("Ada", "Bob", ada=("CheatBot", 7, G), bob=("PassBot", 3, E)).call(7).claim(1)
    abandoned = game.table.abandon_round(1, 1)
    for seat in (1, 2):
        assert abandoned.view_for(seat).acts == type(abandoned.view_for(seat).acts)()
    assert abandoned.view_for(None).happening is None


def test_leaving_is_judged_against_the_round_as_it_now_stands():
    """Bob's window closed a moment ago, and nothing has moved the table on yet: he may go."""
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 3, E), bob=("BetBot", 7, G))
    game.call(3).claim(1).convert(1, target=2)
    closed = game.table.round.conduct.chain.deadline
    left = game.table.leave(2, closed + 0.1)
    assert left.round.hand_of(2) is None and left.round.hand_of(1) is not None


def test_a_private_choice_that_lands_once_something_is_due_is_refused():
    game = play("Ada", "Bob", ada=("SwapBot", 7, E), bob=("CheatBot", 3, G)).call(7).claim(1)
    game.convert(1, target=2)
    due = game.table.deadline
    with pytest.raises(Conflict, match="moving on"):
        game.table.choose_cheat(2, 1, due, G, Story.FAILED)
    assert game.table.choose_cheat(2, 1, due - 0.1, G, Story.FAILED).round.conduct.cheats


def test_a_turn_stored_before_turns_had_a_clock_is_due_at_once():
    from evilrobots.game.codec import load_table, table_state

    game = play("Ada", "Bob", ada=("SwapBot", 7, E)).call(7).claim(1)
    state = table_state(game.table)
    del state["round"]["conduct"]["un"]
    old = load_table(state)
    assert old.deadline == 0.0
    assert old.tick(game.now).round.conduct.turn is None  # passed for Ada


def test_a_change_only_its_seat_can_see_is_told_as_such():
    """What the stores tell only that seat's streams: its hidden cards, CheatBot's and
    PassBot's choices; anything else is everyone's."""
    from evilrobots.game.table.privacy import private_to

    table = conducted("Ada", "Bob", "Cy", ada=("CheatBot", 3, G), bob=("PassBot", 5, E))
    assert private_to(table, table.hide(3, 1, Part.POWER)) == 3
    assert private_to(table, table.choose_cheat(1, 1, 1.0, E, Story.FAILED)) == 1
    assert private_to(table, table.choose_first(2, 1, 1.0, False)) == 2
    both = table.hide(3, 1, Part.POWER).hide(2, 1, Part.ROBOT)
    assert private_to(table, both) is None
    assert private_to(table, table.pass_debate(3, 1, 1.0)) is None
    assert private_to(table, table.tick(60.0)) is None
