"""Build hook: compile the translation catalogs (``.po``) into the files gettext reads (``.mo``).

Runs for every wheel, editable ones included, so ``pip install .`` and ``pip install -e .``
both leave the app speaking every language; the compiled files are never committed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogs(root: Path) -> list[Path]:
    """Compile each ``evilrobots/translations/<lang>/LC_MESSAGES/messages.po`` beside itself;
    return the compiled files. A fuzzy entry is left out (it falls back to English)."""
    made = []
    for po in sorted((root / "evilrobots" / "translations").glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3])
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalog)
        made.append(mo)
    return made


class CatalogsHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogs(root):
            # Ignored by git, so named for the wheel explicitly.
            build_data["artifacts"].append("/" + mo.relative_to(root).as_posix())
