"""A table's code, its players' names, and its seats: joining, leaving, the host, moving."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.game.errors import Conflict, GameError, NotAllowed
from evilrobots.game.table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SEATS,
    clean_code,
    clean_name,
    new_code,
)
from tests.support.tables import seated

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


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
    with pytest.raises(GameError, match=problem):
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
    with pytest.raises(GameError, match="Leave the table"):
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
