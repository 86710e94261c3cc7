"""A table in Debian's Chromium: three phones and a board, as players use them on a call."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from evilrobots.web.words import robot_text
from tests.browser.conftest import seated_by_hand
from tests.support.browser import (
    Seat,
    by_voice,
    deal,
    no_scrolling,
    reveal,
    set_timers,
    start_and_join,
    start_table,
    tap_twice,
)
from tests.support.cards import give

G, E = Allegiance.GOOD, Allegiance.EVIL


def test_start_join_by_link_and_by_code_and_deal_from_one_deck(open_seat, live_server, new_phone):
    table = seated_by_hand(open_seat, live_server, new_phone)
    deal(table)
    hands = {name: (table[name].robot(), table[name].power()) for name in ["ada", "bob", "cy"]}
    assert len({robot for robot, _ in hands.values()}) == 3
    points = table["ada"].page.get_by_role("region", name="Points card").inner_text()
    for name in ["bob", "cy"]:
        expect(table[name].page.get_by_role("region", name="Points card")).to_have_text(points)
    expect(table["board"].get_by_role("region", name="Points card")).to_have_text(points)
    # No shuffle at a table: the host deals.
    expect(table["bob"].page.get_by_role("button", name="Shuffle", exact=True)).to_have_count(0)


def test_a_reveal_appears_verified_on_every_board_and_phone(table):
    deal(table)
    bob = table["bob"]
    robot, power = bob.robot(), bob.power()
    allegiance = bob.card("allegiance").get_attribute("data-allegiance").capitalize()
    reveal(bob, "Convert another player")
    words = f"Bob · converts a player · power {power} · {allegiance}"
    for where in [table["board"], table["ada"].page, table["cy"].page]:
        expect(where.get_by_text(words)).to_be_visible(timeout=2000)
    # Bob's phone, held up, shows its reveal alone; the log is there once it is lowered.
    expect(bob.page.get_by_text(words)).to_be_hidden()
    bob.page.get_by_role("button", name="Back to cards").click()
    expect(bob.page.get_by_text(words)).to_be_visible(timeout=2000)
    board_seat = table["board"].get_by_role("listitem").filter(has_text="Bob").first
    expect(board_seat).to_contain_text(power)
    expect(board_seat).not_to_contain_text(robot)


def test_cheatbot_shows_the_allegiance_it_picks_and_the_board_cannot_tell(table, live_app):
    deal(table)
    cheatbot = next(robot for robot in ROBOTS if robot.name == "CheatBot")
    taken = {table[n].robot() for n in ["ada", "cy"]}
    if cheatbot.name in taken:  # give Bob CheatBot: swap whoever holds it onto Bob's robot
        holder = next(n for n in ["ada", "cy"] if table[n].robot() == cheatbot.name)
        give(live_app, table["code"], **{holder: {"robot": table["bob"].robot()}})
    bob = table["bob"]
    power = PowerCard(9 if bob.power() != "9" else 8)  # new cards: the phone redraws them, live
    give(
        live_app,
        table["code"],
        bob=dict(
            robot=cheatbot,
            power=power,
            allegiance=Allegiance.GOOD,
            flips=None,
        ),
    )
    expect(bob.card("power").locator(".power-value")).to_contain_text(str(power.value))
    expect(bob.card("robot").locator(".robot-name")).to_have_text("CheatBot")
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Convert yourself", exact=True).click()
    bob.page.set_viewport_size({"width": 320, "height": 568})  # the smallest phone: all fits
    for control in [
        *(bob.page.get_by_label(a) for a in ("Good", "Evil", "Neutral")),
        bob.page.get_by_role("button", name="Reveal to the table"),
    ]:
        box = control.evaluate("e => (e.closest('label') || e).getBoundingClientRect().right")
        assert box <= 320, control
    bob.page.set_viewport_size({"width": 390, "height": 844})
    bob.page.get_by_label("Evil").check()
    expect(bob.card("allegiance").locator('[data-face="evil"]')).to_be_visible()
    with bob.page.expect_response(lambda r: "/reveal" in r.url):
        bob.page.get_by_role("button", name="Reveal to the table").click()
    line = re.compile(r"^Bob · converts themselves · power \d · Evil$")
    expect(table["board"].get_by_text(line)).to_be_visible()
    expect(table["ada"].page.get_by_text(line)).to_be_visible()
    # The true allegiance is back on Bob's card view, and on the server.
    bob.page.get_by_role("button", name="Back to cards").click()
    expect(bob.card("allegiance")).to_have_attribute("data-allegiance", "good")


def test_the_host_leaves_and_the_longest_seated_player_becomes_host(table):
    tap_twice(table["ada"].page, "Leave the table")
    expect(table["ada"].page.get_by_role("heading", name="Play at a table")).to_be_visible()
    expect(table["bob"].page.get_by_role("heading", name="You are the host")).to_be_visible()
    expect(table["cy"].page.get_by_role("heading", name="You are the host")).to_have_count(0)
    expect(table["board"].get_by_text("Ada")).to_have_count(0)


def test_the_host_removes_a_player_and_makes_another_host(table):
    ada = table["ada"].page
    ada.get_by_role("button", name="Remove Cy").click()
    expect(table["cy"].page.get_by_text("Cy", exact=True)).to_be_visible()  # one tap: not yet
    ada.get_by_role("button", name="Tap again: remove Cy").click()
    expect(table["cy"].page.get_by_role("heading", name=re.compile("^Join table"))).to_be_visible()
    tap_twice(ada, "Make host for Bob")
    expect(table["bob"].page.get_by_role("heading", name="You are the host")).to_be_visible()
    expect(ada.get_by_role("heading", name="You are the host")).to_have_count(0)


def test_a_reload_and_a_closed_tab_keep_the_seat_and_the_hand(table):
    deal(table)
    bob = table["bob"]
    before = (bob.robot(), bob.power())
    bob.page.reload()
    assert (bob.robot(), bob.power()) == before
    context = bob.page.context
    bob.page.close()
    page = context.new_page()
    page.goto(table["url"])
    again = Seat(page, "Bob")
    assert (again.robot(), again.power()) == before


def test_a_dropped_connection_reconnects_and_catches_up(table):
    deal(table)
    cy = table["cy"].page
    cy.context.set_offline(True)
    cy.wait_for_timeout(300)
    reveal(table["bob"], "Prove your power")
    cy.context.set_offline(False)
    expect(cy.get_by_text(re.compile("^Bob · proves their power"))).to_be_visible(timeout=8000)


def test_a_seat_moves_to_another_phone(table, new_phone):
    deal(table)
    bob = table["bob"]
    hand = (bob.robot(), bob.power())
    bob.page.get_by_role("button", name="Move to another phone").click()
    expect(bob.page.get_by_text("do not show it on camera")).to_be_visible()
    link = bob.page.locator(".join-link").inner_text()
    other = new_phone()
    other.goto(link)
    other.get_by_role("button", name="Take the seat").click()
    moved = Seat(other, "Bob")
    assert (moved.robot(), moved.power()) == hand
    expect(bob.page.get_by_role("heading", name=re.compile("^Join table"))).to_be_visible()


def test_everything_works_without_javascript(open_seat, live_server, new_phone):
    ada, bob = open_seat("Ada", javascript=False), open_seat("Bob", javascript=False)
    url = start_and_join([ada, bob], live_server)
    ada.page.reload()
    expect(ada.page.get_by_role("button", name="Remove Bob")).to_be_visible()
    by_voice(ada.page)
    ada.page.get_by_role("button", name="Deal", exact=True).click()
    bob.page.reload()
    power = bob.power()
    bob.page.get_by_role("button", name="Hide power").click()
    expect(bob.page.get_by_role("button", name="Show power")).to_be_visible()
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Prove your power", exact=True).click()
    bob.page.get_by_role("button", name="Reveal to the table").click()
    board = new_phone(javascript=False)
    board.goto(url + "/board")
    expect(board.get_by_text(f"Bob · proves their power · power {power}")).to_be_visible()


def test_a_round_the_app_runs_works_without_javascript(open_seat, live_server, new_phone):
    ada, bob = open_seat("Ada", javascript=False), open_seat("Bob", javascript=False)
    url = start_and_join([ada, bob], live_server)
    ada.page.reload()
    set_timers(ada.page)  # no Debate timer: the host starts the Countdown
    ada.page.get_by_role("button", name="Deal", exact=True).click()
    bob.page.reload()
    bob.page.get_by_role("button", name="Pass", exact=True).click()
    ada.page.reload()
    ada.page.get_by_role("button", name="Start the countdown").click()
    board = new_phone(javascript=False)
    board.goto(url + "/board")
    expect(board.get_by_text("Bob · passes")).to_be_visible()
    expect(board.get_by_text("Power 9 or more is called")).to_be_visible()


def traces(robot_name: str) -> list[str]:
    """How a robot card shows in what a browser receives: its ability text (said on no
    page but the card's), or its name as a card's or a board's mini card's title, or in a
    tally's row."""
    robot = next(r for r in ROBOTS if r.name == robot_name)
    return [
        robot_text(robot),
        f">{robot.name}</a></h2>",
        f">{robot.name}</h2>",
        f'mini-robot">{robot.name}<',
        f'mini-robot-long">{robot.name}<',
        f'tally-robot">{robot.name[:-3]}<wbr>{robot.name[-3:]}<',
    ]


def test_no_phone_or_board_receives_another_seats_unrevealed_robot(table, new_phone):
    for name in ["ada", "bob", "cy"]:
        table[name].record()  # before the deal: no card is anywhere yet
    try:
        scan_every_phone_and_the_board(table, new_phone)
    finally:
        for name in ["ada", "bob", "cy"]:
            table[name].stop_recording()


def scan_every_phone_and_the_board(table, new_phone) -> None:
    deal(table)
    hands = {name: table[name].robot() for name in ["ada", "bob", "cy"]}
    reveal(table["bob"], "Prove your power")
    reveal(table["cy"], "Use your robot's action")
    revealed = {hands["cy"]}
    table["ada"].page.reload()
    for name in ["ada", "bob", "cy"]:
        pages = [url for url, text in table[name].received if "/t/" in url and "<html" in text]
        assert pages, f"the scan read none of {name}'s pages"  # it can fail: it reads them
        for where, received in table[name].everything_received().items():
            if "://" in where and "/t/" not in where:
                continue  # the player's own cards off the table (``/``): their own hand
            for other, robot in hands.items():
                if other != name and robot not in revealed:
                    for trace in traces(robot):
                        assert trace not in received, (name, where, other, trace)
    stranger = new_phone()
    stranger.goto(table["url"])
    stranger_board = table["board"].content() + table["board"].evaluate(
        "JSON.stringify(window.__events)"
    )
    for robot in hands.values():
        if robot not in revealed:
            for trace in traces(robot):
                assert trace not in stranger.content()
                assert trace not in stranger_board
    # The check itself can fail: what was revealed does show.
    assert any(trace in stranger_board for trace in traces(hands["cy"]))


# ---- Whole rounds, to the end of the game ----------------------------------------------------


def table_rows(page: Page, css: str) -> list[list[str]]:
    """The rows of the first HTML table matching ``css``, cell texts, as read in the page."""
    return page.locator(css).first.evaluate(
        "t => [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def chart_rows(page) -> dict[str, list[str]]:
    """The way to the points to win, as the chart's data table says it: each player's score
    after each round."""
    rows = page.locator(".way-chart table tbody tr")
    return {
        row.locator("th").text_content(): row.locator("td").all_text_contents()
        for row in rows.all()
    }


def test_whole_rounds_are_counted_split_and_kept_on_the_board(table, live_app):
    ada, bob, cy, board = table["ada"], table["bob"], table["cy"], table["board"]
    ada.page.get_by_label("Points to win").fill("5")
    ada.page.get_by_role("button", name="Set", exact=True).click()
    expect(board.get_by_text("First to 5 points")).to_be_visible()

    # Round 1: Bob (NegativeBot) picks Cy; Ada and Bob win for Good and agree a split.
    deal(table)
    give(
        live_app,
        table["code"],
        4,
        ada=("SumoBot", 2, G),
        bob=("NegativeBot", 3, G),
        cy=("LockBot", 8, E),
    )
    expect(bob.card("robot").locator(".robot-name")).to_have_text("NegativeBot")
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Use your robot's action", exact=True).click()
    bob.page.get_by_role("group", name="Use NegativeBot on").get_by_role(
        "button", name="Cy", exact=True
    ).click()
    expect(board.get_by_text("Cy counts as negative")).to_be_visible()
    tap_twice(ada.page, "End the round")
    expect(board.get_by_text("Round 1: Good 5 against Evil -8: Good wins.")).to_be_visible()
    # The board's tally leaves the robot to the seat's cards above it; a phone's says it.
    assert ["Cy", "Evil", "8, as negative", "-8"] in table_rows(board, "table.tally")
    assert ["Cy\nLockBot", "Evil", "8, as negative (NegativeBot)", "-8"] in table_rows(
        ada.page, "table.tally"
    )
    # Every phone is told, at the top of the page where its player is looking, live.
    for seat in (bob, cy):
        expect(seat.page.locator("#seat-round")).to_have_text("Round 1: over")
        expect(seat.page.locator("#seat-banner")).to_contain_text("Round 1 is over.")
        expect(seat.page.locator("#seat-banner")).to_be_in_viewport()
    expect(bob.page.locator("#seat-banner")).to_contain_text("You won: propose how")
    expect(cy.page.locator("#seat-banner")).to_contain_text(
        "Waiting for a winner to propose how to share the 4"
    )
    ada.page.get_by_label("Ada", exact=True).fill("3")
    ada.page.get_by_label("Bob", exact=True).fill("1")
    ada.page.get_by_role("button", name="Propose this split").click()
    bob.page.get_by_role("link", name="Answer the proposed split").click()
    bob.page.get_by_role("button", name="Agree", exact=True).click()
    expect(board.get_by_text("Agreed: Ada 3, Bob 1.")).to_be_visible()
    ada.page.get_by_role("button", name="Keep the score").click()
    expect(board.locator("table.scoreboard").first).to_contain_text("Ada")
    assert table_rows(board, "table.scoreboard") == [["Ada", "3"], ["Bob", "1"], ["Cy", "0"]]
    assert chart_rows(board) == {"Ada": ["3"], "Bob": ["1"], "Cy": ["0"]}  # the way to 5
    expect(board.locator(".chart-caption")).to_have_text("Ada leads with 3 of 5")

    # Round 2: Cy and Bob win for Evil; Bob disagrees with Cy's split: a point each.
    deal(table, 2)
    give(
        live_app,
        table["code"],
        9,
        ada=("SumoBot", 6, G),
        bob=("PushBot", 4, E),
        cy=("FreeBot", 5, E),
    )
    tap_twice(ada.page, "End the round")
    cy.page.get_by_label("Cy", exact=True).fill("9")
    cy.page.get_by_label("Bob", exact=True).fill("0")
    cy.page.get_by_role("button", name="Propose this split").click()
    bob.page.get_by_role("button", name="Disagree").click()
    expect(board.get_by_text("Bob disagreed: each winner gets 1 point.")).to_be_visible()
    ada.page.get_by_role("button", name="Keep the score").click()
    expect(board.get_by_text("Every round of this game")).to_be_visible()
    # The kept scores, as the board shows them once it has them (its history was already there).
    expect(board.locator("table.scoreboard caption").first).not_to_contain_text("before")
    assert table_rows(board, "table.scoreboard") == [["Ada", "3"], ["Bob", "2"], ["Cy", "1"]]
    assert chart_rows(board) == {"Ada": ["3", "3"], "Bob": ["1", "2"], "Cy": ["0", "1"]}
    rounds = board.locator(".board-history > details:not(.truths) summary")
    expect(rounds).to_have_count(3)  # the whole, and each round

    # Round 3: Ada alone wins 4 and reaches 7: the game is hers.
    deal(table, 3)
    give(
        live_app,
        table["code"],
        4,
        ada=("SumoBot", 9, G),
        bob=("PushBot", 1, E),
        cy=("FreeBot", 1, E),
    )
    tap_twice(ada.page, "End the round")
    ada.page.get_by_role("button", name="Keep the score").click()
    for page in (board, ada.page, bob.page, cy.page):
        expect(page.get_by_text("Ada wins the game!").first).to_be_visible()
    expect(cy.page.locator("#seat-banner")).to_contain_text("Ada wins the game!")
    expect(ada.page.locator("#seat-banner")).to_contain_text("You win the game!")
    expect(cy.page.locator("#seat-round")).to_have_text("Game over")
    # The way there, large on the board (its end of the game on one screen) and on a phone.
    expect(board.locator(".way-chart-large .chart-caption")).to_have_text("Ada wins with 7 points")
    way = {"Ada": ["3", "3", "7"], "Bob": ["1", "2", "2"], "Cy": ["0", "1", "1"]}
    assert chart_rows(board) == way == chart_rows(cy.page)
    # ... and each player's evening, under their name in the scores.
    lines = board.locator("table.scoreboard .evening-line")
    expect(lines).to_have_text(
        [
            "2 of 3 rounds on the winning side · 4 points won alone · 3 points from shared wins",
            "2 of 3 rounds on the winning side · 2 points from shared wins",
            "1 of 3 rounds on the winning side · 1 point from shared wins",
        ]
    )
    expect(cy.page.locator("table.scoreboard .evening-line")).to_have_count(3)
    assert no_scrolling(board) == [True, True]
    assert no_scrolling(cy.page)[0]
    cy.page.set_viewport_size({"width": 320, "height": 568})  # the narrowest phone
    expect(cy.page.locator(".way-chart .chart-drawing")).to_be_visible()
    assert no_scrolling(cy.page)[0]
    assert cy.page.locator(".way-chart").evaluate("e => e.getBoundingClientRect().right <= 320")
    expect(board.locator(".way-chart-large .chart-drawing")).to_be_in_viewport(ratio=1)
    # The host's pinned New game never covers what the banner's link leads to.
    ada.page.locator("#seat-banner").get_by_role(
        "link", name="See the count and the scores"
    ).click()
    pinned = ada.page.locator("#host-next").bounding_box()
    heading = ada.page.locator("#tally h2").first.bounding_box()
    assert heading["y"] >= pinned["y"] + pinned["height"], (pinned, heading)
    tap_twice(ada.page, "New game")  # it ends the game for everyone: a second tap
    expect(board.get_by_text("Ada wins the game!")).to_have_count(0)
    expect(board.get_by_text("Waiting for the first deal")).to_be_visible()


# ---- The count fits the screens it is read on -------------------------------------------------

NINE = ["Ada", "Bartholomew", "Cy", "Dee", "Evangeline Montgomery", "Fox", "Gus", "Hal", "Ivy"]


def nine_at_the_end(
    live_app, open_seat, live_server, keep: bool, target: int = 10
) -> tuple[Seat, str]:
    """Ada starts a table on her phone; eight more sit down in the store; a round is dealt
    and ended (and, with ``keep``, its split agreed and its score kept: Ada takes all 8)."""
    import random

    from evilrobots.game.table.settings import Settings

    ada = open_seat("Ada")
    url = start_table(ada, live_server)

    def play(table):
        now = live_app.config["CLOCK"]()  # the split's clock runs from the round's end
        for number, name in enumerate(NINE[1:]):
            table = table.join(name, f"secret-{number}")
        table = table.set_target(table.host, target)
        table = table.set_settings(table.host, Settings(conducted=False))  # ends when told
        table = table.deal(table.host, random.Random(6)).end_round(table.host, now)
        counted = table.tally()
        assert counted.winner is not None and len(counted.winners) > 1, "a split to settle"
        if keep:
            first, *others = counted.winners
            shares = {seat: counted.value if seat == first else 0 for seat in counted.winners}
            table = table.propose_split(first, shares, now=now)
            for seat in others:
                table = table.answer_split(seat, True, now=now)
            table = table.keep_score(table.host, now)
        return table

    live_app.extensions["evilrobots.store"].change(url.rsplit("/", 1)[1], play)
    return ada, url


def bottom(page: Page, css: str) -> float:
    return page.locator(css).first.evaluate("e => e.getBoundingClientRect().bottom")


@pytest.mark.parametrize(
    ("keep", "target"), [(False, 10), (True, 10), (True, 5)], ids=["counted", "kept", "game won"]
)
def test_with_nine_players_the_count_fits_a_shared_1280x720_screen(
    live_app, open_seat, live_server, new_phone, keep, target
):
    """What everyone reads at the end (every card, the tally, the value and its split, the
    scores, the game's winner) is on the first screen of a board shared at 1280 x 720."""
    _, url = nine_at_the_end(live_app, open_seat, live_server, keep, target)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    expect(board.locator(".board-seat")).to_have_count(9)
    if target == 5:
        expect(board.locator(".board-winner")).to_have_text("Ada wins the game!")
        expect(board.locator(".board-winner")).to_be_in_viewport(ratio=1)
    # Nine seats: the scores are the tally's last column, each seat's points as they stand,
    # and, once its split is agreed but not kept, what they become ("0 → 8").
    parts = [".board-seat:last-child", "table.tally", ".tally-value", ".tally-score"]
    if target == 5:  # the end of the game: the way there and the scores (the count is below)
        parts = [".way-chart-large .chart-drawing", ".way-chart-large .chart-legend"]
        parts.append("table.scoreboard")
    else:
        points = board.locator("table.tally tr", has_text="Ada").locator(".tally-score")
        expect(points).to_have_text("8" if keep else "0")
        expect(board.locator(".count-tables table.tally thead")).to_contain_text("Points")
    for css in parts:
        expect(board.locator(css).first).to_be_visible()
        assert bottom(board, css) <= 720, f"{css} is below the fold"
    assert board.evaluate("document.documentElement.scrollWidth") <= 1280


@pytest.mark.parametrize("width", [320, 360, 375, 390, 430])
def test_the_count_never_widens_a_phones_page(live_app, open_seat, live_server, new_phone, width):
    """At every phone width the board and a seat at the end of a round fit the screen's
    width: a tally too wide for it scrolls in its own box, the page does not; the table's
    code in the seat's top bar is whole."""
    ada, url = nine_at_the_end(live_app, open_seat, live_server, keep=False)
    board = new_phone({"width": width, "height": 700})
    board.goto(url + "/board")
    ada.page.set_viewport_size({"width": width, "height": 700})
    ada.page.goto(url)
    for page in (board, ada.page):
        expect(page.locator("table.tally")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        box = page.locator(".tally-box").evaluate("e => e.getBoundingClientRect().right")
        assert box <= width
        tally = page.locator(".tally-box")
        assert tally.evaluate("e => e.scrollWidth <= e.clientWidth"), "the count is cut"
    code = ada.page.locator(".seat-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"))
    assert code.evaluate("e => e.scrollWidth <= e.clientWidth"), "the code is cut"
    title = ada.page.locator(".seat-title")
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth"), "the round's line is cut"


def test_a_split_nobody_settles_runs_out_on_every_screen_and_the_host_keeps_the_score(
    live_app, open_seat, live_server, new_phone
):
    """The winners' split counts down on the phones and the board; when it runs out (the live
    server's clock moved on to it: its own ticker settles it), every screen says each winner
    gets 1 point, and the host keeps the score."""
    ada, url = nine_at_the_end(live_app, open_seat, live_server, keep=False)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    # Ada's page, open at her seat, shows the round's end by itself (no load of ours to race it).
    for page in (board, ada.page):
        expect(page.locator(".split-clock .timer")).to_have_text(re.compile(r"\d"))
    store = live_app.extensions["evilrobots.store"]
    deadline = store.load(url.rsplit("/", 1)[1]).round.split_until
    live_app.config["CLOCK"].reach(deadline)
    said = "Time ran out before the winners agreed: each winner gets 1 point."
    for page in (board, ada.page):
        expect(page.get_by_text(said)).to_be_visible()
        expect(page.locator(".split-clock")).to_have_count(0)
    # Nine seats: the scores are the board's tally's last column, "0 → 1" until kept.
    count = board.locator(".count-tables table.tally")
    expect(count.locator(".tally-score", has_text="0 → 1").first).to_be_visible()
    ada.page.get_by_role("button", name="Keep the score").click()
    expect(count).not_to_contain_text("→")
    expect(count.locator(".tally-score", has_text=re.compile("^1$")).first).to_be_visible()


@pytest.mark.parametrize("size", [(320, 568), (844, 390)], ids=["320x568", "844x390"])
def test_a_mistyped_code_is_said_where_the_player_looks(new_phone, live_server, size):
    """The page comes back with the message in view and the mistyped field focused, the
    code as typed, ready to correct."""
    page = new_phone({"width": size[0], "height": size[1]})
    page.goto(live_server + "/table")
    page.get_by_label("Table code").fill("ZZZZ-2345")
    page.get_by_label("Your name").nth(1).fill("Bob")
    page.get_by_role("button", name="Join", exact=True).click()
    message = page.get_by_role("alert")
    expect(message).to_contain_text("There is no table with this code")
    expect(message).to_be_in_viewport(ratio=1)
    expect(page.get_by_label("Table code")).to_be_focused()
    expect(page.get_by_label("Table code")).to_have_value("ZZZZ-2345")


def test_a_control_waiting_for_its_second_tap_keeps_waiting_through_a_live_update(table, live_app):
    """The host taps End the round once; a change at the table (here it closes to
    newcomers) redraws the host's table section before the second tap; that tap still
    ends the round."""
    deal(table)
    ada = table["ada"].page
    ada.get_by_role("button", name="End the round").click()
    again = ada.get_by_role("button", name=re.compile("^Tap again"))
    expect(again).to_be_visible()
    live_app.extensions["evilrobots.store"].change(table["code"], lambda t: t.set_open(1, False))
    expect(ada.get_by_text("The table is closed to newcomers.")).to_be_visible()  # redrawn
    again.click()
    expect(table["board"].get_by_text("Round 1: over")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_boards_newest_act_and_its_scores_are_whole_at_1280x720(
    live_app, open_seat, live_server, new_phone, lang
):
    """The newest act on the board's log, in its largest type, is never cut nor ellipsed (it
    wraps; older acts make way); the scores under the log are whole; no word of a card's
    label is broken inside itself ("PUISSANCE"), in every language."""
    import random

    from evilrobots.game.table.settings import Settings
    from tests.support.cards import known
    from tests.support.tables import play_round

    ada = open_seat("Ada")
    url = start_table(ada, live_server)
    names = ["Bartholomew", "Evangeline Montgomery", "Carmen", "Dee"]

    def play(table):
        now = live_app.config["CLOCK"]()
        for number, name in enumerate(names):
            table = table.join(name, f"secret-{number}")
        table = table.set_settings(1, Settings(conducted=False))
        table = play_round(table, 2, 5, random.Random(3))  # a kept round: the scores show
        table = table.set_settings(1, Settings(debate=0, window=30, turn_seconds=60))
        table = table.deal(1, random.Random(4), now)
        cards = {
            "Bartholomew": ("SwapBot", 9, Allegiance.GOOD),
            "Evangeline Montgomery": ("DoOverBot", 2, Allegiance.EVIL),
            "Carmen": ("BlockBot", 3, Allegiance.EVIL),
        }
        table = known(table, 6, **cards)
        deal = table.round.deal_id
        table = table.start_countdown(1, deal, now).claim(2, deal, now)
        table = table.convert(2, deal, now, target=3)
        return table.react(4, deal, now, True)  # BlockBot turns it: the longest act

    live_app.extensions["evilrobots.store"].change(url.rsplit("/", 1)[1], play)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + f"/board?lang={lang}")
    newest = board.locator(".reveal-list li").first.locator(".entry")
    expect(newest).to_contain_text("BlockBot")
    whole = "e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1"
    assert newest.evaluate(whole), newest.inner_text()
    assert newest.evaluate("e => getComputedStyle(e).webkitLineClamp") in ("none", "")
    assert newest.evaluate("e => e.getBoundingClientRect().bottom") <= 720
    foot = board.locator(".reveal-list").evaluate("e => e.getBoundingClientRect().bottom")
    for entry in board.locator(".reveal-list > li:not([hidden])").all():  # older acts: whole,
        assert entry.evaluate("e => e.getBoundingClientRect().bottom") <= foot + 1  # or gone
    scores = board.locator(".board-scores")
    expect(scores).to_be_visible()
    assert scores.evaluate(whole)
    assert scores.evaluate("e => e.getBoundingClientRect().bottom") <= 720
    for label in board.locator(".mini-label").all():
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), label.inner_text()
        assert label.evaluate("e => e.getClientRects().length") == 1, label.inner_text()
    assert board.evaluate("document.documentElement.scrollWidth") <= 1280


def test_a_tap_a_limit_refuses_says_so_and_when_to_try_again_never_offline(
    table, live_app, live_server
):
    """A whole minute's posts from the table's address (a flood, not a group): Bob's next
    taps are refused with 429. His phone says which limit and when to try again where it
    says everything (the notes' row), never that it is offline: for a tap on his cards
    (what he hid is kept on the phone), a reveal, and an act sent by the tables' script
    (Take it back)."""
    from evilrobots.serving import limits

    deal(table)
    bob = table["bob"]
    reveal(bob, "Prove your power")  # before the flood: on the board, and may be taken back
    expect(table["board"].get_by_text(re.compile("^Bob · proves their power"))).to_be_visible()
    flood = live_app.test_client()
    same_site = {"Sec-Fetch-Site": "same-origin"}
    for _ in range(limits.POSTS):
        flood.post("/language", data={"lang": "en", "next": "/"}, headers=same_site)
    status = bob.page.locator("#status")
    too_many = "Too many taps and forms came from your address."
    bob.page.get_by_role("button", name="Take it back").click()  # the tables' script
    expect(status).to_contain_text(too_many)
    expect(status).to_contain_text(re.compile(r"Try again in \d+ seconds?: nothing was lost\."))
    expect(table["board"].locator("del")).to_have_count(0)  # not taken back
    bob.page.get_by_role("button", name="Back to cards").click()
    bob.card("robot").get_by_role("button", name="Hide").click()  # the card view's script
    expect(status).to_contain_text(too_many)
    expect(status).not_to_contain_text("Offline")
    expect(bob.card("robot")).to_have_attribute("data-hidden", "true")  # kept on the phone
    bob.page.get_by_role("link", name="Actions").click()  # a reveal
    bob.page.get_by_role("link", name="Convert another player", exact=True).click()
    bob.page.get_by_role("button", name="Reveal to the table").click()
    expect(status).to_contain_text(too_many)
    expect(bob.page.get_by_role("button", name="Reveal to the table")).to_be_enabled()
    expect(table["board"].get_by_text(re.compile("converts a player"))).to_have_count(0)
