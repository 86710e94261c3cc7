"""The game is pure: no module of ``evilrobots.game`` imports the web, a server or a store,
and importing the package itself builds no app."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import evilrobots.game

ROOT = Path(__file__).resolve().parents[2]
# What the game must never load: the web (Flask, Werkzeug, Jinja2, MarkupSafe), the server
# (gunicorn, gevent), the stores' clients (redis), and the web's helpers (segno).
OUTSIDE = ("flask", "werkzeug", "jinja2", "markupsafe", "gunicorn", "gevent", "redis", "segno")

GAME_MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(evilrobots.game.__path__, prefix="evilrobots.game.")
)


def loaded_outside(module: str) -> list[str]:
    """What importing ``module`` alone, in a fresh interpreter, loads of ``OUTSIDE``."""
    probe = (
        f"import sys, {module}\n"
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {OUTSIDE!r})))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    return [name for name in run.stdout.strip().split(",") if name]


def test_every_module_of_the_game_is_checked():
    names = {name.rsplit(".", 1)[-1] for name in GAME_MODULES}
    assert {"cards", "deal", "actions", "hand", "scoring", "codec", "table"} <= names
    assert {"model", "round", "robots", "views", "names"} <= names


@pytest.mark.parametrize("module", GAME_MODULES)
def test_the_game_imports_nothing_of_the_web(module):
    assert loaded_outside(module) == []


def test_the_check_sees_the_web_where_it_is():
    assert "flask" in loaded_outside("evilrobots.web.forms")


def test_the_package_itself_builds_no_app_on_import():
    assert loaded_outside("evilrobots") == []
