"""Every picture in one SVG sprite, versioned and cached for a year."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def sprite_of(client) -> tuple[str, ET.Element]:
    page = client.get("/").get_data(as_text=True)
    url = re.search(r'<use href="(/icons\.svg\?v=\w+)#', page).group(1)
    response = client.get(url)
    return url, ET.fromstring(response.get_data())


def test_every_picture_a_page_names_is_in_the_sprite(client):
    url, sprite = sprite_of(client)
    ids = {symbol.get("id") for symbol in sprite}
    pages = ["/", "/actions", "/action/end-of-round", "/robots", "/print", "/rules"]
    named = set()
    for path in pages:
        named |= set(
            re.findall(r'<use href="([^"#]+)#([\w-]+)"', client.get(path).get_data(as_text=True))
        )
    assert {sprite_url for sprite_url, _ in named} == {url}
    assert {name for _, name in named} <= ids
    icons = {path.stem for path in (ROOT / "static" / "icons").glob("*.svg")}
    glyphs = {path.stem for path in (ROOT / "static" / "glyphs").glob("*.svg")}
    assert ids == icons | glyphs


def test_the_sprite_is_cached_for_a_year_under_its_version_only(client):
    url, _ = sprite_of(client)
    assert "immutable" in client.get(url).headers["Cache-Control"]
    stale = client.get("/icons.svg?v=old")
    assert stale.status_code == 200 and "no-cache" in stale.headers["Cache-Control"]
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
