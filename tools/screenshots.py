"""Take the README's pictures: the card view and an action's view on a phone (dark theme),
a round the app runs at a table in German (a phone at 320 px, the board), and a round the
app runs at a table of four, with known cards: a phone in the Debate, on its
turn, holding its act up to the camera, in a reaction window and ordering a tie (320 × 568),
the board (1280 × 720) mid-round and once the round is counted, and the host's phone at the
count with its next step; a game to its end, on the board and in a phone's story. Served
from a thread.

    .venv/bin/python -m tools.screenshots      # writes docs/*.png
    .venv/bin/python -m tools.screenshots german   # only the German ones
    .venv/bin/python -m tools.screenshots story    # only the game's end and its story
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.support import Translations
from playwright.sync_api import expect, sync_playwright

from tools import chromium
from tools.catalogs import TRANSLATIONS
from tools.served import served

ROOT = Path(__file__).resolve().parents[1]

DOCS = ROOT / "docs"
PHONE = {"width": 390, "height": 844}
BOARD = {"width": 1280, "height": 720}
NAMES = ("Ada", "Bob", "Cy", "Dee")


def phone(browser, viewport=PHONE):
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    return context.new_page()


def card_view(browser, base: str) -> None:
    """The one-phone card view with its points card drawn, then one action's view."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, color_scheme="dark")
    page = context.new_page()
    page.goto(base + "/")
    page.get_by_role("button", name="Draw points card").click()
    expect(page.get_by_text(re.compile("This round is worth"))).to_be_visible()
    expect(page.get_by_text("Your screen stays on")).to_have_count(0)  # gone at the tap
    page.screenshot(path=DOCS / "card-view.png")
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name="Convert another player", exact=True).click()
    page.screenshot(path=DOCS / "convert-another-player.png")
    context.close()


def german(browser, base: str) -> None:
    """The applet in German, the longest of its languages, on the narrowest phone: the card
    view, an action's view and the rules."""
    context = browser.new_context(
        viewport={"width": 320, "height": 568}, device_scale_factor=1, locale="de-DE"
    )
    page = context.new_page()
    page.goto(base + "/")
    page.get_by_role("button", name="Punktekarte ziehen").click()
    expect(page.get_by_text(re.compile("Diese Runde ist"))).to_be_visible()
    page.screenshot(path=DOCS / "de-card-view.png")
    page.get_by_role("link", name="Aktionen").click()
    page.get_by_role("link", name="Eine andere Person bekehren", exact=True).click()
    page.screenshot(path=DOCS / "de-convert-another-player.png")
    page.goto(base + "/rules")
    page.screenshot(path=DOCS / "de-rules.png")
    context.close()


def german_table(browser, base: str, app) -> None:
    """A round the app runs at a table, in German: a phone's cards in the Debate and the
    host's turn (320 × 568), and the board (1280 × 720) in a reaction window."""
    de = Translations.load(str(TRANSLATIONS), ["de"]).gettext

    def german_phone(viewport):
        context = browser.new_context(viewport=viewport, device_scale_factor=1, locale="de-DE")
        return context.new_page()

    small = {"width": 320, "height": 568}
    host = german_phone(small)
    host.goto(base + "/table")
    host.get_by_label(de("Your name")).first.fill(NAMES[0])
    host.get_by_role("button", name=de("Start a table")).click()
    url = host.url
    code = url.rsplit("/", 1)[1]
    players = [host]
    for name in NAMES[1:3]:
        page = german_phone(small)
        page.goto(url)
        page.get_by_label(de("Your name")).fill(name)
        page.get_by_role("button", name=de("Join"), exact=True).click()
        players.append(page)
    bob = players[1]
    host.goto(url)
    host.get_by_label(de("Debate timer")).select_option("0")  # the host starts the countdown
    host.get_by_label(de("Each reaction window, proof and tie")).select_option("30")
    host.get_by_role("button", name=de("Set for the next round")).click()
    host.get_by_role("button", name=de("Deal"), exact=True).click()
    cards = {
        "ada": ("PushBot", 9, "neutral"),
        "bob": ("BlockBot", 5, "good"),
        "cy": ("MiseryBot", 4, "evil"),
    }
    app.extensions["evilrobots.store"].change(code, lambda table: known(table, 7, cards))
    for page in players:
        expect(page.get_by_role("region", name=de("Robot card"))).to_be_visible()
    board = german_phone(BOARD)
    board.goto(url + "/board")
    bob.screenshot(path=DOCS / "de-table-cards.png")
    host.get_by_role("button", name=de("Start the countdown")).click()
    top = de("%(number)s or more") % {"number": 9}
    host.get_by_role("button", name=de("I act at %(level)s") % {"level": top}).click()
    expect(host.get_by_role("link", name=de("Convert"), exact=True)).to_be_visible()
    host.screenshot(path=DOCS / "de-table-turn.png")
    host.get_by_role("link", name=de("Convert"), exact=True).click()
    host.get_by_role("button", name="Bob", exact=True).click()
    expect(bob.get_by_role("button", name=de("No reaction"))).to_be_visible()
    board.screenshot(path=DOCS / "de-table-board.png")
    for page in [*players, board]:
        page.context.close()


def until(pages, find, seconds: float = 120):
    """The first of the pages on which ``find(page)`` shows a visible element, and that
    element: the table moves on by itself, so look until something shows."""
    for _ in range(int(seconds * 4)):
        for page in pages:
            found = find(page)
            if found.count() and found.first.is_visible():
                return page, found.first
        pages[0].wait_for_timeout(250)
    raise TimeoutError("nothing showed")


def seated_four(browser, base: str):
    """Ada starts a table on her phone and Bob, Cy and Dee join it on theirs: its address,
    and the four phones (the host's first)."""
    host = phone(browser)
    host.goto(base + "/table")
    host.get_by_label("Your name").first.fill(NAMES[0])
    host.get_by_role("button", name="Start a table").click()
    url = host.url
    players = [host]
    for name in NAMES[1:]:
        page = phone(browser)
        page.goto(url)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Join", exact=True).click()
        players.append(page)
    return url, players


def table_round(browser, base: str, app) -> None:
    """A round the app runs at a table of four, with known cards (Ada, Bob and Cy at power 5,
    Dee at 2): the Debate (Dee passes), Ada's turn and her conversion of Bob held up to the
    camera, its reaction window (a phone and the board), the tie between Bob and Cy that Ada
    orders from her act's view, and the count with the host's next step."""
    url, players = seated_four(browser, base)
    host = players[0]
    code = url.rsplit("/", 1)[1]
    ada, bob, cy, dee = players
    board = phone(browser, BOARD)
    board.goto(url + "/board")
    host.goto(url)
    host.get_by_label("Debate timer").select_option("0")  # the host starts the countdown
    host.get_by_label("Each power called for").select_option("5")
    host.get_by_label("Each turn").select_option("15")
    host.get_by_label("Each reaction window").select_option("30")
    host.get_by_role("button", name="Set for the next round").click()
    host.get_by_role("button", name="Deal", exact=True).click()
    cards = {
        "ada": ("PushBot", 5, "neutral"),
        "bob": ("SumoBot", 5, "good"),
        "cy": ("MiseryBot", 5, "evil"),
        "dee": ("LockBot", 2, "good"),
    }
    app.extensions["evilrobots.store"].change(code, lambda table: known(table, 7, cards))
    for page in players:
        expect(page.get_by_role("region", name="Robot card")).to_be_visible()
    dee.get_by_role("button", name="Pass", exact=True).click()
    expect(board.get_by_text("Dee · passes")).to_be_visible()
    bob.screenshot(path=DOCS / "table-debate.png")

    host.get_by_role("button", name="Start the countdown").click()
    _, act = until([ada], lambda p: p.get_by_role("button", name="I act at 5"))
    act.click()
    for page in (bob, cy):
        page.get_by_role("button", name="I act at 5").click()
    expect(ada.get_by_role("link", name="Convert", exact=True)).to_be_visible()
    ada.screenshot(path=DOCS / "table-turn.png")
    ada.get_by_role("link", name="Convert", exact=True).click()
    ada.get_by_role("button", name="Bob", exact=True).click()
    for page in (bob, cy, dee):
        expect(page.get_by_role("button", name="No reaction")).to_be_visible()
    ada.screenshot(path=DOCS / "table-act.png")
    bob.screenshot(path=DOCS / "table-reactions.png")
    board.screenshot(path=DOCS / "table-board.png")
    for page in (bob, cy, dee):
        page.get_by_role("button", name="No reaction").click()
    bob.get_by_role("button", name="Show my power").click()
    _, let = until([ada], lambda p: p.get_by_role("button", name="Let Cy go next"))
    ada.set_viewport_size({"width": 320, "height": 568})
    ada.screenshot(path=DOCS / "table-tie.png")
    ada.set_viewport_size(PHONE)
    let.click()

    # Nobody else acts: each turn and call runs out, then the Pass phase.
    until([board], lambda p: p.get_by_text("Every turn is taken"), 240)
    host.get_by_role("button", name="End the round").click()
    host.get_by_role("button", name=re.compile("^Tap again")).click()  # it asks twice
    expect(board.get_by_text("Round 1: over")).to_be_visible()
    board.screenshot(path=DOCS / "table-count.png")  # it all fits the one screen
    for page in players:
        if page.get_by_text("You won: propose").count():
            page.get_by_role("link", name=re.compile("propose how")).click()
            value = page.locator("[data-split-total] output").inner_text().split(" of ")[1]
            page.get_by_label(NAMES[players.index(page)], exact=True).fill(value)
            page.get_by_role("button", name="Propose this split").click()
            break
    for page in players:
        answer = page.get_by_role("link", name="Answer the proposed split")
        if answer.count():
            answer.click()
            page.get_by_role("button", name="Agree", exact=True).click()
    expect(host.get_by_role("button", name="Keep the score")).to_be_in_viewport()
    host.screenshot(path=DOCS / "table-host-count.png")


def game_story(browser, base: str, app) -> None:
    """A game to 5 at a table of four, two rounds the app ran with known cards (their time
    run out, the host ending and keeping each): the board at the end of the game, and a
    phone's story of it."""
    url, players = seated_four(browser, base)
    host = players[0]
    code = url.rsplit("/", 1)[1]
    host.goto(url)
    host.get_by_label("Points to win").fill("5")
    host.get_by_role("button", name="Set", exact=True).click()
    host.get_by_label("Debate timer").select_option("30")
    host.get_by_role("button", name="Set for the next round").click()
    store = app.extensions["evilrobots.store"]
    rounds = [
        (3, {"ada": ("SumoBot", 9, "good"), "bob": ("LockBot", 2, "evil"),
             "cy": ("PushBot", 3, "neutral"), "dee": ("BetBot", 4, "evil")}),
        (4, {"ada": ("LockBot", 8, "good"), "bob": ("SumoBot", 1, "evil"),
             "cy": ("BlockBot", 2, "evil"), "dee": ("PlusBot", 6, "neutral")}),
    ]  # fmt: skip
    for number, (points, cards) in enumerate(rounds, start=1):
        deal = "Deal" if number == 1 else "Deal the next round"
        host.get_by_role("button", name=deal, exact=True).click()
        store.change(code, lambda table, p=points, c=cards: run_out(known(table, p, c)))
        host.get_by_role("button", name="End the round").click()
        host.get_by_role("button", name=re.compile("^Tap again")).click()
        host.get_by_role("button", name="Keep the score").click()
    board = phone(browser, BOARD)
    board.goto(url + "/board")
    expect(board.get_by_text("Ada wins the game!")).to_be_visible()
    board.screenshot(path=DOCS / "table-game-over.png")
    story = players[1]
    story.goto(url + "/story")
    expect(story.locator("figure.way-chart")).to_be_visible()
    story.screenshot(path=DOCS / "table-story.png")


def run_out(table):
    """Time passes until the round the app runs has nothing left on a timer."""
    while table.deadline is not None:
        table = table.tick(table.deadline)
    return table


def known(table, points: int, cards: dict[str, tuple[str, int, str]]):
    """The dealt table with these players' cards (by name), as dealt, and this points card."""
    from dataclasses import replace

    from evilrobots.game.cards import Allegiance, Coin, PowerCard, robot_named
    from evilrobots.game.table.round import Dealt

    heads, tails = Coin.HEADS, Coin.TAILS
    flips = {"good": (heads, heads), "evil": (tails, tails), "neutral": (heads, tails)}

    round_ = table.round
    by_name = {seat.name.casefold(): seat.id for seat in table.seats}
    for name, (robot, power, allegiance) in cards.items():
        seat = by_name[name]
        hand = replace(
            round_.hand_of(seat),
            robot=robot_named(robot),
            power=PowerCard(power),
            allegiance=Allegiance(allegiance),
            flips=None,
        )
        round_ = round_.with_hand(seat, hand)
        dealt = tuple(
            Dealt(seat, PowerCard(power), flips[allegiance]) if one.seat == seat else one
            for one in round_.dealt
        )
        round_ = replace(round_, dealt=dealt)
    return replace(table, round=replace(round_, points=PowerCard(points)))


def main() -> None:
    with served("pictures") as (base, app), sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        if "german" in sys.argv[1:]:  # these alone: the others deal new cards
            german(browser, base)
            german_table(browser, base, app)
        elif "story" in sys.argv[1:]:
            game_story(browser, base, app)
        else:
            card_view(browser, base)
            german(browser, base)
            german_table(browser, base, app)
            table_round(browser, base, app)
            game_story(browser, base, app)
        browser.close()
    for name in PICTURES:
        print(DOCS / f"{name}.png")


PICTURES = (
    "card-view",
    "convert-another-player",
    "de-card-view",
    "de-convert-another-player",
    "de-rules",
    "de-table-cards",
    "de-table-turn",
    "de-table-board",
    "table-debate",
    "table-turn",
    "table-act",
    "table-reactions",
    "table-board",
    "table-tie",
    "table-count",
    "table-host-count",
    "table-game-over",
    "table-story",
)


if __name__ == "__main__":
    main()
