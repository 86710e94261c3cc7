"""The game's enumerations hash by identity (``game.enums``): a live page hashes a seat's view,
its enums among it, at every power called."""

from __future__ import annotations

import enum
import importlib
import pkgutil

import evilrobots.game
from evilrobots.game.cards import Allegiance
from evilrobots.game.enums import Enum


def every_enum() -> list[type[enum.Enum]]:
    found = []
    for module in pkgutil.walk_packages(evilrobots.game.__path__, "evilrobots.game."):
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if (
                isinstance(value, type)
                and issubclass(value, enum.Enum)
                and value.__module__ == module.name
                and value is not Enum
            ):
                found.append(value)
    return found


def test_every_enumeration_of_the_game_hashes_its_members_by_identity():
    enums = every_enum()
    assert len(enums) >= 12  # Allegiance, Action, Phase, What, Note, ... (the walk found them)
    for kind in enums:
        assert issubclass(kind, Enum), f"{kind.__qualname__} is not a game.enums.Enum"
        for member in kind:
            assert hash(member) == object.__hash__(member)


def test_members_are_still_found_by_value_and_as_keys():
    assert Allegiance("good") is Allegiance.GOOD
    assert {Allegiance.GOOD: 1}[Allegiance("good")] == 1
    assert len({*Allegiance, *Allegiance}) == len(Allegiance)
