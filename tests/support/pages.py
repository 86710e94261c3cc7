"""Reading what a response says: the page's text, its HTML tables, a stream's events."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser


def visible_text(page: str) -> str:
    """The page's text as a reader sees it: no tags, entities read, spaces collapsed (a
    <wbr>, a place a long word may wrap, is no space)."""
    words = re.sub(r"<[^>]+>", " ", page.replace("<wbr>", ""))
    return re.sub(r"\s+", " ", html.unescape(words))


class _Tables(HTMLParser):
    """The HTML tables of a page: caption, header cells, and rows of cells, as text."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append(
                {"class": dict(attrs).get("class"), "caption": "", "head": [], "rows": []}
            )
        elif tag == "caption":
            self._in_caption = True
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []
            if (
                tag == "th"
                and self.tables
                and not self.tables[-1]["rows"]
                and dict(attrs).get("scope") == "col"
            ):
                self._cell.append("\0col")

    def handle_endtag(self, tag):
        if tag == "caption":
            self._in_caption = False
        elif tag in ("td", "th") and self._cell is not None:
            text = " ".join("".join(self._cell).split())
            if text.startswith("\0col"):
                self.tables[-1]["head"].append(text.removeprefix("\0col").strip())
            else:
                self._row.append(text)
            self._cell = None
        elif tag == "tr" and self._row:
            self.tables[-1]["rows"].append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._in_caption:
            self.tables[-1]["caption"] += data
        if self._cell is not None:
            self._cell.append(data)


def tables_in(page: str) -> dict[str, dict]:
    """The page's HTML tables by their first class: caption, head cells and rows, as text."""
    parser = _Tables()
    parser.feed(page)
    return {table["class"].split()[0]: table for table in parser.tables}


def read_events(response, count: int) -> list[tuple[str, str, dict]]:
    """Read ``count`` events (name, id, data) from a streaming response."""
    found, buffer = [], ""
    for chunk in response.response:
        buffer += chunk if isinstance(chunk, str) else chunk.decode()
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = dict(
                line.split(": ", 1)
                for line in block.splitlines()
                if ": " in line and not line.startswith(":")
            )
            if "event" in fields:
                found.append((fields["event"], fields["id"], json.loads(fields["data"])))
                if len(found) == count:
                    return found
    return found
