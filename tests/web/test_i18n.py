"""Each phone in its own language: the browser's languages by default, the picker's choice
kept in the phone's cookie, a page opened with ``?lang=``; shared parts rendered once per
language, never served in another's."""

from __future__ import annotations

import re

import pytest

from evilrobots.web.i18n import COOKIE
from tests.support.languages import english_sentences, said_in_english

FRENCH = {"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.8"}


def lang_of(response) -> str:
    return re.search(r'<html lang="([a-z]+)">', response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("de-AT", "de"),
        ("es-419,es;q=0.9", "es"),
        ("ja, de;q=0.5", "de"),  # the best of ours the browser takes
        ("ja, zh;q=0.5", "en"),  # none of ours: English
        ("", "en"),
    ],
)
def test_the_browsers_languages_choose_by_default(client, header, language):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert response.status_code == 200
    assert lang_of(response) == language


def test_the_card_view_speaks_the_phones_language(client):
    page = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert "Mélanger" in page and "Jouer à une table" in page
    assert 'aria-label="Carte Robot"' in page
    assert "Shuffle" not in page and "Robot card" not in page


def test_the_picker_keeps_the_choice_in_the_phones_cookie_and_comes_back(client):
    answer = client.post("/language", data={"lang": "de", "next": "/actions"}, headers=FRENCH)
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith("/actions")
    cookie = client.get_cookie(COOKIE)
    assert cookie.value == "de" and cookie.expires is not None
    page = client.get("/actions", headers=FRENCH)  # the choice wins over the browser's
    assert lang_of(page) == "de"
    assert "Deine Stärke beweisen" in page.get_data(as_text=True)


def test_the_picker_works_without_the_script_from_its_own_page(client):
    page = client.get("/language?next=/", headers=FRENCH).get_data(as_text=True)
    assert 'action="/language"' in page and 'name="next" value="/"' in page
    for code, name in [("en", "English"), ("fr", "Français"), ("de", "Deutsch"), ("es", "Español")]:
        assert f'name="lang" value="{code}" lang="{code}"' in page and name in page
    assert re.search(r'value="fr" lang="fr" aria-pressed="true"', page)


def test_the_card_view_links_to_the_picker_naming_the_language_in_use(client):
    page = client.get("/", headers=FRENCH).get_data(as_text=True)
    assert 'href="/language?next=/"' in page
    assert '<span>FR</span><span class="visually-hidden"> · Langue\u00a0: Français</span>' in page


ELSEWHERE = ["https://evil.example/", "//evil.example/", "javascript:x", "/\\evil.example/"]


@pytest.mark.parametrize("target", [*ELSEWHERE, "/rules\r\nSet-Cookie: x=1"])
def test_the_picker_never_sends_a_phone_to_another_site(client, target):
    answer = client.post("/language", data={"lang": "es", "next": target})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"


@pytest.mark.parametrize("target", ELSEWHERE)
def test_the_pickers_page_links_back_only_within_the_app(client, target):
    page = client.get("/language", query_string={"next": target}).get_data(as_text=True)
    assert 'class="bar-button" href="/"' in page
    assert "evil.example" not in page and "javascript" not in page


def test_an_unknown_language_is_refused_in_words(client):
    answer = client.post("/language", data={"lang": "xx", "next": "/"})
    assert answer.status_code == 400
    assert "choose English, Français, Deutsch or Español" in answer.get_data(as_text=True)
    assert client.get_cookie(COOKIE) is None


def test_a_page_opened_with_a_language_speaks_it_whatever_the_phones(client):
    client.post("/language", data={"lang": "de", "next": "/"})
    assert lang_of(client.get("/?lang=es")) == "es"
    assert lang_of(client.get("/?lang=zz")) == "de"  # not one of ours: the phone's own


def test_a_page_says_it_varies_by_language(client):
    response = client.get("/", headers=FRENCH)
    assert {"accept-language", "cookie"} <= {v.lower() for v in response.vary}


def test_shared_parts_are_drawn_once_per_language_never_served_in_another(app, client):
    """The card view's frame and cards are rendered once and kept: each language has its
    own, so a German phone after a French one reads German."""
    french = client.get("/", headers=FRENCH).get_data(as_text=True)
    german = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    english = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Mélanger" in french and "Mischen" in german and "Shuffle" in english
    assert "Mélanger" not in german and "Mélanger" not in english
    assert "Aktionen" in client.get("/actions", headers={"Accept-Language": "de"}).get_data(
        as_text=True
    )


def test_an_error_page_speaks_the_phones_language(client):
    page = client.get("/nowhere", headers={"Accept-Language": "es"})
    assert page.status_code == 404
    text = page.get_data(as_text=True)
    assert "No hay nada en esta dirección." in text and "Volver a tus cartas" in text


def test_the_scripts_words_come_in_the_pages_language(client):
    page = client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    words = re.search(r'<script type="application/json" id="words">(.*?)</script>', page)
    assert words and "Sin conexión: tus toques se guardan" in words.group(1)
    english = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'id="words"' not in english  # the script has its English


PAGES = [
    "/",
    "/actions",
    "/action/convert-other",
    "/action/end-of-round",
    "/rules",
    "/robots",
    "/video",
    "/print",
    "/credits",
    "/language?next=/",
    "/nowhere",
    "/action/zzz",
]


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_no_english_sentence_of_the_app_shows_on_a_page_in_another_language(client, language):
    """Every sentence a page says is found in the catalog as the page looks it up: one the
    lookup missed (a "%" in a block, a string not marked) would show in English."""
    ids = english_sentences()
    assert (
        "Tap what you are doing: your phone shows just the cards it needs, ready for the camera."
        in ids
    )
    headers = {"Accept-Language": language}
    for path in PAGES:
        page = client.get(path, headers=headers).get_data(as_text=True)
        assert said_in_english(page, ids) == [], (language, path)
    refused = client.post("/undo", headers=headers).get_data(as_text=True)  # nothing to undo
    assert said_in_english(refused, ids) == []
    english = client.get("/print", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert said_in_english(english, ids)  # the check finds English where it is
