"""The catalogs stay whole: every string the source marks is translated in every language,
with the same placeholders, nothing fuzzy; and the build compiles them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from evilrobots.web.i18n import DEFAULT, LANGUAGES
from hatch_build import compile_catalogs
from tools.catalogs import TRANSLATIONS, extracted

TRANSLATED = sorted(set(LANGUAGES) - {DEFAULT})
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]|\{\w*\}")
TAG = re.compile(r"</?[a-z]+")  # the markup a translation keeps: <strong>, <em>, <a href=…>


def catalog(language: str) -> Catalog:
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=language)


@pytest.fixture(scope="module")
def source() -> Catalog:
    return extracted()


def test_the_source_marks_the_strings_a_player_reads(source):
    # The check below can fail: it finds what the pages say.
    ids = {message.id for message in source if message.id}
    assert {"Shuffle", "Reveal to the table", "Language"} <= ids


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_has_its_translation(source, language):
    words = catalog(language)
    missing = [
        message.id
        for message in source
        if message.id and not getattr(words.get(message.id, context=message.context), "string", "")
    ]
    assert missing == [], f"{language} lacks these (python -m tools.catalogs update)"


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_keeps_the_placeholders_and_markup_and_nothing_is_fuzzy(language):
    for message in catalog(language):
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: fuzzy: {message.id!r}"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(PLACEHOLDER.findall(ids[0]))
        tags = sorted(TAG.findall(ids[0]))
        for text in strings:
            assert sorted(PLACEHOLDER.findall(text)) == wanted, (language, message.id, text)
            assert sorted(TAG.findall(text)) == tags, (language, message.id, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_catalog_keeps_a_string_the_source_no_longer_says(source, language):
    said = {message.id for message in source}
    stale = [m.id for m in catalog(language) if m.id and m.id not in said]
    assert stale == [], f"{language} keeps strings no page says (tools.catalogs update)"


def test_the_placeholder_check_can_fail():
    assert PLACEHOLDER.findall("Coins: %(first)s + %(second)s") == ["first", "second"]
    assert PLACEHOLDER.findall("Pièces : %(premier)s") == ["premier"]
    assert TAG.findall('<strong>A</strong> <a href="%(url)s">b</a>') == [
        "<strong",
        "</strong",
        "<a",
        "</a",
    ]


def test_the_build_compiles_each_catalog(tmp_path):
    """What ``pip install`` runs: a compiled catalog for each language, none committed."""
    root = tmp_path / "src"
    for language in TRANSLATED:
        folder = root / "evilrobots" / "translations" / language / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "messages.po").write_bytes(
            (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").read_bytes()
        )
    made = compile_catalogs(root)
    assert sorted(path.parts[-3] for path in made) == TRANSLATED
    assert all(path.stat().st_size > 1000 for path in made)


def test_the_installed_package_has_every_compiled_catalog():
    import evilrobots

    package = Path(evilrobots.__file__).parent
    for language in TRANSLATED:
        assert (package / "translations" / language / "LC_MESSAGES" / "messages.mo").is_file()


def test_no_compiled_catalog_is_committed():
    ignored = (Path(__file__).resolve().parents[2] / ".gitignore").read_text()
    assert "*.mo" in ignored.split()


@pytest.mark.parametrize(
    ("language", "one", "six"),
    [
        ("en", "share the 1 point.", "share the 6 points."),
        ("fr", "partage de 1 point.", "partage des 6 points."),
        ("de", "Aufteilung von 1 Punkt", "Aufteilung der 6 Punkte"),
        ("es", "repartir 1 punto.", "repartir los 6 puntos."),
    ],
)
def test_a_count_of_one_is_said_in_the_singular_in_every_language(app, language, one, six):
    """Plurals by the language's own rules (Babel's), a value of 1 included."""
    from evilrobots.web.i18n import ngettext

    singular = "Waiting for a winner to propose how to share the %(num)s point."
    plural = "Waiting for a winner to propose how to share the %(num)s points."
    with app.test_request_context(f"/?lang={language}"):
        assert one in ngettext(singular, plural, 1)
        assert six in ngettext(singular, plural, 6)
