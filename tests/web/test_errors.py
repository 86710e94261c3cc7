"""The game's refusals answered by the web, in one place: each kind has its status, and its
page says in words what went wrong."""

from __future__ import annotations

import pytest

from evilrobots.game.errors import Conflict, GameError, NotAllowed, NotFound, RoundOver
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
