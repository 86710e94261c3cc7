"""A short game's story, in Debian's Chromium: four phones in two languages (English and
French) and the board play a game to 5 points, round by round; after each round every phone
opens its truths and the chart's points match the scores; at the end the winner and the story
show on every phone and the board; a French phone shares the story and a fresh browser with no
cookie, in German, reads it; then the same group plays game 2, and the story of the table
tells both games and their results."""

from __future__ import annotations

import functools
import re

from playwright.sync_api import Page, expect

from evilrobots.game.cards import Allegiance
from tests.support.browser import (
    Seat,
    deal_and_give,
    open_seat_page,
    seat_by_request,
    set_timers,
    tap_twice,
)
from tests.support.cards import run_out
from tests.support.languages import said

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
LANGUAGES = {"Ada": "en", "Bob": "fr", "Cy": "en", "Dee": "fr"}  # Ada hosts
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}


def in_own(seat: Seat):
    return functools.partial(said, LANGUAGES[seat.name])


def opens_its_truths(seat: Seat, number: int, robots: list[str]) -> None:
    """The phone opens the round's truths (folded: one tap) and finds every robot in them."""
    _ = in_own(seat)
    truths = seat.page.locator("details.truths").filter(
        has_text=_("Every card of round %(number)s", number=number)
    )
    expect(truths).to_be_visible()
    truths.locator("summary").click()
    for robot in robots:
        expect(truths).to_contain_text(robot)
    expect(truths).to_contain_text(_("The points card: %(number)s", number=0).rsplit(" ", 1)[0])


def chart_matches_the_scores(page: Page) -> None:
    """The chart's data (each player's score after every round: the last, now) says what the
    scoreboard says."""
    rows = page.locator("table.chart-data tbody tr")
    charted = {
        rows.nth(i).locator("th").text_content().strip(): rows.nth(i)
        .locator("td")
        .last.text_content()
        for i in range(rows.count())
    }
    board = page.locator("table.scoreboard tbody tr")
    scored = {}
    for i in range(board.count()):
        name = board.nth(i).locator("th").evaluate("th => th.firstChild.textContent.trim()")
        scored[name] = board.nth(i).locator("td").first.text_content()
    assert charted == scored, (charted, scored)


def play_round(app, url: str, host: Seat, seats: list[Seat], points: int, button: str, **cards):
    """The host deals (the cards given), the round's time runs out, the host ends it and
    keeps its score."""
    deal_and_give(app, host.page, url, points, button=button, **cards)
    for seat in seats:
        expect(seat.page.locator("#round-now")).to_be_visible()
    run_out(app, url.rsplit("/", 1)[1])
    tap_twice(host.page, "End the round")
    host.page.get_by_role("button", name="Keep the score").click()


def test_a_short_game_its_story_shared_and_the_next_game(new_phone, live_server, live_app):
    seats = []
    for name, language in LANGUAGES.items():
        seats.append(Seat(new_phone(locale=LOCALES[language]), name))
    ada, bob, cy, dee = seats
    url = seat_by_request(ada, live_server)
    for seat in seats[1:]:
        seat_by_request(seat, live_server, url)
    for seat in seats:
        open_seat_page(seat, url)
    host = ada.page
    host.get_by_label("Points to win").fill("5")
    host.get_by_role("button", name="Set", exact=True).click()
    set_timers(host, debate=60, pace=3)
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")

    # ---- Round 1: Ada alone is Good and wins its 3.
    cards = {
        "ada": ("SumoBot", 9, G),
        "bob": ("LockBot", 2, E),
        "cy": ("PushBot", 3, N),
        "dee": ("BetBot", 4, E),
    }
    play_round(live_app, url, ada, seats, 3, "Deal", **cards)
    for seat in seats:
        opens_its_truths(seat, 1, ["SumoBot", "LockBot", "PushBot", "BetBot"])
        chart_matches_the_scores(seat.page)
    expect(board.locator("details.truths")).to_contain_text("Every card of round 1")

    # ---- Round 2: Ada wins again, 4 more: 7 of 5, the game is hers.
    cards = {
        "ada": ("LockBot", 8, G),
        "bob": ("SumoBot", 1, E),
        "cy": ("BlockBot", 2, E),
        "dee": ("PushBot", 6, N),
    }
    play_round(live_app, url, ada, seats, 4, "Deal the next round", **cards)
    expect(board.locator(".board-winner")).to_have_text("Ada wins the game!")
    expect(board.locator("figure.way-chart-large")).to_be_visible()
    for seat in seats:
        _ = in_own(seat)
        expect(seat.page.locator(".game-winner")).to_have_text(
            _("%(name)s wins the game!", name="Ada")
        )
        opens_its_truths(seat, 2, ["LockBot", "SumoBot", "BlockBot", "PushBot"])
        chart_matches_the_scores(seat.page)
    # Each phone opens the game's story, in its own language.
    for seat in seats:
        _ = in_own(seat)
        seat.page.get_by_role("link", name=_("The story of this game")).click()
        expect(seat.page.locator("h1")).to_contain_text(
            _("Game %(number)s at table %(code)s", number=1, code="")[:6]
        )
        expect(seat.page.locator(".lede")).to_contain_text(
            _("%(name)s won the game, first to %(target)s.", name="Ada", target=5)
        )
        for number in (1, 2):
            expect(seat.page.locator("details.truths").nth(number - 1)).to_contain_text(
                _("Every card of round %(number)s", number=number)
            )
        assert seat.page.evaluate("document.documentElement.scrollWidth <= innerWidth")

    # ---- Bob (in French) shares it; a fresh browser, in German and with no cookie, reads it.
    fr = in_own(bob)
    bob.page.get_by_role("button", name=fr("Make a link to share this story")).click()
    link = bob.page.locator("#share-link").input_value()
    code = url.rsplit("/", 1)[1]
    assert code not in link
    stranger = new_phone(locale=LOCALES["de"])
    stranger.goto(link)
    de = functools.partial(said, "de")
    expect(stranger.locator("h1")).to_have_text(de("The story of a game of Evil Robots"))
    expect(stranger.locator(".lede")).to_contain_text(
        de("%(name)s won the game, first to %(target)s.", name="Ada", target=5)
    )
    assert code not in stranger.content() and stranger.context.cookies() == []
    expect(stranger.locator("details.truths")).to_have_count(2)
    # On the board's screen the chart is wholly on the first screen; on the narrowest phone,
    # in German with its long words, nothing goes sideways, every round open.
    wide = new_phone({"width": 1280, "height": 720}, locale=LOCALES["de"])
    wide.goto(link)
    chart = wide.locator("figure.way-chart").bounding_box()
    assert chart is not None and chart["y"] + chart["height"] <= 720, chart
    narrow = new_phone({"width": 320, "height": 568}, locale=LOCALES["de"])
    narrow.goto(link + "?printing=1")
    for page in (wide, narrow):
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")

    # ---- Game 2, the same group: the host's New game; the story tells both.
    for seat in seats:
        seat.page.goto(url)
    tap_twice(host, "New game")
    cards = {
        "ada": ("LockBot", 1, E),
        "bob": ("SumoBot", 7, G),
        "cy": ("BlockBot", 2, E),
        "dee": ("PushBot", 6, N),
    }
    play_round(live_app, url, ada, seats, 2, "Deal", **cards)
    for seat in (bob, cy):
        _ = in_own(seat)
        opens_its_truths(seat, 1, ["LockBot", "SumoBot", "BlockBot", "PushBot"])
        seat.page.get_by_role("link", name=_("Earlier games and results")).click()
        games = seat.page.locator("#games")
        expect(games).to_contain_text(_("Game %(number)s", number=2))
        ada_row = games.locator("tbody tr").filter(has_text="Ada")
        expect(ada_row.locator("td").last).to_have_text("1")  # Ada's one win
        expect(seat.page.locator("h1")).to_contain_text(re.compile("2"))
        games.get_by_role("link", name=_("Game %(number)s", number=1)).click()
        expect(seat.page.locator(".lede")).to_contain_text(
            _("%(name)s won the game, first to %(target)s.", name="Ada", target=5)
        )
