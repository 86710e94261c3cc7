"""Practise alone, in Debian's Chromium: a player opens a table against four computer players
from the tables' page, sets the points to win, deals, and then only watches: the computer
players play every turn, the app ends each round, keeps its score and deals the next, on the
phone and on the board, to the game's end. The live server's clock is moved on to each step's
deadline (``LiveClock.reach``) so the game takes seconds, not minutes; its own ticker makes
every move."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect


def test_a_whole_game_practised_alone_against_four_computer_players(
    new_phone, live_server, live_app
):
    page = new_phone()
    page.goto(live_server + "/table")
    form = page.locator("form").filter(has=page.get_by_label("Computer players"))
    form.get_by_label("Your name").fill("Ada")
    form.get_by_label("Computer players").select_option("4")
    form.get_by_label("Their level").select_option("player")
    form.get_by_role("button", name="Practise alone").click()
    players = page.locator("#players")
    expect(players.locator(".badge-computer")).to_have_count(4)
    expect(players).to_contain_text("computer, Player")
    page.get_by_label("Points to win").fill("5")
    page.get_by_role("button", name="Set", exact=True).click()
    expect(page.get_by_label("Points to win")).to_have_value("5")
    code = re.search(r"/t/([A-Z0-9]+)", page.url).group(1)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(f"{live_server}/t/{code}/board")
    expect(board.locator(".badge-computer")).to_have_count(4)

    page.get_by_role("button", name="Deal", exact=True).click()
    expect(page.locator("#round-now")).to_contain_text("The Debate")
    store = live_app.extensions["evilrobots.store"]
    clock = live_app.config["CLOCK"]
    give_up = time.monotonic() + 240
    rounds = set()
    while time.monotonic() < give_up:
        table = store.load(code)
        if table.game.winner is not None:
            break
        if table.round is not None:
            rounds.add(table.round.number)
        assert table.deadline is not None, "a practice table waits with nothing due"
        version = table.version
        clock.reach(table.deadline)
        while store.load(code).version == version and time.monotonic() < give_up:
            time.sleep(0.02)  # the server's ticker makes the step: its state, not a time
    table = store.load(code)
    assert table.game.winner is not None, "the game did not end"
    assert len(rounds) >= 2, "the app dealt the next round by itself"
    winner = table.names[table.game.winner]
    expect(page.locator(".game-winner")).to_have_text(f"{winner} wins the game!")
    expect(board.get_by_text(f"{winner} wins the game")).to_be_visible()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
