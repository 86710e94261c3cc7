"""The game speaks in facts, the web in words: no module of ``evilrobots.game`` holds a
sentence a player reads, except the catalog message ids it marks with ``N_`` (which the
web translates, ``evilrobots.web.errors.said``).

The check reads the source (its syntax tree): a string with a space between two words is
a sentence, unless it is a docstring, an ``N_`` argument, a dict key, or a developer's words
in an exception that never reaches a player (``ValueError`` and the like).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import evilrobots.game

GAME = Path(evilrobots.game.__file__).parent
GAME_ERRORS = {"GameError", "Conflict", "NotAllowed", "NotFound", "RoundOver"}
# Exceptions whose words are a developer's (a bad cookie, a bug), never shown to a player.
DEVELOPERS = {"ValueError", "TypeError", "KeyError", "IndexError", "AssertionError"}

# English the game keeps for good, each with its reason. An entry is "module" or
# "module:Scope" (a top-level name: a function, a class, a constant).
ALLOWED = {
    "table/names.py:RESERVED": "names a player may not take: compared, never shown",
    "messages.py:english": (
        "a message's English for logs and tests (str()); a player reads web.errors.said"
    ),
    "codec/log.py:STORED_NPR_NAME": (
        "how documents of earlier builds named the non-player robot: read back as its place, "
        "never written, never shown"
    ),
}

WORD = re.compile(r"[^\W\d_]{2,}")


HOLE = "hole"  # a word the code fills in: an f-string's hole, a "%s", the other side of "+"
PLACEHOLDER = re.compile(r"%(\(\w+\))?[-+ 0#]*\d*(\.\d+)?[sdifrx]")


def sentence(text: str) -> bool:
    """Two words or more with a space between: "Evil won", "not a table"; a word the code
    fills in counts ("Round {n}", "%s passes", "Use " + name)."""
    return " " in text.strip() and len(WORD.findall(text)) >= 2


@dataclass(frozen=True)
class Said:
    module: str  # relative to the game package: "table/model.py"
    scope: str  # the top-level name it is in, "" at module level
    line: int
    text: str

    @property
    def where(self) -> str:
        return f"{self.module}:{self.line} ({self.scope or 'module'}): {self.text[:70]!r}"

    def listed_in(self, places: dict[str, str]) -> bool:
        return self.module in places or f"{self.module}:{self.scope}" in places


def _call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id
        if isinstance(func, ast.Attribute):
            return func.attr
    return ""


def _scope(node: ast.stmt) -> str:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    targets = node.targets if isinstance(node, ast.Assign) else []
    if isinstance(node, ast.AnnAssign):
        targets = [node.target]
    names = [t.id for t in targets if isinstance(t, ast.Name)]
    return names[0] if names else ""


def _docstrings(tree: ast.Module) -> set[ast.AST]:
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(body[0].value)
    return found


def _exempt(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """An ``N_`` argument, a dict key, or inside a developer's exception."""
    parent = parents.get(node)
    if isinstance(parent, ast.Call) and _call_name(parent) == "N_" and node in parent.args:
        return True
    if isinstance(parent, ast.Dict) and node in parent.keys:
        return True
    while parent is not None:
        if isinstance(parent, ast.Call) and _call_name(parent) in DEVELOPERS:
            return True
        parent = parents.get(parent)
    return False


def sentences(path: Path) -> list[Said]:
    """The English sentences of one module of the game."""
    return sentences_in(path.read_text(encoding="utf-8"), path.relative_to(GAME).as_posix())


def sentences_in(source: str, module: str) -> list[Said]:
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = _docstrings(tree)
    found = []
    for top in tree.body:
        scope = _scope(top)
        for node in ast.walk(top):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node in docstrings or isinstance(parents.get(node), ast.JoinedStr):
                    continue
                text = node.value
                parent = parents.get(node)
                if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mod | ast.Add):
                    # Words made in code: "%s passes" % name, "Use " + name.
                    text = PLACEHOLDER.sub(HOLE, text)
                    if isinstance(parent.op, ast.Add):
                        text = f"{text}{HOLE}" if parent.left is node else f"{HOLE}{text}"
            elif isinstance(node, ast.JoinedStr):  # an f-string: its holes are words
                text = "".join(
                    part.value if isinstance(part, ast.Constant) else HOLE for part in node.values
                )
            else:
                continue
            if sentence(text) and not _exempt(node, parents):
                found.append(Said(module, scope, node.lineno, text))
    return found


MODULES = sorted(GAME.rglob("*.py"))


def test_the_check_reads_every_module_of_the_game():
    names = {path.relative_to(GAME).as_posix() for path in MODULES}
    assert {"scoring/tally.py", "errors.py", "table/model.py", "codec/__init__.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(GAME).as_posix())
def test_the_game_holds_no_sentence_a_player_reads(path):
    said = [one.where for one in sentences(path) if not one.listed_in(ALLOWED)]
    assert said == [], "say it as N_(...) with facts for params, worded by the web"


def test_what_is_allowed_is_still_there():
    found = {f"{one.module}:{one.scope}" for path in MODULES for one in sentences(path)}
    assert set(ALLOWED) <= found, "an allowed sentence is gone: drop it from ALLOWED"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(GAME).as_posix())
def test_each_message_is_a_literal_the_extractor_can_read(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if _call_name(node) == "N_" and isinstance(node, ast.Call):
            (text,) = node.args
            assert isinstance(text, ast.Constant) and isinstance(text.value, str), (
                f"{path.name}:{node.lineno}: N_ takes a literal string"
            )


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(GAME).as_posix())
def test_each_refusal_is_a_marked_message_never_words_made_in_code(path):
    """``raise Conflict(N_("…"), name=…)``, or a message held by name (a marked constant,
    a refusal passed on); never an f-string, a "+" or a ``%``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and _call_name(node.exc) in GAME_ERRORS:
            assert isinstance(node.exc, ast.Call)
            first = node.exc.args[0]
            marked = _call_name(first) == "N_" or isinstance(first, ast.Name | ast.Attribute)
            assert marked, f"{path.name}:{node.lineno}: raise with N_(...) and facts as params"


def test_the_check_finds_a_sentence_where_it_is():
    source = (
        '"""A docstring says what it likes."""\n'
        "from .messages import N_\n"
        'A = N_("Bob alone takes %(value)d.")\n'
        'B = {"a key of words": 1}\n'
        'C = f"Round {3} is in play"\n'
        "def d(x):\n"
        '    """Its docstring."""\n'
        '    raise ValueError("not a table")\n'
        'E = "Evil won"\n'
        'F = ("good", "evil", "%+d", "a-slug")\n'
        'G = f"Round {3}"\n'
        'H = "%s passes" % "Bob"\n'
        'I = "Use " + "BetBot"\n'
        'J = f"{3}-{4}"\n'
    )
    found = [(one.scope, one.text) for one in sentences_in(source, "probe.py")]
    assert found == [
        ("C", "Round hole is in play"),
        ("E", "Evil won"),
        ("G", "Round hole"),
        ("H", "hole passes"),
        ("I", "Use hole"),
    ]
