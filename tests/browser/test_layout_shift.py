"""The cards hold still in front of the camera: no note, offer or new deal moves them without
the player's own tap (Cumulative Layout Shift, as the Layout Instability API counts it, is 0)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    FAKE_WAKE_LOCK,
    LAYOUT_SHIFTS,
    assert_the_note_fits,
    deal,
    tap_twice,
    unprompted_shifts,
)


@pytest.mark.parametrize("size", [(390, 844), (320, 568), (844, 390)], ids=lambda s: f"{s[0]}")
def test_the_card_view_holds_still_over_a_shuffle_an_undo_and_the_notes(
    new_phone, live_server, size
):
    page = new_phone({"width": size[0], "height": size[1]})
    page.clock.install()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.add_init_script(LAYOUT_SHIFTS)
    page.goto(live_server + "/")
    status = page.locator("#status")
    expect(status).to_contain_text("screen stays on")  # the first visit's note, after the load
    assert_the_note_fits(page)
    page.get_by_role("button", name="Shuffle", exact=True).click()
    offer = page.get_by_role("button", name="Undo shuffle")
    expect(offer).to_be_visible()
    assert_the_note_fits(page)
    page.wait_for_timeout(600)  # longer than the 500 ms in which a shift is the tap's doing
    page.clock.fast_forward(31_000)  # the offer's time runs out, with nobody touching the phone
    expect(offer).to_be_hidden()
    page.get_by_role("button", name="Shuffle", exact=True).click()
    offer.click()
    expect(offer).to_be_hidden()
    page.wait_for_timeout(600)
    page.context.set_offline(True)  # the connection drops by itself, and comes back
    expect(status).to_contain_text("Offline")
    assert_the_note_fits(page)
    page.context.set_offline(False)
    expect(status).not_to_contain_text("Offline")
    assert unprompted_shifts(page) == []


def test_a_seat_holds_still_over_a_deal_a_redeal_and_the_round_going_on(table):
    ada, bob = table["ada"], table["bob"]
    bob.page.set_viewport_size({"width": 320, "height": 568})
    bob.page.add_init_script(LAYOUT_SHIFTS)
    bob.page.reload()
    deal(table)
    first = bob.page.locator("#hand").get_attribute("data-round")
    tap_twice(ada.page, "Deal this round again")  # a re-deal: the same round, new cards
    expect(bob.page.locator("#hand")).not_to_have_attribute("data-round", first)
    expect(bob.page.locator("#status")).to_contain_text("these are your new cards")
    assert_the_note_fits(bob.page)  # the longest note, at 320 px
    bob.page.wait_for_timeout(600)
    bob.page.context.set_offline(True)
    expect(bob.page.locator("#status")).to_contain_text("Offline")
    assert_the_note_fits(bob.page)
    bob.page.context.set_offline(False)
    expect(bob.page.locator("#status")).not_to_contain_text("Offline")
    tap_twice(ada.page, "End the round")
    expect(bob.page.locator("table.tally")).to_be_visible()
    assert unprompted_shifts(bob.page) == []


def test_an_action_view_holds_still_when_the_connection_comes_and_goes(phone):
    """The cards held up to the camera in an action's view: the offline note takes the row
    kept for it, and the cards do not move."""
    phone.add_init_script(LAYOUT_SHIFTS)
    phone.reload()
    phone.get_by_role("link", name="Actions").click()
    phone.get_by_role("link", name="Convert another player", exact=True).click()
    expect(phone.get_by_role("button", name="Back to cards")).to_be_visible()
    phone.wait_for_timeout(600)
    phone.context.set_offline(True)
    expect(phone.locator("#status")).to_contain_text("Offline")
    assert_the_note_fits(phone)
    phone.context.set_offline(False)
    expect(phone.locator("#status")).not_to_contain_text("Offline")
    assert unprompted_shifts(phone) == []


def test_the_measure_sees_a_shift_nobody_asked_for(phone):
    """The check above can fail: a row pushed in above the cards, with no tap, is counted."""
    phone.add_init_script(LAYOUT_SHIFTS)
    phone.reload()
    expect(phone.locator("#hand")).to_be_visible()
    phone.wait_for_timeout(600)
    phone.evaluate(
        """() => document.getElementById("hand").before(
          Object.assign(document.createElement("div"), {style: "height: 80px"}))"""
    )
    assert any(shift["value"] > 0 for shift in unprompted_shifts(phone))


def test_a_seat_holds_still_from_its_first_paint_on_a_slow_phone(table, browser):
    """Bob's seat loaded again and again on a phone whose CPU is four times slower (where
    the browser may paint before it has read the whole page): the Screen-on button is in
    the bar from the first paint (the server knows the page is in a secure context), the
    cards are shown once whole, and nothing moves by itself. The shifts this caught were
    the bar's title moving for the button, and the cards moving up once their controls'
    rows came (about one load in twenty-five each)."""
    deal(table)
    cookies = table["bob"].page.context.cookies()
    for _ in range(8):
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        context.add_cookies(cookies)
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.add_init_script(LAYOUT_SHIFTS)
        page.goto(table["url"], wait_until="commit")
        expect(page.get_by_role("button", name="Keep screen on")).to_be_visible()
        expect(page.locator("#hand .slot-robot .robot-name")).to_be_visible()
        page.wait_for_load_state("load")
        assert unprompted_shifts(page) == []
        context.close()
    # What holds a half-read hand back: until its last element is read, it is not shown.
    hand = table["bob"].page.locator("#hand")
    expect(hand).to_have_css("visibility", "visible")
    hand.evaluate("e => e.querySelector(':scope > .hand-end').remove()")
    expect(hand).to_have_css("visibility", "hidden")
