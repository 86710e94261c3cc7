"""What a new player's phone downloads to open a page: the one measure that both the weight
budget's test (tests/browser/test_weight.py) and bench/page_weight.py take.

Every response the page receives until the network is idle, and the service worker script
it registers, each with its size as the app sends it (bodies gzipped) and its headers. Not
the pages and files the worker then copies for offline use: ``offline_copies`` lists those
apart, as they are fetched in the background once the page is up.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from playwright.sync_api import Page

KINDS = {"document": "HTML", "stylesheet": "CSS", "script": "JS", "image": "images"}
WORKER = "async () => (await navigator.serviceWorker.ready).active.scriptURL"


@dataclass(frozen=True)
class Download:
    """One response: what it is, its body's bytes, and its bytes on the wire."""

    url: str
    kind: str
    body: int
    wire: int  # the body as sent
    headers: int

    @property
    def sent(self) -> int:
        """With its headers, as browsers' developer tools count "transferred"."""
        return self.wire + self.headers


def first_load(page: Page, url: str, worker: bool = True) -> list[Download]:
    """Open ``url`` in ``page`` (a fresh context: an empty cache) and list what came, with
    the service worker script if the page registers one (``worker``: the card view does)."""
    received = []
    page.on("response", lambda response: received.append(response))
    page.goto(url, wait_until="networkidle")
    downloads = []
    for response in received:
        kind = KINDS.get(response.request.resource_type, "other")
        if response.headers.get("content-type", "").startswith("image/"):
            kind = "images"  # the favicon arrives as resource type "other"
        body = response.body()
        sizes = response.request.sizes()
        wire = sizes["responseBodySize"]
        if wire <= 0:  # Chromium cannot always tell (the favicon): the header says
            wire = int(response.headers.get("content-length") or len(body))
        downloads.append(
            Download(response.url, kind, len(body), wire, sizes["responseHeadersSize"])
        )
    if worker:
        downloads.append(_worker_script(page, [d.url for d in downloads]))
    return downloads


def _worker_script(page: Page, loaded: list[str]) -> Download:
    """The service worker script the page registered (Playwright does not see it come)."""
    url = page.evaluate(WORKER)
    if url in loaded:
        raise AssertionError(f"{url} would be counted twice")
    script = page.request.get(url, headers={"Accept-Encoding": "gzip"})
    headers = sum(len(f"{name}: {value}\r\n") for name, value in script.headers.items())
    return Download(
        url, "worker", len(script.body()), int(script.headers["content-length"]), headers
    )


def offline_copies(page: Page, base: str, downloads: list[Download]) -> list[Download]:
    """What the service worker fetches once the page is up, to keep for offline use, that
    the page did not load itself (the browser's cache answers those)."""
    worker = next(d for d in downloads if d.kind == "worker")
    script = page.request.get(worker.url).text()
    wanted = [
        path
        for name in ("PRECACHE", "PAGES")
        for path in json.loads(re.search(rf"const {name} = (\[.*?\]);", script)[1])
    ]
    loaded = {d.url for d in downloads}
    copies = []
    for path in wanted:
        if base + path in loaded:
            continue
        copy = page.request.get(base + path, headers={"Accept-Encoding": "gzip"})
        body = copy.body()
        wire = int(copy.headers.get("content-length") or len(body))
        copies.append(Download(base + path, "offline copy", len(body), wire, 0))
    return copies
