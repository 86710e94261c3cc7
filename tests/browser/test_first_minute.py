"""The first minute on a phone: notes never cover a control, a first tap always lands, a
shuffle is one quick swap, and a stray shuffle can be taken back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import FAKE_WAKE_LOCK, PARTS, card, hand_on_screen, wait_until_saved

PORTRAIT = [(320, 568), (360, 740), (390, 844), (430, 932)]
SIZES = PORTRAIT + [(height, width) for width, height in PORTRAIT]

# Every control in view must receive a tap at its centre: the element found there is the
# control or inside it. Returns the controls that something else covers.
COVERED_CONTROLS = """() => {
  const covered = [];
  for (const control of document.querySelectorAll("button, a[href], input, select, textarea")) {
    const box = control.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(control).visibility === "hidden") continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(control === hit || control.contains(hit))) {
      covered.push((control.getAttribute("aria-label") || control.textContent).trim() +
                   " under " + (hit ? hit.outerHTML.slice(0, 60) : "nothing"));
    }
  }
  return covered;
}"""

NOTE_OVERLAPS = """() => {
  const notes = [...document.querySelectorAll(".notes > *")].filter(n => n.offsetHeight);
  const overlaps = [];
  for (const note of notes) {
    const a = note.getBoundingClientRect();
    for (const control of document.querySelectorAll("button, a[href]")) {
      if (note.contains(control) || !control.offsetHeight) continue;
      const b = control.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
        overlaps.push(note.textContent.trim().slice(0, 30) + " / " + control.textContent.trim());
      }
    }
  }
  return overlaps;
}"""


def assert_nothing_covers_a_control(page: Page) -> None:
    """Scroll through the page; at every stop each control in view receives its tap."""
    height = page.evaluate("document.documentElement.scrollHeight")
    for top in range(0, height, max(1, page.viewport_size["height"] // 2)):
        page.evaluate(f"window.scrollTo(0, {top})")
        assert page.evaluate(COVERED_CONTROLS) == [], (page.viewport_size, top)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(NOTE_OVERLAPS) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_note_ever_covers_a_control(new_phone, live_server, size):
    page = new_phone({"width": size[0], "height": size[1]})
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    expect(page.locator("#status")).to_contain_text("screen stays on")
    assert_nothing_covers_a_control(page)

    page.get_by_role("button", name="Shuffle", exact=True).click()
    expect(page.get_by_role("button", name="Undo shuffle")).to_be_visible()
    assert_nothing_covers_a_control(page)

    page.context.set_offline(True)
    page.get_by_role("button", name="Hide power").click()
    expect(page.locator("#status")).to_contain_text("Offline")
    assert_nothing_covers_a_control(page)
    page.context.set_offline(False)


# Note the first tap: when it came, and what the status line said then.
FIRST_TAP = """addEventListener("click", (event) => {
  const status = document.getElementById("status");
  window.__firstTap = {note: status ? status.textContent : "",
                       onActions: event.target.closest("[data-open-panel]") !== null,
                       target: event.target.outerHTML.slice(0, 80)};
}, {capture: true, once: true});"""


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (844, 390)], ids=lambda s: f"{s[0]}")
def test_a_first_tap_on_actions_as_the_page_shows_opens_the_panel(
    browser, new_phone, live_server, size
):
    # How soon the tap is handled is measured in bench/ (Event Timing), not here: a timed
    # assertion fails on a loaded machine. Here: the tap sent the moment the page is parsed,
    # with the first note showing, lands on Actions and opens it, without a second tap.
    viewport = {"width": size[0], "height": size[1]}
    scout = new_phone(viewport)
    scout.goto(live_server + "/")
    box = scout.get_by_role("link", name="Actions").bounding_box()
    # A new player: first visit, the note not yet seen. Not in Chromium's phone emulation:
    # until its first frame it maps a click at the scale of a 980 px page, before applying
    # the page's viewport tag, so a click in the first 100 ms could land beside Actions (once
    # in about 20 runs at 320 px), which no finger can do before anything is shown. Without
    # the emulation the page is laid out at the phone's width from the start.
    context = browser.new_context(viewport=viewport, has_touch=True)
    page = context.new_page()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.add_init_script(FIRST_TAP)
    page.goto(live_server + "/", wait_until="domcontentloaded")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tap = page.evaluate("window.__firstTap")
    assert tap["onActions"], tap  # the tap landed on Actions, not on a note
    expect(page.get_by_role("dialog", name="Actions")).to_be_visible()
    assert "screen stays on" in tap["note"]  # the note was there, and did not catch the tap
    context.close()


def test_the_wake_note_goes_at_the_next_tap(new_phone, live_server):
    page = new_phone()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    expect(page.locator("#status")).to_contain_text("screen stays on")
    page.get_by_role("button", name="Hide robot").click()
    expect(page.get_by_role("button", name="Show robot")).to_be_visible()  # the tap landed
    expect(page.locator("#status")).to_be_hidden()


# ---- Shuffle: one round trip, then undo -----------------------------------------------------


def test_shuffle_swaps_the_hand_in_place_without_a_page_load(phone):
    phone.evaluate("window.__samePage = true")
    before = hand_on_screen(phone)
    seen = {before}
    for _ in range(4):
        with phone.expect_response(lambda r: r.url.endswith("/shuffle")) as answer:
            phone.get_by_role("button", name="Shuffle", exact=True).click()
        assert answer.value.headers["content-type"].startswith("application/json")
        expect(phone.get_by_role("button", name="Undo shuffle")).to_be_visible()
        seen.add(hand_on_screen(phone))
    assert phone.evaluate("window.__samePage") is True
    assert len(seen) >= 3
    # The swapped-in cards work like the first ones, and are what the server holds.
    phone.get_by_role("button", name="Hide power").click()
    expect(phone.get_by_role("button", name="Show power")).to_be_visible()
    shown = hand_on_screen(phone)
    wait_until_saved(phone)
    phone.reload()
    assert hand_on_screen(phone) == shown


def full_hand(page: Page) -> dict:
    """Everything a hand is on screen: cards, allegiance, coins, hidden cards, points."""
    points = page.get_by_role("region", name="Points card")
    return {
        "robot": card(page, "robot").locator(".robot-name").text_content(),
        "power": card(page, "power").locator(".power-value").text_content(),
        "allegiance": card(page, "allegiance").get_attribute("data-allegiance"),
        "coins": page.locator("#flips").inner_text(),
        "hidden": [
            part for part in PARTS if card(page, part).get_attribute("data-hidden") == "true"
        ],
        "points": points.inner_text() if points.count() else None,
    }


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_undo_shuffle_brings_back_the_hand_exactly(new_phone, live_server, javascript):
    page = new_phone(javascript=javascript)
    page.goto(live_server + "/")
    page.get_by_role("button", name="Evil", exact=True).click()
    page.get_by_role("button", name="Randomise allegiance").click()
    expect(page.locator("#flips")).to_contain_text("Coins:")
    page.get_by_role("button", name="Draw points card").click()
    expect(page.get_by_role("region", name="Points card")).to_be_visible()
    page.get_by_role("button", name="Hide robot").click()
    expect(page.get_by_role("button", name="Show robot")).to_be_visible()
    page.get_by_role("button", name="Hide allegiance").click()
    expect(page.get_by_role("button", name="Show allegiance")).to_be_visible()
    if javascript:
        wait_until_saved(page)
    before = full_hand(page)

    page.get_by_role("button", name="Shuffle", exact=True).click()
    expect(page.get_by_role("button", name="Draw points card")).to_be_visible()
    assert full_hand(page) != before
    page.get_by_role("button", name="Undo shuffle").click()
    expect(page.get_by_role("button", name="Undo shuffle")).to_have_count(0)
    assert full_hand(page) == before
    page.reload()
    assert full_hand(page) == before


def test_the_undo_offer_lasts_thirty_seconds(new_phone, live_server):
    page = new_phone()
    page.clock.install()
    page.goto(live_server + "/")
    page.get_by_role("button", name="Shuffle", exact=True).click()
    offer = page.get_by_role("button", name="Undo shuffle")
    expect(offer).to_be_visible()
    page.clock.run_for("00:25")
    expect(offer).to_be_visible()
    page.clock.run_for("00:06")
    expect(offer).to_have_count(0)


def test_a_passing_note_does_not_wait_behind_the_undo_offer(new_phone, live_server):
    """One note at a time: a tap on Screen while the offer shows says nothing, rather than
    have its note turn up, out of place, when the offer's time runs out."""
    page = new_phone()
    page.clock.install()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    page.get_by_role("button", name="Shuffle", exact=True).click()
    offer = page.get_by_role("button", name="Undo shuffle")
    expect(offer).to_be_visible()
    page.get_by_role("button", name="Keep screen on").click()
    expect(page.get_by_role("button", name="Keep screen on")).to_have_attribute(
        "aria-pressed", "false"
    )
    page.clock.run_for("00:31")
    expect(offer).to_have_count(0)
    expect(page.locator("#status")).to_be_empty()


def test_offline_the_undo_offer_waits_for_the_connection(new_phone, live_server):
    """Undoing needs the server: offline, the offer gives its row to the offline note, and
    comes back with the connection while its time lasts."""
    page = new_phone()
    page.goto(live_server + "/")
    before = hand_on_screen(page)
    page.get_by_role("button", name="Shuffle", exact=True).click()
    offer = page.get_by_role("button", name="Undo shuffle")
    expect(offer).to_be_visible()
    cards = hand_on_screen(page)
    page.context.set_offline(True)
    expect(page.locator("#status")).to_contain_text(re.compile("Offline"))
    expect(offer).to_be_hidden()
    assert hand_on_screen(page) == cards
    page.context.set_offline(False)
    offer.click()
    expect(offer).to_be_hidden()
    assert hand_on_screen(page) == before  # the hand before the shuffle, back


# The card's own parts that a switch or a pip must never cover: returns those overlapping.
CARD_OVERLAPS = """() => {
  const box = (css) => document.querySelector(css).getBoundingClientRect();
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const pairs = [
    [".slot-power .power-value", ".slot-power .switch"],
    [".slot-power .power-label", ".slot-power .switch"],
    [".slot-power .power-label", ".slot-power .pip-bottom"],
    [".slot-power .power-value", ".slot-power .pip-top"],
    [".slot-allegiance .allegiance-word", ".slot-allegiance .switch"],
    [".slot-robot .robot-name", ".slot-robot .switch"],
  ];
  return pairs.filter(([a, b]) => meet(box(a), box(b)));
}"""


@pytest.mark.parametrize("size", [*SIZES, (375, 667)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_switch_or_pip_covers_what_the_camera_reads(new_phone, live_server, size):
    """The power numeral, the card's words and names stay clear of the Hide switch and the
    corner pips at every phone size, with the first visit's note above the cards and
    without it."""
    page = new_phone({"width": size[0], "height": size[1]})
    page.goto(live_server + "/")
    expect(card(page, "power")).to_be_visible()
    for _ in range(12):  # several hands: a robot's name and its text vary in length
        assert page.evaluate(CARD_OVERLAPS) == [], (size, hand_on_screen(page))
        before = page.locator("#hand").get_attribute("data-round")
        page.get_by_role("button", name="Shuffle", exact=True).click()
        expect(page.locator("#hand")).not_to_have_attribute("data-round", before)
