"""Pages built from fragments rendered once: a frame's slots, markers no player can forge,
and the card view sent compressed is the same page."""

import gzip

import brotli
import pytest

from evilrobots.factory import create_app


def test_a_players_text_can_never_pass_for_a_fragment_marker(app, tmp_path):
    store = app.extensions["evilrobots.fragments"]
    guess = "\x1e" + "0" * 16 + ":0\x1f"  # the shape of a marker, without its secret part
    before, after = store.slotted({}, ("test",), lambda slot: f"a {guess} b{slot}c", slots=1)
    assert (before, after) == (f"a {guess} b", "c")
    other = create_app({"SECRET_KEY": "k" * 40}, instance_path=tmp_path)
    assert other.extensions["evilrobots.fragments"].mark != store.mark


def test_a_frame_places_each_slot_once_and_in_order(app):
    store = app.extensions["evilrobots.fragments"]
    pieces = store.slotted({}, ("ok",), lambda one, two: f"<a>{one}<b>{two}<c>", slots=2)
    assert list(pieces) == ["<a>", "<b>", "<c>"]
    for wrong in (lambda one, two: f"{two}{one}", lambda one, two: f"{one}{one}{two}"):
        with pytest.raises(ValueError, match="once, in order"):
            store.slotted({}, ("wrong",), wrong, slots=2)


def test_the_card_view_sent_compressed_is_the_same_page(client):
    client.get("/")
    plain = client.get("/").get_data()
    for encoding, decompress in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        packed = client.get("/", headers={"Accept-Encoding": encoding})
        assert packed.headers["Content-Encoding"] == encoding
        assert decompress(packed.get_data()) == plain
        assert "Cookie" in packed.headers["Vary"] and "Accept-Encoding" in packed.headers["Vary"]


def test_a_fragments_bytes_are_kept_beside_it_and_a_players_own_text_never(app, monkeypatch):
    from evilrobots.web import fragments

    store = app.extensions["evilrobots.fragments"]
    monkeypatch.setattr(store, "encoded", {})
    monkeypatch.setattr(fragments, "LIMIT", 2)
    cache: dict = {}
    shared = store.get(cache, ("card",), lambda: "<p>Réveil → robots</p>" * 10)  # not ASCII
    before, after = store.slotted(cache, ("frame",), lambda slot: f"<main>{slot}</main>", slots=1)
    own = "Bob · ceb9bcfc" * 10  # a player's own text, however long
    page = store.encode([before, shared, own, after])
    assert page == (before + shared + own + after).encode()
    assert set(store.encoded) == {shared, before, after}  # what the store rendered, only
    store.encoded[shared] = b"<kept>"  # a page is made of the bytes kept
    assert store.encode([shared, own]) == b"<kept>" + own.encode()
    store.get(cache, ("next",), lambda: "<p>next</p>")  # the cache full: it starts afresh
    assert set(store.encoded) == {"<p>next</p>"}  # and its bytes with it
    assert store.encode([shared]) == shared.encode()
