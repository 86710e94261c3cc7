"""Three rounds the app runs, with four phones (one at 320 × 568, one in dark mode, one
player with a long name) and the board at 1280 × 720, in Debian's Chromium.

Each page checks itself four times a second, in the page, for the whole game: every phone names
the phase and shows either a control or what it waits for (its time left, whose turn it is),
nothing scrolls sideways, the host's next step is in view whenever there is one, and the
board stays within 720 px. After each act, the acting phone shows the act's cards and no
other."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from evilrobots.game.cards import Allegiance
from evilrobots.game.table.now import Step
from tests.browser.test_camera import back, shows
from tests.browser.test_conducted import FITS, now_says
from tests.support.browser import Seat, deal_and_give, set_timers, start_and_join, tap_twice
from tests.support.cards import countdown_to, run_out, time_runs_out

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
SLOW = 45_000  # ms: a window, a proof and a few powers called (3 s each) may come first
LONG = "Maximiliana"

# Four times a second, what is wrong with this page now, kept in the tab's sessionStorage (at most
# 50), through every page load the tab goes through.
WATCH = """
const kept = () => JSON.parse(sessionStorage.getItem("watch") || '{"looks": 0, "wrong": []}');
const visible = el => !!el && el.checkVisibility() && el.getBoundingClientRect().height > 0;
const text = el => visible(el) ? el.innerText.trim() : "";
const wrong = what => {
  const k = kept();
  const when = new Date().toISOString().slice(11, 19);
  if (k.wrong.length < 50) k.wrong.push(when + " " + location.pathname + ": " + what);
  sessionStorage.setItem("watch", JSON.stringify(k));
};
function look() {
  // A seat's page or the board (not the home page, nor the form that joins a table).
  if (!document.querySelector("#table-live, .board-seats")) return;
  const k = kept(); k.looks += 1; sessionStorage.setItem("watch", JSON.stringify(k));
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth) wrong("scrolls sideways: " + root.scrollWidth);
  if (location.pathname.endsWith("/board")) {
    if (root.scrollHeight > 720) wrong("board " + root.scrollHeight + " px high");
    const now = document.querySelector("[aria-label='The round now']");
    const count = text(document.querySelector(".board-count #board-reveals-heading"));
    const before = /Waiting for the first deal/.test(text(document.querySelector(".board-round")));
    const says = text(now) || count || text(document.querySelector(".board-tally, #tally"))
      || (before ? "before the first deal" : "");
    if (!says) wrong("the board names no phase: " + document.body.innerText.slice(0, 160));
    return;
  }
  const next = document.querySelector("#host-next button");
  if (visible(next)) {
    const box = next.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) wrong("the host's next step is out of view");
  }
  const strip = document.querySelector("#round-now");
  if (visible(strip)) {
    const phase = text(strip.querySelector(".now-phase"));
    const headline = text(strip.querySelector(".now-headline"));
    if (!phase || !headline) wrong("the strip names no phase: " + strip.innerText);
    const control = [...strip.querySelectorAll("button, a")].some(c => visible(c) && !c.disabled);
    const timer = text(strip.querySelector(".timer"));
    const done = /ends the round/.test(headline);
    if (!control && !timer && !done) wrong("no control and no time left: " + strip.innerText);
    return;
  }
  const says = text(document.querySelector("#seat-banner"))
    || text(document.querySelector(".lobby-title"));
  if (!/Round \\d+ is over|abandoned|wins the game|deal|Deal/.test(says) && !visible(next))
    wrong("no phase named, no step: " + (says || document.body.innerText.slice(0, 80)));
}
addEventListener("DOMContentLoaded", () => setInterval(look, 250));

// What the screen reader's live region says, each change, and every vibration asked for.
const add = (key, item) => {
  const list = JSON.parse(sessionStorage.getItem(key) || "[]");
  list.push(item); sessionStorage.setItem(key, JSON.stringify(list));
};
Object.defineProperty(navigator, "vibrate", {
  value: pattern => { add("buzz", pattern); return true; },
});
addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("now-say");
  if (!region) return;
  new MutationObserver(() => add("said", region.textContent)).observe(
    region, {childList: true, characterData: true, subtree: true});
});
"""


def watched(page: Page) -> Page:
    page.add_init_script(WATCH)
    return page


def nothing_wrong(*pages: Page) -> None:
    for page in pages:
        kept = page.evaluate("JSON.parse(sessionStorage.getItem('watch'))")
        assert kept["looks"] > 10 and kept["wrong"] == [], (page.url, kept["wrong"])


def heard(seat: Seat) -> list[str]:
    return seat.page.evaluate("JSON.parse(sessionStorage.getItem('said') || '[]')")


def buzzes(seat: Seat) -> int:
    return seat.page.evaluate("JSON.parse(sessionStorage.getItem('buzz') || '[]').length")


def hears_each_call_once_and_short(seat: Seat) -> None:
    """The live region is polite and atomic; the strip itself is not live (its seconds are
    never read out); each announcement is short, and none is said twice in a row."""
    region = seat.page.locator("#now-say")
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("aria-atomic") == "true"
    assert seat.page.locator("#round-now").get_attribute("aria-live") is None
    said = heard(seat)
    assert said, seat.name
    assert all(len(words) <= 40 and not re.search(r"\d+ s\b", words) for words in said), said
    assert all(a != b for a, b in zip(said, said[1:], strict=False)), said


def settle_the_count(seats: list[Seat], host: Seat) -> None:
    """Whoever won proposes the whole value to themselves; every other winner agrees; the
    host keeps the score. The host's next step stays in view all along (the pages watch)."""
    banner = {seat.name: seat.page.locator("#seat-banner") for seat in seats}
    for seat in seats:
        expect(banner[seat.name]).to_contain_text(re.compile(r"Round \d+ is over"))
    for seat in seats:
        if "You won: propose" in banner[seat.name].inner_text():
            seat.page.get_by_role("link", name=re.compile("propose how")).click()
            total = seat.page.locator("[data-split-total] output").inner_text()
            value = total.split(" of ")[1]
            seat.page.get_by_label(seat.name, exact=True).fill(value)
            seat.page.get_by_role("button", name="Propose this split").click()
            break
    for seat in seats:
        answer = seat.page.get_by_role("link", name="Answer the proposed split")
        if answer.count():
            answer.click()
            seat.page.get_by_role("button", name="Agree", exact=True).click()
    keep = host.page.get_by_role("button", name="Keep the score")
    expect(keep).to_be_in_viewport()
    keep.click()
    deal = host.page.get_by_role("button", name="Deal the next round")
    expect(deal).to_be_in_viewport()


def test_three_rounds_four_phones_and_the_board_each_second(
    open_seat, live_server, live_app, new_phone
):
    ada, bob, cy, mx = (open_seat(name) for name in ("Ada", "Bob", "Cy", LONG))
    for seat in (ada, bob, cy, mx):
        watched(seat.page)
    bob.page.set_viewport_size({"width": 320, "height": 568})
    cy.page.emulate_media(color_scheme="dark")
    mx.page.set_viewport_size({"width": 360, "height": 740})
    url = start_and_join([ada, bob, cy, mx], live_server)
    code = url.rsplit("/", 1)[1]
    host = ada.page
    host.goto(url)
    set_timers(host, pace=3, turn=15, window=8)
    board = watched(new_phone({"width": 1280, "height": 720}))
    board.goto(url + "/board")
    seats = [ada, bob, cy, mx]

    # ---- Round 1: a claim that shows PlusBot, a conversion, a reaction, a proof, a robot.
    deal_and_give(
        live_app,
        host,
        url,
        4,
        ada=("PlusBot", 6, G),
        bob=("LockBot", 7, G),
        cy=("BlockBot", 3, E),
        maximiliana=("NegativeBot", 2, N),
    )
    for seat in seats:
        expect(seat.card("robot")).to_be_visible()
    host.get_by_role("button", name="Start the countdown").click()
    host.get_by_role("button", name="I act at 9 or more").click()
    shows(ada, "robot", "power")
    host.get_by_role("link", name="Convert", exact=True).click()
    host.get_by_role("button", name="Bob", exact=True).click()
    shows(ada, "power", "allegiance")
    for seat in (bob, cy, mx):
        seat.page.get_by_role("button", name="No reaction").click()
    bob.page.get_by_role("button", name="Show LockBot").click()
    shows(bob, "robot")
    back(ada)
    back(bob)
    countdown_to(live_app, code, 7)  # a call nobody takes goes by at once
    claim = bob.page.get_by_role("button", name="I act at 7")
    expect(claim).to_be_visible(timeout=SLOW)
    claim.click()
    shows(bob, "power")
    bob.page.get_by_role("link", name="Convert", exact=True).click()
    bob.page.get_by_role("button", name=LONG, exact=True).click()
    shows(bob, "power", "allegiance")
    cy.page.get_by_role("link", name="Play BlockBot").click()
    cy.page.get_by_role("button", name="BlockBot: Make it fail").click()
    shows(cy, "robot")
    back(cy)
    back(bob)
    countdown_to(live_app, code, 2, also=(Step.REACTIONS, Step.PROOF))
    claim = mx.page.get_by_role("button", name="I act at 2")
    expect(claim).to_be_visible(timeout=SLOW)
    claim.click()
    mx.page.get_by_role("link", name="Robot", exact=True).click()
    mx.page.get_by_role("button", name="Ada", exact=True).click()
    shows(mx, "robot", "power")
    back(mx)
    countdown_to(live_app, code, 0)
    expect(board.get_by_role("region", name="The round now")).to_contain_text(
        "Every turn is taken", timeout=SLOW
    )
    tap_twice(host, "End the round")
    settle_the_count(seats, ada)
    nothing_wrong(board, *(seat.page for seat in seats))
    for seat in seats:
        hears_each_call_once_and_short(seat)
    assert "Your turn" in heard(bob) and "Your proof, now" in heard(bob)
    assert "Power 8" in heard(cy)  # a call that is not hers: the call, short
    assert all(buzzes(seat) > 0 for seat in seats)  # each had a move due: each phone buzzed

    # ---- Round 2: PushBot at 320 px, a tie ordered from the act's view, a proof by power,
    # the Pass phase.
    deal_and_give(
        live_app,
        host,
        url,
        5,
        button="Deal the next round",
        ada=("BetBot", 9, G),
        bob=("PushBot", 5, E),
        cy=("BlockBot", 5, N),
        maximiliana=("SwapBot", 5, G),
    )
    for seat in seats:
        expect(seat.card("robot")).to_have_text(re.compile("BetBot|PushBot|BlockBot|SwapBot"))
    host.get_by_role("button", name="Start the countdown").click()
    host.get_by_role("button", name="I act at 9 or more").click()
    host.get_by_role("button", name="Pass", exact=True).click()
    back(ada)
    countdown_to(live_app, code, 5)
    claim = bob.page.get_by_role("button", name="I act at 5")
    expect(claim).to_be_visible(timeout=SLOW)
    claim.click()
    shows(bob, "power")
    for seat in (cy, mx):
        seat.page.get_by_role("button", name="I act at 5").click()
        shows(seat, "power")
        back(seat)
    bob.page.get_by_role("link", name="Robot", exact=True).click()
    bob.page.get_by_role("radio", name="Good").check()
    bob.page.get_by_role("button", name="Cy", exact=True).click()
    shows(bob, "robot")  # a push shows PushBot alone
    for seat in (ada, cy, mx):
        seat.page.get_by_role("button", name="No reaction").click()
    # Cy and Maximiliana tie for the next turn: Bob orders them, from PushBot's view, at 320.
    let = bob.page.get_by_role("button", name=f"Let {LONG} go next")
    expect(let).to_be_visible(timeout=SLOW)
    assert bob.page.locator("#round-now").evaluate(FITS) == []
    shows(bob, "robot")
    let.click()
    back(bob)
    mx.page.get_by_role("link", name="Convert", exact=True).click()
    mx.page.get_by_role("button", name="Bob", exact=True).click()
    shows(mx, "power", "allegiance")
    for seat in (ada, cy):
        seat.page.get_by_role("button", name="No reaction").click()
    bob.page.get_by_role("button", name="Show my power").click()
    shows(bob, "power")
    back(bob)
    back(mx)
    cy.page.get_by_role("button", name="Pass", exact=True).click()
    countdown_to(live_app, code, 0)
    pass_phase = host.get_by_role("button", name="Pass", exact=True)
    expect(pass_phase).to_be_visible(timeout=SLOW)
    pass_phase.click()
    expect(board.get_by_role("region", name="The round now")).to_contain_text(
        "Every turn is taken", timeout=SLOW
    )
    tap_twice(host, "End the round")
    settle_the_count(seats, ada)
    nothing_wrong(board, *(seat.page for seat in seats))

    # ---- Round 3: the clocks: a turn walked away from, a proof never given; the host's
    # phone at 320 × 568 through the count.
    host.set_viewport_size({"width": 320, "height": 568})
    quiet = cy.page.get_by_role("button", name="Vibrate when it is my move")
    expect(quiet).to_have_attribute("aria-pressed", "true")
    quiet.click()
    expect(quiet).to_have_attribute("aria-pressed", "false")
    cy_buzzes = buzzes(cy)
    deal_and_give(
        live_app,
        host,
        url,
        6,
        button="Deal the next round",
        ada=("SumoBot", 8, E),
        bob=("LockBot", 4, G),
        cy=("ForceBot", 6, G),
        maximiliana=("PassBot", 1, E),
    )
    for seat in seats:
        expect(seat.card("robot")).to_have_text(re.compile("SumoBot|LockBot|ForceBot|PassBot"))
    host.get_by_role("button", name="Start the countdown").click()
    host.get_by_role("button", name="I act at 8").click()
    host.get_by_role("link", name="Convert", exact=True).click()
    host.get_by_role("button", name="Bob", exact=True).click()
    # SumoBot's 8 is not lower than Bob's 4: its card declares the conversion, so the act
    # shows it too once the table has answered (until then, the action's view showed power
    # and allegiance: a check that caught that moment passed by luck).
    shows(ada, "robot", "power", "allegiance")
    for seat in (bob, cy, mx):
        seat.page.get_by_role("button", name="No reaction").click()
    expect(bob.page.get_by_role("button", name="Show LockBot")).to_be_visible()
    back(ada)
    # Bob never proves; Cy walks away from her turn at 6: the app goes on by itself (the
    # server's clock moves on to each step's end at once).
    time_runs_out(live_app, code, Step.PROOF)
    expect(board.get_by_text("time ran out: shown by the app")).to_be_visible(timeout=SLOW)
    countdown_to(live_app, code, 6)
    claim = cy.page.get_by_role("button", name="I act at 6")
    expect(claim).to_be_visible(timeout=SLOW)
    claim.click()
    expect(now_says(cy.page)).to_contain_text("Your turn")
    time_runs_out(live_app, code, Step.TURN, 6)
    expect(board.get_by_text("Cy · time ran out: no turn this round")).to_be_visible(timeout=SLOW)
    assert buzzes(cy) == cy_buzzes  # her call and her turn came, silently
    run_out(live_app, code)
    expect(board.get_by_role("region", name="The round now")).to_contain_text(
        "Every turn is taken", timeout=SLOW
    )
    tap_twice(host, "End the round")
    settle_the_count(seats, ada)
    nothing_wrong(board, *(seat.page for seat in seats))
