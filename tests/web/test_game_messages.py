"""The game speaks in facts, the web in words: each message the game marks (``N_``) is in
the catalogs' source, and the web says it in the phone's language, its facts worded there
(an allegiance by its translated label, a list of names joined in that language)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from flask_babel import get_translations

import evilrobots.game
from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from evilrobots.game.errors import Conflict, GameError
from evilrobots.game.messages import N_, Message
from evilrobots.web.errors import said, say
from tools.catalogs import extracted

GAME = Path(evilrobots.game.__file__).parent
FRENCH = {"Accept-Language": "fr"}


def marked_in_the_game() -> set[str]:
    """Every ``N_("…")`` of the game's source, read from its syntax tree."""
    found = set()
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "N_"
            ):
                found.add(node.args[0].value)
    return found


def test_every_message_of_the_game_is_found_by_the_extractor():
    marked = marked_in_the_game()
    assert len(marked) > 100  # the refusals, the count of a round, its split
    ids = {message.id for message in extracted() if message.id}
    assert sorted(marked - ids) == []


def test_a_message_keeps_its_facts_and_says_its_english():
    message = Message.of(N_("%(name)s alone takes %(value)d."), name="Ada", value=4)
    assert message.values == {"name": "Ada", "value": 4}
    assert str(message) == "Ada alone takes 4."
    refusal = Conflict(N_("Round %(number)d is in play."), number=3)
    assert (refusal.text, refusal.values) == ("Round %(number)d is in play.", {"number": 3})
    assert refusal.message == str(refusal) == "Round 3 is in play."
    assert GameError("Plain words.").message == "Plain words."


@pytest.fixture
def french(app):
    with app.test_request_context("/?lang=fr"):
        yield get_translations()


@pytest.fixture
def english(app):
    with app.test_request_context("/?lang=en"):
        yield


def test_in_english_the_web_says_what_the_game_said(english):
    messages = [
        Message.of(
            N_("Nobody who plays is %(team)s: nobody shares the %(value)d."),
            team=Allegiance.GOOD,
            value=4,
        ),
        Message.of(
            N_("%(names)s disagreed: each winner gets %(points)d point."),
            names=("Bob", "Cy", "Di"),
            points=1,
        ),
        Message.of(N_("Agreed: %(shares)s."), shares=(("Bob", 2), ("Cy", 2))),
    ]
    assert [said(message) for message in messages] == [str(message) for message in messages]
    assert said(messages[1]) == "Bob, Cy, and Di disagreed: each winner gets 1 point."
    assert said(messages[2]) == "Agreed: Bob 2, Cy 2."
    assert said(None) == said(Message("")) == ""


def test_the_facts_are_worded_in_the_phones_language(french):
    message = Message.of(
        N_("bet on %(bet)s, and %(winner)s won"), bet=Allegiance.EVIL, winner=Allegiance.GOOD
    )
    assert said(message) == "a parié sur Mal, et Bien a gagné"  # the teams in French too
    names = Message.of(
        N_("%(names)s disagreed: each winner gets %(points)d point."),
        names=("Bob", "Cy", "Di"),
        points=1,
    )
    assert said(names).startswith("Bob, Cy et Di\u00a0:")
    robot = Message.of(N_("Your robot cannot use %(robot)s's action now."), robot=ROBOTS[0])
    assert (
        said(robot) == f"Votre robot ne peut pas utiliser l'action de {ROBOTS[0].name} maintenant."
    )
    power = Message.of(N_("Power %(level)d is called, and it is not yours."), level=PowerCard(7))
    assert said(power) == "La puissance 7 est appelée, et ce n'est pas la vôtre."


def test_a_message_is_said_in_french_once_the_catalog_has_it(french, monkeypatch):
    text = N_("Nobody who plays is %(team)s: nobody shares the %(value)d.")
    monkeypatch.setitem(
        french._catalog,
        text,
        "Personne qui joue n'est %(team)s : les %(value)d ne vont à personne.",
    )
    message = Message.of(text, team=Allegiance.GOOD, value=4)
    assert said(message) == "Personne qui joue n'est Bien : les 4 ne vont à personne."
    assert str(message) == "Nobody who plays is Good: nobody shares the 4."  # the game's English


def test_a_refusal_is_said_in_the_phones_language(app, french, monkeypatch):
    text = N_("Your name can be %(most)d characters at most.")
    monkeypatch.setitem(french._catalog, text, "Un nom compte %(most)d caractères au plus.")
    assert say(GameError(text, most=24)) == "Un nom compte 24 caractères au plus."
    # On a page: the start form says it where the name was typed.
    page = app.test_client().post("/table?lang=fr", data={"name": "x" * 40}, headers=FRENCH)
    assert page.status_code == 400
    assert "Un nom compte 24 caractères au plus." in page.get_data(as_text=True)
