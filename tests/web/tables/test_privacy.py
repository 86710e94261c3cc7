"""Each phone reads only its own hand: no response, page or event carries another seat's
unrevealed cards, whatever those cards are."""

from __future__ import annotations

import json
import random
import re
import threading
import time
from dataclasses import replace

import pytest

from evilrobots.factory import create_app
from evilrobots.game.actions import Action
from evilrobots.game.cards import ROBOTS, Allegiance, PowerCard
from tests.support.cards import give, run_out
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import read_events

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL

# ---- Privacy: each phone reads only its own hand ------------------------------------------------


def responses_for(phone: Phone, table) -> dict[str, str]:
    """Everything one browser can fetch at this table, as text."""
    code = phone.code
    got = {}
    paths = ["", "/board", "/actions", "/move", "/story", "/story?printing=1"]
    for path in paths + [f"/action/{a.slug}" for a in Action]:
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
    for path in [f"/t/{ada.code}", f"/t/{ada.code}/board", f"/t/{ada.code}/story"]:
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
            p: phone.client.get(f"/t/{ada.code}{p}").get_data(as_text=True)
            for p in ["", "/board", "/story"]
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
            p: phone.client.get(f"/t/{ada.code}{p}").get_data(as_text=True)
            for p in ["", "/board", "/story"]
        }
    )
    for where in before:
        assert _without_versions(before[where]) == _without_versions(after[where]), where


def _without_versions(text: str) -> str:
    """Blank the table's version number, which counts every change (it is public)."""
    text = re.sub(r'data-version="\d+"', 'data-version=""', text)
    return re.sub(r'"(seat|board)", "\d+"', r'"\1", ""', text)


def test_nothing_a_table_sends_is_kept_by_a_cache(app, ada, bob, dealt):
    """Every route of the tables (the seat's page, its action views with its cards, the move
    link that takes the seat, the board, the events, every form's answer and error) says
    Cache-Control: no-store."""
    assert ada.post("/move").status_code in (200, 303)
    rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("tables.")]
    assert len(rules) > 30
    checked = 0
    for rule in rules:
        path = rule.rule.replace("<code>", ada.code).replace("<path:rest>", "anything")
        path = path.replace("<slug>", "convert-other").replace("<token>", "not-a-token")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            if path.endswith("/events"):
                response = ada.client.get(path, buffered=False)
                response.close()
            else:
                response = ada.client.open(path, method=method, data={})
            assert response.headers.get("Cache-Control") == "no-store", (method, path)
            checked += 1
    assert checked >= len(rules)


# ---- A round the app runs: the same to everyone else, in content and in timing -------------


def _world(tmp_path, clock, name: str, cy_cards, heartbeat: float = 15.0) -> dict:
    """One app, its table and its phones: Ada (the host), Bob and Cy, dealt a conducted round
    with known cards. Two worlds made with the same seed differ only in what ``cy_cards`` is."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "privacy-key-" + "x" * 40,
        "RANDOM": random.Random(5),
        "CLOCK": clock,
        "TICKER": False,
        "HEARTBEAT_SECONDS": heartbeat,
    }
    app = create_app(config, instance_path=tmp_path / name)
    ada, bob, cy = Phone(app, "Ada"), Phone(app, "Bob"), Phone(app, "Cy")
    ada.start()
    bob.join(ada.code)
    cy.join(ada.code)
    assert ada.deal().status_code == 303
    give(app, ada.code, 4, ada=("BetBot", 9, G), bob=("SwapBot", 6, E), cy=cy_cards)
    stranger = Phone(app, "Eve")
    stranger.code = ada.code
    return {"app": app, "ada": ada, "bob": bob, "cy": cy, "stranger": stranger}


def _seen_by_others(world: dict) -> dict[str, str]:
    """Everything Ada, Bob and a stranger can fetch now: pages, action views, the first event
    of each stream (the seat's and the board's)."""
    seen = {}
    for who in ("ada", "bob", "stranger"):
        phone = world[who]
        paths = ["", "/board", "/story"]
        if who != "stranger":
            paths += ["/actions"] + [f"/action/{a.slug}" for a in Action]
        for path in paths:
            seen[f"{who} {path or '/'}"] = phone.client.get(f"/t/{phone.code}{path}").get_data(
                as_text=True
            )
        for board in ["", "?board=1"] if who != "stranger" else ["?board=1"]:
            stream = phone.client.get(f"/t/{phone.code}/events{board}", buffered=False)
            seen[f"{who} events{board}"] = json.dumps(read_events(stream, 1))
            stream.close()
    return seen


def test_a_round_the_app_runs_tells_no_one_what_a_quiet_seat_holds(tmp_path, clock):
    """Two tables, the same in all but Cy's cards (ForceBot 3 Neutral, or BlockBot 7 Good,
    a power that is called while the other's is not, and a reaction she could play): Cy
    answers each window with No reaction and never acts. Step by step, with the same clock,
    everything Ada, Bob and a stranger can fetch is the same to the byte: what the round
    says, each timer's deadline, the order of the calls and when each one ends."""
    worlds = [
        _world(tmp_path, clock, "one", ("ForceBot", 3, N)),
        _world(tmp_path, clock, "two", ("BlockBot", 7, G)),
    ]
    assert worlds[0]["ada"].code == worlds[1]["ada"].code  # the same seed, the same table code
    steps = [("ada", "/act"), ("ada", "/convert", {"target": "2"}), ("bob", "/no-reaction")]
    steps += [("cy", "/no-reaction"), ("bob", "/prove", {"proof": "power"})]  # it failed
    steps += [("time", 5)] * 3 + [("bob", "/act"), ("bob", "/pass")]
    steps += [("time", 5)] * 6 + [("bob", "/pass")]  # the Pass phase: Bob alone, his turn
    log = []
    for step in [("time", 60), *steps]:  # the Debate runs out, then each step in turn
        seen = []
        for world in worlds:
            if step[0] == "time":
                world["app"].extensions["evilrobots.store"].advance_due(clock.now + step[1])
            else:
                who, path, *more = step
                phone = world[who]
                tag = deal_tag(table_of(world["app"], phone.code))
                form = {"round": tag, **(more[0] if more else {})}
                assert phone.post(path, **form).status_code == 303, (step, world["cy"].name)
            seen.append(_seen_by_others(world))
        if step[0] == "time":
            clock.now += step[1]
        log.append(step)
        for where in seen[0]:
            assert seen[0][where] == seen[1][where], (log, where)
    table = table_of(worlds[0]["app"], worlds[0]["ada"].code)
    assert table.round.conduct.phase.value == "done"  # the whole round went by, in step
    cy_sees = [world["cy"].page() for world in worlds]
    assert cy_sees[0] != cy_sees[1]  # the worlds do differ: Cy's own phone shows her cards
    for world in worlds:
        world["app"].extensions["evilrobots.store"].close()


# ---- In timing too: a quiet seat's own taps move no heartbeat of anyone else's ---------------

BEAT = 1.0  # the worlds' heartbeat, so that a few beats fit in a test


def _follow(phone: Phone, query: str, until: float, got: list) -> threading.Thread:
    """Read a stream in a thread until ``until`` (monotonic), keeping each chunk with when it
    arrived, from the moment the stream was opened."""

    def read() -> None:
        # Opened in the thread that reads it: the request's context lives there.
        stream = phone.client.get(f"/t/{phone.code}/events{query}", buffered=False)
        opened = time.monotonic()
        for chunk in stream.response:
            text = chunk if isinstance(chunk, str) else chunk.decode()
            if text and not text.startswith("retry:"):  # (a random pause, drawn per stream)
                got.append((round(time.monotonic() - opened, 3), text))
            if time.monotonic() > until:
                break
        stream.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def test_a_quiet_seats_own_taps_move_nothing_anyone_else_receives_not_even_a_heartbeat(
    tmp_path, clock
):
    """Two tables alike but for Cy's cards (CheatBot or ForceBot): in one, Cy hides and shows
    her cards, opens action views and sets CheatBot's choices; in the other, she does
    nothing. Ada's, Bob's and the board's streams (and a stranger's) receive the same bytes,
    heartbeats included, at the same moments, in both, while a public act (Ada's I act)
    reaches them all. A heartbeat restarted by any write to the table (the bug this guards
    against) would come half a beat late in the first."""
    worlds = [
        _world(tmp_path, clock, "taps", ("CheatBot", 3, N), heartbeat=BEAT),
        _world(tmp_path, clock, "still", ("ForceBot", 7, G), heartbeat=BEAT),
    ]
    for world in worlds:
        world["app"].extensions["evilrobots.store"].advance_due(clock.now + 60)
        world["ada"].page(), world["ada"].page("/board")  # each template read once, before
    clock.now += 60  # the Countdown: 9 or more is called, Ada's power
    until = time.monotonic() + 3.6 * BEAT
    seen = [{} for _ in worlds]
    readers = []
    for world, got in zip(worlds, seen, strict=True):
        for who, query in (("ada", "?v=0"), ("bob", "?v=0"), ("ada", "?board=1&v=0")):
            got[who + query] = []
            readers.append(_follow(world[who], query, until, got[who + query]))
        got["stranger"] = []
        readers.append(_follow(world["stranger"], "?board=1&v=0", until, got["stranger"]))
    while not all(chunks for got in seen for chunks in got.values()):  # each one's first state
        time.sleep(0.01)
    taps = worlds[0]["cy"]
    tag = deal_tag(table_of(worlds[0]["app"], taps.code))
    schedule = [
        (0.5, lambda: taps.post("/hide", part="robot", round=tag)),
        (0.9, lambda: taps.client.get(f"/t/{taps.code}/action/convert-other")),
        (1.3, lambda: taps.post("/cheat", shows="evil", story="failed", round=tag)),
        (1.6, None),  # Ada says I act, in both worlds: a public act, sent to everyone
        (1.9, lambda: taps.post("/show", part="robot", round=tag)),
        (2.5, lambda: taps.post("/hide", part="allegiance", round=tag)),
    ]
    start = time.monotonic()
    for moment, tap in schedule:
        time.sleep(max(0.0, start + moment * BEAT - time.monotonic()))
        if tap is not None:
            assert tap().status_code in (200, 303)
        else:
            for world in worlds:
                ada = world["ada"]
                act = ada.post("/act", round=deal_tag(table_of(world["app"], ada.code)))
                assert act.status_code == 303
    for reader in readers:
        reader.join(timeout=5 * BEAT)
    changed = table_of(worlds[0]["app"], taps.code).round
    assert changed.hand_of(3).hidden and changed.conduct.cheats  # the taps were all kept
    for where in seen[0]:
        one, two = seen[0][where], seen[1][where]
        assert [text for _, text in one] == [text for _, text in two], where
        beats = [at for at, text in one if text.startswith(":")]
        assert len(beats) >= 3, (where, one)
        # The same heartbeats in both, each on its stream's own schedule (a beat a period from
        # the moment it opened): a heartbeat put off by a tap would come half a beat late.
        other = [at for at, text in two if text.startswith(":")]
        for count, (at_one, at_two) in enumerate(zip(beats, other, strict=True), start=1):
            assert abs(at_one - at_two) < 0.25 * BEAT, (where, one, two)
            assert abs(at_one - count * BEAT) < 0.25 * BEAT, (where, beats)
    for world in worlds:
        world["app"].extensions["evilrobots.store"].close()


# ---- Nor in the work it takes: a quiet seat's own taps draw nothing anew for anyone else ----


class Drawn:
    """Templates taken up by the app while it answers (every page, part and fragment drawn is
    one: a page kept from before takes none), counted."""

    def __init__(self, app, monkeypatch) -> None:
        self.count = 0
        env = app.jinja_env
        get = env.get_template

        def counted(*args, **kwargs):
            self.count += 1
            return get(*args, **kwargs)

        monkeypatch.setattr(env, "get_template", counted)


def _readable(app, phones, token: str | None) -> dict[str, tuple[str, int]]:
    """Each thing these phones (and a stranger) can read of the table, with how many
    templates drawing it took: pages, action views, print views, the story by its share
    link, and each stream's first event."""
    drawn = app.extensions["test.drawn"]
    code = phones[0].code
    stranger = app.test_client()
    readers = [(phone.name, phone.client) for phone in phones] + [("stranger", stranger)]
    got = {}
    for name, client in readers:
        paths = ["/board", "/story", "/story?printing=1"]
        if name != "stranger":
            paths += ["", "/actions"] + [f"/action/{a.slug}" for a in Action]
        urls = [f"/t/{code}{path}" for path in paths]
        if token:
            urls += [f"/story/{token}", f"/story/{token}?printing=1"]
        for url in urls:
            before = drawn.count
            text = client.get(url).get_data(as_text=True)
            got[f"{name} {url}"] = (text, drawn.count - before)
        for query in ["?board=1"] + ([""] if name != "stranger" else []):
            before = drawn.count
            stream = client.get(f"/t/{code}/events{query}", buffered=False)
            first = json.dumps(read_events(stream, 1))
            stream.close()
            got[f"{name} events{query}"] = (first, drawn.count - before)
    return got


def _alike(app, phones, token, tap, what: str) -> None:
    _readable(app, phones, token)  # every cache warm: what follows is drawn or kept alike
    before = _readable(app, phones, token)
    assert tap().status_code in (200, 303), what
    after = _readable(app, phones, token)
    for where, (text, drawn) in before.items():
        assert after[where][0] == text, (what, where)
        assert after[where][1] == drawn, (what, where, drawn, after[where][1])


def test_a_quiet_seats_own_taps_draw_nothing_anew_for_anyone_else(app, monkeypatch, ada, bob, cy):
    """A round kept and the next in play, then the game over and shared and the next begun: Cy
    (CheatBot) hides and shows her cards and sets what CheatBot shows and tells, Bob (PassBot)
    chooses when he passes. Everything the others and a stranger can read (the pages, the
    story and its print view and share link, the streams' first events) is the same to the
    byte after each tap, and took as many templates to answer: nothing kept was drawn anew
    (the story was once kept by the table's version, which these taps raise)."""
    app.extensions["test.drawn"] = Drawn(app, monkeypatch)
    store = app.extensions["evilrobots.store"]
    assert ada.deal().status_code == 303
    run_out(app, ada.code)
    assert ada.post("/end").status_code == 303 and ada.post("/keep").status_code == 303
    assert ada.deal().status_code == 303
    give(app, ada.code, 4, ada=("BetBot", 9, G), bob=("PassBot", 6, E), cy=("CheatBot", 3, N))

    def cy_taps(tag):
        return [
            ("hide", lambda: cy.post("/hide", part="robot", round=tag)),
            ("show", lambda: cy.post("/show", part="robot", round=tag)),
            ("hide allegiance", lambda: cy.post("/hide", part="allegiance", round=tag)),
            ("cheat", lambda: cy.post("/cheat", shows="evil", story="failed", round=tag)),
        ]

    tag = deal_tag(table_of(app, ada.code))
    for what, tap in cy_taps(tag):
        _alike(app, [ada, bob], None, tap, what)
    passbot = lambda: bob.post("/passbot", first="no", round=tag)  # noqa: E731
    _alike(app, [ada, cy], None, passbot, "passbot")
    assert table_of(app, ada.code).round.conduct.cheats  # the taps were kept
    run_out(app, ada.code)  # (once over, a round takes no private tap: its cards are told)
    assert ada.post("/end").status_code == 303 and ada.post("/keep").status_code == 303
    store.change(ada.code, lambda t: replace(t, game=replace(t.game, target=1)))
    assert bob.post("/share", game="1").status_code == 303
    token = dict(table_of(app, ada.code).tokens)[1]
    assert ada.new_game().status_code == 303 and ada.deal().status_code == 303
    give(app, ada.code, 4, ada=("BetBot", 9, G), bob=("PassBot", 6, E), cy=("CheatBot", 3, N))
    tag = deal_tag(table_of(app, ada.code))
    for what, tap in cy_taps(tag)[:2]:
        _alike(app, [ada, bob], token, tap, what + " (game 2)")
