"""Print the first-load weight of the card view: bytes of HTML, CSS, JS and images.

Loads the page in Debian's Chromium with an empty cache, as a new player would, and adds up
every response by kind: bytes of content, and bytes on the wire (gzipped by the app).

    .venv/bin/python bench/page_weight.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from evilrobots import create_app  # noqa: E402

KINDS = {"document": "HTML", "stylesheet": "CSS", "script": "JS", "image": "images"}


def measure(path: str = "/") -> dict[str, list[int]]:
    app = create_app(
        {"SECRET_KEY": "bench-" + "x" * 40, "RANDOM": random.Random(1)},
        instance_path=tempfile.mkdtemp(),
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            page = browser.new_page(viewport={"width": 390, "height": 844})
            responses = []
            page.on("response", lambda response: responses.append(response))
            page.goto(f"http://127.0.0.1:{server.server_port}{path}", wait_until="networkidle")
            for response in responses:
                kind = KINDS.get(response.request.resource_type, "other")
                if response.headers.get("content-type", "").startswith("image/"):
                    kind = "images"  # the favicon arrives as resource type "other"
                body = response.body()
                totals[kind][0] += 1
                totals[kind][1] += len(body)
                wire = response.request.sizes()["responseBodySize"]
                if wire <= 0:  # Chromium sometimes cannot tell (the favicon); ask the header
                    wire = int(response.headers.get("content-length", len(body)))
                totals[kind][2] += wire
            browser.close()
    finally:
        server.shutdown()
    return totals


def main() -> None:
    for path in ["/", "/actions"]:
        totals = measure(path)
        print(f"First load of {path} (empty cache)")
        print(f"{'kind':<8}{'files':>6}{'bytes':>10}{'on wire':>10}")
        for kind, (files, raw, packed) in sorted(totals.items()):
            print(f"{kind:<8}{files:>6}{raw:>10}{packed:>10}")
        files = sum(t[0] for t in totals.values())
        raw = sum(t[1] for t in totals.values())
        packed = sum(t[2] for t in totals.values())
        print(f"{'total':<8}{files:>6}{raw:>10}{packed:>10}\n")


if __name__ == "__main__":
    main()
