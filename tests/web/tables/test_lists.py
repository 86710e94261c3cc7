"""Lists of names and of amounts in every language, for any number of items: one, two, three
and eight winners of a round (the most nine seats can have: a round with every player on one
team scores nothing), the split proposed and then agreed, on every page that shows it (each
winner's and loser's seat page, and the board)."""

from __future__ import annotations

import pytest

from evilrobots.game.cards import Allegiance
from evilrobots.web.i18n import LANGUAGES
from tests.support.cards import give
from tests.support.clients import Phone, table_of
from tests.support.pages import visible_text

NAMES = ("Ada", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
# A robot a seat may hold without a card's effect on the count.
PLAIN = ("SumoBot", "LockBot", "PushBot", "BlockBot", "ForceBot", "DoOverBot", "BadBot")


def seated(app, players: int, lang: str) -> list[Phone]:
    phones = [Phone(app, name) for name in NAMES[:players]]
    for phone in phones:
        phone.client.set_cookie("lang", lang)  # as the picker keeps it
    code = phones[0].start()
    for phone in phones[1:]:
        phone.join(code)
    phones[0].by_voice()
    assert phones[0].deal().status_code == 303
    return phones


def pages(phones: list[Phone]) -> list[str]:
    """Every page that shows the round's split: each seat's, and the board."""
    return [phone.page() for phone in phones] + [phones[0].page("/board")]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("winners", [1, 2, 3, 8])
def test_winners_and_their_shares_are_listed_in_every_language(app, lang, winners):
    """Before, three or more winners' shares answered 500 in German, two or more in Spanish
    (Babel has no such list of amounts there)."""
    players = min(winners + 2, len(NAMES))  # and someone loses
    phones = seated(app, players, lang)
    good, evil = Allegiance.GOOD, Allegiance.EVIL
    value = winners if winners > 1 else 6  # a whole share each
    cards = {  # the winners Good at 5 each, the others Evil at 1
        name.lower(): (PLAIN[index % len(PLAIN)], *((5, good) if index < winners else (1, evil)))
        for index, name in enumerate(NAMES[:players])
    }
    give(app, phones[0].code, value, **cards)
    assert phones[0].post("/end").status_code == 303
    winning = NAMES[:winners]
    for page in pages(phones):
        assert all(name in visible_text(page) for name in winning)
    if winners == 1:
        return
    seats = {seat.name: seat.id for seat in table_of(app, phones[0].code).seats}
    shares = {f"share-{seats[name]}": "1" for name in winning}
    assert phones[0].post("/split", proposal="0", **shares).status_code == 303
    proposed = pages(phones)  # every page answers (each asks for its 200)
    for page in proposed[1:winners]:  # the winners asked to answer: the proposal, listed
        assert all(f"{name} 1" in visible_text(page) for name in winning)
    for phone in phones[1:winners]:
        assert phone.post("/answer", agree="yes", proposal="1").status_code == 303
    for page in pages(phones):  # the agreed split on the count, on every page
        assert all(f"{name} 1" in visible_text(page) for name in winning)
