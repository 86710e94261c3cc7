"""The game's tests run without the web: ``tests/game`` and what it imports (its conftest
files, the support modules it reaches) import nothing of ``evilrobots.web``, Flask, Babel,
Werkzeug or Jinja2, anywhere in a module (inside a function too), and collecting the game's
tests in an interpreter where none of them can be imported succeeds. The words the web gives
the game's acts are tested under ``tests/web/words``. Each check is shown to catch a breach."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.test_layout import imported, modules

ROOT = Path(__file__).resolve().parents[1]
# What "the web" is, for the game's tests: our web package and the libraries it stands on.
WEB = ("evilrobots.web", "evilrobots.factory", "flask", "flask_babel", "babel", "werkzeug")
WEB += ("jinja2", "markupsafe", "flask_compress", "flask_limiter")
# An interpreter in which none of WEB can be imported: the game's tests collected in it.
WITHOUT_WEB = f"""
import importlib.abc, sys
WEB = {WEB!r}
class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == web or name.startswith(web + ".") for web in WEB):
            raise ModuleNotFoundError(f"No module named {{name!r}} (the web is not installed)")
        return None
sys.meta_path.insert(0, NotInstalled())
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


def is_web(name: str) -> bool:
    return any(name == web or name.startswith(web + ".") for web in WEB)


def web_reached(
    roots: list[Path], shallow: set[Path], known: dict[str, Path], root: Path = ROOT
) -> list[str]:
    """Every import of the web in the modules ``roots`` reach through ``known`` (anywhere in a
    module; in ``shallow`` ones, at the top level only: a root conftest's fixtures for the
    web's tests import the app when one asks for it)."""
    by_path = {path: name for name, path in known.items()}
    todo, seen, found = list(roots), set(), []
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        name = by_path.get(path, path.stem)
        tree = ast.parse(path.read_text(), str(path))
        top = {node.lineno for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)}
        for other, line in imported(name, path, known):
            if path in shallow and line not in top:
                continue
            if is_web(other):
                found.append(f"{path.relative_to(root)}:{line} imports {other}")
            elif other in known:
                todo.append(known[other])
    return sorted(found)


def suite_modules() -> dict[str, Path]:
    return {**modules(ROOT / "tests"), **modules(ROOT / "tools")}


def test_the_game_s_tests_import_nothing_of_the_web():
    roots = sorted((ROOT / "tests" / "game").rglob("*.py")) + [ROOT / "tests" / "conftest.py"]
    assert web_reached(roots, {ROOT / "tests" / "conftest.py"}, suite_modules()) == []


def test_the_game_s_tests_are_collected_where_the_web_cannot_be_imported():
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_WEB, "tests/game", "--collect-only", "-q", "-n", "0"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "tests collected" in run.stdout


# ---- Controls ------------------------------------------------------------------------


def test_the_check_finds_the_web_imported_inside_a_helper_the_tests_reach(tmp_path):
    helper = tmp_path / "tests" / "support" / "words.py"
    helper.parent.mkdir(parents=True)
    helper.write_text("def said(x):\n    from evilrobots.web.facts import entry\n    return x\n")
    test = tmp_path / "tests" / "game" / "test_x.py"
    test.parent.mkdir(parents=True)
    test.write_text("from tests.support.words import said\n")
    known = {"tests.support.words": helper, "tests.game.test_x": test}
    assert web_reached([test], set(), known, tmp_path) == [
        "tests/support/words.py:2 imports evilrobots.web.facts"
    ]
    assert web_reached([helper], {helper}, known, tmp_path) == []  # at the top level only


def test_a_test_that_needs_the_web_is_not_collected_where_it_cannot_be_imported(tmp_path):
    (tmp_path / "test_needs_flask.py").write_text("import flask\n\ndef test_x():\n    pass\n")
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_WEB, str(tmp_path), "--collect-only", "-q", "-n", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode != 0 and "the web is not installed" in run.stdout + run.stderr
