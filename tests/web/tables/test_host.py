"""The host's controls and the seats: only the host acts for the table, the seats change hands."""

from __future__ import annotations

import pytest

from evilrobots.game.cards import Allegiance
from tests.support.cards import give
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


# ---- Forms that cannot land twice, or late -------------------------------------------------


def test_two_quick_taps_on_deal_deal_once(app, ada, bob):
    form = {"round": "00000000"}  # both taps come from the page before the deal
    assert ada.post("/deal", **form).status_code == 303
    second = ada.post("/deal", **form)
    assert second.status_code == 409
    assert "made already" in second.get_data(as_text=True)
    assert table_of(app, ada.code).deals == 1


def test_the_deal_forms_on_the_hosts_page_carry_the_deal_they_replace(app, ada, bob):
    """As the page draws them: Deal, then Deal the next round, each tapped twice."""
    import re

    ada.by_voice()
    for number in (1, 2):
        page = ada.page()
        form = re.search(
            r'<form method="post" action="/t/\w+/deal">\s*<input[^>]*value="(\w+)"', page
        )
        assert form, page
        assert ada.post("/deal", round=form.group(1)).status_code == 303
        assert ada.post("/deal", round=form.group(1)).status_code == 409  # the second tap
        assert table_of(app, ada.code).deals == number
        give(
            app,
            ada.code,
            3,
            ada=("SumoBot", 9, Allegiance.GOOD),
            bob=("LockBot", 1, Allegiance.EVIL),
        )
        assert ada.post("/end").status_code == 303
        assert ada.post("/keep").status_code == 303  # Ada alone won: nothing to split


def test_deal_in_the_middle_of_a_round_only_says_so_unless_it_is_dealt_again(app, ada, bob):
    ada.deal()
    refused = ada.deal()
    assert refused.status_code == 409 and "Deal this round again" in refused.get_data(as_text=True)
    assert ada.deal(again=True).status_code == 303
    assert table_of(app, ada.code).round.again
    assert "Round 1, dealt again" in ada.page("/board")


def test_the_host_abandons_a_round_and_nobody_scores_it(app, ada, bob):
    ada.deal()
    tag = f"{table_of(app, ada.code).deals:08x}"
    assert bob.post("/abandon", round=tag).status_code == 403
    assert ada.post("/end").status_code == 409  # the round the app runs has phases to go
    assert ada.post("/abandon", round=tag).status_code == 303
    assert ada.post("/abandon", round=tag).status_code == 409  # once
    board = ada.page("/board")
    assert "The host abandoned round 1: nobody scores it" in board
    assert "The host abandoned round 1." in bob.page()
    assert ada.deal().status_code == 303
    assert table_of(app, ada.code).round.number == 1


def test_the_host_page_offers_end_only_once_the_phases_are_done(app, clock, ada, bob, conducted):
    assert ">End the round</button>" not in ada.page()
    assert ">Abandon this round</button>" in ada.page()
    store = app.extensions["evilrobots.store"]
    while table_of(app, ada.code).deadline is not None:
        store.advance_due(table_of(app, ada.code).deadline)
    assert ">End the round</button>" in ada.page()
    assert ada.post("/end").status_code == 303
