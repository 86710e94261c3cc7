"""A player leaves mid-game and comes back, in Debian's Chromium: Bob taps Leave the table,
the host lets the computer play his seat (marked so on the host's phone and the board), and
Bob, opening the table again on the same phone, takes it back; the board says both."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import Seat, join_by_link, start_table, tap_twice


def test_a_player_leaves_the_computer_stands_in_and_the_player_takes_the_seat_back(
    new_phone, live_server
):
    ada, bob = Seat(new_phone(), "Ada"), Seat(new_phone(), "Bob")
    url = start_table(ada, live_server)
    join_by_link(bob, url)
    host = ada.page
    players = host.locator("#players")
    expect(players).to_contain_text("Bob")
    for _ in range(2):
        host.get_by_role("button", name="Add", exact=True).click()
    expect(players.locator(".badge-computer")).to_have_count(2)
    host.get_by_role("button", name="Deal", exact=True).click()
    expect(host.locator("#round-now")).to_contain_text("The Debate")
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    expect(board.locator(".badge-computer")).to_have_count(2)

    # Bob leaves in the middle of the round (and of the game).
    tap_twice(bob.page, "Leave the table")
    expect(bob.page.get_by_role("heading", name="Play at a table")).to_be_visible()
    expect(board.get_by_text("Bob left the table, cards and all")).to_be_visible()

    hand_over = host.get_by_role("button", name="Let the computer play Bob's seat")
    expect(hand_over).to_be_visible()  # live, on the host's page
    hand_over.click()
    expect(players.get_by_text("played by the computer")).to_be_visible()
    expect(board.get_by_text("Bob's seat is played by the computer")).to_be_visible()
    expect(board.locator(".board-seat", has_text="Bob")).to_contain_text("played by the computer")

    # Bob opens the table again on the same phone: his seat, and Take your seat back.
    bob.page.goto(url)
    taken = bob.page.get_by_role("heading", name="The computer is playing your seat")
    expect(taken).to_be_visible()
    expect(taken).to_be_in_viewport()  # on the first screen: not below the cards
    expect(bob.page.get_by_role("button", name="Take your seat back")).to_be_in_viewport()
    bob.page.get_by_role("button", name="Take your seat back").click()
    expect(bob.page.get_by_role("heading", name="The computer is playing your seat")).to_have_count(
        0
    )
    expect(board.get_by_text("Bob is back")).to_be_visible()
    expect(board.locator(".board-seat", has_text="Bob")).not_to_contain_text(
        "played by the computer"
    )
