"""Ready for the call: the screen stays on, the app installs, and it survives a lost connection."""

import json
import re
import struct
from urllib.parse import urljoin

import pytest
from playwright.sync_api import expect

from evilrobots.game.actions import Action
from evilrobots.serving.assets import StaticVersions
from tests.support.browser import (
    FAKE_WAKE_LOCK,
    PARTS,
    assert_shows_exactly,
    card,
    face_up,
    hand_on_screen,
    open_action,
)

NO_WAKE_LOCK = 'Object.defineProperty(navigator, "wakeLock", {value: undefined});'


WAKE_NOTE = "Your screen stays on. Tap Screen to let it sleep."


def wake(page) -> dict:
    return page.evaluate("window.__wake")


def wait_for_wake_lock(page) -> None:
    """Wait until the page holds the wake lock and has said whatever it says about it."""
    expect(page.get_by_role("button", name="Keep screen on")).to_have_attribute("data-held", "true")


def test_screen_is_kept_on_while_the_cards_are_visible(new_phone, live_server):
    page = new_phone()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    button = page.get_by_role("button", name="Keep screen on")
    expect(button).to_have_attribute("aria-pressed", "true")
    wait_for_wake_lock(page)
    status = page.locator("#status")
    expect(status).to_contain_text(WAKE_NOTE)
    page.get_by_role("button", name="Hide power").click()  # the note goes at the next tap
    expect(status).to_be_empty()
    expect(page.get_by_role("button", name="Show power")).to_be_visible()

    page.evaluate("__setVisible('hidden')")
    assert wake(page) == {"requests": 1, "releases": 1, "held": False}
    page.evaluate("__setVisible('visible')")
    page.wait_for_function("() => window.__wake.held")
    assert wake(page)["requests"] == 2


def test_the_player_can_let_the_screen_sleep(new_phone, live_server):
    page = new_phone()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    page.wait_for_function("() => window.__wake.held")
    page.get_by_role("button", name="Keep screen on").click()
    expect(page.get_by_role("button", name="Keep screen on")).to_have_attribute(
        "aria-pressed", "false"
    )
    assert wake(page)["held"] is False
    page.reload()
    expect(page.get_by_role("button", name="Keep screen on")).to_have_attribute(
        "aria-pressed", "false"
    )
    expect(page.locator("#status")).not_to_contain_text("screen stays on")
    page.evaluate("__setVisible('visible')")
    assert wake(page)["requests"] == 0
    page.get_by_role("button", name="Keep screen on").click()
    page.wait_for_function("() => window.__wake.held")


def test_the_player_is_told_the_screen_stays_on_once_per_visit(new_phone, live_server):
    page = new_phone()
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    wait_for_wake_lock(page)
    expect(page.locator("#status")).to_contain_text(WAKE_NOTE)
    page.reload()  # the wake lock is still wanted, and taken again
    wait_for_wake_lock(page)
    assert wake(page)["held"] is True
    expect(page.locator("#status")).not_to_contain_text("screen stays on")


def test_without_a_wake_lock_nothing_breaks(new_phone, live_server):
    page = new_phone()
    page.add_init_script(NO_WAKE_LOCK)
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    page.goto(live_server + "/")
    expect(page.get_by_role("button", name="Keep screen on")).to_have_count(0)
    page.get_by_role("button", name="Hide power").click()
    expect(page.get_by_role("button", name="Show power")).to_be_visible()
    assert errors == []


# ---- Installable ---------------------------------------------------------------------------


def fetch(client, url: str):
    """GET a URL with the test client, read it whole and close it (static files stream)."""
    with client.get(url) as response:
        response.get_data()
        return response


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_the_app_installable(client):
    page = client.get("/").get_data(as_text=True)
    href = re.search(r'<link rel="manifest" href="([^"]+)"', page).group(1)
    response = fetch(client, href)
    assert response.content_type == "application/manifest+json"
    manifest = json.loads(response.get_data())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["orientation"] == "portrait"
    assert manifest["start_url"] == "/" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        data = fetch(client, urljoin(href, icon["src"])).get_data()
        width, height = png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_manifest_speaks_the_pages_language(client):
    """An installed app is named in its phone's language (the page links its own)."""
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    href = re.search(r'<link rel="manifest" href="([^"]+)"', page).group(1)
    german = json.loads(fetch(client, href).get_data())
    english = json.loads(fetch(client, "/manifest.webmanifest?lang=en").get_data())
    assert german["lang"] == "de" and english["lang"] == "en"
    assert german["name"] != english["name"] == "Evil Robots companion"
    assert german["description"] != english["description"]


def test_service_worker_precaches_the_versioned_files_the_page_uses(client):
    page = client.get("/").get_data(as_text=True)
    worker = client.get("/sw.js")
    assert worker.headers["Cache-Control"] == "no-cache"
    script = worker.get_data(as_text=True)
    assets = re.findall(r'(?:href|src)="(/static/(?:css|js)/[^"]+\?v=\w+)"', page)
    assert {asset.split("?")[0] for asset in assets} >= {"/static/css/app.css", "/static/js/app.js"}
    sprites = set(re.findall(r'<use href="(/icons\.svg\?v=\w+)#', page))
    assert len(sprites) == 1
    for url in assets + list(sprites):
        assert json.dumps(url) in script
    assert 'const PAGES = ["/", "/rules", "/robots", "/video"];' in script
    assert "skipWaiting" in script and "clients.claim" in script


def test_static_urls_change_when_the_file_does(tmp_path):
    (tmp_path / "app.css").write_text("body { color: red }")
    versions = StaticVersions(tmp_path)
    before, release = versions.version_of("app.css"), versions.release()
    (tmp_path / "app.css").write_text("body { color: blue }")
    fresh = StaticVersions(tmp_path)
    assert fresh.version_of("app.css") != before
    assert fresh.release() != release


def test_versioned_static_files_are_cached_for_a_year(client):
    page = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/css/app.css\?v=\w+)"', page).group(1)
    assert "max-age=31536000" in fetch(client, css).headers["Cache-Control"]
    assert "immutable" in fetch(client, css).headers["Cache-Control"]
    stale = fetch(client, "/static/css/app.css?v=old").headers["Cache-Control"]
    assert "max-age=0" in stale


# ---- Offline-safe ------------------------------------------------------------------------


# The arrangement the phone keeps until the server has it, by its localStorage key (the key
# starts with "evilrobots:pending" and may name the URL it is saved to).
PENDING = """() => Object.fromEntries(Object.keys(localStorage)
  .filter(key => key.startsWith("evilrobots:pending"))
  .map(key => [key, JSON.parse(localStorage.getItem(key))]))"""


def pending(page) -> dict:
    return page.evaluate(PENDING)


@pytest.fixture
def installed(new_phone, live_server):
    """A phone that has loaded the app once, with the service worker in control."""
    page = new_phone()
    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    return page


def test_offline_the_hand_stays_and_the_local_controls_work(installed):
    page = installed
    robot = card(page, "robot").locator(".robot-name").inner_text()
    page.context.set_offline(True)
    page.reload()
    expect(card(page, "robot").locator(".robot-name")).to_have_text(robot)

    page.get_by_role("button", name="Hide robot").click()
    expect(page.get_by_role("button", name="Show robot")).to_be_visible()
    page.get_by_role("button", name="Evil", exact=True).click()
    expect(card(page, "allegiance").get_by_text("Evil", exact=True)).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Shuffle and points wait")

    open_action(page, Action.CONVERT_OTHER)
    assert_shows_exactly(page, Action.CONVERT_OTHER)
    page.get_by_role("button", name="Back to cards").click()

    # Shuffling needs the server: the tap sends nothing and the hand is untouched.
    sent = []
    page.on("request", lambda request: sent.append((request.method, request.url)))
    round_id, shown = page.locator("#hand").get_attribute("data-round"), hand_on_screen(page)
    page.get_by_role("button", name="Shuffle", exact=True).click()
    expect(page.locator("#status")).to_contain_text("Shuffle and points wait")
    page.wait_for_timeout(300)
    assert [url for method, url in sent if method == "POST" and url.endswith("/shuffle")] == []
    assert page.locator("#hand").get_attribute("data-round") == round_id
    assert hand_on_screen(page) == shown

    # Offline changes survive a reload from the cache ...
    page.reload()
    assert not face_up(page, "robot")
    assert card(page, "allegiance").get_attribute("data-allegiance") == "evil"

    # ... and reach the server when the connection returns.
    with page.expect_response(lambda response: "/sync" in response.url):
        page.context.set_offline(False)
    expect(page.locator("#status")).to_be_empty()
    page.reload()
    assert not face_up(page, "robot")
    assert card(page, "allegiance").get_attribute("data-allegiance") == "evil"
    assert pending(page) == {}


def test_an_offline_change_is_not_applied_to_a_newer_round(installed):
    page = installed
    page.context.set_offline(True)
    page.get_by_role("button", name="Hide power").click()
    ((key, saved),) = pending(page).items()
    old_round = page.locator("#hand").get_attribute("data-round")
    assert saved["round"] == old_round and saved["hidden"] == ["power"]
    page.context.set_offline(False)
    page.wait_for_function("key => localStorage.getItem(key) === null", arg=key)
    page.get_by_role("button", name="Shuffle", exact=True).click()
    expect(page.locator("#hand")).not_to_have_attribute("data-round", old_round)
    expect(page.get_by_role("button", name="Hide power")).to_be_visible()
    allegiance = card(page, "allegiance").get_attribute("data-allegiance")
    other = "good" if allegiance != "good" else "evil"
    # An arrangement left over from the old round is dropped, not applied to the new one.
    stale = {"round": old_round, "hidden": PARTS, "allegiance": other}
    page.evaluate("([key, s]) => localStorage.setItem(key, JSON.stringify(s))", [key, stale])
    page.reload()
    assert [face_up(page, part) for part in PARTS] == [True, True, True]
    assert card(page, "allegiance").get_attribute("data-allegiance") == allegiance
    assert pending(page) == {}


def test_while_developing_an_edited_file_gets_a_new_url(tmp_path):
    (tmp_path / "app.css").write_text("body { color: red }")
    versions = StaticVersions(tmp_path, remember=False)
    before = versions.version_of("app.css")
    (tmp_path / "app.css").write_text("body { color: blue }")
    assert versions.version_of("app.css") != before
