"""Take the README's pictures: the card view and an action's view on a phone (dark theme),
and a round the app runs at a table of four: a phone in the Debate, on its turn and in a
reaction window, and the board (1280 × 720) mid-round and once the round is counted. Seeded
deck, served from a thread.

    .venv/bin/python tools/screenshots.py      # writes docs/*.png
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench._server import served_app  # noqa: E402
from tools import chromium  # noqa: E402

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


def table_round(browser, base: str) -> None:
    """A round the app runs at a table of four: the Debate (Dee passes), a power called and
    a turn taken, a conversion's reaction window, the Pass phase, and the count."""
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
    dee = players[3]
    board = phone(browser, BOARD)
    board.goto(url + "/board")
    host.goto(url)
    host.get_by_label("Debate timer").select_option("0")  # the host starts the countdown
    host.get_by_label("Each power called for").select_option("8")
    host.get_by_label("Each reaction window").select_option("30")
    host.get_by_role("button", name="Set for the next round").click()
    host.get_by_role("button", name="Deal", exact=True).click()
    for page in players:
        expect(page.get_by_role("region", name="Robot card")).to_be_visible()
    dee.get_by_role("button", name="Pass", exact=True).click()
    expect(board.get_by_text("Dee · passes")).to_be_visible()
    players[1].screenshot(path=DOCS / "table-debate.png")

    host.get_by_role("button", name="Start the countdown").click()
    actor, act = until(players[:3], lambda p: p.get_by_role("button", name=re.compile("^I act")))
    act.click()
    expect(actor.get_by_role("link", name="Convert", exact=True)).to_be_visible()
    actor.screenshot(path=DOCS / "table-turn.png")
    actor.get_by_role("link", name="Convert", exact=True).click()
    target = next(p for p in players if p is not actor and p is not dee)
    actor.get_by_role("button", name=NAMES[players.index(target)], exact=True).click()
    others = [p for p in players if p is not actor]
    for page in others:
        expect(page.get_by_role("button", name="No reaction")).to_be_visible()
    target.screenshot(path=DOCS / "table-reactions.png")
    board.screenshot(path=DOCS / "table-board.png")
    for page in others:
        page.get_by_role("button", name="No reaction").click()

    # Nobody else acts: each call runs out, and Dee, who passed, has the Pass phase alone.
    _, dee_pass = until([dee], lambda p: p.get_by_role("button", name="Pass", exact=True), 180)
    dee_pass.click()
    until([board], lambda p: p.get_by_text("Every turn is taken"))
    for page in players:
        page.reload()
    host.get_by_role("button", name="End the round").click()
    host.get_by_role("button", name=re.compile("^Tap again")).click()  # it asks twice
    expect(board.get_by_text("Round 1: over")).to_be_visible()
    board.screenshot(path=DOCS / "table-count.png")  # it all fits the one screen


def main() -> None:
    with served_app() as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        card_view(browser, base)
        table_round(browser, base)
        browser.close()
    for name in PICTURES:
        print(DOCS / f"{name}.png")


PICTURES = (
    "card-view",
    "convert-another-player",
    "table-debate",
    "table-turn",
    "table-reactions",
    "table-board",
    "table-count",
)


if __name__ == "__main__":
    main()
