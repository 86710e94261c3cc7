"""Starting a table and taking a seat: by code, by link, and every refusal in words."""

from __future__ import annotations

import re

import pytest

from evilrobots.game.table import clean_code
from evilrobots.web.tables.common import spoken_code
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import visible_text

# ---- Starting and joining ------------------------------------------------------------------


def test_the_card_view_links_to_play_at_a_table(client):
    page = client.get("/").get_data(as_text=True)
    assert '<a class="foot-button" href="/table">Play at a table</a>' in page


def test_play_at_a_table_has_a_start_form_and_a_join_form(client):
    page = client.get("/table").get_data(as_text=True)
    assert re.search(
        r'<form method="post" action="/table">.*?Your name.*?Start a table', page, re.S
    )
    assert re.search(
        r'<form method="post" action="/table/join">.*?Table code.*?Your name.*?>Join<', page, re.S
    )


def test_a_code_is_spoken_in_two_groups_and_read_back_as_spoken():
    assert spoken_code("ABCD2345") == "ABCD-2345"
    assert clean_code(spoken_code("ABCD2345")) == "ABCD2345"


def test_starting_makes_a_table_with_a_short_code_and_its_host(app, ada):
    assert clean_code(ada.code) == ada.code
    page = ada.page()
    text = visible_text(page)
    spoken = f"{ada.code[:4]}-{ada.code[4:]}"
    assert spoken in text
    assert f"http://localhost/t/{ada.code}" in text  # the join link, as text
    assert '<svg role="img" aria-label="QR code of the join link"' in page
    assert "You are the host" in text and "Ada host you" in text


def test_the_qr_code_holds_the_join_link(ada):
    page = ada.page()
    svg = re.search(r'<div class="qr"><svg.*?</svg>', page, re.S).group(0)
    assert "<path" in svg and 'stroke="#000"' in svg


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{dashed}", " {lower} "])
def test_joining_by_code_in_any_case(app, ada, typed):
    code = ada.code
    form = typed.format(code=code, lower=code.lower(), dashed=f"{code[:4]}-{code[4:]}".lower())
    bob = Phone(app, "Bob")
    response = bob.client.post("/table/join", data={"code": form, "name": "Bob"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/t/{code}"
    bob.code = code
    assert "Bob host" not in visible_text(bob.page())
    assert [s.name for s in table_of(app, code).seats] == ["Ada", "Bob"]


def test_the_join_link_without_a_seat_asks_for_a_name(app, ada):
    page = app.test_client().get(f"/t/{ada.code}").get_data(as_text=True)
    assert "Your name" in page and ">Join</button>" in page
    assert "Ada" in visible_text(page)


def test_a_seat_belongs_to_its_browser_across_reloads_and_a_restart(app, restart, ada, bob, dealt):
    before = bob.page()
    hand = dealt.round.hand_of(2)
    assert hand.robot.name in before
    again_app = restart(app)
    again = Phone(again_app, "Bob")
    again.client.set_cookie("evilrobots", bob.client.get_cookie("evilrobots").value)
    again.code = bob.code
    after = again.page()
    assert hand.robot.name in after and f'data-round="{deal_tag(dealt)}"' in after


# ---- Bad input: a clear message, nothing changed ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "status", "says"),
    [
        ("", 400, "Say your name"),
        ("   ", 400, "Say your name"),
        ("x" * 25, 400, "24 characters"),
        ("ada", 409, "already called"),
        ("Ada\x07", 400, "letters"),
        ("Ада", 409, "which Ада looks like"),  # Cyrillic
        ("The non-player robot", 400, "non-player robot's name"),
        ("\u0301\u0301", 400, "a letter or a digit"),
        ("Bo\u0301\u0301\u0301b", 400, "stacked"),
    ],
)
def test_a_bad_name_is_refused_and_seats_no_one(app, ada, name, status, says):
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": name})
    assert response.status_code == status
    assert says in visible_text(response.get_data(as_text=True))
    assert len(table_of(app, ada.code).seats) == 1


@pytest.mark.parametrize("path", ["/table", "/t/{code}/join"])
def test_malformed_utf8_is_a_400_in_words_and_stores_nothing(app, ada, path):
    """``%ED%A0%80`` is half a surrogate pair, no character at all: once it was kept as its
    literal text, now it is refused before anything reads it."""
    before = table_of(app, ada.code)
    response = app.test_client().post(
        path.format(code=ada.code),
        data=b"name=Bob%ED%A0%80",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "not valid UTF-8" in visible_text(response.get_data(as_text=True))
    assert table_of(app, ada.code) == before
    query = app.test_client().get(f"/t/{ada.code}/action/converted?show=%FF")
    assert query.status_code == 400


@pytest.mark.parametrize("name", ["", "y" * 30])
def test_a_bad_name_starts_no_table(app, name):
    response = app.test_client().post("/table", data={"name": name})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("code", ["ABCD2345", "abcd", "ABCD-0000", "<script>"])
def test_an_unknown_or_mistyped_code_says_so(client, code):
    response = client.post("/table/join", data={"code": code, "name": "Bob"})
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert "table code" in text or "no table" in text
    assert "<script>" not in text


def test_unknown_tables_are_404_pages_in_words(client):
    for path in ["/t/ABCD2345", "/t/ABCD2345/board", "/t/nonsense", "/t/ABCD2345/events"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert "There is no table" in response.get_data(as_text=True)


def test_a_full_table_and_a_closed_table_refuse_newcomers(app, ada):
    ada.post("/open", open="no")
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": "Bob"})
    assert response.status_code == 409 and "closed" in response.get_data(as_text=True)
    ada.post("/open", open="yes")
    for number in range(8):
        Phone(app, f"P{number}").join(ada.code)
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": "Tenth"})
    assert response.status_code == 409 and "full" in response.get_data(as_text=True)
    assert len(table_of(app, ada.code).seats) == 9


def test_html_in_a_name_is_shown_as_text(app, ada):
    Phone(app, "<b>Bo</b>").join(ada.code)
    page = ada.page()
    assert "<b>Bo</b>" not in page
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page


@pytest.mark.parametrize("rest", ["split", "reveal", "join", "deal", "no-such-page"])
def test_a_forms_address_opened_again_leads_back_to_the_table(ada, rest):
    """A reload after a refused form, or a shared address: the table, not a 405 page."""
    response = ada.client.get(f"/t/{ada.code}/{rest}")
    assert response.status_code == 303
    anchor = "#tally" if rest == "split" else ""
    assert response.headers["Location"] == f"/t/{ada.code}{anchor}"
    assert ada.client.get(f"/t/{ada.code}/board").status_code == 200  # its own pages first


def test_the_join_forms_address_opened_again_leads_to_the_forms(app):
    response = app.test_client().get("/table/join")
    assert response.status_code == 303 and response.headers["Location"] == "/table"


@pytest.mark.parametrize(
    ("base", "drawn"), [("http://127.0.0.1:8000", True), ("http://10.0.0.7:8000", False)]
)
def test_a_seats_screen_on_button_is_drawn_from_the_first_paint_in_a_secure_context(
    app, base, drawn
):
    """As on the card view: there from the first paint where the browser has a wake lock
    (this machine's own address here), not shown later by the script."""
    ada = app.test_client()
    started = ada.post("/table", data={"name": "Ada"}, base_url=base)
    page = ada.get(started.headers["Location"], base_url=base).get_data(as_text=True)
    assert "Leave the table" in page  # her seat's page
    (button,) = re.findall(r"<button[^>]*data-wake[^>]*>", page)
    assert ("hidden" not in button) is drawn, button
