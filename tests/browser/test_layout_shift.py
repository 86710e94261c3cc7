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
    bob.page.add_init_script(LAYOUT_SHIFTS)
    bob.page.reload()
    deal(table)
    first = bob.page.locator("#hand").get_attribute("data-round")
    tap_twice(ada.page, "Deal the next round")  # a re-deal: the same round, new cards
    expect(bob.page.locator("#hand")).not_to_have_attribute("data-round", first)
    bob.page.wait_for_timeout(600)
    bob.page.context.set_offline(True)
    expect(bob.page.locator("#status")).to_contain_text("Offline")
    assert_the_note_fits(bob.page)
    bob.page.context.set_offline(False)
    expect(bob.page.locator("#status")).not_to_contain_text("Offline")
    tap_twice(ada.page, "End the round")
    expect(bob.page.locator("table.tally")).to_be_visible()
    assert unprompted_shifts(bob.page) == []
