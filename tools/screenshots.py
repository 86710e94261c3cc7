"""Take the README's pictures: the card view and an action's view on a phone (dark theme),
and a table: a phone mid-round, and the board (1280 × 720) mid-round and once the round is
counted. Four players, seeded deck, served from a thread.

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


def phone(browser, viewport=PHONE):
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    return context.new_page()


def reveal(page, action: str) -> None:
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name=action, exact=True).click()
    page.get_by_role("button", name="Reveal to the table").click()
    expect(page.get_by_role("button", name=re.compile("On the board"))).to_be_visible()
    page.get_by_text("Back to cards").click()


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


def main() -> None:
    with served_app() as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        card_view(browser, base)
        host = phone(browser)
        host.goto(base + "/table")
        host.get_by_label("Your name").first.fill("Ada")
        host.get_by_role("button", name="Start a table").click()
        url = host.url
        players = [host]
        for name in ["Bob", "Cy", "Dee"]:
            page = phone(browser)
            page.goto(url)
            page.get_by_label("Your name").fill(name)
            page.get_by_role("button", name="Join", exact=True).click()
            players.append(page)
        board = phone(browser, BOARD)
        board.goto(url + "/board")
        host.get_by_role("button", name="Deal", exact=True).click()
        expect(board.get_by_text("Round 1", exact=True)).to_be_visible()
        reveal(players[1], "Prove your power")
        reveal(players[2], "Convert another player")
        expect(board.locator(".reveal-list li")).to_have_count(2)
        for page in players:
            page.reload()
        players[3].screenshot(path=DOCS / "table-phone.png")
        board.screenshot(path=DOCS / "table-board.png")

        host.get_by_role("button", name="End the round").click()
        host.get_by_role("button", name=re.compile("^Tap again")).click()  # it asks twice
        expect(board.get_by_text("Round 1: over")).to_be_visible()
        board.screenshot(path=DOCS / "table-count.png")  # it all fits the one screen
        browser.close()
    for name in [
        "card-view",
        "convert-another-player",
        "table-phone",
        "table-board",
        "table-count",
    ]:
        print(DOCS / f"{name}.png")


if __name__ == "__main__":
    main()
