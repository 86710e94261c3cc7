"""A table where every player speaks their own language: each phone in its own, the board in
the host's. After every step of a round the app runs, no sentence of the app shows in English
on a phone that asked for another language (names and robot names aside)."""

from __future__ import annotations

import json
import re

import pytest
from flask_babel import force_locale

from evilrobots.game.cards import Allegiance
from evilrobots.web.facts import entry
from evilrobots.web.i18n import COOKIE
from tests.support.cards import give, run_out
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.languages import english_sentences, said, said_in_english
from tests.support.pages import visible_text

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def lang_of(page: str) -> str:
    return re.search(r'<html lang="([a-z]+)">', page).group(1)


def speaking(phone: Phone, language: str) -> Phone:
    phone.client.set_cookie(COOKIE, language)
    return phone


@pytest.fixture
def four(app):
    """Ada (the host) in French, Bob in German, Cy in Spanish, Di in English."""
    ada = speaking(Phone(app, "Ada"), "fr")
    ada.start()
    phones = [ada]
    for name, language in (("Bob", "de"), ("Cy", "es"), ("Di", "en")):
        phone = speaking(Phone(app, name), language)
        phone.join(ada.code)
        phones.append(phone)
    return phones


LANGUAGE_OF = {"Ada": "fr", "Bob": "de", "Cy": "es", "Di": "en"}


def pages_of(phone: Phone) -> dict[str, str]:
    """What a phone opens during a round: its seat, the board, the actions, an act's view."""
    return {
        path: phone.page(path)
        for path in (
            "",
            "/board",
            "/actions",
            "/action/convert-other",
            "/action/reaction",
            "/action/robot-action",
        )
    }


def check_every_phone(phones: list[Phone], ids: list[str]) -> None:
    for phone in phones:
        language = LANGUAGE_OF[phone.name]
        for path, page in pages_of(phone).items():
            expected = "fr" if path == "/board" else language  # the board: the host's
            assert lang_of(page) == expected, (phone.name, path)
            if expected != "en":
                assert said_in_english(page, ids) == [], (phone.name, path)


def test_a_round_with_four_phones_in_four_languages(app, clock, four):
    ada, bob, cy, di = four
    ids = english_sentences()
    assert ada.deal().status_code == 303
    give(
        app,
        ada.code,
        5,
        ada=("SumoBot", 9, G),
        bob=("BlockBot", 3, N),
        cy=("PushBot", 2, E),
        di=("FreeBot", 6, G),
    )
    tag = deal_tag(table_of(app, ada.code))
    check_every_phone(four, ids)  # the Debate
    assert bob.post("/pass-debate", round=tag).status_code == 303
    board = visible_text(ada.page("/board"))  # the board: French
    assert "Bob · passe" in board and "Bob · passes" not in board
    assert ada.post("/countdown", round=tag).status_code == 303
    check_every_phone(four, ids)  # 9 or more is called
    assert ada.post("/act", round=tag).status_code == 303
    check_every_phone(four, ids)  # Ada's turn
    assert ada.post("/convert", target="3", round=tag).status_code == 303
    check_every_phone(four, ids)  # the reaction window
    assert bob.post("/react", round=tag).status_code == 303
    check_every_phone(four, ids)  # BlockBot played
    clock.now += 8
    app.extensions["evilrobots.store"].advance_due(clock.now)
    check_every_phone(four, ids)  # settled: Cy is not converted
    # Each phone reads the log in its own words.
    reveals = table_of(app, ada.code).round.reveals
    english = log_in(app, reveals, "en")
    assert "Cy · is not converted" in english
    for phone in four:
        text = visible_text(phone.page())
        said = log_in(app, reveals, LANGUAGE_OF[phone.name])
        assert all(line in text for line in said), (phone.name, said)
        if phone is not di:
            assert not any(line in text for line in english if "·" in line[:-1]), phone.name


def log_in(app, reveals, language: str) -> list[str]:
    with app.test_request_context("/"), force_locale(language):
        return [entry(reveal) for reveal in reveals]


def test_the_board_follows_its_host_unless_opened_in_another_language(app, four):
    ada, bob, _, di = four
    assert lang_of(di.page("/board")) == "fr"  # Di reads English, the board is Ada's
    chosen = ada.client.post("/language", data={"lang": "es", "next": f"/t/{ada.code}/board"})
    assert chosen.status_code == 303  # the host's picker, on a table's page: the board follows
    assert lang_of(bob.page("/board")) == "es"
    assert lang_of(bob.client.get(f"/t/{ada.code}/board?lang=de").get_data(as_text=True)) == "de"
    bob.client.post("/language", data={"lang": "en", "next": f"/t/{ada.code}"})
    assert lang_of(di.page("/board")) == "es"  # another seat's language never moves the board
    ada.client.get(f"/t/{ada.code}?lang=de")  # nor a page the host opens with ?lang=
    assert lang_of(di.page("/board")) == "es" and table_of(app, ada.code).language == "es"
    ada.client.post("/language", data={"lang": "de", "next": "/rules"})  # not a table's page
    assert table_of(app, ada.code).language == "es"


def test_opening_a_page_never_moves_the_board_the_hosts_next_move_does(app, four):
    """A GET writes nothing: the host's phone speaking another language (its browser's, or
    its picker's cookie set elsewhere) moves the board at the host's next move, not when a
    page is opened."""
    ada, *_ = four
    speaking(ada, "es")
    version = table_of(app, ada.code).version
    for path in ("", "/actions", "/board", "/story", "/move"):
        ada.client.get(f"/t/{ada.code}{path}")
    assert table_of(app, ada.code).version == version
    assert table_of(app, ada.code).language == "fr"
    assert ada.deal().status_code == 303
    assert table_of(app, ada.code).language == "es"


def first_board_event(phone: Phone, query: str = "") -> dict:
    stream = phone.client.get(f"/t/{phone.code}/events?board=1{query}", buffered=False)
    received = b""
    for chunk in stream.response:
        received += chunk
        if b"event: board" in received and received.endswith(b"\n\n"):
            break
    stream.close()
    data = re.search(r"^event: board\nid: \S+\ndata: (.*)$", received.decode(), re.M)
    return json.loads(data.group(1))


def test_the_board_stream_speaks_the_hosts_language_unless_opened_in_another(app, four):
    ada, bob, _, _ = four
    assert ada.deal().status_code == 303
    board = first_board_event(bob)  # Bob reads German; the board is Ada's, in French
    assert board["lang"] == "fr"
    assert said("fr", "What happened this round") in board["board"]
    assert said("de", "What happened this round") not in board["board"]
    assert said_in_english(board["board"], english_sentences()) == []
    german = first_board_event(bob, "&lang=de")  # a board opened with ?lang=de stays German
    assert german["lang"] == "de" and said("de", "What happened this round") in german["board"]
    ada.client.post("/language", data={"lang": "es", "next": f"/t/{ada.code}"})
    assert first_board_event(bob)["lang"] == "es"  # the host switched: the board's event says so


def test_a_refusal_at_the_table_is_said_in_the_phones_language(app, four):
    ada, bob, _, _ = four
    refused = bob.post("/deal", round="00000000")  # only the host deals
    assert refused.status_code == 403
    page = refused.get_data(as_text=True)
    assert lang_of(page) == "de"
    assert said_in_english(page, english_sentences()) == []
    assert "Only the host" not in page


def test_every_table_page_leads_to_the_picker_and_back(app, four):
    ada, bob, _, _ = four
    seat = bob.page()  # the actions panel, from the seat page: back to the seat
    assert f'href="/language?next=/t/{ada.code}"' in seat
    assert "Sprache: Deutsch" in seat
    for path in ("/table", f"/t/{ada.code}"):  # the start page; the join page (no seat yet)
        page = Phone(app, "Eve").client.get(path, headers={"Accept-Language": "es"})
        assert 'action="/language"' in page.get_data(as_text=True), path


def test_the_non_player_robot_is_named_in_each_phones_language(app, clock, four):
    """Its seat on the board, a turn's targets, its row in the count: never the English."""
    ada, bob, cy, di = four
    assert ada.post("/npr-rule", npr="yes").status_code == 303
    assert ada.deal().status_code == 303
    give(app, ada.code, 5, ada=("SumoBot", 9, G), bob=("BlockBot", 3, N))
    tag = deal_tag(table_of(app, ada.code))
    ada.post("/countdown", round=tag)
    ada.post("/act", round=tag)
    targets = bob.page("/action/convert-other")  # not Bob's turn: the page is his all the same
    board = visible_text(di.page("/board"))  # Ada's board, in French
    assert said("fr", "The non-player robot") in board
    assert "non-player robot" not in board
    turn = ada.page("/action/convert-other")
    assert f'class="choice">{said("fr", "The non-player robot")}</button>' in turn
    assert "The non-player robot" not in targets + turn
    run_out(app, ada.code)
    assert ada.post("/end", round=tag).status_code == 303
    count = visible_text(bob.page())
    assert said("de", "The non-player robot") in count and "non-player robot" not in count


def test_the_hosts_private_taps_never_move_the_board(app, four):
    """Found by a review: a private tap that changed nothing (a part hidden again, the same
    arrangement synced twice) moved the board to the host's new language, in front of all."""
    ada, *_ = four
    assert ada.deal().status_code == 303
    speaking(ada, "es")
    tag = deal_tag(table_of(app, ada.code))
    for _ in range(2):  # hidden, then hidden again: changes nothing
        assert ada.post("/hide", part="power", round=tag).status_code == 303
    assert ada.post("/sync", hidden="power", round=tag).status_code == 303
    assert ada.post("/show", part="power", round=tag).status_code == 303
    assert table_of(app, ada.code).language == "fr"
    assert ada.post("/pass-debate", round=tag).status_code == 303  # a public move: it follows
    assert table_of(app, ada.code).language == "es"


def test_a_picker_sent_back_to_no_address_at_all_goes_to_the_cards(app, four):
    ada, *_ = four
    chosen = ada.client.post("/language", data={"lang": "es", "next": "//[x"})
    assert chosen.status_code == 303 and chosen.headers["Location"].endswith("/")
    assert ada.client.get("/language?next=//[x").status_code == 200
