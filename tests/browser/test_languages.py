"""The applet in each of its languages, in Chromium at phone sizes: every word in the
phone's language, nothing cut, overlapping or scrolling sideways (German is the longest),
and the picker, which works without the script."""

from __future__ import annotations

import functools

import pytest
from playwright.sync_api import Page, expect

from evilrobots.game.cards import Allegiance
from evilrobots.web.i18n import LANGUAGES
from tests.support.browser import (
    assert_fully_on_screen,
    assert_the_note_fits,
    deal_and_give,
    no_scrolling,
    set_timers,
)
from tests.support.languages import english_sentences, said, said_in_english, words

SIZES = [(320, 568), (390, 844)]
G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
PHONE_LOCALE = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE", "es": "es-ES"}


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


# ---- Tables: each phone in its own language, the board in the host's -------------------

TABLE_LANGUAGES = {"Ada": "fr", "Bob": "de", "Cy": "es", "Di": "en"}  # Ada is the host


def english_on(page: Page) -> list[str]:
    """The app's English sentences on a page meant to speak another language."""
    return said_in_english(page.content(), english_sentences())


def test_a_round_with_four_phones_in_four_languages_and_the_board_in_french(
    new_phone, live_server, live_app
):
    phones = {
        name: new_phone(
            {"width": 320, "height": 568} if language == "de" else {"width": 390, "height": 844},
            locale=PHONE_LOCALE[language],
        )
        for name, language in TABLE_LANGUAGES.items()
    }
    ada, bob, cy, di = phones.values()
    fr = functools.partial(said, "fr")
    ada.goto(live_server + "/table")
    ada.get_by_label(fr("Your name")).first.fill("Ada")
    ada.get_by_role("button", name=fr("Start a table")).click()
    expect(ada.get_by_role("heading", name=fr("You are the host"))).to_be_visible()
    url = ada.url
    for name in ("Bob", "Cy", "Di"):
        page, language = phones[name], TABLE_LANGUAGES[name]
        page.goto(url)
        page.get_by_label(said(language, "Your name")).fill(name)
        page.get_by_role("button", name=said(language, "Join"), exact=True).click()
        expect(page.locator("html")).to_have_attribute("lang", language)
    set_timers(ada, fr, pace=3)  # no Debate timer: the host starts the Countdown
    deal_and_give(
        live_app,
        ada,
        url,
        4,
        fr,
        ada=("SumoBot", 9, G),
        bob=("BlockBot", 3, N),
        cy=("PushBot", 2, E),
        di=("BetBot", 6, G),
    )
    board = new_phone({"width": 1280, "height": 720}, locale="en-GB")  # a laptop in English
    board.goto(url + "/board")
    expect(board.locator("html")).to_have_attribute("lang", "fr")  # the host's language
    for name, page in phones.items():
        expect(
            page.get_by_role("region", name=said(TABLE_LANGUAGES[name], "Robot card"))
        ).to_be_visible()
    log = board.locator(".board-reveals")

    def every_phone_speaks_its_own() -> None:
        for name, page in phones.items():
            language = TABLE_LANGUAGES[name]
            expect(page.locator("html")).to_have_attribute("lang", language)
            if language != "en":
                assert english_on(page) == [], name
            assert no_scrolling(page)[0], name
        assert english_on(board) == []
        assert no_scrolling(board) == [True, True]

    every_phone_speaks_its_own()  # the Debate
    bob.get_by_role("button", name=said("de", "Pass"), exact=True).click()
    expect(log).to_contain_text("Bob · " + fr("passes"))
    expect(log).not_to_contain_text("Bob · passes")  # the English, which "passe" is in
    ada.get_by_role("button", name=fr("Start the countdown")).click()
    top = fr("%(number)s or more", number=9)
    ada.get_by_role("button", name=fr("I act at %(level)s", level=top)).click()
    expect(log).to_contain_text("Ada · " + fr("acts at %(level)s", level=top))
    every_phone_speaks_its_own()  # Ada's turn
    ada.get_by_role("link", name=fr("Convert"), exact=True).click()
    ada.get_by_role("button", name="Cy", exact=True).click()
    expect(log).to_contain_text("Ada · " + fr("converts %(other)s", other="Cy"))
    every_phone_speaks_its_own()  # the reaction window
    bob.get_by_role("link", name=said("de", "Play %(robot)s", robot="BlockBot")).click()
    bob.get_by_role("button", name=said("de", "%(robot)s: Make it fail", robot="BlockBot")).click()
    expect(log).to_contain_text("Bob · " + fr("reacts") + " · BlockBot")
    cy.get_by_role("button", name=said("es", "No reaction")).click()
    di.get_by_role("button", name="No reaction").click()
    expect(log).to_contain_text("Cy · " + fr("is not converted"))
    every_phone_speaks_its_own()  # settled
    # Each phone reads the round's log in its own words.
    expect(di.locator("body")).to_contain_text("Cy · is not converted")
    expect(bob.locator("body")).to_contain_text("Cy · " + said("de", "is not converted"))
    expect(cy.locator("body")).to_contain_text("Cy · " + said("es", "is not converted"))
    # The host's phone switches to Spanish with the picker: the board on the shared screen
    # follows, live (the picker's form, as the page posts it, with this phone's cookies).
    path = url.removeprefix(live_server)
    chosen = ada.request.post(
        f"{live_server}/language",
        form={"lang": "es", "next": path},
        headers={"Origin": live_server},
        max_redirects=0,
    )
    assert chosen.status == 303
    ada.reload()
    expect(board.locator("html")).to_have_attribute("lang", "es")
    expect(log).to_contain_text("Cy · " + said("es", "is not converted"))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_tables_pages_fit_320_px_and_its_board_1280_in_every_language(
    new_phone, live_server, live_app, language
):
    """A table's pages on the narrowest phone, the board on a shared screen: nothing cut,
    overlapping or scrolling sideways, in the round the app runs and at its count."""
    page = new_phone({"width": 320, "height": 568}, locale=PHONE_LOCALE[language])
    other = new_phone({"width": 320, "height": 568}, locale=PHONE_LOCALE[language])
    page.goto(live_server + "/table")
    assert no_scrolling(page)[0]
    page.get_by_label(said(language, "Your name")).first.fill("Ada")
    page.get_by_role("button", name=said(language, "Start a table")).click()
    url = page.url
    other.goto(url)  # the join page
    assert no_scrolling(other)[0]
    other.get_by_label(said(language, "Your name")).fill("Bartholomew")
    other.get_by_role("button", name=said(language, "Join"), exact=True).click()
    cards = {"ada": ("PushBot", 9, G), "bartholomew": ("LockBot", 3, E)}
    deal_and_give(live_app, page, url, 4, functools.partial(said, language), **cards)
    board = new_phone({"width": 1280, "height": 720}, locale=PHONE_LOCALE[language])
    board.goto(url + "/board")
    buttons = ".choice, .small-button, .bar-button, .language-link, .now-head"
    for path in ("", "/actions", "/action/convert-other", "/action/robot-action", "/move"):
        for phone in (page, other):
            phone.goto(url + path)
            expect(phone.locator("html")).to_have_attribute("lang", language)
            assert no_scrolling(phone)[0], (language, path)
            assert whole(phone, buttons) == [], (language, path)
    assert no_scrolling(board) == [True, True], language
    assert whole(board, ".board-now-head, .board-name, .entry") == []


def broken_words(page: Page, css: str) -> list[str]:
    """The words (between spaces and hyphens) of the visible elements matching ``css`` that
    are split across two lines: cut inside themselves."""
    return page.evaluate(
        """css => { const found = [];
          for (const el of document.querySelectorAll(css)) {
            if (el.offsetParent === null) continue;
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const match of node.data.matchAll(/[^\\s\\-]+-?/g)) {
                const range = document.createRange();
                range.setStart(node, match.index);
                range.setEnd(node, match.index + match[0].length);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (tops.size > 1) found.push(match[0]);
              } } }
          return found; }""",
        css,
    )


@pytest.mark.parametrize(
    ("language", "size"),
    [(language, (320, 568)) for language in LANGUAGES] + [("fr", (390, 844)), ("de", (390, 844))],
)
def test_a_turn_fits_a_phone_in_every_language(new_phone, live_server, live_app, language, size):
    """Every control of a turn and of a reaction window whole at a phone's size (French's
    and German's turn bars measured: no word cut inside itself); the robot's ability read
    on the same page; the converted told by whom; a tap that was not sent says so in its
    row."""
    w = functools.partial(said, language)
    viewport = {"width": size[0], "height": size[1]}
    ada = new_phone(viewport, locale=PHONE_LOCALE[language])
    bob = new_phone(viewport, locale=PHONE_LOCALE[language])
    ada.goto(live_server + "/table")
    ada.get_by_label(w("Your name")).first.fill("Ada")
    ada.get_by_role("button", name=w("Start a table")).click()
    url = ada.url
    bob.goto(url)
    bob.get_by_label(w("Your name")).fill("Bartholomew")
    bob.get_by_role("button", name=w("Join"), exact=True).click()
    ada.reload()
    set_timers(ada, w, pace=3)
    cards = {"ada": ("PushBot", 9, G), "bartholomew": ("LockBot", 3, E)}
    deal_and_give(live_app, ada, url, 4, w, **cards)
    controls = ".choice, .small-button, .bar-button, .now-head"
    ada.get_by_role("button", name=w("Start the countdown")).click()
    top = w("%(number)s or more", number=9)
    ada.get_by_role("button", name=w("I act at %(level)s", level=top)).click()
    ada.get_by_role("button", name=w("Back to cards")).click()
    turn_bar = ada.locator("#round-now .now-do .choice")
    expect(turn_bar).to_have_count(4)  # Convert, Yourself, Robot, Pass
    for phone in (ada, bob):
        assert no_scrolling(phone)[0], language
        assert whole(phone, controls) == [], language
        assert broken_words(phone, controls) == [], language
    # The robot's ability, on the same page: its name on the card leads to it.
    ada.locator(".robot-link").click()
    ability = ada.locator("#own-robot")
    expect(ability).to_contain_text(w("You may force any player to the allegiance of your choice."))
    expect(ability).to_be_in_viewport()
    assert url.split("#")[0] in ada.url
    # Ada converts Bartholomew (LockBot): his phone says by whom, its controls whole.
    ada.evaluate("window.scrollTo(0, 0)")
    ada.get_by_role("link", name=w("Convert"), exact=True).click()
    ada.get_by_role("button", name="Bartholomew", exact=True).click()
    told = w("%(who)s converts you to %(allegiance)s", who="Ada", allegiance=w("Good"))
    expect(bob.locator("#round-now .now-note")).to_contain_text(told)
    assert whole(bob, controls) == [] and broken_words(bob, controls) == [], language
    # Offline, No reaction is not sent, and the note saying so fits its row.
    bob.context.set_offline(True)
    bob.get_by_role("button", name=w("No reaction")).click()
    status = bob.locator("#status")
    expect(status).to_have_text(w("Not sent: no connection. Tap again once you are back online."))
    assert_the_note_fits(bob)
    bob.context.set_offline(False)
    expect(status).to_be_empty()
    bob.get_by_role("button", name=w("No reaction")).click()
    show = bob.get_by_role("button", name=w("Show LockBot"))
    expect(show).to_be_visible()
    assert whole(bob, controls) == [] and broken_words(bob, controls) == [], language
    show.click()
    expect(bob.locator("#flips")).to_have_text(
        w("%(who)s tried to convert you: it failed", who="Ada")
    )
