"""Print the first-load weight of the card view: bytes of HTML, CSS, JS and images.

Loads the page in Debian's Chromium with an empty cache, as a new player would, and adds up
every response by kind: bytes of content, bytes on the wire (bodies, gzipped by the app), and
the same with each response's headers, as browsers' developer tools count "transferred".
"worker" is the service worker script the card view registers; the pages and files the
worker then copies for offline use, in the background, are printed apart. Then the card
view's first load in each language.

    .venv/bin/python -m bench.page_weight
"""

from __future__ import annotations

from collections import defaultdict

from playwright.sync_api import sync_playwright

from tools import chromium
from tools.first_load import first_load, offline_copies
from tools.served import served

COLUMNS = f"{'kind':<8}{'files':>6}{'bytes':>10}{'on wire':>10}{'+ headers':>11}"


def main() -> None:
    with served() as (base, _), sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        for path, worker in [("/", True), ("/actions", False)]:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            downloads = first_load(page, base + path, worker=worker)
            copies = offline_copies(page, base, downloads) if worker else []
            page.context.close()
            totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
            for d in downloads:
                for column, value in enumerate((1, d.body, d.wire, d.sent)):
                    totals[d.kind][column] += value
            print(f"First load of {path} (empty cache)\n{COLUMNS}")
            for kind, (files, raw, packed, sent) in sorted(totals.items()):
                print(f"{kind:<8}{files:>6}{raw:>10}{packed:>10}{sent:>11}")
            files, raw, packed, sent = (sum(t[i] for t in totals.values()) for i in range(4))
            print(f"{'total':<8}{files:>6}{raw:>10}{packed:>10}{sent:>11}")
            if copies:
                print(
                    f"then, in the background, the service worker fetches {len(copies)} more "
                    f"files to keep for offline use: {sum(c.body for c in copies)} bytes, "
                    f"{sum(c.wire for c in copies)} on the wire (bodies)"
                )
            print()
        # Each language's card view: its words differ, its budget does not.
        print(f"First load of / by language (empty cache)\n{'language':<10}{'on wire':>10}")
        for locale in ["en-GB", "fr-FR", "de-DE", "es-ES"]:
            context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
            downloads = first_load(context.new_page(), base + "/")
            context.close()
            print(f"{locale:<10}{sum(d.wire for d in downloads):>10}")
        browser.close()


if __name__ == "__main__":
    main()
