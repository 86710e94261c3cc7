"""A round's count read from the table (``count``): ScaredyBot's condition, as the app saw it."""

from __future__ import annotations

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.game.table.count import only_power_shown
from tests.support.tables import Play, conducted, voiced

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_scaredybot_loses_its_bonus_by_showing_everything_mid_round():
    table = voiced(ada=("ScaredyBot", 3, E), bob=("LockBot", 2, E), cy=("SumoBot", 4, G))
    shown = table.reveal(1, 1, Action.END_OF_ROUND).end_round(1)
    assert not only_power_shown(shown.round, 1)
    assert "ScaredyBot" not in [bonus.robot for bonus in shown.tally().bonuses]
    kept = table.reveal(1, 1, Action.PROVE_POWER).end_round(1)
    assert "ScaredyBot" in [bonus.robot for bonus in kept.tally().bonuses]


def test_scaredybot_in_a_conducted_round_keeps_its_bonus_only_showing_its_power():
    game = Play(conducted("Ada", "Bob", ada=("ScaredyBot", 3, E), bob=("BetBot", 6, G)))
    game.call(3).claim(1).pass_turn(1)
    assert only_power_shown(game.table.round, 1)
    other = Play(conducted("Ada", "Bob", ada=("ScaredyBot", 3, E), bob=("BetBot", 6, G)))
    other.call(3).claim(1).convert(1, target=2)  # converting shows the allegiance
    assert not only_power_shown(other.table.round, 1)
