"""Helpers for the tests that drive Debian's Chromium: reading a phone's cards, waiting for
what the script saves, and seating players at a table as they would."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from evilrobots.game.actions import Action, Part
from evilrobots.web.words import label

PARTS = [part.value for part in Part]


def card(page: Page, part: str):
    return page.get_by_role("region", name=f"{part.capitalize()} card")


def face_up(page: Page, part: str) -> bool:
    return card(page, part).get_attribute("data-hidden") == "false"


def visible_allegiance(page: Page) -> str:
    return card(page, "allegiance").locator(".face:visible .allegiance-word").inner_text().lower()


def hand_on_screen(page: Page) -> tuple[str, str, str]:
    robot = card(page, "robot").locator(".robot-name").inner_text()
    power = card(page, "power").locator(".power-value").inner_text()
    return robot, power, visible_allegiance(page)


def assert_fully_on_screen(page: Page, locator) -> None:
    box = locator.bounding_box()
    viewport = page.viewport_size
    assert box is not None, locator
    assert box["x"] >= 0 and box["y"] >= 0, (locator, box)
    assert box["x"] + box["width"] <= viewport["width"] + 0.5, (locator, box)
    assert box["y"] + box["height"] <= viewport["height"] + 0.5, (locator, box)


def wait_until_saved(page: Page) -> None:
    """Wait until the server has every change the phone made (nothing pending on the phone)."""
    page.wait_for_function(
        "() => !Object.keys(localStorage).some(key => key.startsWith('evilrobots:pending'))"
    )


def tap_and_wait_for_save(page: Page, name: str) -> None:
    """Tap a button the script saves in the background, and wait until the server has it."""
    with page.expect_response(lambda response: response.request.method == "POST"):
        page.get_by_role("button", name=name, exact=True).click()


def no_scrolling(page: Page) -> tuple[bool, bool]:
    return page.evaluate(
        "[document.documentElement.scrollWidth <= innerWidth,"
        " document.documentElement.scrollHeight <= innerHeight]"
    )


def open_action(page: Page, action: Action) -> None:
    """Tap Actions, then the action's entry, and check the view names it in large type."""
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name=label(action), exact=True).click()
    expect(page).to_have_url(re.compile(f"/action/{action.slug}$"))
    title = page.get_by_role("heading", name=re.compile(re.escape(label(action))))
    expect(title).to_be_visible()
    assert float(title.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 24


def back_to_cards(page: Page):
    return page.get_by_role("link", name="Back to cards").or_(
        page.get_by_role("button", name="Back to cards")
    )


def assert_shows_exactly(page: Page, action: Action) -> None:
    for part in Part:
        region = page.get_by_role("region", name=f"{part.value.capitalize()} card")
        expect(region).to_have_count(1 if part in action.shows else 0)
        if part in action.shows:
            assert_fully_on_screen(page, region)
            expect(region.get_by_text("Hidden", exact=True)).to_be_hidden()
    if not action.shows:
        expect(page.get_by_text("Reveal nothing", exact=True)).to_be_visible()


# A stand-in for the Screen Wake Lock API that records what the page asks of it, and lets the
# test hide and show the page as a phone would.
FAKE_WAKE_LOCK = """
window.__wake = {requests: 0, releases: 0, held: false};
Object.defineProperty(navigator, "wakeLock", {value: {
  request(type) {
    if (type !== "screen") return Promise.reject(new TypeError(type));
    __wake.requests += 1; __wake.held = true;
    const listeners = [];
    return Promise.resolve({
      addEventListener(name, fn) { listeners.push(fn); },
      release() { __wake.releases += 1; __wake.held = false; listeners.forEach(f => f()); },
    });
  },
}});
let __visible = "visible";
Object.defineProperty(document, "visibilityState", {get: () => __visible});
window.__setVisible = (state) => {
  __visible = state; document.dispatchEvent(new Event("visibilitychange"));
};
"""


# ---- At a table --------------------------------------------------------------------------

# Record every event a page's EventSource receives, to check what reached the browser.
RECORD_EVENTS = """
window.__events = [];
const NativeEventSource = window.EventSource;
window.EventSource = function (url, options) {
  const source = new NativeEventSource(url, options);
  for (const name of ["seat", "board", "gone"]) {
    source.addEventListener(name, (e) => {
      window.__events.push({name, id: e.lastEventId, data: e.data});
    });
  }
  return source;
};
"""


class Seat:
    """One player's phone at the table."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.received: list[tuple[str, str]] = []

    def record(self) -> None:
        """From now on, keep every page and fetch this phone receives. Only the privacy test
        does: reading bodies means calls to the browser from inside its events, and the
        suite once hung on such a call in a test that needed none. Read once a request has
        finished (a body read from the "response" event waits for the body's end)."""
        self.page.on("requestfinished", self._keep)

    def stop_recording(self) -> None:
        """Before the phone is closed: closing a browser context while a handler still
        reads a body has hung the suite (the close waits without a timeout)."""
        self.page.remove_listener("requestfinished", self._keep)

    def _keep(self, request) -> None:
        if request.resource_type in ("document", "fetch", "xhr"):
            try:
                response = request.response()
                if response is not None:
                    self.received.append((response.url, response.text()))
            except Exception:  # a redirect, or a body the browser let go, has none to read
                pass

    def card(self, part: str):
        return self.page.get_by_role("region", name=f"{part.capitalize()} card")

    def robot(self) -> str:
        return self.page.locator("#hand .slot-robot .robot-name").text_content()

    def power(self) -> str:
        text = self.page.locator("#hand .slot-power .power-value").text_content()
        return text.removeprefix("Power ")

    def everything_received(self) -> dict[str, str]:
        """Every response body, event and the page as it is now, by where it came from."""
        got = {f"{n} {url}": text for n, (url, text) in enumerate(self.received)}
        got["events"] = self.page.evaluate("JSON.stringify(window.__events || [])")
        got["page now"] = self.page.content()
        return got


def tap_twice(page: Page, name: str) -> None:
    """A control that changes the game for everyone asks for a second tap: give it."""
    page.get_by_role("button", name=name).click()
    page.get_by_role("button", name=re.compile("^Tap again")).click()


def start_table(seat: Seat, base: str) -> str:
    seat.page.goto(base + "/")
    seat.page.get_by_role("link", name="Play at a table").click()
    seat.page.get_by_label("Your name").first.fill(seat.name)
    seat.page.get_by_role("button", name="Start a table").click()
    expect(seat.page.get_by_role("heading", name="You are the host")).to_be_visible()
    return seat.page.url


def join_by_link(seat: Seat, url: str) -> None:
    seat.page.goto(url)
    seat.page.get_by_label("Your name").fill(seat.name)
    seat.page.get_by_role("button", name="Join", exact=True).click()
    expect(seat.page.get_by_role("heading", name=re.compile("^Players"))).to_be_visible()


def start_and_join(seats: list[Seat], base: str) -> str:
    """The first seat starts a table, the others join it by its link; the table's URL."""
    url = start_table(seats[0], base)
    for seat in seats[1:]:
        join_by_link(seat, url)
    return url


# The host's timers on its seat page, by their labels (in English; a test in another
# language passes its words: ``set_timers(page, words=...)``).
TIMERS = {
    "debate": "Debate timer",
    "pace": "Each power called for",
    "turn": "Each turn",
    "window": "Each reaction window, proof and tie",
}


def set_timers(page: Page, words: Callable[[str], str] = str, debate: int = 0, **seconds) -> None:
    """The host sets the next round's timers on its seat page, each in seconds (``pace``,
    ``turn``, ``window``; the Debate 0 by default: no timer, the host starts the Countdown),
    and taps Set for the next round."""
    page.get_by_label(words(TIMERS["debate"])).select_option(str(debate))
    for timer, value in seconds.items():
        page.get_by_label(words(TIMERS[timer])).select_option(str(value))
    page.get_by_role("button", name=words("Set for the next round")).click()


def deal_and_give(
    app: Any,
    page: Page,
    url: str,
    points: int,
    words: Callable[[str], str] = str,
    button: str = "Deal",
    **cards,
) -> None:
    """The host taps Deal (``button``: or Deal the next round) on its seat page; then the
    round's cards are set in the app's store (``cards.give``: the points card, each player's
    cards by name), and the phones follow."""
    from tests.support.cards import give

    page.get_by_role("button", name=words(button), exact=True).click()
    give(app, url.rsplit("/", 1)[1], points, **cards)


def open_table(
    app: Any, base: str, seats: list[Seat], points: int, timers: dict[str, int], **cards
) -> str:
    """A table opened as its phones open one: the first seat starts it, the others join by
    its link, the host sets the timers (``set_timers``) and deals, and the round's cards are
    set (``deal_and_give``). The table's URL, the host's page on its seat."""
    url = start_and_join(seats, base)
    host = seats[0].page
    host.goto(url)
    set_timers(host, **timers)
    deal_and_give(app, host, url, points, **cards)
    return url


def join_by_code(seat: Seat, base: str, code: str) -> None:
    seat.page.goto(base + "/table")
    seat.page.get_by_label("Table code").fill(f"{code[:4]}-{code[4:]}".lower())
    seat.page.get_by_label("Your name").nth(1).fill(seat.name)
    seat.page.get_by_role("button", name="Join", exact=True).click()
    expect(seat.page.get_by_role("heading", name=re.compile("^Players"))).to_be_visible()


def _post(seat: Seat, url: str, form: dict[str, str]) -> str:
    """Send a form as the phone's own page would (its origin, its cookie), without loading
    a page; return where the answer leads."""
    base = url.split("/t/", 1)[0] if "/t/" in url else url.rsplit("/", 1)[0]
    response = seat.page.context.request.post(
        url, form=form, headers={"Origin": base}, max_redirects=0
    )
    assert response.status == 303, (url, response.status, response.text()[:300])
    location = response.headers["location"]
    return location if location.startswith("http") else base + location


def seat_by_request(seat: Seat, base: str, url: str | None = None) -> str:
    """Start a table as this phone (``url`` None) or join the one at ``url``, with the form
    the page sends but no page loaded; return the table's URL (``open_seat_page`` opens it).
    For tests of what comes after: starting and joining by hand are tested on their own."""
    if url is None:
        return _post(seat, base + "/table", {"name": seat.name})
    _post(seat, url + "/join", {"name": seat.name})
    return url


def open_seat_page(seat: Seat, url: str) -> None:
    """Open the seat's page at the table, and wait until it shows the table."""
    seat.page.goto(url)
    expect(seat.page.locator("#table-live")).to_be_attached()


def by_voice_by_request(host: Seat, url: str) -> None:
    """The host's choice to call the next round by voice, sent as its form sends it."""
    settings = {"conducted": "no", "debate": "60", "pace": "5", "window": "8", "turn": "60"}
    _post(host, url + "/settings", settings)


def deal(t, number: int = 1) -> None:
    label = "Deal" if number == 1 else "Deal the next round"
    t["ada"].page.get_by_role("button", name=label, exact=True).click()
    for name in ["ada", "bob", "cy"]:
        expect(t[name].card("robot")).to_be_visible(timeout=2000)  # within a second or two
    expect(t["board"].get_by_text(f"Round {number}", exact=True)).to_be_visible()


def reveal(seat: Seat, action: str) -> None:
    seat.page.get_by_role("link", name="Actions").click()
    seat.page.get_by_role("link", name=action, exact=True).click()
    with seat.page.expect_response(lambda r: "/reveal" in r.url):
        seat.page.get_by_role("button", name="Reveal to the table").click()


def by_voice(page: Page) -> None:
    """The host chooses, on its seat page, to call the next round by voice."""
    page.get_by_label("Call the round ourselves, by voice").check()
    page.get_by_role("button", name="Set for the next round").click()
    expect(page.get_by_label("Call the round ourselves, by voice")).to_be_checked()


# Every layout shift since the page opened, with what moved. A shift within 500 ms of the
# player's own tap or key (hadRecentInput) is the player's doing, and CLS leaves it out.
LAYOUT_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({value: e.value, input: e.hadRecentInput,
      moved: e.sources.map(s => s.node && s.node.nodeType === 1
        ? s.node.tagName + (s.node.id ? "#" + s.node.id : "") + "." + s.node.className
        : String(s.node))});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def assert_the_note_fits(page: Page) -> None:
    """The note in view lies whole inside its row: nothing of it is cut off, nothing spills
    onto a card."""
    boxes = page.evaluate(
        """() => { const row = document.getElementById("notes").getBoundingClientRect();
          return [...document.querySelectorAll("#notes > *")].filter(n => n.offsetHeight)
            .map(n => { const b = n.getBoundingClientRect();
              return [n.innerText.trim(), b.top - row.top, row.bottom - b.bottom]; }); }"""
    )
    assert boxes, "no note shows"
    assert all(above >= 0 and below >= 0 for _, above, below in boxes), boxes


def unprompted_shifts(page: Page) -> list[dict]:
    """The shifts CLS counts: those no tap of the player's came just before."""
    page.wait_for_timeout(300)  # let the last frame's entries arrive
    return [shift for shift in page.evaluate("window.__shifts") if not shift["input"]]


def board_fits(board: Page, moment: str) -> None:
    """The shared board shows everything without scrolling, its reveals and its count large
    enough to read through a video call (20 px or more), and its allegiance chips all one
    size, 20 px or more, each word whole."""
    try:  # as a player sees it: once the board has laid out what it was sent
        board.wait_for_function("() => document.documentElement.scrollHeight <= 720", timeout=5000)
    except PlaywrightTimeoutError:
        pass  # the assertion says by how much
    height = board.evaluate("document.documentElement.scrollHeight")
    assert height <= 720, f"{moment}: the board is {height} px tall"
    small = board.evaluate(
        """() => [...document.querySelectorAll('.reveal-list li, table td, caption, .tally-value')]
          .filter(e => e.getClientRects().length && !e.closest('details:not([open])'))
          .map(e => [e.textContent.trim(), parseFloat(getComputedStyle(e).fontSize)])
          .filter(([, size]) => size < 20)"""
    )
    assert small == [], f"{moment}: text under 20 px: {small[:5]}"
    chips = board.evaluate(
        """() => [...document.querySelectorAll('.mini-allegiance:not(.mini-back)')]
          .map(e => [e.textContent.trim(), parseFloat(getComputedStyle(e).fontSize),
                     e.scrollWidth <= e.clientWidth])"""
    )
    assert len({size for _, size, _ in chips}) <= 1, f"{moment}: allegiance chips {chips}"
    assert all(size >= 20 and whole for _, size, whole in chips), f"{moment}: chips {chips}"
