"""Keyboard only: every control reachable with Tab, operable with Enter or Space, focus visible."""

from playwright.sync_api import Page, expect

from tests.support.browser import card, face_up

FOCUS_RING = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {
    name: el.getAttribute("aria-label") || el.textContent.trim().replace(/\\s+/g, " "),
    ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
  };
}"""


def tab_through(page: Page, steps: int) -> list[dict]:
    seen = []
    for _ in range(steps):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUS_RING))
    return seen


def tab_to(page: Page, name: str, limit: int = 40) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUS_RING)["name"] == name:
            return
    raise AssertionError(f"Tab never reached {name!r}")


def test_every_card_view_control_is_reachable_with_a_visible_focus_ring(phone):
    seen = tab_through(phone, 16)
    names = [item["name"] for item in seen]
    robot = card(phone, "robot").locator(".robot-name").inner_text()
    expected = [
        "Actions",
        "Keep screen on",
        "Shuffle",
        robot,
        "Hide robot",
        "Hide power",
        "Hide allegiance",
        "Good",
        "Evil",
        "Neutral",
        "Randomise allegiance",
        "Draw points card",
    ]
    assert names[: len(expected)] == expected
    assert all(item["ring"] for item in seen[: len(expected)]), seen


def test_card_controls_work_from_the_keyboard(phone):
    tab_to(phone, "Hide power")
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("button", name="Show power")).to_be_focused()
    assert not face_up(phone, "power")
    phone.keyboard.press("Space")
    expect(phone.get_by_role("button", name="Hide power")).to_be_focused()
    assert face_up(phone, "power")
    other = next(  # an allegiance the hand does not have yet
        name
        for name in ["Good", "Evil", "Neutral"]
        if phone.get_by_role("button", name=name, exact=True).get_attribute("aria-pressed")
        == "false"
    )
    tab_to(phone, other)
    phone.keyboard.press("Space")
    expect(phone.get_by_role("button", name=other, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(card(phone, "allegiance")).to_have_attribute("data-allegiance", other.lower())


def test_actions_panel_and_action_views_work_from_the_keyboard(phone):
    tab_to(phone, "Actions")
    phone.keyboard.press("Enter")
    dialog = phone.get_by_role("dialog", name="Actions")
    expect(dialog).to_be_visible()
    expect(phone.get_by_role("link", name="Debate", exact=True)).to_be_focused()
    phone.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(phone.get_by_role("link", name="Actions")).to_be_focused()

    phone.keyboard.press("Enter")
    tab_to(phone, "Convert another player")
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("heading", name="Convert another player")).to_be_visible()
    tab_to(phone, "Back to cards")
    assert phone.evaluate(FOCUS_RING)["ring"]
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("button", name="Shuffle", exact=True)).to_be_visible()
    expect(phone.get_by_role("link", name="Actions")).to_be_focused()


def test_text_pages_show_a_focus_ring_on_links(new_phone, live_server):
    page = new_phone()
    for path in ["/rules", "/robots", "/print", "/actions"]:
        page.goto(live_server + path)
        for item in tab_through(page, 4):
            assert item["ring"], (path, item)
