"""Each phone reads only its own hand: no response, page or event carries another seat's
unrevealed cards, whatever those cards are."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from evilrobots.game.actions import Action
from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from tests.support.cards import give
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import read_events

# ---- Privacy: each phone reads only its own hand ------------------------------------------------


def responses_for(phone: Phone, table) -> dict[str, str]:
    """Everything one browser can fetch at this table, as text."""
    code = phone.code
    got = {}
    for path in ["", "/board", "/actions", "/move"] + [f"/action/{a.slug}" for a in Action]:
        response = phone.client.get(f"/t/{code}{path}")
        got[path or "/"] = response.get_data(as_text=True)
    for board in ["", "?board=1"]:
        stream = phone.client.get(f"/t/{code}/events{board}", buffered=False)
        got["events" + board] = json.dumps(read_events(stream, 1))
        stream.close()
    got["json"] = phone.client.post(
        f"/t/{code}/hide",
        data={"part": "power", "round": deal_tag(table)},
        headers={"Accept": "application/json"},
    ).get_data(as_text=True)
    return got


def test_no_response_to_a_player_carries_another_seats_unrevealed_robot(app, ada, bob, cy, dealt):
    bob.post("/reveal", action="prove-power", round=deal_tag(dealt))
    table = table_of(app, ada.code)
    for seat, phone in [(1, ada), (2, bob), (3, cy)]:
        for where, received in responses_for(phone, table).items():
            text = received.replace("<wbr>", "")  # a name may carry a place to wrap
            for other, hand in table.round.hands:
                if other != seat:
                    assert hand.robot.name not in text, (phone.name, where, hand.robot.name)
    stranger = app.test_client()
    for path in [f"/t/{ada.code}", f"/t/{ada.code}/board"]:
        text = stranger.get(path).get_data(as_text=True).replace("<wbr>", "")
        for _, hand in table.round.hands:
            assert hand.robot.name not in text


def use_robot_actions(app, ada, bob, dealt) -> None:
    """Ada (NegativeBot) picks Cy and Bob (BetBot) bets: actions that name Cy in public."""
    names = {"NegativeBot", "BetBot"}
    cy = dealt.round.hand_of(3)
    if cy.robot.name in names:  # Cy must keep a robot of their own
        spare = next(
            r
            for r in ROBOTS
            if r.name not in names and r not in {h.robot for _, h in dealt.round.hands}
        )
        give(app, ada.code, cy=dict(robot=spare))
    give(app, ada.code, ada="NegativeBot", bob="BetBot")
    tag = deal_tag(table_of(app, ada.code))
    assert ada.post("/robot", round=tag, robot="NegativeBot", target="3").status_code == 303
    assert bob.post("/robot", round=tag, robot="BetBot", bet="evil").status_code == 303


@pytest.mark.parametrize("actions", [False, True], ids=["", "after robot actions"])
@pytest.mark.parametrize("viewer", ["Ada", "stranger"])
def test_what_a_browser_receives_is_the_same_whatever_another_seats_secret_cards(
    app, ada, bob, cy, dealt, viewer, actions
):
    """Change Cy's unrevealed robot, power and allegiance: nothing Ada or a stranger can fetch
    changes by a single byte (no hidden element, attribute, comment, count or cache), even
    once robot actions have named Cy."""
    if actions:
        use_robot_actions(app, ada, bob, dealt)
        dealt = table_of(app, ada.code)
    phone = ada if viewer == "Ada" else Phone(app, "Eve")
    phone.code = ada.code
    before = (
        responses_for(phone, dealt)
        if viewer == "Ada"
        else {
            p: phone.client.get(f"/t/{ada.code}{p}").get_data(as_text=True) for p in ["", "/board"]
        }
    )
    hand = dealt.round.hand_of(3)
    others = [r for r in ROBOTS if r not in {h.robot for _, h in dealt.round.hands}]
    give(
        app,
        ada.code,
        cy=dict(
            robot=others[0],
            power=PowerCard(9 if hand.power.value != 9 else 1),
            allegiance=Allegiance.EVIL
            if hand.allegiance is not Allegiance.EVIL
            else Allegiance.GOOD,
            flips=None,
        ),
    )
    # Undo the version bump and Ada's own hide, so only Cy's secret differs.
    store = app.extensions["evilrobots.store"]
    store.change(ada.code, lambda t: replace(t, round=t.round.with_hand(1, dealt.round.hand_of(1))))
    after = (
        responses_for(phone, dealt)
        if viewer == "Ada"
        else {
            p: phone.client.get(f"/t/{ada.code}{p}").get_data(as_text=True) for p in ["", "/board"]
        }
    )
    for where in before:
        assert _without_versions(before[where]) == _without_versions(after[where]), where


def _without_versions(text: str) -> str:
    """Blank the table's version number, which counts every change (it is public)."""
    text = re.sub(r'data-version="\d+"', 'data-version=""', text)
    return re.sub(r'"(seat|board)", "\d+"', r'"\1", ""', text)
