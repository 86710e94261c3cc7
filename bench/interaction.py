"""Time taps in Chromium at a phone's size, the way browsers report interaction latency.

- Hide/Show and Good/Evil/Neutral: the Event Timing API's ``duration`` of each real tap
  (pointerdown to the next frame painted after the tap's handlers), as INP counts it. The
  API reports only interactions of 16 ms or more (its floor; durations are rounded to 8 ms),
  so a tap it does not report was painted within one frame at 60 Hz.
- Shuffle: from the tap (the pointerdown's timestamp) until the new hand is painted (the
  Element Timing API's ``renderTime`` of the new robot's name).

    .venv/bin/python -m bench.interaction [--taps 50]
"""

from __future__ import annotations

import argparse
import statistics

from playwright.sync_api import Page, sync_playwright

from tools import chromium
from tools.served import served

# Collect every Event Timing entry of 16 ms or more, and count interactions.
OBSERVE = """
window.__events = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.interactionId) window.__events.push({id: e.interactionId, name: e.name, d: e.duration});
  }
}).observe({type: "event", durationThreshold: 16, buffered: true});
window.__taps = [];
addEventListener("pointerdown", (e) => window.__taps.push(e.timeStamp), {capture: true});
// Mark the robot's name in each new hand so Element Timing reports when it is painted.
window.__painted = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__painted.push(e.renderTime || e.loadTime);
}).observe({type: "element", buffered: true});
new MutationObserver(() => {
  const name = document.querySelector("#hand .robot-name");
  if (name && !name.hasAttribute("elementtiming")) name.setAttribute("elementtiming", "hand");
}).observe(document, {childList: true, subtree: true});
"""


def tap(page: Page, selector: str) -> None:
    """A real tap (trusted pointer events) at the middle of an element."""
    box = page.locator(selector).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def event_timing(page: Page, selectors: list[str], taps: int) -> tuple[int, list[float]]:
    """Tap the controls in turn; return the count and each reported interaction's duration."""
    page.evaluate("window.__events = []")
    before = page.evaluate("performance.interactionCount")
    for number in range(taps):
        tap(page, selectors[number % len(selectors)])
        page.wait_for_timeout(120)  # let the frame be presented and the entry delivered
    counted = page.evaluate("performance.interactionCount") - before
    longest: dict[int, float] = {}
    for entry in page.evaluate("window.__events"):
        longest[entry["id"]] = max(longest.get(entry["id"], 0), entry["d"])
    return counted, sorted(longest.values())


def shuffle_to_paint(page: Page, taps: int) -> list[float]:
    """Tap Shuffle; time from the tap until the new robot's name is painted."""
    times = []
    for _ in range(taps):
        page.evaluate("window.__taps = []; window.__painted = []")
        tap(page, "button.shuffle")
        page.wait_for_function("() => window.__painted.length > 0")
        tapped, painted = page.evaluate("[window.__taps[0], window.__painted[0]]")
        times.append(painted - tapped)
        page.wait_for_timeout(50)
    return times


def describe(name: str, taps: int, counted: int, durations: list[float]) -> str:
    fast = taps - len(durations)
    worst = f"{max(durations):.0f} ms" if durations else "< 16 ms"
    median = "< 16 ms" if fast > taps / 2 else f"{statistics.median(durations):.0f} ms"
    return (
        f"{name:<34} {taps} taps ({counted} interactions): {fast} under 16 ms "
        f"(within one frame), median {median}, worst {worst}"
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=50)
    args = parser.parse_args()
    with served() as (base, _), sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.add_init_script(OBSERVE)
        page.goto(base + "/")
        page.wait_for_load_state("networkidle")
        hide = event_timing(page, [".slot-power .eye"], args.taps)
        allegiance = event_timing(
            page,
            ['.choose [value="good"]', '.choose [value="evil"]', '.choose [value="neutral"]'],
            args.taps,
        )
        shuffle = shuffle_to_paint(page, args.taps)
        # The control: the same measure must see a tap whose handler blocks for 40 ms.
        page.evaluate(
            "document.querySelector('.slot-power .eye').addEventListener('click', () => {"
            " const end = performance.now() + 40; while (performance.now() < end) {} })"
        )
        control = event_timing(page, [".slot-power .eye"], 5)
        version = browser.version
        browser.close()
    print(f"Chromium {version}, phone viewport 390x844, server on loopback, real taps")
    print(describe("Hide/Show power (Event Timing)", args.taps, *hide))
    print(describe("Good/Evil/Neutral (Event Timing)", args.taps, *allegiance))
    print(describe("control: Hide with a 40 ms handler", 5, *control))
    print(
        f"{'Shuffle -> new hand painted':<34} {args.taps} taps: "
        f"median {statistics.median(shuffle):.1f} ms, p90 {percentile(shuffle, 0.9):.1f} ms, "
        f"p99 {percentile(shuffle, 0.99):.1f} ms, worst {max(shuffle):.1f} ms"
    )


if __name__ == "__main__":
    main()
