"""Tables through the Flask client: starting, joining, playing, revealing, and every refusal.

The players (``ada``, ``bob``, ``cy``) and their app come from this folder's conftest."""

from __future__ import annotations

import json
import random
import re
import threading
from dataclasses import replace

import pytest

from evilrobots import tables
from evilrobots.cards import ROBOTS, Allegiance, PowerCard, robot_named
from evilrobots.factory import create_app
from evilrobots.hand import Action
from evilrobots.store import StoreUnavailable
from evilrobots.table import clean_code
from tests.conftest import Clock
from tests.tables.conftest import Phone, round_tag, table_of
from tests.test_app import visible_text

# ---- Starting and joining ------------------------------------------------------------------


def test_the_card_view_links_to_play_at_a_table(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/table">Play at a table</a>' in page


def test_play_at_a_table_has_a_start_form_and_a_join_form(client):
    page = client.get("/table").get_data(as_text=True)
    assert re.search(
        r'<form method="post" action="/table">.*?Your name.*?Start a table', page, re.S
    )
    assert re.search(
        r'<form method="post" action="/table/join">.*?Table code.*?Your name.*?>Join<', page, re.S
    )


def test_starting_makes_a_table_with_a_short_code_and_its_host(app, ada):
    assert clean_code(ada.code) == ada.code
    page = ada.page()
    text = visible_text(page)
    spoken = f"{ada.code[:4]}-{ada.code[4:]}"
    assert spoken in text
    assert f"http://localhost/t/{ada.code}" in text  # the join link, as text
    assert '<svg role="img" aria-label="QR code of the join link"' in page
    assert "You are the host" in text and "Ada host you" in text


def test_the_qr_code_holds_the_join_link(ada):
    page = ada.page()
    svg = re.search(r'<div class="qr"><svg.*?</svg>', page, re.S).group(0)
    assert "<path" in svg and 'stroke="#000"' in svg


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{dashed}", " {lower} "])
def test_joining_by_code_in_any_case(app, ada, typed):
    code = ada.code
    form = typed.format(code=code, lower=code.lower(), dashed=f"{code[:4]}-{code[4:]}".lower())
    bob = Phone(app, "Bob")
    response = bob.client.post("/table/join", data={"code": form, "name": "Bob"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/t/{code}"
    bob.code = code
    assert "Bob host" not in visible_text(bob.page())
    assert [s.name for s in table_of(app, code).seats] == ["Ada", "Bob"]


def test_the_join_link_without_a_seat_asks_for_a_name(app, ada):
    page = app.test_client().get(f"/t/{ada.code}").get_data(as_text=True)
    assert "Your name" in page and ">Join</button>" in page
    assert "Ada" in visible_text(page)


def test_a_seat_belongs_to_its_browser_across_reloads_and_a_restart(app, restart, ada, bob, dealt):
    before = bob.page()
    hand = dealt.round.hand_of(2)
    assert hand.robot.name in before
    again_app = restart(app)
    again = Phone(again_app, "Bob")
    again.client.set_cookie("evilrobots", bob.client.get_cookie("evilrobots").value)
    again.code = bob.code
    after = again.page()
    assert hand.robot.name in after and f'data-round="{round_tag(dealt)}"' in after


# ---- Bad input: a clear message, nothing changed ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "status", "says"),
    [
        ("", 400, "Say your name"),
        ("   ", 400, "Say your name"),
        ("x" * 25, 400, "24 characters"),
        ("ada", 409, "already called"),
        ("Ada\x07", 400, "letters"),
    ],
)
def test_a_bad_name_is_refused_and_seats_no_one(app, ada, name, status, says):
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": name})
    assert response.status_code == status
    assert says in response.get_data(as_text=True)
    assert len(table_of(app, ada.code).seats) == 1


@pytest.mark.parametrize("name", ["", "y" * 30])
def test_a_bad_name_starts_no_table(app, name):
    response = app.test_client().post("/table", data={"name": name})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("code", ["ABCD2345", "abcd", "ABCD-0000", "<script>"])
def test_an_unknown_or_mistyped_code_says_so(client, code):
    response = client.post("/table/join", data={"code": code, "name": "Bob"})
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert "table code" in text or "no table" in text
    assert "<script>" not in text


def test_unknown_tables_are_404_pages_in_words(client):
    for path in ["/t/ABCD2345", "/t/ABCD2345/board", "/t/nonsense", "/t/ABCD2345/events"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert "There is no table" in response.get_data(as_text=True)


def test_a_full_table_and_a_closed_table_refuse_newcomers(app, ada):
    ada.post("/open", open="no")
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": "Bob"})
    assert response.status_code == 409 and "closed" in response.get_data(as_text=True)
    ada.post("/open", open="yes")
    for number in range(8):
        Phone(app, f"P{number}").join(ada.code)
    response = app.test_client().post(f"/t/{ada.code}/join", data={"name": "Tenth"})
    assert response.status_code == 409 and "full" in response.get_data(as_text=True)
    assert len(table_of(app, ada.code).seats) == 9


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/deal", {}),
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


def test_changes_for_a_round_that_has_ended_are_409(app, ada, bob, dealt):
    old = round_tag(dealt)
    ada.post("/deal")
    before = table_of(app, ada.code)
    for path, form in [
        ("/reveal", {"action": "prove-power", "round": old}),
        ("/allegiance", {"allegiance": "evil", "round": old}),
        ("/hide", {"part": "power", "round": old}),
        ("/sync", {"allegiance": "evil", "round": old}),
    ]:
        response = bob.post(path, **form)
        assert response.status_code == 409, path
        assert "round is over" in response.get_data(as_text=True)
    assert table_of(app, ada.code) == before


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/reveal", {"action": "no-such-action", "round": "00000001"}),
        ("/reveal", {"action": "prove-power"}),
        ("/allegiance", {"allegiance": "purple", "round": "00000001"}),
        ("/hide", {"part": "hat", "round": "00000001"}),
        ("/remove", {"seat": "someone"}),
    ],
)
def test_nonsense_gets_a_4xx_in_words_and_changes_nothing(app, ada, dealt, path, form):
    before = table_of(app, ada.code)
    response = ada.post(path, **form)
    assert 400 <= response.status_code < 500
    assert "Your cards are safe" in response.get_data(as_text=True)
    assert table_of(app, ada.code) == before


def test_a_stranger_cannot_play_at_a_table(app, ada, dealt):
    stranger = Phone(app, "Eve")
    stranger.code = ada.code
    for path, form in [
        ("/reveal", {"action": "prove-power", "round": "00000001"}),
        ("/hide", {"part": "power", "round": "00000001"}),
        ("/leave", {}),
    ]:
        assert stranger.post(path, **form).status_code == 403
    assert stranger.client.get(f"/t/{ada.code}/action/prove-power").status_code == 403


def test_html_in_a_name_is_shown_as_text(app, ada):
    Phone(app, "<b>Bo</b>").join(ada.code)
    page = ada.page()
    assert "<b>Bo</b>" not in page
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page


@pytest.mark.parametrize(
    "path", ["/table", "/t/{code}/join", "/t/{code}/deal", "/t/{code}/reveal", "/t/{code}/leave"]
)
def test_cross_site_posts_to_a_table_are_refused(app, ada, path):
    before = table_of(app, ada.code)
    response = ada.client.post(
        path.format(code=ada.code),
        data={"name": "Mallory"},
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code == 403
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


def test_a_seat_moves_to_another_phone_with_a_one_time_link(app, clock, ada, bob, dealt):
    response = bob.post("/move")
    assert response.headers["Location"] == f"/t/{ada.code}/move"
    page = bob.page("/move")
    assert "do not show it on camera" in page
    link = re.search(r'<p class="join-link">([^<]+/move/[^<]+)</p>', page).group(1)
    path = link.removeprefix("http://localhost")
    other = app.test_client()
    assert "Bob" in visible_text(other.get(path).get_data(as_text=True))
    assert other.post(path).status_code == 303
    hand = dealt.round.hand_of(2)
    assert hand.robot.name in other.get(f"/t/{ada.code}").get_data(as_text=True)
    assert "Join table" in bob.client.get(f"/t/{ada.code}").get_data(as_text=True)
    assert app.test_client().post(path).status_code == 409  # used once


def test_a_move_link_expires_after_ten_minutes(app, clock, ada, bob):
    bob.post("/move")
    link = re.search(r"(/t/\w+/move/[\w-]+)", bob.page("/move")).group(1)
    clock.now += tables.MOVE_SECONDS + 1
    assert "too old" in app.test_client().get(link).get_data(as_text=True)
    assert app.test_client().post(link).status_code == 409


# ---- One deal, verified reveals ------------------------------------------------------------------


def test_deal_gives_each_phone_its_own_hand_and_the_same_points_card(ada, bob, cy, dealt):
    points = f"This round is worth {dealt.round.points.value}"
    for seat, phone in [(1, ada), (2, bob), (3, cy)]:
        page = phone.page()
        hand = dealt.round.hand_of(seat)
        assert hand.robot.name in page
        assert f'<span class="visually-hidden">Power </span>{hand.power.value}</p>' in page
        assert points in page
        assert "Round 1" in visible_text(page)
    assert points in ada.page("/board")


def test_there_is_no_shuffle_and_no_points_draw_at_a_table(ada, dealt):
    page = ada.page()
    assert "Shuffle" not in page and "Draw points card" not in page and "Randomise" not in page
    for name in ["Good", "Evil", "Neutral", "Hide robot", "Hide power", "Hide allegiance"]:
        assert name in page


def test_deal_from_two_players_says_the_game_is_for_3_to_9(app, ada, bob):
    assert "meant for 3 to 9" in visible_text(ada.page())
    assert ada.post("/deal").status_code == 303


def test_a_reveal_is_verified_by_the_server_and_on_the_board(app, ada, bob, dealt):
    hand = dealt.round.hand_of(2)
    response = bob.client.post(
        f"/t/{ada.code}/reveal",
        data={"action": "convert-other", "round": round_tag(dealt)},
        headers={"Accept": "application/json"},
    )
    assert response.get_json() == {"ok": True}
    words = f"Bob · Convert another player · power {hand.power.value} · {hand.allegiance.label}"
    assert words in visible_text(ada.page("/board"))
    assert words in visible_text(ada.page())


def test_a_player_cannot_publish_a_power_they_do_not_hold(app, ada, bob, dealt):
    hand = dealt.round.hand_of(2)
    forged = (hand.power.value % 9) + 1
    bob.post("/reveal", action="prove-power", round=round_tag(dealt), power=str(forged))
    (reveal,) = table_of(app, ada.code).round.reveals
    assert reveal.power == hand.power


def test_the_allegiance_a_player_sets_is_kept_on_the_server(app, ada, bob, dealt):
    bob.post("/allegiance", allegiance="evil", round=round_tag(dealt))
    assert table_of(app, ada.code).round.hand_of(2).allegiance is Allegiance.EVIL
    bob.post("/sync", allegiance="good", hidden="robot", round=round_tag(dealt))
    hand = table_of(app, ada.code).round.hand_of(2)
    assert hand.allegiance is Allegiance.GOOD and {p.value for p in hand.hidden} == {"robot"}


def test_the_action_view_at_a_table_offers_reveal_to_the_table(ada, dealt):
    page = ada.page("/action/convert-other")
    assert ">Reveal to the table</button>" in page
    assert f'name="round" value="{round_tag(dealt)}"' in page
    assert ">Reveal to the table</button>" not in ada.page("/action/debate")


def test_the_non_player_robot_sits_at_the_board_and_anyone_converts_it(app, ada, bob):
    ada.post("/npr-rule", npr="yes")
    ada.post("/deal")
    table = table_of(app, ada.code)
    assert "The non-player robot" in visible_text(ada.page("/board"))
    bob.post("/npr", allegiance="evil", round=round_tag(table))
    assert table_of(app, ada.code).round.npr is Allegiance.EVIL
    assert re.search(r"non-player robot.*?Evil", visible_text(ada.page("/board")))


# ---- CheatBot --------------------------------------------------------------------------------


def give(app, code: str, seat: int, **cards) -> None:
    """Set a seat's cards directly in the store (to set up a case)."""

    def change(table):
        hand = replace(table.round.hand_of(seat), **cards)
        return replace(table, round=table.round.with_hand(seat, hand))

    app.extensions["evilrobots.store"].change(code, change)


def cheatbot_reveal(tmp_path, truth: Allegiance) -> tuple[str, str, str]:
    """A table where Bob, CheatBot, truly ``truth``, reveals Evil: the board, Ada's page and
    the board's event, as a browser gets them."""
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "c" * 40, "RANDOM": random.Random(5), "CLOCK": Clock()},
        instance_path=tmp_path / truth.value,
    )
    ada, bob = Phone(app, "Ada"), Phone(app, "Bob")
    bob.join(ada.start())
    ada.post("/deal")
    table = table_of(app, ada.code)
    cheatbot = next(robot for robot in ROBOTS if robot.name == "CheatBot")
    give(app, ada.code, 2, robot=cheatbot, allegiance=truth, flips=None)
    shown = {"shown": "evil"} if truth is not Allegiance.EVIL else {}
    assert (
        bob.post("/reveal", action="convert-self", round=round_tag(table), **shown).status_code
        == 303
    )
    stream = app.test_client().get(f"/t/{ada.code}/events", buffered=False)
    event = json.dumps(read_events(stream, 1))
    stream.close()
    return ada.page("/board"), ada.page(), event


def test_cheatbot_reveals_any_allegiance_and_nothing_tells_it_from_the_truth(tmp_path):
    false = cheatbot_reveal(tmp_path, Allegiance.GOOD)
    true = cheatbot_reveal(tmp_path, Allegiance.EVIL)
    assert "Bob · Convert yourself · power" in false[0] and "· Evil</li>" in false[0]
    assert false == true


def test_cheatbot_picks_the_allegiance_to_show_in_its_action_view(app, ada, bob, dealt):
    cheatbot = next(robot for robot in ROBOTS if robot.name == "CheatBot")
    give(app, ada.code, 2, robot=cheatbot, allegiance=Allegiance.GOOD, flips=None)
    page = bob.page("/action/convert-self?show=evil")
    assert 'data-allegiance="evil"' in page and 'name="shown" value="evil"' in page
    assert 'data-allegiance="evil"' not in bob.page("/action/end-of-round?show=evil")
    assert table_of(app, ada.code).round.hand_of(2).allegiance is Allegiance.GOOD


def test_only_cheatbot_may_show_a_false_allegiance(app, ada, bob, dealt):
    give(app, ada.code, 2, robot=ROBOTS[0], allegiance=Allegiance.GOOD, flips=None)
    response = bob.post("/reveal", action="convert-self", round=round_tag(dealt), shown="evil")
    assert response.status_code == 403
    assert table_of(app, ada.code).round.reveals == ()


# ---- Live: Server-Sent Events -----------------------------------------------------------------


def read_events(response, count: int) -> list[tuple[str, str, dict]]:
    """Read ``count`` events (name, id, data) from a streaming response."""
    found, buffer = [], ""
    for chunk in response.response:
        buffer += chunk if isinstance(chunk, str) else chunk.decode()
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = dict(
                line.split(": ", 1)
                for line in block.splitlines()
                if ": " in line and not line.startswith(":")
            )
            if "event" in fields:
                found.append((fields["event"], fields["id"], json.loads(fields["data"])))
                if len(found) == count:
                    return found
    return found


def test_the_event_stream_sends_the_current_state_then_each_change(app, ada, bob, dealt):
    response = ada.client.get(f"/t/{ada.code}/events?v=0", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    ((name, version, data),) = read_events(response, 1)
    assert name == "seat" and int(version) == dealt.version
    assert dealt.round.hand_of(1).robot.name in data["hand"]

    def reveal_soon():
        bob.post("/reveal", action="prove-power", round=round_tag(dealt))

    threading.Timer(0.2, reveal_soon).start()
    ((name, version, data),) = read_events(response, 1)
    assert int(version) == dealt.version + 1
    assert "Bob · Prove your power" in data["live"]
    response.close()


def test_a_reconnecting_stream_catches_up_on_what_it_missed(app, ada, bob, dealt):
    bob.post("/reveal", action="prove-power", round=round_tag(dealt))
    current = table_of(app, ada.code).version
    response = app.test_client().get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": str(dealt.version)}, buffered=False
    )
    ((name, version, data),) = read_events(response, 1)
    assert name == "board" and int(version) == current
    assert "Bob · Prove your power" in data["board"]
    response.close()


def test_idle_streams_send_a_comment_to_keep_proxies_open(app, ada, monkeypatch):
    monkeypatch.setattr(tables, "HEARTBEAT_SECONDS", 0.05)
    version = table_of(app, ada.code).version
    response = ada.client.get(f"/t/{ada.code}/events?v={version}", buffered=False)
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    assert next(chunks) == b": still here\n\n"
    response.close()


def test_a_head_request_for_the_stream_subscribes_to_nothing(app, ada):
    hub = app.extensions["evilrobots.store"].hub
    for _ in range(3):
        assert ada.client.head(f"/t/{ada.code}/events").status_code == 200
    assert hub.count() == 0
    response = ada.client.get(f"/t/{ada.code}/events", buffered=False)
    next(iter(response.response))
    assert hub.count() == 1
    response.close()
    assert hub.count() == 0


def test_a_page_ahead_of_the_store_is_sent_the_stores_state(app, ada, bob, dealt):
    """After a crash that lost the last writes, a page knows a newer version than the store:
    it gets the store's state rather than waiting for the versions to catch up."""
    response = ada.client.get(
        f"/t/{ada.code}/events", headers={"Last-Event-ID": str(dealt.version + 50)}, buffered=False
    )
    ((name, version, _),) = read_events(response, 1)
    assert (name, int(version)) == ("seat", dealt.version)
    response.close()


def test_streams_ask_browsers_to_come_back_at_spread_out_moments(app, ada):
    """After a restart, thousands of browsers must not all reconnect in the same instant."""
    retries = set()
    for _ in range(12):
        response = ada.client.get(f"/t/{ada.code}/events", buffered=False)
        first = next(iter(response.response)).decode()
        response.close()
        assert re.fullmatch(r"retry: \d+\n\n", first)
        retries.add(int(first.split()[1]))
    assert all(2000 <= ms <= 4000 for ms in retries)
    assert len(retries) > 1


def test_a_stream_whose_store_goes_out_of_reach_ends_cleanly(app, ada, monkeypatch):
    """The browser reconnects, and is told in words (503) while the store is away."""
    store = app.extensions["evilrobots.store"]
    response = ada.client.get(f"/t/{ada.code}/events", buffered=False)

    def unreachable(code):
        raise StoreUnavailable("Redis restarting")

    monkeypatch.setattr(store, "load", unreachable)
    assert [chunk[:6] for chunk in response.response] == [b"retry:"]  # then it ends
    response.close()
    again = ada.client.get(f"/t/{ada.code}/events")
    assert again.status_code == 503
    assert again.headers["Retry-After"] == "5"


def test_tables_idle_for_a_day_are_removed(app, clock, ada):
    code = ada.code
    clock.now += 23 * 3600
    Phone(app, "Other").start()
    assert table_of(app, code) is not None
    clock.now += 2 * 3600
    Phone(app, "Third").start()
    assert table_of(app, code) is None


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
        data={"part": "power", "round": round_tag(table)},
        headers={"Accept": "application/json"},
    ).get_data(as_text=True)
    return got


def test_no_response_to_a_player_carries_another_seats_unrevealed_robot(app, ada, bob, cy, dealt):
    bob.post("/reveal", action="prove-power", round=round_tag(dealt))
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
        give(app, ada.code, 3, robot=spare)
    give(app, ada.code, 1, robot=robot_named("NegativeBot"))
    give(app, ada.code, 2, robot=robot_named("BetBot"))
    tag = round_tag(table_of(app, ada.code))
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
        3,
        robot=others[0],
        power=PowerCard(9 if hand.power.value != 9 else 1),
        allegiance=Allegiance.EVIL if hand.allegiance is not Allegiance.EVIL else Allegiance.GOOD,
        flips=None,
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


@pytest.mark.parametrize("rest", ["split", "reveal", "join", "deal", "no-such-page"])
def test_a_forms_address_opened_again_leads_back_to_the_table(ada, rest):
    """A reload after a refused form, or a shared address: the table, not a 405 page."""
    response = ada.client.get(f"/t/{ada.code}/{rest}")
    assert response.status_code == 303
    anchor = "#tally" if rest == "split" else ""
    assert response.headers["Location"] == f"/t/{ada.code}{anchor}"
    assert ada.client.get(f"/t/{ada.code}/board").status_code == 200  # its own pages first


def test_the_join_forms_address_opened_again_leads_to_the_forms(app):
    response = app.test_client().get("/table/join")
    assert response.status_code == 303 and response.headers["Location"] == "/table"


def test_a_player_leaving_mid_round_is_said_on_the_board_and_every_phone(app, ada, bob, cy, dealt):
    assert cy.post("/leave").status_code == 303
    board = visible_text(ada.page("/board"))
    assert "Cy left the table, cards and all" in board
    assert "Cy left the table, cards and all" in visible_text(bob.page())
    ada.post("/deal", round=round_tag(table_of(app, ada.code)))  # the next round: forgotten
    assert "left the table" not in visible_text(ada.page("/board"))
