"""Time, in Chromium at a phone's size, from a tap to the changed screen (median of 50):

- "Hide power": click until the card back is painted (two animation frames later);
- "Shuffle": click until the new hand is painted (first contentful paint of the new page).

    .venv/bin/python bench/interaction.py
"""

from __future__ import annotations

import statistics

from _server import CHROMIUM_ARGS, served_app
from playwright.sync_api import sync_playwright

RUNS = 50

TAP_HIDE = """() => new Promise(resolve => {
  const button = document.querySelector('.slot-power .switch button');
  const slot = document.querySelector('.slot-power');
  const before = slot.dataset.hidden;
  const start = performance.now();
  button.click();
  if (slot.dataset.hidden === before) { resolve(-1); return; }
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
})"""


def main() -> None:
    with served_app() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(base + "/")
        hide = [page.evaluate(TAP_HIDE) for _ in range(RUNS)]
        assert min(hide) >= 0
        shuffle = []
        for _ in range(RUNS):
            page.evaluate(
                "sessionStorage.setItem('tap', performance.timeOrigin + performance.now())"
            )
            with page.expect_navigation(wait_until="load"):
                page.get_by_role("button", name="Shuffle").click()
            shuffle.append(
                page.evaluate("""() => new Promise(resolve => {
              const report = () => {
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                if (!paint) { requestAnimationFrame(report); return; }
                const tap = Number(sessionStorage.getItem('tap'));
                resolve(performance.timeOrigin + paint.startTime - tap);
              };
              report();
            })""")
            )
        browser.close()
    print(f"Chromium {RUNS} taps each, phone viewport 390x844, server on loopback")
    for name, times in [
        ("Hide power -> card back painted", hide),
        ("Shuffle -> new hand painted", shuffle),
    ]:
        print(
            f"{name:<34} median {statistics.median(times):7.1f} ms   "
            f"p90 {statistics.quantiles(times, n=10)[-1]:7.1f} ms"
        )


if __name__ == "__main__":
    main()
