"""Print Lighthouse's scores (mobile emulation, Debian's Chromium) for the app's pages.

.venv/bin/python -m bench.lighthouse            # needs `npm ci` first
.venv/bin/python -m bench.lighthouse / /rules   # only these pages of the applet

Each page is measured three times and the median printed: the performance score is timed
(Total Blocking Time above all, on a shared 2-core machine), and one run says little. Besides
the applet's pages: a seat at a dealt table (Bob's, after a reveal) and the table's board.
"""

from __future__ import annotations

import json
import logging
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import chromium
from tools.served import served

ROOT = Path(__file__).resolve().parents[1]
CATEGORIES = ["performance", "accessibility", "best-practices"]
RUNS = 3


def report(url: str, cookies: list[dict] | None) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.json"
        headers = []
        if cookies:
            cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
            headers = [f"--extra-headers={json.dumps({'Cookie': cookie})}"]
        subprocess.run(
            [
                str(ROOT / "node_modules" / ".bin" / "lighthouse"),
                url,
                "--only-categories=" + ",".join(CATEGORIES),
                "--form-factor=mobile",
                *chromium.lighthouse_flags(),
                *headers,
                "--output=json",
                f"--output-path={path}",
                "--quiet",
            ],
            check=True,
        )
        return json.loads(path.read_text())


def figures(url: str, cookies: list[dict] | None = None) -> dict[str, float]:
    runs = [report(url, cookies) for _ in range(RUNS)]
    out = {
        c: statistics.median(r["categories"][c]["score"] * 100 for r in runs) for c in CATEGORIES
    }
    for name, audit in (("TBT ms", "total-blocking-time"), ("CLS", "cumulative-layout-shift")):
        out[name] = statistics.median(r["audits"][audit]["numericValue"] for r in runs)
    return out


def seated_table(base: str) -> tuple[str, list[dict]]:
    """A dealt table called by voice, Ada hosting, Bob seated and revealed: the board's URL
    base and Bob's cookies."""
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        ada = browser.new_page()
        ada.goto(base + "/table")
        ada.get_by_label("Your name").first.fill("Ada")
        ada.get_by_role("button", name="Start a table").click()
        url = ada.url
        bob = browser.new_context()
        phone = bob.new_page()
        phone.goto(url)
        phone.get_by_label("Your name").fill("Bob")
        phone.get_by_role("button", name="Join", exact=True).click()
        ada.goto(url)
        ada.get_by_label("Call the round ourselves, by voice").check()
        ada.get_by_role("button", name="Set for the next round").click()
        ada.get_by_role("button", name="Deal", exact=True).click()
        phone.locator("#hand").wait_for()
        phone.goto(url + "/action/prove-power")
        phone.get_by_role("button", name="Reveal to the table").click()
        cookies = bob.cookies()
        browser.close()
    return url, cookies


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # the figures, not every request
    columns = [*CATEGORIES, "TBT ms", "CLS"]
    print(f"median of {RUNS} runs")
    print(f"{'page':<16}" + "".join(f"{c:>16}" for c in columns))
    with served() as (base, _):
        pages = [(path, base + path, None) for path in sys.argv[1:]]
        if not pages:
            pages = [
                (p, base + p, None)
                for p in ["/", "/actions", "/rules", "/robots", "/video", "/print"]
            ]
            url, bob = seated_table(base)
            pages += [("seat", url, bob), ("board", url + "/board", None)]
        for name, url, cookies in pages:
            row = figures(url, cookies)
            cells = [f"{row[c]:.0f}" for c in columns[:-1]] + [f"{row['CLS']:.4f}"]
            print(f"{name:<16}" + "".join(f"{cell:>16}" for cell in cells), flush=True)


if __name__ == "__main__":
    main()
