"""The shared table's pure model: seats, one deck per deal, verified reveals, per-viewer views."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from evilrobots.cards import Allegiance, PowerCard, robot_named
from evilrobots.hand import Action, Part
from evilrobots.table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SEATS,
    Conflict,
    NotAllowed,
    RoundOver,
    Table,
    TableError,
    clean_code,
    clean_name,
    from_state,
    new_code,
    spoken_code,
    to_state,
)


def seated(*names: str) -> Table:
    table = Table.start("ABCD2345", names[0], "secret-0")
    for number, name in enumerate(names[1:], start=1):
        table = table.join(name, f"secret-{number}")
    return table


@pytest.fixture
def three() -> Table:
    return seated("Ada", "Bob", "Cy").deal(1, random.Random(4))


def holding(table: Table, seat: int, robot: str) -> Table:
    """The same table, with one seat's hand given another robot (to set up a case)."""
    assert table.round is not None
    hand = replace(table.round.hand_of(seat), robot=robot_named(robot))
    return replace(table, round=table.round.with_hand(seat, hand))


# ---- Codes and names ---------------------------------------------------------------------


def test_codes_are_easy_to_read_aloud_and_long_enough():
    assert not set(CODE_ALPHABET) & set("0O1IL")
    codes = {new_code(random.Random(seed)) for seed in range(500)}
    assert len(codes) == 500
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for code in codes)
    assert len(CODE_ALPHABET) ** CODE_LENGTH > 10**11


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("ABCD2345", "ABCD2345"),
        ("abcd-2345", "ABCD2345"),
        (" abcd 2345 ", "ABCD2345"),
        ("ABCD-234", None),
        ("ABCD-2O45", None),  # the letter O is never in a code
        ("ABCD-2345-X", None),
        ("", None),
    ],
)
def test_codes_are_read_in_any_case_with_or_without_the_dash(typed, code):
    assert clean_code(typed) == code


def test_a_code_is_spoken_in_two_groups():
    assert spoken_code("ABCD2345") == "ABCD-2345"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("", "Say your name"),
        ("   ", "Say your name"),
        ("x" * 25, "24 characters"),
        ("Ada\x00", "letters"),
        ("Ada\u202e", "letters"),
    ],
)
def test_impossible_names_are_refused_with_a_reason(raw, problem):
    with pytest.raises(TableError, match=problem):
        clean_name(raw)


def test_names_are_trimmed_and_html_is_just_text():
    assert clean_name("  Ada   Lovelace ") == "Ada Lovelace"
    assert clean_name("<b>Bob</b>") == "<b>Bob</b>"  # the templates escape it
    assert clean_name("x" * 24) == "x" * 24


# ---- Seats -------------------------------------------------------------------------------


def test_the_starter_is_host_and_seats_are_numbered_in_order():
    table = seated("Ada", "Bob", "Cy")
    assert [seat.name for seat in table.seats] == ["Ada", "Bob", "Cy"]
    assert [seat.id for seat in table.seats] == [1, 2, 3]
    assert table.host == 1


def test_a_name_already_taken_ignoring_case_is_refused():
    with pytest.raises(Conflict, match="already called"):
        seated("Ada").join("ADA", "other")


def test_nine_players_at_most():
    table = seated(*[f"P{n}" for n in range(MAX_SEATS)])
    with pytest.raises(Conflict, match="full"):
        table.join("Tenth", "s")


def test_a_closed_table_takes_no_newcomers_and_opens_again():
    table = seated("Ada").set_open(1, False)
    with pytest.raises(Conflict, match="closed"):
        table.join("Bob", "s")
    assert len(table.set_open(1, True).join("Bob", "s").seats) == 2


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.deal(2, random.Random(1)),
        lambda t: t.remove(2, 3),
        lambda t: t.make_host(2, 2),
        lambda t: t.set_open(2, False),
        lambda t: t.set_npr(2, True),
    ],
    ids=["deal", "remove", "make-host", "close", "npr"],
)
def test_host_only_changes_are_refused_to_other_players(change):
    with pytest.raises(NotAllowed, match="Only the host"):
        change(seated("Ada", "Bob", "Cy"))


def test_when_the_host_leaves_the_longest_seated_player_becomes_host():
    table = seated("Ada", "Bob", "Cy").make_host(1, 3).leave(3)
    assert table.host == 1
    table = seated("Ada", "Bob", "Cy").leave(1)
    assert table.host == 2
    assert [seat.name for seat in table.seats] == ["Bob", "Cy"]


def test_the_host_removes_a_player_but_not_themself(three):
    table = three.remove(1, 2)
    assert [seat.name for seat in table.seats] == ["Ada", "Cy"]
    assert table.round.hand_of(2) is None
    assert table.view_for(None).left == ("Bob",)  # the board says where Bob's cards went
    with pytest.raises(TableError, match="Leave the table"):
        three.remove(1, 1)


def test_a_seat_is_found_by_its_secret_only():
    table = seated("Ada", "Bob")
    assert table.seat_with_secret("secret-1").name == "Bob"
    assert table.seat_with_secret("secret-9") is None


def test_a_move_link_works_once_and_not_after_it_expires():
    table = seated("Ada", "Bob").offer_move(2, "token", until=100.0)
    assert table.seat_with_move("token", now=50.0).name == "Bob"
    moved, seat = table.take_move("token", "new-secret", now=50.0)
    assert seat.id == 2 and moved.seat_with_secret("new-secret").name == "Bob"
    assert moved.seat_with_secret("secret-1") is None
    with pytest.raises(Conflict):
        moved.take_move("token", "third", now=51.0)
    with pytest.raises(Conflict):
        table.take_move("token", "late", now=101.0)


# ---- One deal from one deck ----------------------------------------------------------------


def test_deal_needs_two_players_and_starts_round_one():
    with pytest.raises(Conflict, match="at least 2"):
        seated("Ada").deal(1, random.Random(1))
    table = seated("Ada", "Bob").deal(1, random.Random(1))
    assert table.round.number == 1
    assert table.deal(1, random.Random(2)).round.number == 2


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
        assert hand.round_id == 1


def test_a_new_deal_clears_the_reveals(three):
    table = three.reveal(2, 1, Action.PROVE_POWER)
    assert table.round.reveals
    assert table.deal(1, random.Random(9)).round.reveals == ()


def test_the_non_player_robot_starts_neutral_with_power_5_when_the_host_wants_it():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(1))
    assert table.round.npr is Allegiance.NEUTRAL
    view = table.view_for(None)
    assert view.npr.power == PowerCard(5) and view.npr.allegiance is Allegiance.NEUTRAL
    assert seated("Ada", "Bob").deal(1, random.Random(1)).view_for(None).npr is None


def test_any_player_converts_the_non_player_robot():
    table = seated("Ada", "Bob").set_npr(1, True).deal(1, random.Random(1))
    table = table.convert_npr(2, 1, Allegiance.EVIL)
    assert table.view_for(None).npr.allegiance is Allegiance.EVIL
    with pytest.raises(Conflict):
        seated("Ada", "Bob").deal(1, random.Random(1)).convert_npr(2, 1, Allegiance.EVIL)


# ---- Playing and revealing -----------------------------------------------------------------


def test_the_allegiance_a_player_sets_is_their_true_allegiance(three):
    table = three.choose(2, 1, Allegiance.EVIL).hide(2, 1, Part.ROBOT)
    hand = table.round.hand_of(2)
    assert hand.allegiance is Allegiance.EVIL and hand.hidden == {Part.ROBOT}


def test_changes_for_a_round_that_is_over_are_refused(three):
    later = three.deal(1, random.Random(5))
    for change in [
        lambda t: t.hide(2, 1, Part.POWER),
        lambda t: t.choose(2, 1, Allegiance.EVIL),
        lambda t: t.reveal(2, 1, Action.PROVE_POWER),
    ]:
        with pytest.raises(RoundOver):
            change(later)


def test_a_newcomer_has_no_cards_until_the_next_deal(three):
    table = three.join("Dee", "secret-d")
    assert table.view_for(4).hand is None
    with pytest.raises(RoundOver, match="next deal"):
        table.reveal(4, 1, Action.PROVE_POWER)
    assert table.deal(1, random.Random(1)).view_for(4).hand is not None


@pytest.mark.parametrize("action", [a for a in Action if a.parts], ids=lambda a: a.slug)
def test_a_reveal_holds_exactly_what_the_action_shows_from_the_server_hand(three, action):
    hand = three.round.hand_of(2)
    (reveal,) = three.reveal(2, 1, action).round.reveals
    assert reveal.robot == (hand.robot if Part.ROBOT in action.parts else None)
    assert reveal.power == (hand.power if Part.POWER in action.parts else None)
    assert reveal.allegiance == (hand.allegiance if Part.ALLEGIANCE in action.parts else None)


def test_an_action_that_shows_nothing_reveals_nothing(three):
    with pytest.raises(TableError, match="shows nothing"):
        three.reveal(2, 1, Action.DEBATE)


def test_a_reveal_reads_like_a_sentence(three):
    hand = three.round.hand_of(1)
    (reveal,) = three.reveal(1, 1, Action.CONVERT_OTHER).round.reveals
    assert reveal.words == (
        f"Ada · Convert another player · power {hand.power.value} · {hand.allegiance.label}"
    )


def test_only_cheatbot_may_show_an_allegiance_it_does_not_hold(three):
    hand = three.round.hand_of(2)
    other = next(a for a in Allegiance if a is not hand.allegiance)
    if hand.robot.name != "CheatBot":
        with pytest.raises(NotAllowed, match="Only CheatBot"):
            three.reveal(2, 1, Action.CONVERT_OTHER, other)
    cheat = holding(three, 2, "CheatBot")
    (reveal,) = cheat.reveal(2, 1, Action.CONVERT_OTHER, other).round.reveals
    assert reveal.allegiance is other
    assert cheat.round.hand_of(2).allegiance is hand.allegiance  # the truth is untouched
    with pytest.raises(NotAllowed, match="truth"):
        cheat.reveal(2, 1, Action.END_OF_ROUND, other)


def test_a_false_reveal_is_indistinguishable_from_a_true_one(three):
    """CheatBot showing Evil and an Evil player showing Evil leave the same record and view."""
    cheat = holding(three, 2, "CheatBot").choose(2, 1, Allegiance.GOOD)
    honest = holding(three, 2, "CheatBot").choose(2, 1, Allegiance.EVIL)
    false = cheat.reveal(2, 1, Action.CONVERT_SELF, Allegiance.EVIL)
    true = honest.reveal(2, 1, Action.CONVERT_SELF)
    assert false.round.reveals == true.round.reveals
    for viewer in (None, 1, 3):
        assert false.view_for(viewer) == true.view_for(viewer)


# ---- What each viewer sees -------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_what_others_revealed(three):
    table = three.reveal(2, 1, Action.PROVE_POWER)
    view = table.view_for(1)
    assert view.hand == table.round.hand_of(1)
    bob = next(seat for seat in view.seats if seat.id == 2)
    assert bob.shown.power == table.round.hand_of(2).power
    assert bob.shown.robot is None and bob.shown.allegiance is None
    cy = next(seat for seat in view.seats if seat.id == 3)
    assert cy.shown.robot is None and cy.shown.power is None and cy.shown.allegiance is None


def test_the_board_holds_no_hand(three):
    board = three.view_for(None)
    assert board.hand is None and board.you is None
    assert board.points == three.round.points


@pytest.mark.parametrize("viewer", [None, 1, 3])
def test_a_view_does_not_change_when_someone_elses_secret_cards_do(three, viewer):
    """Bob's unrevealed hand, whatever it is, leaves every other view exactly the same."""
    other = holding(three, 2, "SwapBot").choose(2, 1, Allegiance.EVIL)
    other = replace(
        other,
        round=other.round.with_hand(
            2,
            replace(
                other.round.hand_of(2),
                power=PowerCard(1 if three.round.hand_of(2).power.value != 1 else 2),
            ),
        ),
    )
    assert three.view_for(viewer) == other.view_for(viewer)
    assert three.view_for(2) != other.view_for(2)


def test_the_newest_reveal_comes_first(three):
    table = three.reveal(2, 1, Action.PROVE_POWER).reveal(3, 1, Action.REACTION)
    assert [reveal.seat for reveal in table.view_for(None).reveals] == [3, 2]


# ---- Kept as JSON ----------------------------------------------------------------------------


def test_a_table_survives_the_round_trip_through_json(three):
    table = (
        three.reveal(2, 1, Action.CONVERT_OTHER)
        .choose(1, 1, Allegiance.EVIL)
        .offer_move(3, "t", 10.0)
        .set_npr(1, True)
        .deal(1, random.Random(2))
        .convert_npr(1, 2, Allegiance.GOOD)
        .reveal(1, 2, Action.END_OF_ROUND)
        .leave(3)  # mid-round: the round remembers who left
    )
    assert table.round.left == ("Cy",)
    assert from_state(to_state(table)) == table


@pytest.mark.parametrize("state", [{}, {"v": 2}, {"v": 1, "code": "X"}, []])
def test_anything_else_is_not_a_table(state):
    with pytest.raises(ValueError):
        from_state(state)
