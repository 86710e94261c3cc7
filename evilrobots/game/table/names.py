"""A table's code and its players' names: drawn, and read back as typed (how a code is shown
and read aloud is the web's: ``web.tables.common.spoken_code``)."""

from __future__ import annotations

import random
import unicodedata
from functools import lru_cache

from anyascii import anyascii

from ..errors import GameError
from ..messages import N_

NAME_LIMIT = 24
# Easy to read aloud and to type: no 0/O, no 1/I/L. Eight of 31 symbols make 8.5e11 codes:
# at a thousand guesses a second against a thousand open tables, a first hit takes ten days.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_code(rng: random.Random) -> str:
    """Draw a table code."""
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(raw: str) -> str | None:
    """Read a code as a player typed it (any case, spaces or dashes); None if it cannot be one."""
    code = "".join(raw.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_ALPHABET):
        return None
    return code


# The names computer players sit under, the first nobody's name looks like: pioneers of
# computing, one a letter, which read the same in every language.
COMPUTER_NAMES = (
    "Ada",
    "Babbage",
    "Church",
    "Dijkstra",
    "Eckert",
    "Floyd",
    "Grace",
    "Hopper",
    "Iverson",
    "Jean",
)
# The non-player robot's name, which no player may take (it is on the board beside theirs).
RESERVED = ("The non-player robot", "non-player robot")
# Letters that draw nothing (Hangul fillers, the blank Braille pattern): a name of them looks
# empty, and beside another it looks like that one.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Marks one letter may carry ("ệ" has two): more are stacked to spill over the lines around.
MARKS_PER_LETTER = 2


def clean_name(raw: str) -> str:
    """Return a player's name, trimmed and in Unicode's compatibility form (NFKC: "Ａｄａ" is
    "Ada"); raise GameError if it cannot be one: empty, too long, invisible characters,
    marks on no letter or stacked high, or the non-player robot's name."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise GameError(N_("Say your name: it is how the others see you at the table."))
    if len(name) > NAME_LIMIT:
        raise GameError(N_("Your name can be %(most)d characters at most."), most=NAME_LIMIT)
    categories = [unicodedata.category(char) for char in name]
    unseen = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
    if any(category in unseen for category in categories) or BLANK_LETTERS & set(name):
        raise GameError(N_("Your name can only hold letters, digits, spaces and punctuation."))
    if not any(category[0] in "LN" for category in categories):
        raise GameError(N_("Your name needs a letter or a digit the others can read."))
    marks = 0
    for index, char in enumerate(unicodedata.normalize("NFD", name)):
        if unicodedata.category(char) in ("Mn", "Me"):  # a mark drawn over or under a letter
            marks += 1
            if marks > MARKS_PER_LETTER or index == 0:
                raise GameError(N_("Your name has marks stacked on its letters: write it plainly."))
        else:
            marks = 0
    if look_alike(name, RESERVED) is not None:
        raise GameError(N_("That is the non-player robot's name: pick a name of your own."))
    return name


def look_alike(name: str, others: list[str] | tuple[str, ...]) -> str | None:
    """The first of ``others`` that a player could take for ``name``, if any: the same
    letters whatever their case, accents or script ("Ada", "ADA", "Adá", Cyrillic "Ада"), or
    the same shapes (Unicode's confusables: Latin "Max" and Cyrillic "Мах", "Bob" and
    "B0b", "Ian" and "lan")."""
    mine = _likeness(name)
    for other in others:
        if _likeness(other) & mine:
            return other
    return None


@lru_cache(maxsize=1024)
def _likeness(name: str) -> frozenset[str]:
    """What a name looks like: its letters written in ASCII (anyascii: "Ада" is "Ada"), and
    its shapes, as it is written and in small letters: each character
    that Unicode lists as confusable with an ASCII one read as that one (Cyrillic "М" as
    "M", "0" as "O", "1" and "I" as "l")."""
    folded = unicodedata.normalize("NFKC", name)
    shapes = {
        "".join(_shape(char) for char in written).casefold()
        for written in (folded, folded.casefold())
    }
    spelled = "".join(anyascii(folded).casefold().split())
    return frozenset(form for form in (*shapes, spelled) if form)


# The ASCII characters Unicode's list confuses with one another, each read as one of them.
ASCII_SHAPES = {"0": "o", "O": "o", "1": "l", "I": "l", "|": "l", "`": "'"}


@lru_cache(maxsize=4096)
def _shape(char: str) -> str:
    """The ASCII character a character is confused with (Unicode's confusables.txt, as the
    confusable_homoglyphs package lists it: a letter rather than a sign where it lists
    several), or the character itself.

    The list is read when a name is first checked (0.1 s), which a worker need not do before
    it serves its first page."""
    if not char.isascii():
        from confusable_homoglyphs.confusables import confusables_data

        glyphs = [
            glyph["c"]
            for glyph in confusables_data.get(char, ())
            if len(glyph["c"]) == 1 and glyph["c"].isascii()
        ]
        if glyphs:
            char = min(glyphs, key=lambda glyph: (not glyph.isalnum(), glyph))
    return ASCII_SHAPES.get(char, char)
