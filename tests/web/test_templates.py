"""Templates and scripts only display: every rule and limit they show comes from the model or
from a constant passed in, never written again in them.

The guard reads every template, in every folder, and every script, and looks for the marks of
a rule restated: a robot compared by its name, a game limit written as a number, the
CheatBot exception, the phase line or the coins sentence worked out again. A control checks
that it finds each of them when they are there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RESTATED = {
    "a robot compared by its name": re.compile(
        r"""[=!]==?\s*["']\w+Bot["']|["']\w+Bot["']\s*[=!]==?"""
    ),
    "a count of players written as a number": re.compile(r"\b\d+ to \d+ players|\bof \d+\)"),
    "a limit of a field written as a number": re.compile(r"""\b(?:min|max)=["'][1-9]\d*["']"""),
    "the end of the round singled out": re.compile(r"""[=!]==?\s*["']end-of-round["']"""),
    "the phase line worked out again": re.compile(r"phase\.heading\|lower"),
    "the coins sentence worked out again": re.compile(r"Coins: "),
    "the cards an action shows worked out again": re.compile(r"for part in Part if part in action"),
}


def without_comments(text: str) -> str:
    """The code of a template or script: its comments say what the model does, freely."""
    text = re.sub(r"\{#.*?#\}", "", text, flags=re.S)
    return re.sub(r"^\s*//.*$", "", text, flags=re.M)


def restated(text: str) -> list[str]:
    """The rules a template or script restates, by what each is."""
    code = without_comments(text)
    return [what for what, pattern in RESTATED.items() if pattern.search(code)]


SOURCES = sorted(
    [*(ROOT / "templates").rglob("*.html"), *(ROOT / "static" / "js").glob("*.js")],
    key=str,
)


def test_the_guard_reads_every_folder_of_templates():
    folders = {path.parent.relative_to(ROOT).as_posix() for path in SOURCES}
    assert {"templates", "templates/table", "static/js"} <= folders


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_template_or_script_restates_a_rule(path):
    assert restated(path.read_text()) == []


@pytest.mark.parametrize(
    "planted",
    [
        '{% if action.robot == "NegativeBot" %}',
        'if (robot === "CheatBot") {',
        "<p>The game is meant for 3 to 9 players.</p>",
        "<h2>Players (4 of 9)</h2>",
        '<input type="number" min="5" max="20">',
        'link.dataset.action === "end-of-round"',
    ],
)
def test_the_guard_finds_a_rule_written_into_a_template(planted):
    assert restated(planted) != []


def test_every_control_a_template_draws_by_legal_is_one_of_the_tables_controls():
    """A button drawn by ``view.may("Kind")`` names a kind of the table's controls (a name
    mistyped would raise only on the page that meets it)."""
    from evilrobots.game.table.controls import CONTROLS

    named = {
        name
        for path in (ROOT / "templates").rglob("*.html")
        for name in re.findall(r"""view\.may\(["'](\w+)["']\)""", path.read_text())
    }
    assert named and named <= {kind.__name__ for kind in CONTROLS}, named
    assert {"Deal", "EndRound", "KeepScore", "ProposeSplit", "AnswerSplit"} <= named
