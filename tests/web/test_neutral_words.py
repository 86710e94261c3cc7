"""No translation assumes a player's gender: every msgstr of every catalog (each plural form
too) is read against the forms GLOSSARY.md forbids ("Forms no message may use"), so the
glossary is the one list; and the controls below prove each check can fail and lets a
neutral sentence through."""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.web.test_catalogs import TRANSLATED, catalog
from tools.catalogs import TRANSLATIONS

GLOSSARY = TRANSLATIONS / "GLOSSARY.md"
HEADING = "### Forms no message may use"
LANGUAGE = re.compile(r"^- .*\(`(?P<code>[a-z]{2})`\)\s*$")
FORM = re.compile(r"^\s+- `(?P<pattern>[^`]+)`")


@cache
def forbidden() -> dict[str, tuple[re.Pattern[str], ...]]:
    """The glossary's forbidden forms, by language, as compiled patterns."""
    lines = GLOSSARY.read_text(encoding="utf-8").splitlines()
    start = lines.index(HEADING) + 1
    forms: dict[str, list[re.Pattern[str]]] = {}
    language = None
    for line in lines[start:]:
        if line.startswith("#"):
            break
        if found := LANGUAGE.match(line):
            language = found["code"]
            forms.setdefault(language, [])
        elif (found := FORM.match(line)) and language:
            forms[language].append(re.compile(found["pattern"], re.IGNORECASE))
    return {code: tuple(patterns) for code, patterns in forms.items()}


def offences(language: str, text: str) -> list[str]:
    """The forbidden forms the text holds, as written in it."""
    return [found.group() for pattern in forbidden()[language] for found in pattern.finditer(text)]


def test_the_glossary_lists_the_forbidden_forms_of_each_language():
    forms = forbidden()
    assert sorted(forms) == TRANSLATED
    assert len(forms["fr"]) >= 5 and len(forms["es"]) >= 5 and forms["de"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_assumes_a_players_gender(language):
    found = []
    for message in catalog(language):
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            found += [(language, msgid, form) for form in offences(language, text)]
    assert found == [], f"{language}: reword these (GLOSSARY.md, every player): {found}"


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("es", "se convierte a sí mismo"),
        ("es", "Carmen se convierte a sí misma"),
        ("es", "convertirte a ti mismo"),
        ("es", "estás solo"),
        ("es", "¿Juegas sola en un móvil?"),
        ("es", "al ser convertido"),
        ("es", "No estás obligada a revelarlo"),
        ("es", "Eres el siguiente"),
        ("es", "Eres el anfitrión"),
        ("es", "Trae a todos a la mesa"),
        ("es", "Ahora responden los demás."),
        ("es", "Gana el primero en llegar"),
        ("es", "Cerrar la mesa a recién llegados"),
        ("fr", "Ada vous a converti"),
        ("fr", "Ada vous a convertie au Mal"),
        ("fr", "Vous jouez seul sur un téléphone ?"),
        ("fr", "Vous êtes arrivée pendant la manche 2"),
        ("fr", "Vous êtes le prochain"),
        ("fr", "Vous n'êtes pas obligé de le révéler"),
        ("fr", "CheatBot qui se convertit lui-même"),
        ("fr", "celui qui parle le premier"),
        ("fr", "à la vue de tous."),
        ("fr", "Touchez encore : chacun reçoit de nouvelles cartes"),
        ("fr", "Fermer la table aux nouveaux venus"),
        ("fr", "(parti)"),
        ("de", "Du bekehrst erfolgreich jeden, der schwächer ist"),
        ("de", "in jedermanns Zug"),
        ("de", "Du bist der Host"),
        ("de", "Die Spielerin ist dran"),
        ("de", "Die Gewinner teilen"),
    ],
)
def test_the_check_flags_a_gendered_form(language, sentence):
    assert offences(language, sentence), f"{language}: not flagged: {sentence!r}"


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("es", "se convierte"),
        ("es", "%(who)s se autoconvierte"),
        ("es", "convertirte"),
        ("es", "Ada te convirtió a Mal"),
        ("es", "¿Juegas en un solo móvil?"),
        ("es", "¿Solo miras?"),
        ("es", "durante el mismo tiempo"),
        ("es", "Todos los jugadores son Bien"),
        ("es", "Tienes el rol de anfitrión"),
        ("fr", "Ada vous a fait passer au Mal"),
        ("fr", "conversion"),
        ("fr", "convertir"),
        ("fr", "%(who)s convertit %(whom)s"),
        ("fr", "convertissez un joueur"),
        ("fr", "Vous jouez sur un seul téléphone ?"),
        ("fr", "les boutons de l'application elle-même"),
        ("fr", "Tous les joueurs sont Bien"),
        ("fr", "puis 8, chacun pendant le même temps"),
        ("de", "wird bekehrt"),
        ("de", "Du bist Host"),
        ("de", "alle, die gleich stark sind"),
        ("de", "Roboter ohne Spieler"),
    ],
)
def test_the_check_lets_a_neutral_sentence_pass(language, sentence):
    assert offences(language, sentence) == []
