"""The pages to read in Chromium: the robot card leads to its entry, and the theme follows
the phone's."""

import re

import pytest
from playwright.sync_api import expect


def test_tapping_the_robot_card_opens_its_gallery_entry(phone):
    name = phone.get_by_role("region", name="Robot card").locator(".robot-name").inner_text()
    phone.get_by_role("region", name="Robot card").click(position={"x": 60, "y": 150})
    expect(phone).to_have_url(re.compile(rf"/robots#{name.lower()}$"))
    entry = phone.locator(f"#{name.lower()}")
    expect(entry).to_be_in_viewport()
    expect(entry).to_contain_text(name)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_theme_follows_the_system_setting(browser, live_server, scheme):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    page.goto(live_server + "/")
    body, text = page.evaluate(
        "[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]"
    )
    luminance = sum(int(v) for v in re.findall(r"\d+", body)[:3])
    assert (luminance < 200) == (scheme == "dark"), body
    # Cards keep the same bright face in both themes, so the camera sees the same card.
    face = page.evaluate("getComputedStyle(document.querySelector('.power-card')).backgroundColor")
    assert face == "rgb(251, 248, 241)"
    context.close()
