"""What the table has seen (``shown``): a seat's power as the board shows it (PlusBot's 3
only once PlusBot is shown), and what one act of a seat has just shown, which its phone holds
up to the camera: only that act's cards, nothing for a pass, a private tap or what the round
made of a conversion."""

from __future__ import annotations

import random

from evilrobots.game.actions import Action, Part
from evilrobots.game.cards import Allegiance
from evilrobots.game.table.conduct import CheatSays, Proof
from evilrobots.game.table.shown import ActShown, act_shown, power_shown
from tests.support.tables import play, voiced

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_a_power_as_shown_counts_plusbots_three_only_once_plusbot_is_shown():
    short = play("Ada", "Bob", ada=("PlusBot", 7, G), bob=("BetBot", 4, E))
    assert power_shown(short.table.round, 1) is None  # nothing shown yet
    short.call(9).claim(1)  # its card, 7, falls short of 9: PlusBot is shown with it
    assert power_shown(short.table.round, 1) == 10
    card = play("Ada", "Bob", ada=("PlusBot", 9, G), bob=("BetBot", 4, E))
    card.call(9).claim(1)  # its card alone proves 9: PlusBot stays hidden, its 3 unseen
    assert power_shown(card.table.round, 1) == 9


def test_each_act_holds_up_only_what_it_showed():
    game = play("Ada", "Bob", "Cy", ada=("SwapBot", 7, E), bob=("BetBot", 4, G))
    before = game.table.round
    game.pass_debate(3)  # a pass shows nothing, and says so
    assert act_shown(before, game.table.round, 3) == ActShown(None)
    before = game.table.round
    game.call(7).claim(1)
    assert act_shown(before, game.table.round, 1) == ActShown(
        Action.PROVE_POWER, parts=(Part.POWER,)
    )
    before = game.table.round
    game.convert(1, target=2)  # fails: Bob's power is lower
    assert act_shown(before, game.table.round, 1) == ActShown(
        Action.CONVERT_OTHER, parts=(Part.POWER, Part.ALLEGIANCE), allegiance=E
    )
    assert act_shown(before, game.table.round, 3) is None  # Cy did nothing
    game.no_reaction(3)
    before = game.table.round
    game.no_reaction(2)  # closes the window: "Bob · is not converted" is not Bob's act
    assert game.table.round.reveals[-1].seat == 2
    assert act_shown(before, game.table.round, 2) is None
    before = game.table.round
    game.prove(2, Proof.ALLEGIANCE)
    shown = act_shown(before, game.table.round, 2)
    assert shown.failed and shown.parts == (Part.ALLEGIANCE,) and shown.allegiance is G


def test_cheatbot_holds_up_the_allegiance_it_chose_to_show():
    game = play("Ada", "Bob", ada=("CheatBot", 7, E), bob=("BetBot", 8, G))
    game.cheat(1, N, CheatSays.TRUTH)
    before = game.table.round
    game.call(7).claim(1).convert(1, target=2)
    assert act_shown(before, game.table.round, 1).allegiance is N


def test_a_private_tap_a_new_deal_or_an_ended_round_holds_up_nothing():
    game = play("Ada", "Bob", ada=("CheatBot", 7, E))
    before = game.table.round
    game.cheat(1, G, CheatSays.TRUTH)
    assert act_shown(before, game.table.round, 1) is None
    table = voiced()
    again = table.deal(1, random.Random(9), again=True)
    assert act_shown(table.round, again.round, 1) is None
    ended = table.end_round(1)
    assert act_shown(table.round, ended.round, 1) is None


def test_by_voice_a_reveal_holds_up_its_cards_until_it_may_no_longer_be_taken_back():
    table = voiced(bob=("SwapBot", 3, G))
    revealed = table.reveal(2, 1, Action.CONVERT_SELF, now=100.0)
    assert act_shown(table.round, revealed.round, 2) == ActShown(
        Action.CONVERT_SELF, parts=(Part.POWER, Part.ALLEGIANCE), allegiance=G, until=110.0
    )
