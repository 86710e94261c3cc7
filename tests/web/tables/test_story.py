"""A game's story through the Flask client: a round's truths on every phone and the board once
it is over (and not before), the story page of each game at the table, results across games,
the share link (read-only, no code, in the reader's language) and the print view."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from evilrobots.game.cards import Allegiance
from tests.support.cards import give
from tests.support.clients import Phone, deal_tag, stored, table_of
from tests.support.pages import read_events, tables_in, visible_text

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def counted(app, ada: Phone, bob: Phone, cy: Phone) -> None:
    """Round 1 by voice: Bob (CheatBot, Evil) shows Good; Ada (alone Good, 9 against 5) wins
    its 6; the host ends it and keeps it."""
    give(app, ada.code, 6, ada=("SumoBot", 9, G), bob=("CheatBot", 3, E), cy=("LockBot", 2, E))
    deal = deal_tag(table_of(app, ada.code))
    assert bob.post("/reveal", action="convert-self", round=deal, shown="good").status_code == 303
    assert ada.post("/end").status_code == 303
    assert ada.post("/keep").status_code == 303


def test_a_round_in_play_tells_no_truth_anywhere(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("CheatBot", 3, G), cy=("LockBot", 2, E))
    bob.post("/reveal", action="convert-self", round=deal_tag(dealt), shown="evil")
    for page in (ada.page(), cy.page(), bob.page()):
        assert "Every card of round" not in visible_text(page)
    for page in (ada.page("/board"), ada.page("/story"), cy.page("/story")):
        text = visible_text(page)
        assert "Every card of round" not in text
        assert "SumoBot" not in text and "LockBot" not in text  # nobody showed them
    story = visible_text(ada.page("/story"))
    assert "Round 1: in play" in story and "Its cards are told here once it is over." in story
    # The live parts say nothing of it either.
    stream = cy.client.get(f"/t/{ada.code}/events", buffered=False)
    for _event, _id, data in read_events(stream, 1):
        assert "Every card of round" not in str(data)
    stream.close()


def test_once_over_every_phone_and_the_board_tell_every_card(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    for page in (ada.page(), cy.page(), bob.page(), ada.page("/board")):
        text = visible_text(page)
        assert "Every card of round 1" in text
        assert "The points card: 6" in text
        assert "Showed Good while truly Evil (CheatBot)" in text  # Bob's lie, told at the end
        assert "The table saw: Good" in text


def test_an_abandoned_round_tells_its_cards_too(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("CheatBot", 3, G), cy=("LockBot", 2, E))
    assert ada.post("/abandon", round=deal_tag(dealt)).status_code == 303
    for page in (cy.page(), ada.page("/board")):
        text = visible_text(page)
        assert "nobody scores it" in text and "Every card of round 1" in text
        assert "LockBot" in text and "abandoned: nobody scored it" in text
    story = visible_text(cy.page("/story"))
    assert "Round 1: abandoned" in story and "LockBot" in story


def test_the_story_tells_each_round_with_its_count_truths_and_log(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    assert ada.deal().status_code == 303  # round 2, in play
    page = cy.page("/story")
    text = visible_text(page)
    assert f"Game 1 at table {ada.code[:4]}-{ada.code[4:]}" in text
    assert "Round 1, worth 6 points" in text and "Round 2: in play" in text
    assert "The board's log of round 1" in text
    assert "Bob · converts themselves · power 3 · Good" in text  # the log, as the board told it
    assert "Showed Good while truly Evil (CheatBot)" in text
    assert re.search(r'<details class="truths">', page)  # folded: one tap opens it
    assert 'class="way-chart' in page and "Scores after each round" in text


def test_a_story_for_the_reader_in_their_language(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    french = cy.client.get(f"/t/{ada.code}/story", headers={"Accept-Language": "fr"})
    text = visible_text(french.get_data(as_text=True))
    assert "Partie 1" in text and "Toutes les cartes de la manche 1" in text


def test_new_game_keeps_the_story_of_the_game_before_with_the_results(app, ada, bob, cy, dealt):
    assert ada.post("/target", target="5").status_code in (303, 409)
    counted(app, ada, bob, cy)
    assert ada.new_game().status_code == 303
    assert ada.deal().status_code == 303
    text = visible_text(bob.page())
    assert "The story of this game" in text and "Earlier games and results" in text
    story = visible_text(bob.page("/story"))
    assert "Game 2 at table" in story and "The games at this table" in story
    assert "Game 1" in story and "Round 1: in play" in story
    before = visible_text(bob.page("/story/1"))
    assert "Game 1 at table" in before and "Showed Good while truly Evil (CheatBot)" in before
    assert bob.client.get(f"/t/{ada.code}/story/9").status_code == 404


def test_a_game_over_is_shared_by_a_link_that_opens_it_alone(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    refused = bob.post("/share", game="1")
    assert refused.status_code == 409  # the game is not over
    table = table_of(app, ada.code)
    assert table.game.winner is None
    # The game over (a target reached), any seat makes its link.
    app.extensions["evilrobots.store"].change(ada.code, _won)
    response = bob.post("/share", game="1")
    assert response.status_code == 303 and response.headers["Location"].endswith("/story/1#share")
    page = bob.page("/story/1")
    link = re.search(r'id="share-link"[^>]*value="([^"]+)"', page).group(1)
    token = link.rsplit("/", 1)[1]
    assert ada.code not in link and len(token) >= 20
    kept = stored(app)
    assert bob.post("/share", game="1").status_code == 303  # again: the same link
    assert stored(app) == kept  # and nothing written for it
    assert dict(table_of(app, ada.code).tokens) == {1: token}
    # Anyone, with no cookie, in their own language: the story, and no way to the table.
    stranger = app.test_client()
    shared = stranger.get(f"/story/{token}", headers={"Accept-Language": "de"})
    assert shared.status_code == 200
    body = shared.get_data(as_text=True)
    assert ada.code not in body and ada.code[:4] + "-" not in body
    assert "Jede Karte der Runde 1" in visible_text(body)
    assert stranger.get_cookie("evilrobots") is None  # nothing kept of the reader
    assert stranger.get("/story/" + "x" * 22).status_code == 404
    printing = stranger.get(f"/story/{token}?printing=1").get_data(as_text=True)
    assert '<details class="truths" open>' in printing and 'class="bar"' not in printing


def test_a_share_form_that_says_nothing_is_refused_in_words(app, ada, bob, cy, dealt):
    response = bob.post("/share", game="first")
    assert response.status_code == 400
    assert "Say which game to share." in response.get_data(as_text=True)


def _won(table):
    return replace(table, game=replace(table.game, target=5))


def test_a_story_is_drawn_once_per_game_language_and_version(app, ada, bob, cy, dealt):
    from flask import template_rendered

    drawn = []

    def noted(sender, template, context, **extra):
        if template.name == "table/story.html":
            drawn.append(context["story"].number)

    counted(app, ada, bob, cy)
    template_rendered.connect(noted, app)
    try:
        first = cy.page("/story")
        assert cy.page("/story") == first and bob.page("/story") == first and drawn == [1]
        cy.client.get(f"/t/{ada.code}/story", headers={"Accept-Language": "es"})
        assert drawn == [1, 1]  # another language: drawn for it
        assert ada.deal().status_code == 303  # the table moves on: drawn again
        assert "Round 2: in play" in visible_text(cy.page("/story"))
        assert drawn == [1, 1, 1]
    finally:
        template_rendered.disconnect(noted, app)


def test_a_game_that_is_not_there_is_a_404_in_words(app, ada, bob, cy, dealt):
    for number in ("0", "2", "99999999999999999999"):
        response = bob.client.get(f"/t/{ada.code}/story/{number}")
        assert response.status_code == 404
        assert "This table has no game" in response.get_data(as_text=True)
    # Not a number of a game at all: the table's address it does not know leads to the table.
    elsewhere = bob.client.get(f"/t/{ada.code}/story/-1")
    assert elsewhere.status_code == 303 and elsewhere.headers["Location"].endswith(ada.code)


def test_the_results_count_a_game_without_a_point_as_nought(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    assert ada.new_game().status_code == 303
    rows = tables_in(bob.page("/story"))["results"]["rows"]
    assert ["Bob", "0", "0", "0"] in rows  # there for both games, no point yet, no win
    assert ["Ada", "6", "0", "0"] in rows


def test_a_damaged_round_leaves_the_rest_of_the_story(app, ada, bob, cy, dealt):
    from evilrobots.game.table.story import Packed

    counted(app, ada, bob, cy)
    assert ada.deal().status_code == 303
    store = app.extensions["evilrobots.store"]
    store.change(ada.code, lambda t: replace(t, chapters=(Packed("not a chapter"),)))
    response = bob.client.get(f"/t/{ada.code}/story")
    assert response.status_code == 200
    assert "Round 2: in play" in visible_text(response.get_data(as_text=True))


def test_only_a_seat_shares_a_game_and_a_refusal_writes_nothing(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    app.extensions["evilrobots.store"].change(ada.code, _won)
    stranger = Phone(app, "Eve")
    stranger.code = ada.code
    kept = stored(app)
    response = stranger.post("/share", game="1")
    assert response.status_code == 403 and table_of(app, ada.code).tokens == ()
    assert stored(app) == kept


def test_each_reader_is_given_the_share_link_at_the_address_they_came_by(app, ada, bob, cy, dealt):
    counted(app, ada, bob, cy)
    app.extensions["evilrobots.store"].change(ada.code, _won)
    assert bob.post("/share", game="1").status_code == 303
    links = {}
    for host in ("http://192.168.1.20:8000", "https://robots.example"):
        page = bob.client.get(f"/t/{ada.code}/story/1", base_url=host).get_data(as_text=True)
        links[host] = re.search(r'id="share-link"[^>]*value="([^"]+)"', page).group(1)
    for host, link in links.items():
        assert link.startswith(host + "/story/")  # the page was not kept for the other address


def test_a_made_up_host_draws_nothing_anew(app, ada, bob, cy):
    """The board and the story are kept whatever ``Host`` a request says: a flood of made-up
    ones draws neither again, and each answer still has its own address in its links (the
    board's join link and its QR code, the story's share link)."""
    from flask import template_rendered

    drawn = []
    template_rendered.connect(lambda sender, template, **extra: drawn.append(template.name), app)

    def read(path: str) -> None:
        bob.client.get(f"/t/{ada.code}{path}")
        drawn.clear()
        qrs = set()
        for number in range(20):
            host = f"made-up-{number}.example:8000"
            page = bob.client.get(f"/t/{ada.code}{path}", headers={"Host": host})
            text = page.get_data(as_text=True)
            assert page.status_code == 200 and f"http://{host}/" in text, path
            qr = re.search(r'<div class="qr board-qr">(.*?)</div>', text, re.S)
            qrs.add(qr.group(1) if qr else path)
        kept = {"table/story.html", "table/_board.html", "table/_board_head.html"}
        assert not kept & set(drawn), (path, drawn)
        return qrs

    assert len(read("/board")) == 20  # a QR code of each address
    ada.by_voice()
    assert ada.deal().status_code == 303
    counted(app, ada, bob, cy)
    app.extensions["evilrobots.store"].change(ada.code, _won)
    assert bob.post("/share", game="1").status_code == 303
    read("/story/1")


def test_a_configured_address_is_every_links_whatever_the_host(tmp_path, clock):
    """With ``PUBLIC_URL`` set, the join link, its QR code, the share link and the move link
    are all written with it, whichever address a request came to."""
    import random

    from evilrobots.factory import create_app

    config = {
        "TESTING": True,
        "SECRET_KEY": "public-url-" + "x" * 40,
        "RANDOM": random.Random(4),
        "CLOCK": clock,
        "TICKER": False,
        "PUBLIC_URL": "https://robots.example/",
    }
    app = create_app(config, instance_path=tmp_path)
    try:
        ada, bob, cy = Phone(app, "Ada"), Phone(app, "Bob"), Phone(app, "Cy")
        ada.start()
        bob.join(ada.code)
        cy.join(ada.code)

        def links_in(*paths: str) -> None:
            qrs = set()
            for path in paths:
                # (the seat's own pages at the address its cookie is for)
                for base in bases if path in ("/board", "/story/1") else bases[-1:]:
                    page = ada.client.get(f"/t/{ada.code}{path}", base_url=base)
                    text = page.get_data(as_text=True)
                    links = set(re.findall(r"https?://[a-z0-9.:-]+/(?:t|story)/", text))
                    assert links and all(li.startswith("https://robots.example/") for li in links)
                    assert "10.0.0.7" not in text and "localhost" not in text, path
                    qrs |= set(re.findall(r'<div class="qr[^"]*">(.*?)</div>', text, re.S))
            return qrs

        bases = ("http://10.0.0.7:8000", "http://localhost")
        assert len(links_in("", "/board")) == 1  # one QR code, the configured address's
        ada.by_voice()
        assert ada.deal().status_code == 303
        counted(app, ada, bob, cy)
        app.extensions["evilrobots.store"].change(ada.code, _won)
        assert bob.post("/share", game="1").status_code == 303
        assert ada.post("/move").status_code == 303
        links_in("/story/1", "/move")
    finally:
        app.extensions["evilrobots.store"].close()
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        create_app(config | {"PUBLIC_URL": "robots.example"}, instance_path=tmp_path)


def test_what_else_a_seat_did_is_said_in_the_readers_words(app):
    from evilrobots.game.cards import PowerCard
    from evilrobots.game.table.truths import SeatTruth
    from evilrobots.web.story import seat_notes

    power = PowerCard(4)
    one = SeatTruth(2, "Bob", None, power, power, None, G, E, (), bet=E, missed=True)
    one = replace(one, ran_out=True, sat_out=True, gone=True)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert seat_notes(one) == (
            "bet on Evil · let their call go by · their turn's time ran out · "
            "sat the Pass phase out · left the table"
        )
        assert seat_notes(SeatTruth(3, "Cy", None, power, power, None, G, G, ())) == ""
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert seat_notes(one).startswith("pari sur Mal · a laissé passer son appel")
