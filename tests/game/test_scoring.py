"""The tally, hand-worked round by round, and the game to its target."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evilrobots.game.cards import (
    BETBOT,
    COPYBOT,
    PLUSBOT,
    ROBOTS,
    Allegiance,
    PowerCard,
    robot_named,
)
from evilrobots.game.errors import GameError
from evilrobots.game.scoring import (
    NPR_SEAT,
    Game,
    Seated,
    Tally,
    answer,
    propose,
    settle_split,
    tally,
)
from evilrobots.game.scoring.evening import evenings

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
TEAMS = {"G": G, "E": E, "N": N}


def seat(spec: str, number: int) -> Seated:
    """'Ada PlusBot 4 G', with optional 'neg', 'bet=E', 'only' (ScaredyBot showed only power);
    'npr G' is the non-player robot."""
    words = spec.split()
    if words[0] == "npr":
        return Seated(
            NPR_SEAT,
            "The non-player robot",
            None,
            PowerCard(5),
            TEAMS[words[1]],
            negated="neg" in words,
        )
    name, robot, power, team, *flags = words
    bet = next((TEAMS[f[4:]] for f in flags if f.startswith("bet=")), None)
    return Seated(
        number,
        name,
        robot_named(robot),
        PowerCard(int(power)),
        TEAMS[team],
        negated="neg" in flags,
        bet=bet,
        only_power_shown="only" in flags,
    )


def count(specs: list[str], value: int) -> Tally:
    return tally([seat(spec, number) for number, spec in enumerate(specs, start=1)], value)


def named(result: Tally, points: dict[int, int]) -> dict[str, int]:
    names = result.names()
    return {names[seat]: p for seat, p in points.items() if p}


# Each round: the seats, the value, then what a careful player works out by hand: the winner,
# the Good and Evil totals, the winners, and what everyone gains once the split is done
# ("split": the proposer and shares, and who disagrees, when two or more win).
ROUNDS = [
    # 1. Plain: the higher total wins, a lone winner takes all.
    (
        ["Ada SumoBot 5 G", "Bob LockBot 3 E", "Cy PushBot 2 N"],
        6,
        dict(winner=G, good=5, evil=3, winners=["Ada"], gains={"Ada": 6}),
    ),
    # 2. Two Evil winners agree a split.
    (
        ["Ada SumoBot 2 G", "Bob LockBot 7 E", "Cy PushBot 4 E"],
        4,
        dict(
            winner=E,
            good=2,
            evil=11,
            winners=["Bob", "Cy"],
            split=("Bob", {"Bob": 3, "Cy": 1}),
            gains={"Bob": 3, "Cy": 1},
        ),
    ),
    # 3. ... and when Cy disagrees, one point each.
    (
        ["Ada SumoBot 2 G", "Bob LockBot 7 E", "Cy PushBot 4 E"],
        4,
        dict(
            winner=E,
            good=2,
            evil=11,
            winners=["Bob", "Cy"],
            split=("Bob", {"Bob": 3, "Cy": 1}, "Cy"),
            gains={"Bob": 1, "Cy": 1},
        ),
    ),
    # 4. A tie: Neutral wins.
    (
        ["Ada SumoBot 5 G", "Bob LockBot 5 E", "Cy PushBot 3 N"],
        7,
        dict(winner=N, good=5, evil=5, winners=["Cy"], gains={"Cy": 7}),
    ),
    # 5. A tie with two Neutrals, who agree 0 and 5.
    (
        ["Ada SumoBot 4 G", "Bob LockBot 4 E", "Cy PushBot 2 N", "Dee FreeBot 9 N"],
        5,
        dict(
            winner=N,
            good=4,
            evil=4,
            winners=["Cy", "Dee"],
            split=("Dee", {"Cy": 0, "Dee": 5}),
            gains={"Dee": 5},
        ),
    ),
    # 6. A tie with nobody Neutral: nobody shares.
    (
        ["Ada SumoBot 6 G", "Bob LockBot 6 E"],
        8,
        dict(winner=N, good=6, evil=6, winners=[], gains={}),
    ),
    # 7. Everyone Good: nobody scores.
    (
        ["Ada SumoBot 3 G", "Bob LockBot 8 G", "Cy PushBot 1 G"],
        5,
        dict(winner=None, good=12, evil=0, winners=[], gains={}),
    ),
    # 8. Everyone Neutral, the non-player robot too: nobody scores.
    (
        ["Ada SumoBot 3 N", "Bob LockBot 4 N", "npr N"],
        5,
        dict(winner=None, good=0, evil=0, winners=[], gains={}),
    ),
    # 9. Every player Good, the non-player robot Neutral: every player has one allegiance,
    #    so nobody scores. (The non-player robot counts for its team's power, not among "all
    #    players"; counting it once let a whole table collude and share the round.)
    (
        ["Ada SumoBot 3 G", "Bob LockBot 4 G", "npr N"],
        6,
        dict(winner=None, good=7, evil=0, winners=[], gains={}),
    ),
    # 9b. Every player Good, the non-player robot Evil: the same.
    (
        ["Ada SumoBot 3 G", "Bob LockBot 4 G", "npr E"],
        6,
        dict(winner=None, good=7, evil=5, winners=[], gains={}),
    ),
    # 10. PlusBot counts 3 more.
    (
        ["Ada PlusBot 4 G", "Bob LockBot 6 E"],
        3,
        dict(winner=G, good=7, evil=6, winners=["Ada"], gains={"Ada": 3}),
    ),
    # 11. PlusBot picked by NegativeBot counts minus 7.
    (
        ["Ada PlusBot 4 G neg", "Bob SumoBot 2 G", "Cy LockBot 1 E"],
        5,
        dict(winner=E, good=-5, evil=1, winners=["Cy"], gains={"Cy": 5}),
    ),
    # 12. NegativeBot picks an Evil 8.
    (
        ["Ada NegativeBot 3 G", "Bob LockBot 8 E neg", "Cy PushBot 2 E"],
        4,
        dict(winner=G, good=3, evil=-6, winners=["Ada"], gains={"Ada": 4}),
    ),
    # 13. Both totals negative: the higher still wins.
    (
        ["Ada SumoBot 2 G neg", "Bob LockBot 1 E neg"],
        9,
        dict(winner=E, good=-2, evil=-1, winners=["Bob"], gains={"Bob": 9}),
    ),
    # 14. Good wins with nobody on it; MiseryBot, Evil and lost, still gets its 2.
    (
        ["Ada MiseryBot 9 E neg", "Bob PushBot 3 N", "Cy BadBot 1 N"],
        6,
        dict(winner=G, good=0, evil=-9, winners=[], gains={"Ada": 2}),
    ),
    # 15. The non-player robot adds 5 to Good, and never scores.
    (
        ["Ada SumoBot 4 G", "Bob LockBot 7 E", "npr G"],
        3,
        dict(winner=G, good=9, evil=7, winners=["Ada"], gains={"Ada": 3}),
    ),
    # 16. The non-player robot alone on the winning team: nobody shares.
    (
        ["Ada LockBot 3 E", "Bob SumoBot 2 N", "npr G"],
        8,
        dict(winner=G, good=5, evil=3, winners=[], gains={}),
    ),
    # 17. The non-player robot picked by NegativeBot counts minus 5.
    (
        ["Ada SumoBot 3 G", "Bob LockBot 2 E", "npr G neg"],
        2,
        dict(winner=E, good=-2, evil=2, winners=["Bob"], gains={"Bob": 2}),
    ),
    # 18. BadBot on Good gets 1 when Evil wins.
    (
        ["Ada BadBot 2 G", "Bob LockBot 6 E"],
        5,
        dict(winner=E, good=2, evil=6, winners=["Bob"], gains={"Ada": 1, "Bob": 5}),
    ),
    # 19. BadBot on the winning Evil team: share and bonus.
    (
        ["Ada BadBot 3 E", "Bob LockBot 4 E", "Cy SumoBot 5 G"],
        4,
        dict(
            winner=E,
            good=5,
            evil=7,
            winners=["Ada", "Bob"],
            split=("Ada", {"Ada": 2, "Bob": 2}),
            gains={"Ada": 3, "Bob": 2},
        ),
    ),
    # 20. BadBot gets nothing when Good wins.
    (
        ["Ada BadBot 2 E", "Bob LockBot 6 G"],
        5,
        dict(winner=G, good=6, evil=2, winners=["Bob"], gains={"Bob": 5}),
    ),
    # 21. A right bet: +1.
    (
        ["Ada BetBot 5 G bet=G", "Bob LockBot 3 E"],
        2,
        dict(winner=G, good=5, evil=3, winners=["Ada"], gains={"Ada": 3}),
    ),
    # 22. A wrong bet: -1, below zero for the round.
    (
        ["Ada BetBot 2 N bet=E", "Bob LockBot 6 G", "Cy SumoBot 4 E"],
        3,
        dict(winner=G, good=6, evil=4, winners=["Bob"], gains={"Ada": -1, "Bob": 3}),
    ),
    # 23. A bet on Neutral, and a tie.
    (
        ["Ada BetBot 3 N bet=N", "Bob LockBot 5 G", "Cy SumoBot 5 E"],
        4,
        dict(winner=N, good=5, evil=5, winners=["Ada"], gains={"Ada": 5}),
    ),
    # 24. BetBot without a bet: nothing.
    (
        ["Ada BetBot 3 N", "Bob LockBot 5 G", "Cy SumoBot 4 E"],
        4,
        dict(winner=G, good=5, evil=4, winners=["Bob"], gains={"Bob": 4}),
    ),
    # 25. CopyBot copies the bet, and loses it; Cy takes nothing in the agreed split.
    (
        ["Ada BetBot 4 G bet=G", "Bob CopyBot 2 E bet=E", "Cy LockBot 3 G"],
        5,
        dict(
            winner=G,
            good=7,
            evil=2,
            winners=["Ada", "Cy"],
            split=("Ada", {"Ada": 5, "Cy": 0}),
            gains={"Ada": 6, "Bob": -1},
        ),
    ),
    # 26. MiseryBot, Good, on the losing side: 2.
    (
        ["Ada MiseryBot 2 G", "Bob LockBot 6 E"],
        5,
        dict(winner=E, good=2, evil=6, winners=["Bob"], gains={"Ada": 2, "Bob": 5}),
    ),
    # 27. MiseryBot Neutral on the losing side: nothing.
    (
        ["Ada MiseryBot 2 N", "Bob LockBot 6 E", "Cy SumoBot 3 G"],
        5,
        dict(winner=E, good=3, evil=6, winners=["Bob"], gains={"Bob": 5}),
    ),
    # 28. MiseryBot Good when a tie makes Neutral win: 2.
    (
        ["Ada MiseryBot 4 G", "Bob LockBot 4 E", "Cy SumoBot 1 N"],
        6,
        dict(winner=N, good=4, evil=4, winners=["Cy"], gains={"Ada": 2, "Cy": 6}),
    ),
    # 29. MiseryBot on the winning team: only its share.
    (
        ["Ada MiseryBot 6 E", "Bob LockBot 4 G"],
        3,
        dict(winner=E, good=4, evil=6, winners=["Ada"], gains={"Ada": 3}),
    ),
    # 30. ScaredyBot that showed only its power: 1.
    (
        ["Ada ScaredyBot 3 G only", "Bob LockBot 5 E"],
        2,
        dict(winner=E, good=3, evil=5, winners=["Bob"], gains={"Ada": 1, "Bob": 2}),
    ),
    # 31. ScaredyBot that showed more: nothing.
    (
        ["Ada ScaredyBot 3 G", "Bob LockBot 5 E"],
        2,
        dict(winner=E, good=3, evil=5, winners=["Bob"], gains={"Bob": 2}),
    ),
    # 32. Everyone Evil: no share and no bonus, not even BadBot's or a bet's.
    (
        ["Ada BadBot 2 E", "Bob MiseryBot 5 E", "Cy BetBot 4 E bet=G"],
        7,
        dict(winner=None, good=0, evil=11, winners=[], gains={}),
    ),
    # 33. NegativeBot picked itself: its team counts minus 4.
    (
        ["Ada NegativeBot 4 E neg", "Bob SumoBot 1 G"],
        3,
        dict(winner=G, good=1, evil=-4, winners=["Bob"], gains={"Bob": 3}),
    ),
    # 34. Three winners; one disagrees: one point each.
    (
        ["Ada SumoBot 1 E", "Bob LockBot 2 E", "Cy PushBot 3 E", "Dee FreeBot 4 G"],
        9,
        dict(
            winner=E,
            good=4,
            evil=6,
            winners=["Ada", "Bob", "Cy"],
            split=("Ada", {"Ada": 7, "Bob": 1, "Cy": 1}, "Cy"),
            gains={"Ada": 1, "Bob": 1, "Cy": 1},
        ),
    ),
    # 35. A right bet by a winner and a wrong one by a loser, the bets' only effect.
    (
        ["Ada BetBot 1 E bet=E", "Bob CopyBot 9 G bet=G", "Cy LockBot 2 E"],
        3,
        dict(winner=G, good=9, evil=3, winners=["Bob"], gains={"Ada": -1, "Bob": 4}),
    ),
]


@pytest.mark.parametrize(("specs", "value", "expected"), ROUNDS, ids=range(1, len(ROUNDS) + 1))
def test_each_hand_worked_round(specs, value, expected):
    result = count(specs, value)
    assert result.winner is expected["winner"]
    assert (result.good, result.evil) == (expected["good"], expected["evil"])
    names = result.names()
    assert [names[s] for s in result.winners] == expected["winners"]
    if "split" in expected:
        assert not result.settled
        by, shares, *against = expected["split"]
        ids = {name: s for s, name in names.items()}
        proposal = propose(result, ids[by], {ids[n]: p for n, p in shares.items()})
        for winner in result.winners:
            if winner != ids[by]:
                proposal = answer(result, proposal, winner, names[winner] not in against)
        result = settle_split(result, proposal)
    assert result.settled
    assert named(result, result.points()) == expected["gains"]


def test_the_tally_says_why_in_words():
    assert str(count(["Ada SumoBot 5 G", "Bob LockBot 3 E"], 4).why) == (
        "Good 5 against Evil 3: Good wins."
    )
    assert str(count(["Ada SumoBot 5 G", "Bob LockBot 5 E"], 4).why) == (
        "Good 5, Evil 5: a tie, so Neutral wins."
    )


def test_the_tally_says_so_when_nobody_is_on_a_team():
    nobody_good = count(["Ada NegativeBot 1 E neg", "Bob LockBot 3 N"], 4)
    assert nobody_good.winner is G and nobody_good.evil == -1
    assert str(nobody_good.why) == "Nobody is Good, and Evil totals -1, below 0: Good wins."
    assert str(nobody_good.split) == "Nobody who plays is Good: nobody shares the 4."
    nobody_evil = count(["Ada SumoBot 5 G", "Bob LockBot 3 N"], 4)
    assert str(nobody_evil.why) == "Good 5, and nobody is Evil: Good wins."
    tie = count(["Ada NegativeBot 1 E neg", "Bob SumoBot 1 E", "Cy LockBot 3 N"], 4)
    assert str(tie.why) == "Nobody is Good, and Evil totals 0: a tie, so Neutral wins."
    assert str(count(["Ada SumoBot 5 E", "Bob LockBot 3 E"], 4).why) == (
        "Every player is Evil: nobody scores this round."
    )
    result = count(["Ada BetBot 2 N bet=E", "Bob LockBot 6 G", "Cy SumoBot 4 E"], 3)
    (bonus,) = result.bonuses
    assert (bonus.points, str(bonus.reason)) == (-1, "bet on Evil, and Good won")
    assert bonus.reason.values == {"bet": E, "winner": G}  # facts, worded by the web


# ---- The split -------------------------------------------------------------------------------


@pytest.fixture
def two_winners() -> Tally:
    return count(["Ada SumoBot 2 G", "Bob LockBot 7 E", "Cy PushBot 4 E"], 4)


@pytest.mark.parametrize(
    ("by", "shares", "problem"),
    [
        (1, {2: 2, 3: 2}, "Only a player on the winning team"),
        (2, {2: 4}, "each winner"),
        (2, {2: 2, 3: 1}, "add up to the round's value, 4"),
        (2, {2: 5, 3: -1}, "0 or more"),
        (2, {2: 1, 3: 1, 1: 2}, "each winner"),
    ],
)
def test_a_split_the_rules_do_not_allow_is_refused(two_winners, by, shares, problem):
    with pytest.raises(GameError, match=problem):
        propose(two_winners, by, shares)


def test_the_proposer_does_not_answer_and_each_other_winner_answers_once(two_winners):
    proposal = propose(two_winners, 2, {2: 2, 3: 2})
    assert proposal.waiting_for(two_winners) == (3,)
    with pytest.raises(GameError):
        answer(two_winners, proposal, 2, True)
    with pytest.raises(GameError):
        answer(two_winners, proposal, 1, True)  # not a winner
    done = answer(two_winners, proposal, 3, True)
    with pytest.raises(GameError):
        answer(two_winners, done, 3, False)
    assert str(settle_split(two_winners, done).split) == "Agreed: Bob 2, Cy 2."


def test_a_split_waits_for_every_answer(two_winners):
    proposal = propose(two_winners, 2, {2: 2, 3: 2})
    assert settle_split(two_winners, proposal) == two_winners  # nothing settled yet
    with pytest.raises(GameError, match="settled"):
        two_winners.points()


agreements = st.integers(min_value=2, max_value=6).flatmap(
    lambda winners: st.tuples(
        st.just(winners),
        st.integers(min_value=1, max_value=9),
        st.lists(st.booleans(), min_size=winners - 1, max_size=winners - 1),
        st.randoms(use_true_random=False),
    )
)


@given(agreements)
def test_shares_add_up_to_the_value_when_agreed_else_one_point_each(case):
    winners, value, agrees, rng = case
    specs = [f"P{n} {ROBOTS[n + 8].name} {1 + n % 9} E" for n in range(winners)]
    result = count([*specs, "Zed SumoBot 1 G"], value)
    cuts = sorted(rng.randint(0, value) for _ in range(winners - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, value], strict=True)]
    proposal = propose(result, result.winners[0], dict(zip(result.winners, parts, strict=True)))
    for winner, agree in zip(result.winners[1:], agrees, strict=True):
        proposal = answer(result, proposal, winner, agree)
    shares = dict(settle_split(result, proposal).shares)
    if all(agrees):
        assert sum(shares.values()) == value
    else:
        assert shares == dict.fromkeys(result.winners, 1)


seats = st.lists(
    st.tuples(
        st.sampled_from(ROBOTS),
        st.integers(min_value=1, max_value=9),
        st.sampled_from(list(Allegiance)),
        st.booleans(),
        st.none() | st.sampled_from(list(Allegiance)),
    ),
    min_size=2,
    max_size=9,
    unique_by=lambda s: s[0].name,
)


@given(
    seats, st.integers(min_value=1, max_value=9), st.booleans(), st.sampled_from(list(Allegiance))
)
def test_any_round_is_counted_as_the_rules_say(cards, value, with_npr, npr_team):
    """The count of any table, against the rules worked out again here, plainly: each team's
    total power (PlusBot +3, NegativeBot's pick negative, the non-player robot 5); the higher
    total wins, a tie goes to Neutral; nobody scores when everyone has one allegiance; the
    value goes to the players on the winning team, never to the non-player robot."""
    seated = [
        Seated(
            n,
            f"P{n}",
            robot,
            PowerCard(power),
            team,
            negated=neg,
            bet=bet if robot in (BETBOT, COPYBOT) else None,
        )
        for n, (robot, power, team, neg, bet) in enumerate(cards, start=1)
    ]
    if with_npr:
        seated.append(Seated(NPR_SEAT, "npr", None, PowerCard(5), npr_team))
    result = tally(seated, value)

    def strength(one: Seated) -> int:
        power = one.power.value + (3 if one.robot is PLUSBOT else 0)
        return -power if one.negated else power

    good = sum(strength(one) for one in seated if one.allegiance is G)
    evil = sum(strength(one) for one in seated if one.allegiance is E)
    assert (result.good, result.evil) == (good, evil)
    players = [one for one in seated if one.seat != NPR_SEAT]
    if len({one.allegiance for one in players}) == 1:  # the non-player robot is no player
        assert result.winner is None and result.points() == {}
        return
    winner = G if good > evil else E if evil > good else N
    assert result.winner is winner
    players = tuple(one.seat for one in seated if one.seat != NPR_SEAT and one.allegiance is winner)
    assert result.winners == players
    if len(players) == 1:
        assert dict(result.shares) == {players[0]: value}
    elif not players:
        assert result.shares == ()
    else:
        assert not result.settled  # several winners settle their split among themselves


# ---- The game ------------------------------------------------------------------------------


def round_giving(points: dict[int, int]) -> Tally:
    """A settled round in which each seat gains the given points (its share)."""
    rows = ()
    return Tally(
        rows, 0, 0, G, "", sum(points.values()), tuple(points), (), shares=tuple(points.items())
    )


def test_first_to_ten_wins():
    game = Game().keep(round_giving({1: 8, 2: 3})).keep(round_giving({1: 3}))
    assert game.score(1) == 11 and game.winner == 1


def test_two_reaching_the_target_together_play_on_until_one_leads():
    game = Game().keep(round_giving({1: 9, 2: 9})).keep(round_giving({1: 2, 2: 2}))
    assert (game.score(1), game.score(2)) == (11, 11)
    assert game.winner is None
    game = game.keep(round_giving({1: 1}))
    assert game.winner == 1


def test_if_two_pass_the_target_in_one_round_the_one_with_most_wins():
    game = Game().keep(round_giving({1: 8, 2: 9})).keep(round_giving({1: 4, 2: 1}))
    assert (game.score(1), game.score(2)) == (12, 10)
    assert game.winner == 1


def test_scores_may_go_below_zero():
    game = Game().keep(round_giving({1: -1})).keep(round_giving({1: -1}))
    assert game.score(1) == -2 and game.winner is None


def test_the_target_is_the_hosts_from_5_to_20_before_the_first_round():
    assert Game().with_target(5).target == 5
    assert Game().with_target(20).target == 20
    for target in (4, 21):
        with pytest.raises(GameError, match="5 to 20"):
            Game().with_target(target)
    with pytest.raises(GameError, match="before"):
        Game().keep(round_giving({1: 1})).with_target(5)
    game = Game().with_target(5).keep(round_giving({1: 5}))
    assert game.winner == 1


def test_a_finished_game_keeps_no_more_rounds_and_a_new_one_starts_at_zero():
    game = Game().keep(round_giving({1: 10}))
    with pytest.raises(GameError, match="over"):
        game.keep(round_giving({2: 3}))
    fresh = game.restart()
    assert fresh.scores == () and fresh.rounds == () and fresh.target == game.target


def test_unsettled_rounds_cannot_be_kept(two_winners):
    with pytest.raises(GameError):
        Game().keep(two_winners)


# ---- A player's evening -----------------------------------------------------------------------


def test_each_players_evening_says_where_every_point_came_from():
    """Round 1: Ada wins 4 alone for Good, and Bob's bet on Good is right. Round 2: Bob and
    Cy win for Evil and agree 3 and 1; Ada's MiseryBot ended Good, which lost: 2 more. The
    evenings add up to the game's scores."""
    one = count(["Ada SumoBot 9 G", "Bob BetBot 1 E bet=G", "Cy PushBot 2 N"], 4)
    two = count(["Ada MiseryBot 1 G", "Bob LockBot 7 E", "Cy PushBot 4 E"], 4)
    two = settle_split(two, answer(two, propose(two, 2, {2: 3, 3: 1}), 3, True))
    game = Game(5).keep(one).keep(two)
    names = {1: "Ada", 2: "Bob", 3: "Cy"}
    ada, bob, cy = sorted(evenings(game.rounds, names), key=lambda e: e.seat)
    assert (ada.rounds, ada.won, ada.alone, ada.shared, ada.bonuses, ada.bets) == (2, 1, 4, 0, 2, 0)
    assert (bob.rounds, bob.won, bob.alone, bob.shared, bob.bonuses, bob.bets) == (2, 1, 0, 3, 0, 1)
    assert (cy.won, cy.shared, cy.points) == (1, 1, 1)
    assert {e.seat: e.points for e in evenings(game.rounds, names)} == dict(game.scores)
    assert [e.name for e in evenings(game.rounds, names)] == ["Ada", "Bob", "Cy"]  # most first


@given(st.lists(st.dictionaries(st.integers(1, 4), st.integers(0, 5), min_size=1), max_size=6))
def test_the_evenings_always_add_up_to_the_scores(rounds):
    tallies = [round_giving(points) for points in rounds]
    game = Game(100)
    for one in tallies:
        game = game.keep(one)
    told = {e.seat: e.points for e in evenings(game.rounds, {})}
    assert {seat: p for seat, p in told.items() if p} == {s: p for s, p in game.scores if p}
