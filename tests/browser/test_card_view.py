"""The applet in Debian's Chromium at a phone's size, as a player uses it."""

import re

import pytest
from playwright.sync_api import expect

from evilrobots.game.actions import Action
from tests.support.browser import (
    PARTS,
    assert_fully_on_screen,
    assert_shows_exactly,
    back_to_cards,
    card,
    face_up,
    hand_on_screen,
    no_scrolling,
    open_action,
    tap_and_wait_for_save,
    visible_allegiance,
)

# ---- Layout ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_and_main_controls_fit_a_phone_without_scrolling(new_phone, live_server, size):
    page = new_phone({"width": size[0], "height": size[1]})
    page.goto(live_server + "/")
    assert no_scrolling(page) == [True, True]
    for part in PARTS:
        assert_fully_on_screen(page, card(page, part))
        assert_fully_on_screen(page, page.get_by_role("button", name=f"Hide {part}"))
    for name in ["Shuffle", "Good", "Evil", "Neutral", "Randomise allegiance", "Draw points card"]:
        assert_fully_on_screen(page, page.get_by_role("button", name=name, exact=True))
    assert_fully_on_screen(page, page.get_by_role("link", name="Actions"))
    # The Actions control sits at the top left.
    box = page.get_by_role("link", name="Actions").bounding_box()
    assert box["x"] < 40 and box["y"] < 40


@pytest.mark.parametrize("width", [320, 360, 390, 414, 600, 1024])
def test_no_horizontal_scroll_at_any_width(new_phone, live_server, width):
    page = new_phone({"width": width, "height": 800})
    for path in [
        "/",
        "/actions",
        "/action/end-of-round",
        "/credits",
        "/rules",
        "/robots",
        "/print",
    ]:
        page.goto(live_server + path)
        assert no_scrolling(page)[0], (width, path)


def test_landscape_shows_the_three_cards_and_the_controls(new_phone, live_server):
    page = new_phone({"width": 844, "height": 390})
    page.goto(live_server + "/")
    assert no_scrolling(page)[0]
    for part in PARTS:
        assert_fully_on_screen(page, card(page, part))
    for name in ["Shuffle", "Good", "Evil", "Neutral", "Randomise allegiance"]:
        assert_fully_on_screen(page, page.get_by_role("button", name=name, exact=True))


# ---- Playing a round -------------------------------------------------------------------


def test_shuffle_deals_new_cards(phone):
    seen = {hand_on_screen(phone)}
    for _ in range(6):
        round_id = phone.locator("#hand").get_attribute("data-round")
        phone.get_by_role("button", name="Shuffle", exact=True).click()
        # The whole card view is swapped for the new round's.
        expect(phone.locator("#hand")).not_to_have_attribute("data-round", round_id)
        seen.add(hand_on_screen(phone))
    assert len(seen) >= 4


@pytest.mark.parametrize("part", PARTS)
def test_hide_and_show_each_card(phone, part):
    tap_and_wait_for_save(phone, f"Hide {part}")
    expect(card(phone, part).get_by_text("Hidden", exact=True)).to_be_visible()
    expect(card(phone, part).locator(".face:not([hidden])")).to_be_hidden()
    phone.reload()
    expect(card(phone, part).get_by_text("Hidden", exact=True)).to_be_visible()
    tap_and_wait_for_save(phone, f"Show {part}")
    expect(card(phone, part).get_by_text("Hidden", exact=True)).to_be_hidden()
    expect(phone.get_by_role("button", name=f"Hide {part}")).to_be_visible()
    phone.reload()
    assert face_up(phone, part)


@pytest.mark.parametrize("allegiance", ["Good", "Evil", "Neutral"])
def test_choose_each_allegiance(phone, allegiance):
    other = "Evil" if allegiance != "Evil" else "Good"
    if phone.get_by_role("button", name=other, exact=True).get_attribute("aria-pressed") != "true":
        # Saved before the next tap: otherwise the wait below could take this tap's answer for
        # the next one's, and the reload come before the next one is saved.
        tap_and_wait_for_save(phone, other)
    tap_and_wait_for_save(phone, allegiance)
    expect(card(phone, "allegiance").get_by_text(allegiance, exact=True)).to_be_visible()
    expect(phone.get_by_role("button", name=allegiance, exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    phone.reload()
    assert visible_allegiance(phone) == allegiance.lower()


def test_randomise_flips_two_coins_and_shows_them(phone):
    results = set()
    for _ in range(12):
        phone.get_by_role("button", name="Evil", exact=True).click()
        phone.get_by_role("button", name="Good", exact=True).click()
        expect(phone.locator("#flips")).to_have_text("Allegiance changed since the coin flips")
        phone.get_by_role("button", name="Randomise allegiance").click()
        expect(phone.locator("#flips")).to_contain_text("Coins:")
        text = phone.locator("#flips").inner_text()
        first, second, result = re.match(r"Coins: (\w+) \+ (\w+) → (\w+)", text).groups()
        expected = {"HeadsHeads": "Good", "TailsTails": "Evil"}.get(first + second, "Neutral")
        assert result == expected
        expect(card(phone, "allegiance").get_by_text(expected, exact=True)).to_be_visible()
        results.add(result)
    assert len(results) >= 2


def test_points_card_is_drawn_from_the_deck_and_looks_different(phone):
    phone.get_by_role("button", name="Draw points card").click()
    points = phone.get_by_role("region", name="Points card")
    expect(points).to_contain_text(re.compile(r"This round is worth [1-9]"))
    expect(phone.get_by_role("button", name="Draw points card")).to_have_count(0)
    phone.wait_for_load_state("load")  # its styles applied, as the player sees the page
    colours = phone.evaluate(
        "[getComputedStyle(document.querySelector('.points-card')).backgroundColor,"
        " getComputedStyle(document.querySelector('.power-card')).backgroundColor]"
    )
    assert colours[0] != colours[1]
    worth = points.inner_text()
    phone.reload()
    expect(phone.get_by_role("region", name="Points card")).to_have_text(worth)


@pytest.mark.parametrize("action", list(Action), ids=lambda a: a.slug)
def test_each_action_entry_shows_just_what_it_needs(phone, action):
    open_action(phone, action)
    assert_shows_exactly(phone, action)
    expect(phone.get_by_role("button", name="Shuffle", exact=True)).to_be_hidden()
    back_to_cards(phone).click()
    expect(phone.get_by_role("button", name="Shuffle", exact=True)).to_be_visible()
    for part in PARTS:
        expect(card(phone, part)).to_be_visible()


def test_an_action_view_survives_a_reload(phone):
    open_action(phone, Action.CONVERT_OTHER)
    phone.reload()
    assert_shows_exactly(phone, Action.CONVERT_OTHER)
    back_to_cards(phone).click()
    expect(phone.get_by_role("button", name="Shuffle", exact=True)).to_be_visible()


def test_shown_cards_grow_in_an_action_view(phone):
    normal = card(phone, "power").bounding_box()
    open_action(phone, Action.PROVE_POWER)
    grown = card(phone, "power").bounding_box()
    assert grown["width"] * grown["height"] > 2.5 * normal["width"] * normal["height"]


def test_action_view_ignores_what_the_player_hid_on_the_card_view(phone):
    tap_and_wait_for_save(phone, "Hide power")
    open_action(phone, Action.PROVE_POWER)
    expect(card(phone, "power").locator(".power-value")).to_be_visible()
    back_to_cards(phone).click()
    expect(phone.get_by_role("button", name="Show power")).to_be_visible()
    phone.reload()
    open_action(phone, Action.PROVE_POWER)
    expect(card(phone, "power").locator(".power-value")).to_be_visible()


# ---- The hand lasts; players are separate ------------------------------------------------


def test_hand_survives_reload_and_a_closed_tab(phone):
    tap_and_wait_for_save(phone, "Hide robot")
    phone.get_by_role("button", name="Good", exact=True).click()
    tap_and_wait_for_save(phone, "Evil")
    before = (card(phone, "robot").locator(".robot-name").text_content(), hand_on_screen(phone)[1:])
    url = phone.url
    context = phone.context
    phone.close()
    reopened = context.new_page()
    reopened.goto(url)
    after = (
        card(reopened, "robot").locator(".robot-name").text_content(),
        hand_on_screen(reopened)[1:],
    )
    assert after == before
    assert not face_up(reopened, "robot")


def test_two_players_have_independent_hands(new_phone, live_server):
    alice, bob = new_phone(), new_phone()
    alice.goto(live_server + "/")
    bob.goto(live_server + "/")
    bob_before = hand_on_screen(bob)
    tap_and_wait_for_save(alice, "Hide power")
    alice.get_by_role("button", name="Shuffle", exact=True).click()
    bob.reload()
    assert hand_on_screen(bob) == bob_before
    assert face_up(bob, "power")


# ---- The script: instant, and saved in order ---------------------------------------------


def test_hiding_changes_the_screen_before_the_server_answers(phone):
    held = []
    phone.route("**/sync", lambda route: held.append(route))
    phone.get_by_role("button", name="Hide power").click()
    expect(card(phone, "power").get_by_text("Hidden", exact=True)).to_be_visible()
    expect(phone.get_by_role("button", name="Show power")).to_be_visible()
    phone.wait_for_timeout(50)
    assert len(held) == 1
    held[0].abort()
    expect(phone.locator("#status")).to_contain_text("Offline")


def test_quick_taps_are_all_saved(phone):
    for part in PARTS:
        phone.get_by_role("button", name=f"Hide {part}").click()
    phone.get_by_role("button", name="Show power").click()
    phone.get_by_role("button", name="Good", exact=True).click()
    last = "allegiance=evil"
    with phone.expect_response(lambda response: last in (response.request.post_data or "")):
        phone.get_by_role("button", name="Evil", exact=True).click()
    phone.reload()
    assert [face_up(phone, part) for part in PARTS] == [False, True, False]
    assert card(phone, "allegiance").get_attribute("data-allegiance") == "evil"


def test_randomise_waits_for_the_save_before_it_so_answers_cannot_cross(phone):
    held, sent, release = [], [], []
    phone.on("request", lambda request: sent.append(request.url))
    phone.route("**/sync", lambda route: route.continue_() if release else held.append(route))
    phone.get_by_role("button", name="Evil", exact=True).click()
    phone.get_by_role("button", name="Good", exact=True).click()
    phone.get_by_role("button", name="Randomise allegiance").click()
    phone.wait_for_timeout(200)
    assert len(held) == 1
    assert not any(url.endswith("/randomise") for url in sent)  # still waiting its turn
    release.append(True)
    with phone.expect_response(lambda response: response.url.endswith("/randomise")):
        held[0].continue_()
    expect(phone.locator("#flips")).to_contain_text("Coins:")
    shown = card(phone, "allegiance").get_attribute("data-allegiance")
    phone.reload()
    assert card(phone, "allegiance").get_attribute("data-allegiance") == shown
    expect(phone.locator("#flips")).to_contain_text("Coins:")


# ---- Everything again with JavaScript turned off -----------------------------------------


def test_the_whole_flow_works_without_javascript(new_phone, live_server):
    page = new_phone(javascript=False)
    page.goto(live_server + "/")
    first = hand_on_screen(page)
    for part in PARTS:
        page.get_by_role("button", name=f"Hide {part}").click()
        assert not face_up(page, part)
        page.get_by_role("button", name=f"Show {part}").click()
        assert face_up(page, part)
    for allegiance in ["Evil", "Good", "Neutral"]:
        page.get_by_role("button", name=allegiance, exact=True).click()
        assert visible_allegiance(page) == allegiance.lower()
    page.get_by_role("button", name="Randomise allegiance").click()
    expect(page.locator("#flips")).to_contain_text("Coins:")
    page.get_by_role("button", name="Draw points card").click()
    expect(page.get_by_role("region", name="Points card")).to_contain_text("This round is worth")
    for action in Action:
        open_action(page, action)
        assert_shows_exactly(page, action)
        page.get_by_role("link", name="Back to cards").click()
    seen = {first}
    for _ in range(5):
        page.get_by_role("button", name="Shuffle", exact=True).click()
        seen.add(hand_on_screen(page))
    assert len(seen) >= 3
    expect(page.get_by_role("button", name="Draw points card")).to_be_visible()
