"""The applet in each of its languages, in Chromium at phone sizes: every word in the
phone's language, nothing cut, overlapping or scrolling sideways (German is the longest),
and the picker, which works without the script."""

from __future__ import annotations

import pytest
from babel.support import Translations
from playwright.sync_api import Page, expect

from evilrobots.web.i18n import LANGUAGES
from tests.support.browser import assert_fully_on_screen, assert_the_note_fits, no_scrolling
from tools.catalogs import TRANSLATIONS

SIZES = [(320, 568), (390, 844)]
PHONE_LOCALE = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE", "es": "es-ES"}


def words(language: str):
    """The catalog's gettext for a language: what the app should say there."""
    return Translations.load(str(TRANSLATIONS), [language]).gettext


def whole(page: Page, css: str) -> list[str]:
    """The texts of the visible elements matching ``css`` that are cut (their words wider
    or taller than their box) or that leave the screen's width."""
    return page.evaluate(
        """css => [...document.querySelectorAll(css)].filter(e => e.offsetParent !== null)
          .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
                       || e.getBoundingClientRect().right > innerWidth + 0.5
                       || e.getBoundingClientRect().left < -0.5)
          .map(e => e.innerText.trim() || e.getAttribute('aria-label'))""",
        css,
    )


def clear_of(page: Page, inner: str, outer: str) -> bool:
    """Whether the words of ``inner`` (their own box, not their element's) stay clear of
    ``outer``'s box."""
    return page.evaluate(
        """([inner, outer]) => { const r = document.createRange();
          r.selectNodeContents(document.querySelector(inner));
          const a = r.getBoundingClientRect();
          const b = document.querySelector(outer).getBoundingClientRect();
          return a.right <= b.left || b.right <= a.left
              || a.bottom <= b.top || b.bottom <= a.top; }""",
        [inner, outer],
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_card_view_fits_in_every_language(new_phone, live_server, language, size):
    _ = words(language)
    page = new_phone({"width": size[0], "height": size[1]}, locale=PHONE_LOCALE[language])
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    # Nothing sideways; on a tall phone nothing below the fold (a short one scrolls down).
    tall = size[1] >= 740
    assert no_scrolling(page) == [True, True] if tall else no_scrolling(page)[0]
    controls = [page.get_by_role("link", name=_("Actions"))]
    for name in [_("Shuffle"), _("Good"), _("Evil"), _("Neutral"), _("Randomise allegiance")]:
        controls.append(page.get_by_role("button", name=name, exact=True))
    for part in ["robot", "power", "allegiance"]:
        controls.append(page.get_by_role("button", name=_(f"Hide {part}")))
    for control in controls:
        if tall:
            assert_fully_on_screen(page, control)
        else:
            box = control.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, (control, box)
    assert whole(page, ".bar-button, .choice, .draw-points, .foot-button, .language-link") == []
    assert clear_of(page, ".power-label", ".pip-bottom"), "the power's word runs under a pip"
    assert clear_of(page, ".power-label", ".pip-top")
    # The longest note the applet says, where it says it.
    page.context.set_offline(True)
    page.get_by_role("button", name=_("Hide robot")).click()
    expect(page.locator("#status")).to_have_text(
        _("Offline: your taps are kept. Shuffle and points wait.")
    )
    assert_the_note_fits(page)
    page.context.set_offline(False)


@pytest.mark.parametrize("language", ["fr", "de", "es"])
def test_an_action_is_shown_for_the_camera_in_the_phones_language(new_phone, live_server, language):
    _ = words(language)
    page = new_phone({"width": 320, "height": 568}, locale=PHONE_LOCALE[language])
    page.goto(live_server + "/")
    page.get_by_role("link", name=_("Actions")).click()
    page.get_by_role("link", name=_("Convert another player"), exact=True).click()
    title = page.locator("#focus-title")
    expect(title).to_contain_text(_("Convert another player"))
    expect(title).to_contain_text(_("Your turn"))
    assert whole(page, "#focus-title, .bar-button") == []
    assert no_scrolling(page)[0]
    expect(page.get_by_role("region", name=_("Power card"))).to_be_visible()
    expect(page.get_by_role("region", name=_("Robot card"))).to_be_hidden()
    page.get_by_role("button", name=_("Back to cards")).click()
    expect(page.get_by_role("button", name=_("Shuffle"))).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no script"])
def test_the_picker_changes_this_phones_language_and_keeps_it(new_phone, live_server, javascript):
    page = new_phone({"width": 320, "height": 568}, javascript=javascript, locale="fr-FR")
    page.goto(live_server + "/")
    expect(page.get_by_role("button", name="Mélanger")).to_be_visible()
    page.get_by_role("link", name="Langue\u00a0: Français").click()
    page.get_by_role("button", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("button", name="Mischen")).to_be_visible()
    page.reload()  # kept in the phone's cookie
    expect(page.get_by_role("button", name="Mischen")).to_be_visible()
    # Another phone, at the same call, keeps its own.
    other = new_phone({"width": 320, "height": 568}, locale="es-ES")
    other.goto(live_server + "/")
    expect(other.get_by_role("button", name="Barajar")).to_be_visible()
    # The panel leads to it too, naming the language in use.
    page.goto(live_server + "/actions")
    page.get_by_role("link", name="Sprache: Deutsch").click()
    page.get_by_role("button", name="English").click()
    expect(page).to_have_url(live_server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Shuffle")).to_be_visible()


TEXT_PAGES = ["/rules", "/robots", "/video", "/print", "/credits", "/language?next=/", "/actions"]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_to_read_fits_320_px_in_every_language(new_phone, live_server, language):
    """German's long words included: nothing scrolls sideways, no button or link is cut."""
    page = new_phone({"width": 320, "height": 568}, locale=PHONE_LOCALE[language])
    for path in TEXT_PAGES:
        page.goto(live_server + path)
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert no_scrolling(page)[0], (language, path)
        assert whole(page, ".bar-button, .bar-links a, .choice, .language-link") == [], path
