"""Print the first-load weight of the card view: bytes of HTML, CSS, JS and images.

Loads the page in Debian's Chromium with an empty cache, as a new player would, and adds up
every response by kind: bytes of content, bytes on the wire (bodies, gzipped by the app), and
the same with each response's headers, as browsers' developer tools count "transferred".
"worker" is the service worker script the card view registers; the pages and files the
worker then copies for offline use, in the background, are printed apart.

    .venv/bin/python bench/page_weight.py
"""

from __future__ import annotations

import json
import re
from collections import defaultdict

from _server import chromium, served_app
from playwright.sync_api import sync_playwright

KINDS = {"document": "HTML", "stylesheet": "CSS", "script": "JS", "image": "images"}


def measure(path: str = "/") -> dict[str, list[int]]:
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    with served_app() as base, sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        page = browser.new_page(viewport={"width": 390, "height": 844})
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(base + path, wait_until="networkidle")
        if path == "/":  # the service worker script the card view registers
            worker = page.evaluate(
                "async () => (await navigator.serviceWorker.ready).active.scriptURL"
            )
            script = page.request.get(worker, headers={"Accept-Encoding": "gzip"})
            wire = int(script.headers["content-length"])
            totals["worker"][0] += 1
            totals["worker"][1] += len(script.body())
            totals["worker"][2] += wire
            totals["worker"][3] += wire + sum(
                len(f"{name}: {value}\r\n") for name, value in script.headers.items()
            )
            # Then, in the background, what the worker copies for offline use: reported apart.
            copies = [
                url
                for name in ("PRECACHE", "PAGES")
                for url in json.loads(re.search(rf"const {name} = (\[.*?\]);", script.text())[1])
            ]
            loaded = {response.url for response in responses}
            for url in copies:
                if base + url in loaded:
                    continue  # the page loaded it already: the browser's cache answers
                copy = page.request.get(base + url, headers={"Accept-Encoding": "gzip"})
                size = int(copy.headers.get("content-length") or len(copy.body()))
                totals["offline copies"][0] += 1
                totals["offline copies"][1] += len(copy.body())
                totals["offline copies"][2] += size
        for response in responses:
            kind = KINDS.get(response.request.resource_type, "other")
            if response.headers.get("content-type", "").startswith("image/"):
                kind = "images"  # the favicon arrives as resource type "other"
            body = response.body()
            totals[kind][0] += 1
            totals[kind][1] += len(body)
            sizes = response.request.sizes()
            wire = sizes["responseBodySize"]
            if wire <= 0:  # Chromium sometimes cannot tell (the favicon); ask the header
                wire = int(response.headers.get("content-length", len(body)))
            totals[kind][2] += wire
            totals[kind][3] += wire + sizes["responseHeadersSize"]
        browser.close()
    return totals


def main() -> None:
    for path in ["/", "/actions"]:
        totals = measure(path)
        print(f"First load of {path} (empty cache)")
        print(f"{'kind':<8}{'files':>6}{'bytes':>10}{'on wire':>10}{'+ headers':>11}")
        copies = totals.pop("offline copies", None)
        for kind, (files, raw, packed, sent) in sorted(totals.items()):
            print(f"{kind:<8}{files:>6}{raw:>10}{packed:>10}{sent:>11}")
        files, raw, packed, sent = (sum(t[i] for t in totals.values()) for i in range(4))
        print(f"{'total':<8}{files:>6}{raw:>10}{packed:>10}{sent:>11}")
        if copies:
            print(
                f"then, in the background, the service worker fetches {copies[0]} more files "
                f"to keep for offline use: {copies[1]} bytes, {copies[2]} on the wire (bodies)"
            )
        print()


if __name__ == "__main__":
    main()
