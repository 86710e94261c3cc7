"""The code's shape, held: no import circle anywhere in ``evilrobots/`` (counting imports
inside functions and under ``TYPE_CHECKING``), no module too long to read in one sitting, the
game importing nothing outside itself, and the web and the store using no private name of the
game. Each check is shown to catch what it looks for."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evilrobots"
# The longest module each part may hold, in lines.
GAME_LINES = 300
OTHER_LINES = 400
# What the pure game may import beyond itself and the standard library: two libraries that
# tell players' names apart, and nothing of the web, a server or a store.
GAME_MAY_USE = {"anyascii", "confusable_homoglyphs"}


def modules(root: Path) -> dict[str, Path]:
    """Each module of the package at ``root`` by its dotted name (a package by its own)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """Every module ``name`` imports, anywhere in it (in a function, under TYPE_CHECKING), as
    (dotted name, line): a package's submodule when it names one, else the package; modules
    outside ``known`` by their dotted name as written."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if sub in known else base, node.lineno))
    return found


def circles(root: Path) -> list[list[str]]:
    """The import circles among the package's modules (each a list of its modules)."""
    known = modules(root)
    edges = {
        name: {other for other, _ in imported(name, path, known) if other in known}
        for name, path in known.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                one = stack.pop()
                part.append(one)
                if one == node:
                    break
            if len(part) > 1 or node in edges[node]:
                found.append(sorted(part))

    for node in sorted(known):
        if node not in index:
            visit(node)
    return found


def too_long(root: Path) -> list[str]:
    """The package's modules over their length: the game's over GAME_LINES, others over
    OTHER_LINES."""
    over = []
    for name, path in modules(root).items():
        lines = len(path.read_text().splitlines())
        limit = GAME_LINES if ".game" in f".{name}." else OTHER_LINES
        if lines > limit:
            over.append(f"{name}: {lines} lines (at most {limit})")
    return over


def test_there_is_no_import_circle_in_the_package():
    assert circles(PACKAGE) == []


def test_no_module_is_too_long_to_read():
    assert too_long(PACKAGE) == []


def out_of_layer(package: Path, layers) -> list[str]:
    """Where a module of ``package`` imports one of a layer above its own, or is in no layer
    (or in two), by the declared ``layers`` (bottom first)."""
    known = modules(package.parent)
    prefix = f"{package.parent.name}.{package.name}."
    level: dict[str, int] = {}
    wrong = []
    for rank, (_, names) in enumerate(layers):
        for short in names:
            if short in level:
                wrong.append(f"{short}: in two layers")
            level[short] = rank
    for name, path in known.items():
        if not name.startswith(prefix):
            continue
        short = name.removeprefix(prefix)
        if short not in level:
            wrong.append(f"{short}: in no layer")
            continue
        for other, line in imported(name, path, known):
            target = other.removeprefix(prefix)
            if other.startswith(prefix) and level.get(target, -1) > level[short]:
                theirs, ours = layers[level[target]][0], layers[level[short]][0]
                wrong.append(f"{short}:{line} imports {target} ({theirs}, above {ours})")
    return wrong


def test_each_module_of_the_table_imports_only_its_layer_and_those_below():
    from evilrobots.game.table import LAYERS

    assert out_of_layer(PACKAGE / "game" / "table", LAYERS) == []


def test_the_layer_check_finds_a_read_that_imports_an_act(tmp_path):
    package = tmp_path / "pkg" / "table"
    package.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "reading.py").write_text("from . import acting\n")
    (package / "acting.py").write_text("from .reading import x\n")
    (package / "stray.py").write_text("")
    layers = (("reads", frozenset({"reading"})), ("acts", frozenset({"acting"})))
    assert sorted(out_of_layer(package, layers)) == [
        "reading:1 imports acting (acts, above reads)",
        "stray: in no layer",
    ]


def test_the_game_imports_nothing_outside_itself():
    known = modules(PACKAGE)
    outside = []
    for name, path in known.items():
        if not name.startswith("evilrobots.game"):
            continue
        for other, line in imported(name, path, known):
            top = other.split(".")[0]
            allowed = (
                other.startswith("evilrobots.game")
                or top in sys.stdlib_module_names
                or top in GAME_MAY_USE
                or other == "__future__"
            )
            if not allowed:
                outside.append(f"{name}:{line} imports {other}")
    assert outside == []


def test_the_web_and_the_store_use_no_private_name_of_the_game():
    used = []
    for name, path in modules(PACKAGE).items():
        if not name.startswith(("evilrobots.web", "evilrobots.store")):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and "game" in node.module:
                used += [f"{name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert used == []


# ---- Controls: each check finds what it looks for ---------------------------------------


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "pkg"


@pytest.mark.parametrize(
    "files",
    [
        {  # under TYPE_CHECKING one way, inside a function the other
            "pkg/__init__.py": "",
            "pkg/a.py": "import typing\nif typing.TYPE_CHECKING:\n    from .b import B\n",
            "pkg/b.py": "def f():\n    from . import a\n",
        },
        {  # a package's own modules importing the package that imports them
            "pkg/__init__.py": "from .store import open\n",
            "pkg/store/__init__.py": "from .lite import Lite\n",
            "pkg/store/lite.py": "from . import TIMEOUT\n",
        },
    ],
)
def test_the_circle_check_finds_a_circle_however_it_is_hidden(tmp_path, files):
    assert circles(write(tmp_path, files)) != []


def test_the_circle_check_passes_a_package_in_layers(tmp_path):
    files = {
        "pkg/__init__.py": "from .top import Top\n",
        "pkg/top.py": "from . import low\nfrom .mid import Mid\n",
        "pkg/mid.py": "from .low import Low\n",
        "pkg/low.py": "import json\n",
    }
    assert circles(write(tmp_path, files)) == []


def test_the_length_check_finds_a_long_module(tmp_path):
    root = write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/game/__init__.py": "",
            "pkg/game/long.py": "x = 1\n" * (GAME_LINES + 1),
            "pkg/web.py": "x = 1\n" * (GAME_LINES + 1),  # long for the game, not for the web
        },
    )
    assert too_long(root) == [f"pkg.game.long: {GAME_LINES + 1} lines (at most {GAME_LINES})"]


def test_the_scripts_import_each_other_as_packages_without_touching_sys_path():
    """``bench/`` and ``tools/`` run as modules from the project's root (``python -m
    bench.fanout``): each imports, and none edits ``sys.path`` to reach another."""
    import importlib

    edits = []
    for folder in ("bench", "tools"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if "sys.path" in path.read_text():
                edits.append(path.name)
            if path.stem != "__init__":
                importlib.import_module(f"{folder}.{path.stem}")
    assert edits == []
