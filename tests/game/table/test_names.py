"""Codes and players' names: drawn, read back as typed, and told apart (``names``)."""

from __future__ import annotations

import random

import pytest

from evilrobots.game.errors import Conflict, GameError
from evilrobots.game.table import (
    CODE_ALPHABET,
    CODE_LENGTH,
    clean_code,
    clean_name,
    new_code,
)
from evilrobots.game.table.names import look_alike
from tests.support.tables import seated


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
