"""The translation catalogs: extract the strings a player sees, and bring each language's
catalog up to date with them.

    python -m tools.catalogs extract   # evilrobots/translations/messages.pot from the source
    python -m tools.catalogs update    # extract, then each language's messages.po from it

Then translate each new or changed entry (``msgstr``) and drop its ``fuzzy`` flag;
``tests/web/test_catalogs.py`` fails until every language has every string, with the same
placeholders. The build compiles the catalogs (``hatch_build.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "evilrobots" / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
# The names the source calls gettext by: ``_`` and, for words looked up when a page is
# drawn, ``_l`` (``flask_babel.lazy_gettext``; ``_lp`` with a context); and ``N_``
# (``evilrobots.game.messages``), which marks what the game says (a refusal, the count of a
# round) for the web to say.
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "_l": None,
    "lazy_gettext": None,
    "N_": None,
    # Words that read alike in English but not everywhere (a level called Player, beside
    # the scoreboard's Player): told apart by a context.
    "_lp": ((1, "c"), 2),
    "lazy_pgettext": ((1, "c"), 2),
}


def extracted() -> Catalog:
    """Every string of the source marked for translation, as a catalog (no file written)."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog(project="evilrobots")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _place(place: int | tuple[int, str]) -> str:
    """A keyword's argument as pybabel's command line says it (``1c``: the context)."""
    return f"{place[0]}{place[1]}" if isinstance(place, tuple) else str(place)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    babel = CommandLineInterface()
    if command == "extract":
        keywords = [
            arg
            for word, places in KEYWORDS.items()
            for arg in ("-k", word + (":" + ",".join(map(_place, places)) if places else ""))
        ]
        return babel.run(
            [
                "pybabel",
                "extract",
                "-F",
                str(ROOT / "babel.cfg"),
                "--no-location",
                "--sort-output",
                "--project",
                "evilrobots",
                "--add-comments",
                "Translators:",
                *keywords,
                "-o",
                str(TEMPLATE),
                str(ROOT),
            ]
        )
    if command == "update":
        if main(["extract"]):
            return 1
        return babel.run(
            [
                "pybabel",
                "update",
                "-i",
                str(TEMPLATE),
                "-d",
                str(TRANSLATIONS),
                "--no-wrap",
                "--ignore-obsolete",
            ]
        )
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
