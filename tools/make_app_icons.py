"""Render the installable app's PNG icons from the robot-golem SVG (Lorc, CC BY 3.0).

Run once after changing the design; the PNGs are committed in static/app/.

    .venv/bin/python -m tools.make_app_icons
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from tools import chromium

ROOT = Path(__file__).resolve().parents[1]

SVG = (ROOT / "static" / "icons" / "robot-golem.svg").read_text()
OUT = ROOT / "static" / "app"

PAGE = """<!doctype html><html><body style="margin:0">
<div style="width:{size}px;height:{size}px;display:grid;place-items:center;
 background:#161a22;border-radius:{radius}%">
 <div style="width:{art}%;height:{art}%;color:#ffd23f">{svg}</div></div></body></html>"""


def main() -> None:
    icons = [
        ("icon-192.png", 192, 18, 72),
        ("icon-512.png", 512, 18, 72),
        ("icon-maskable-512.png", 512, 0, 56),  # art inside the maskable safe zone
        ("apple-touch-icon.png", 180, 0, 70),
    ]
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        for name, size, radius, art in icons:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = SVG.replace("<svg ", '<svg width="100%" height="100%" ', 1)
            page.set_content(PAGE.format(size=size, radius=radius, art=art, svg=svg))
            page.screenshot(path=OUT / name, omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
