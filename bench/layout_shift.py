"""How still a seat's page holds as it loads on a slow phone: Lighthouse's Cumulative Layout
Shift (mobile, its CPU slowed 4 times by DevTools, as a mid-range phone) on a player's seat
at a dealt table, once per load; then many more loads in Debian's Chromium at the same
slowdown, each shift the Layout Instability API reports named by what moved.

    .venv/bin/python -m bench.layout_shift            # 20 Lighthouse loads, 100 in Chromium
    .venv/bin/python -m bench.layout_shift 5 20       # fewer of each

Needs ``npm ci`` (Lighthouse). A shift shows at a few loads in a hundred when it comes from
the moment the browser first paints (it may paint before it has read the whole page): one
load says little, hence the counts.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.lighthouse import ROOT, seated_table
from tools import chromium
from tools.served import served

SLOWDOWN = 4
# Each shift the page makes by itself, with what moved (a text's element, by its class).
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__shifts.push({value: e.value, moved: e.sources.map(s => {
      const n = s.node && s.node.nodeType === 3 ? s.node.parentElement : s.node;
      return n ? n.tagName.toLowerCase() + "." + (n.getAttribute("class") || "") : "?";
    })});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def lighthouse_cls(url: str, cookies: list[dict]) -> float:
    """One Lighthouse load of the page, the CPU slowed by DevTools: its CLS."""
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "report.json"
        subprocess.run(
            [
                str(ROOT / "node_modules" / ".bin" / "lighthouse"),
                url,
                "--only-categories=performance",
                "--form-factor=mobile",
                "--throttling-method=devtools",
                f"--throttling.cpuSlowdownMultiplier={SLOWDOWN}",
                *chromium.lighthouse_flags(),
                f"--extra-headers={json.dumps({'Cookie': cookie})}",
                "--output=json",
                f"--output-path={path}",
                "--quiet",
            ],
            check=True,
        )
        report = json.loads(path.read_text())
    return report["audits"]["cumulative-layout-shift"]["numericValue"]


def chromium_shifts(url: str, cookies: list[dict], loads: int) -> list[list[dict]]:
    """Each load's shifts in Chromium at the same slowdown, on a 390 x 844 phone."""
    found = []
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        for _ in range(loads):
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            context.add_cookies(cookies)
            page = context.new_page()
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            page.add_init_script(SHIFTS)
            page.goto(url, wait_until="load")
            page.wait_for_timeout(1000)  # the last frames' entries
            found.append(page.evaluate("window.__shifts"))
            context.close()
        browser.close()
    return found


def main() -> None:
    lighthouse_loads = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    chromium_loads = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    with served() as (base, _):
        url, cookies = seated_table(base)
        figures = []
        for number in range(1, lighthouse_loads + 1):
            figures.append(lighthouse_cls(url, cookies))
            print(f"Lighthouse load {number:>2}: CLS {figures[-1]:.4f}", flush=True)
        worst = max(figures) if figures else 0.0
        zero = sum(1 for cls in figures if cls == 0)
        print(
            f"Lighthouse, seat, CPU /{SLOWDOWN}: CLS 0 in {zero} of {len(figures)} loads; "
            f"worst {worst:.4f}"
        )
        runs = chromium_shifts(url, cookies, chromium_loads)
        shifted = [shifts for shifts in runs if shifts]
        print(f"Chromium, seat, CPU /{SLOWDOWN}: a shift in {len(shifted)} of {len(runs)} loads")
        for shifts in shifted:
            for shift in shifts:
                print(f"  {shift['value']:.4f}  {', '.join(dict.fromkeys(shift['moved']))}")


if __name__ == "__main__":
    main()
