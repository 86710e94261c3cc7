"""A table's code and its players' names: drawn, read back as typed, and said aloud."""

from __future__ import annotations

import random
import unicodedata

from ..errors import GameError

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


def spoken_code(code: str) -> str:
    """The code as shown and read aloud: two groups of four, "ABCD-2345"."""
    return f"{code[:4]}-{code[4:]}"


def clean_name(raw: str) -> str:
    """Return a player's name, trimmed; raise GameError if it cannot be one."""
    name = " ".join(raw.split())
    if not name:
        raise GameError("Say your name: it is how the others see you at the table.")
    if len(name) > NAME_LIMIT:
        raise GameError(f"Your name can be {NAME_LIMIT} characters at most.")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise GameError("Your name can only hold letters, digits, spaces and punctuation.")
    return name
