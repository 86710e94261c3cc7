"""What the browser tests share: a phone that records every event its page receives, and a
table of three phones and a board, joined as players join."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    RECORD_EVENTS,
    Seat,
    by_voice,
    by_voice_by_request,
    join_by_code,
    join_by_link,
    open_seat_page,
    seat_by_request,
    start_table,
)
from tools.nu_checker import NuChecker
from tools.nu_checker import missing as nu_checker_missing


@pytest.fixture
def open_seat(new_phone):
    def open_(name: str, javascript: bool = True) -> Seat:
        page = new_phone(javascript=javascript)
        page.add_init_script(RECORD_EVENTS)
        return Seat(page, name)

    return open_


def seated_by_hand(open_seat, live_server, new_phone) -> dict:
    """Ada (host) starts a table; Bob joins by link, Cy by code (each arrives on the host's
    list live); a laptop opens the board. Ada chooses, on her page, to call the round by
    voice."""
    ada, bob, cy = open_seat("Ada"), open_seat("Bob"), open_seat("Cy")
    url = start_table(ada, live_server)
    code = url.rsplit("/", 1)[1]
    players = ada.page.get_by_role("list").filter(has_text="Ada")
    join_by_link(bob, url)
    expect(players).to_contain_text("Bob")  # live, without a reload
    join_by_code(cy, live_server, code)
    expect(players).to_contain_text("Cy")
    by_voice(ada.page)
    board = new_phone({"width": 1280, "height": 720})
    board.add_init_script(RECORD_EVENTS)
    board.goto(url + "/board")
    return {"url": url, "code": code, "ada": ada, "bob": bob, "cy": cy, "board": board}


@pytest.fixture
def table(open_seat, live_server, new_phone):
    """Ada (host), Bob and Cy at a table, and a laptop on the board; the round to be called
    by voice: the phones reveal and set their allegiance by hand (``conducted`` is the round
    the app runs). Seated with the forms the pages send, without their pages: seating by
    hand, as players do, is ``seated_by_hand``, tested on its own."""
    ada, bob, cy = open_seat("Ada"), open_seat("Bob"), open_seat("Cy")
    url = seat_by_request(ada, live_server)
    by_voice_by_request(ada, url)
    for seat in (bob, cy):
        seat_by_request(seat, live_server, url)
    for seat in (ada, bob, cy):
        open_seat_page(seat, url)
    board = new_phone({"width": 1280, "height": 720})
    board.add_init_script(RECORD_EVENTS)
    board.goto(url + "/board")
    code = url.rsplit("/", 1)[1]
    return {"url": url, "code": code, "ada": ada, "bob": bob, "cy": cy, "board": board}


@pytest.fixture(scope="session")
def nu_checker():
    """The W3C Nu HTML checker, started once for the whole run: every audit sends it pages."""
    if nu_checker_missing():
        pytest.fail(nu_checker_missing())
    checker = NuChecker().start()
    yield checker
    checker.stop()
