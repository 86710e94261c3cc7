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


NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


def numbers(path_data: str) -> list[float]:
    """A path's numbers as SVG reads them ("5.30.5" is 5.30 then .5)."""
    return [float(n) for n in NUMBER.findall(path_data)]


def test_the_sprites_path_data_draws_the_same_numbers_in_fewer_bytes(client):
    """Each picture's path data, as the sprite sends it, holds the same commands and numbers
    as its file: only the ".0"s that say nothing are gone."""
    from evilrobots.serving.icons import shorter_path_data

    _, sprite = sprite_of(client)
    sent = {
        symbol.get("id"): [p.get("d") for p in symbol.iter() if p.get("d")] for symbol in sprite
    }
    saved = 0
    for path in sorted((ROOT / "static" / "icons").glob("*.svg")):
        written = [p.get("d") for p in ET.parse(path).iter() if p.get("d")]
        for before, after in zip(written, sent[path.stem], strict=True):
            assert numbers(after) == numbers(before), path.stem
            assert re.sub(r"[^A-Za-z]", "", after) == re.sub(r"[^A-Za-z]", "", before)
            saved += len(before) - len(after)
    assert saved > 500
    # The control: what it must leave alone.
    assert shorter_path_data(' d="M4.0 1.05 12.0.5-3.0z"') == ' d="M4 1.05 12.0.5-3z"'
    assert shorter_path_data(' d="c0.00.00.0-0.10.0 1z"') == ' d="c0.00.00.0-0.10.0 1z"'
