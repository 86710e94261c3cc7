"""The host's controls and the seats: only the host acts for the table, the seats change hands."""

from __future__ import annotations

import pytest

from tests.support.clients import table_of


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/deal", {"round": "00000000"}),
        ("/remove", {"seat": "1"}),
        ("/host", {"seat": "2"}),
        ("/open", {"open": "no"}),
        ("/npr-rule", {"npr": "yes"}),
    ],
)
def test_host_only_actions_from_another_player_are_403(app, ada, bob, path, form):
    before = table_of(app, ada.code)
    response = bob.post(path, **form)
    assert response.status_code == 403
    assert "Only the host" in response.get_data(as_text=True)
    assert table_of(app, ada.code) == before


# ---- Host and seats ----------------------------------------------------------------------------


def test_the_host_hands_over_removes_and_closes(app, ada, bob, cy):
    ada.post("/host", seat="2")
    assert table_of(app, ada.code).host == 2
    assert "You are the host" in bob.page() and "You are the host" not in ada.page()
    bob.post("/remove", seat="3")
    assert [s.name for s in table_of(app, ada.code).seats] == ["Ada", "Bob"]
    assert "Join table" in cy.client.get(f"/t/{ada.code}").get_data(as_text=True)


def test_when_the_host_leaves_the_longest_seated_becomes_host(app, ada, bob, cy):
    response = ada.post("/leave")
    assert response.status_code == 303 and response.headers["Location"] == "/table"
    assert table_of(app, ada.code).host == 2
    assert "Join table" in ada.client.get(f"/t/{ada.code}").get_data(as_text=True)
