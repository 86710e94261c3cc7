"""The shape of the code: a pure game model, rules said once, pages built from shared pieces."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evilrobots.cards import Allegiance, Coin
from evilrobots.compress import Packed, gzip_pieces, text_of
from evilrobots.factory import create_app
from evilrobots.hand import BY_HAND, Action, Part, Phase, coins_text

ROOT = Path(__file__).resolve().parents[1]

# ---- The pure model imports nothing of the web ------------------------------------------------


@pytest.mark.parametrize("module", ["evilrobots.cards", "evilrobots.deal", "evilrobots.hand"])
def test_the_game_model_imports_without_flask(module):
    probe = (
        f"import sys, {module}\n"
        "web = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'flask', 'werkzeug', 'jinja2', 'markupsafe'})\n"
        "print(','.join(web))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ""


def test_the_package_itself_builds_no_app_on_import():
    run = subprocess.run(
        [sys.executable, "-c", "import sys, evilrobots; print('flask' in sys.modules)"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.stdout.strip() == "False"


# ---- Rules said once, in the model ----------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "kicker", "parts", "shows"),
    [
        (Action.DEBATE, "", (), "nothing"),
        (Action.PROVE_POWER, "Your turn in the Countdown", (Part.POWER,), "power"),
        (
            Action.ROBOT_ACTION,
            "Your turn in the Countdown",
            (Part.ROBOT, Part.POWER),
            "robot, power",
        ),
        (Action.PASS_TURN, "Your turn in the Countdown", (Part.POWER,), "power"),
        (Action.PASS_PHASE, "The Pass phase", (Part.POWER,), "power"),
        (
            Action.END_OF_ROUND,
            "",
            (Part.ROBOT, Part.POWER, Part.ALLEGIANCE),
            "robot, power, allegiance",
        ),
    ],
)
def test_each_action_says_its_phase_line_and_what_it_shows(action, kicker, parts, shows):
    assert action.kicker == kicker
    assert action.parts == parts
    assert action.shows_text == shows


def test_the_phase_line_is_left_out_only_when_the_title_already_says_it():
    for action in Action:
        repeated = action.label.lower() in action.phase.heading.lower()
        assert (action.kicker == "") == repeated
        if not repeated:
            assert action.kicker == action.phase.heading
    assert Action.DEBATE.phase is Phase.DEBATE and Action.DEBATE.kicker == ""


@pytest.mark.parametrize(
    ("flips", "allegiance", "sentence"),
    [
        ((Coin.HEADS, Coin.HEADS), Allegiance.GOOD, "Coins: Heads + Heads → Good"),
        ((Coin.TAILS, Coin.HEADS), Allegiance.NEUTRAL, "Coins: Tails + Heads → Neutral"),
        (None, Allegiance.EVIL, BY_HAND),
    ],
)
def test_the_coins_sentence(flips, allegiance, sentence):
    assert coins_text(flips, allegiance) == sentence


def test_templates_do_not_compute_the_rules_again():
    templates = " ".join(path.read_text() for path in (ROOT / "templates").glob("*.html"))
    assert "phase.heading|lower" not in templates  # the phase line: Action.kicker
    assert "Coins: " not in templates  # the coins sentence: coins_text
    assert "for part in Part if part in action" not in templates  # Action.parts


# ---- Pages from shared pieces -----------------------------------------------------------------

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300)


@given(st.lists(st.one_of(texts, texts.map(Packed.of)), max_size=8))
def test_a_page_of_pieces_gzips_to_exactly_its_text(pieces):
    assert gzip.decompress(gzip_pieces(pieces)).decode() == text_of(pieces)


def test_a_long_piece_of_its_own_is_split_into_blocks_the_browser_accepts():
    own = "x" * 70_000 + "é"
    pieces = [Packed.of("<p>"), own, Packed.of("</p>")]
    assert gzip.decompress(gzip_pieces(pieces)).decode() == "<p>" + own + "</p>"


def test_a_players_text_can_never_pass_for_a_fragment_marker(app, tmp_path):
    store = app.extensions["evilrobots.fragments"]
    guess = "\x1e" + "0" * 16 + ":0\x1f"  # the shape of a marker, without its secret part
    before, after = store.slotted({}, ("test",), lambda slot: f"a {guess} b{slot}c", slots=1)
    assert (before.text, after.text) == (f"a {guess} b", "c")
    other = create_app({"SECRET_KEY": "k" * 40}, instance_path=tmp_path)
    assert other.extensions["evilrobots.fragments"].mark != store.mark


def test_a_frame_places_each_slot_once_and_in_order(app):
    store = app.extensions["evilrobots.fragments"]
    pieces = store.slotted({}, ("ok",), lambda one, two: f"<a>{one}<b>{two}<c>", slots=2)
    assert [piece.text for piece in pieces] == ["<a>", "<b>", "<c>"]
    for wrong in (lambda one, two: f"{two}{one}", lambda one, two: f"{one}{one}{two}"):
        with pytest.raises(ValueError, match="once, in order"):
            store.slotted({}, ("wrong",), wrong, slots=2)


def test_the_card_view_sent_gzipped_is_the_same_page(client):
    client.get("/")
    plain = client.get("/").get_data()
    packed = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.get_data()) == plain
    assert "Cookie" in packed.headers["Vary"] and "Accept-Encoding" in packed.headers["Vary"]


# ---- The picture sprite -----------------------------------------------------------------------


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
