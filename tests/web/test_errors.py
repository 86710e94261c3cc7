"""The game's refusals answered by the web, in one place: each kind has its status, and its
page says in words what went wrong."""

from __future__ import annotations

import pytest

from evilrobots.game.errors import Conflict, GameError, NotAllowed, NotFound, RoundOver
from evilrobots.web import errors
from evilrobots.web.errors import status_of


@pytest.mark.parametrize(
    ("refusal", "status"),
    [
        (GameError("bad input"), 400),
        (NotAllowed("only the host"), 403),
        (NotFound("no such player"), 404),
        (Conflict("too late"), 409),
        (RoundOver("that round is over"), 409),
    ],
)
def test_each_kind_of_refusal_has_its_status(refusal, status):
    assert status_of(refusal) == status


def test_a_refusal_no_view_answers_is_a_page_in_words_with_its_status(app):
    @app.get("/refused-for-a-test")
    def refuse() -> str:
        raise NotAllowed("Only the host can do that, for this test.")

    response = app.test_client().get("/refused-for-a-test")
    assert response.status_code == 403
    page = response.get_data(as_text=True)
    assert "403: Forbidden" in page and "Only the host can do that, for this test." in page
    assert "Your cards are safe" in page


def test_the_web_raises_the_games_refusals_with_catalog_ids_only():
    """A refusal made in the web carries a message id (``N_``) and its facts, as the game's
    own do, never words already translated: the web says it once, in the phone's language."""
    import ast
    from pathlib import Path

    kinds = {"GameError", "NotAllowed", "Conflict", "NotFound", "RoundOver"}
    made = []
    for path in Path(errors.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in kinds:
                said = node.args[0] if node.args else None
                is_id = isinstance(said, ast.Call) and getattr(said.func, "id", None) == "N_"
                if not is_id:
                    made.append(f"{path.name}:{node.lineno}")
    assert made == []
