"""The web platform's own audits: axe-core, the W3C Nu HTML checker and Lighthouse.

They need the npm packages in package.json (`npm ci`) and Java for the Nu checker.
"""

from __future__ import annotations

import functools
import json
import re
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect

from evilrobots.game.actions import Action
from evilrobots.game.cards import Allegiance
from evilrobots.web.words import label
from tests.support.browser import by_voice, deal_and_give, set_timers
from tests.support.cards import run_out
from tests.support.languages import said
from tools import chromium
from tools.nu_checker import NuChecker

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
LIGHTHOUSE = NODE_MODULES / ".bin" / "lighthouse"

PAGES = [
    "/",
    "/actions",
    "/action/convert-other",
    "/action/debate",
    "/action/end-of-round",
    "/rules",
    "/robots",
    "/video",
    "/print",
    "/credits",
    "/language?next=/",
    "/no-such-page",
]
TRANSLATED = ["fr-FR", "de-DE", "es-ES"]
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-DE", "es": "es-ES"}


def require(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"{path} is missing: run `npm ci` in {ROOT}")
    return path


def axe_violations(page) -> list[dict]:
    script = page.add_script_tag(path=str(require(AXE)))
    script.evaluate("tag => tag.remove()")  # axe stays loaded; the page's markup is its own
    result = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values:"
        " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
    )
    return [
        {"id": v["id"], "help": v["help"], "nodes": [n["html"][:120] for n in v["nodes"][:3]]}
        for v in result["violations"]
    ]


@pytest.fixture(params=["dark", "light"])
def audited_phone(request, browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=request.param, bypass_csp=True
    )
    page = context.new_page()
    page.base = live_server
    yield page
    context.close()


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_violations(audited_phone, path):
    audited_phone.goto(audited_phone.base + path)
    assert axe_violations(audited_phone) == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_axe_finds_no_violations_in_every_language(browser, live_server, locale):
    """Each page in each of its other languages: its lang, its names, its contrast with
    longer words."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, bypass_csp=True
    )
    page = context.new_page()
    try:
        found = {}
        for path in PAGES:
            page.goto(live_server + path)
            assert page.locator("html").get_attribute("lang") == locale[:2], path
            found[path] = axe_violations(page)
        assert {path: v for path, v in found.items() if v} == {}
    finally:
        context.close()


def test_axe_finds_no_violations_with_the_actions_panel_open(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    audited_phone.get_by_role("link", name="Actions").click()
    assert axe_violations(audited_phone) == []


def test_axe_finds_no_violations_in_an_action_view_in_place(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    audited_phone.get_by_role("link", name="Actions").click()
    audited_phone.get_by_role("link", name=label(Action.ROBOT_ACTION)).click()
    assert axe_violations(audited_phone) == []


def test_axe_finds_no_violations_with_cards_hidden(audited_phone):
    audited_phone.goto(audited_phone.base + "/")
    for part in ["robot", "power", "allegiance"]:
        audited_phone.get_by_role("button", name=f"Hide {part}").click()
    audited_phone.get_by_role("button", name="Draw points card").click()
    assert axe_violations(audited_phone) == []


# ---- Tables: every page, as the host, another player, and a stranger see it ----------------


@pytest.fixture(scope="module")
def table(browser, live_server):
    """A dealt table, its round called by voice: Ada (host) and Bob seated, Bob has revealed;
    the non-player robot too.

    Returns the table's URL and each player's cookies, to open its pages as them."""
    ada = browser.new_context()
    page = ada.new_page()
    page.goto(live_server + "/table")
    page.get_by_label("Your name").first.fill("Ada")
    page.get_by_role("button", name="Start a table").click()
    url = page.url
    lobby = ada.cookies()
    bob = browser.new_context()
    other = bob.new_page()
    other.goto(url)
    other.get_by_label("Your name").fill("Bob")
    other.get_by_role("button", name="Join", exact=True).click()
    page.goto(url)
    by_voice(page)
    page.get_by_role("button", name="Add the non-player robot to the next deal").click()
    page.get_by_role("button", name="Deal", exact=True).click()
    other.locator("#hand").wait_for()  # Bob's phone has loaded its cards, live
    other.goto(url + "/action/prove-power")
    other.get_by_role("button", name="Reveal to the table").click()
    seats = {"ada": ada.cookies(), "bob": bob.cookies(), "lobby": lobby}
    yield {"url": url, "seats": seats}
    ada.close()
    bob.close()


@pytest.fixture(scope="module")
def ended(browser, live_server, live_app):
    """A table whose round has ended: Bob and Cy won for Evil and must settle a split; Cy
    has a link to move her seat open on her phone."""
    phones = {}
    for name in ["Ada", "Bob", "Cy"]:
        phones[name] = browser.new_context().new_page()
    ada = phones["Ada"]
    ada.goto(live_server + "/table")
    ada.get_by_label("Your name").first.fill("Ada")
    ada.get_by_role("button", name="Start a table").click()
    url = ada.url
    for name in ["Bob", "Cy"]:
        phones[name].goto(url)
        phones[name].get_by_label("Your name").fill(name)
        phones[name].get_by_role("button", name="Join", exact=True).click()
    ada.goto(url)
    deal_and_give(
        live_app,
        ada,
        url,
        6,
        ada=("SumoBot", 4, Allegiance.GOOD),
        bob=("LockBot", 3, Allegiance.EVIL),
        cy=("ScaredyBot", 2, Allegiance.EVIL),
    )
    run_out(live_app, url.rsplit("/", 1)[1])  # the round the app runs goes by, untouched
    ada.goto(url)
    ada.get_by_role("button", name="End the round").click()
    ada.get_by_role("button", name=re.compile("^Tap again")).click()
    phones["Cy"].goto(url)
    phones["Cy"].get_by_role("button", name="Move to another phone").click()
    seats = {f"{name.lower()} (ended)": phones[name].context.cookies() for name in phones}
    yield {"url": url, "seats": seats}
    for page in phones.values():
        page.context.close()


def table_views(table, ended) -> list[tuple[str, str | None]]:
    """(path, whose cookies) for every table page worth auditing."""
    url, done = table["url"], ended["url"]
    return [
        ("/table", None),
        (url, None),  # the join form
        (url + "/board", None),
        (url, "ada"),  # the host's seat page, dealt
        (url, "bob"),
        (url + "/action/convert-other", "bob"),
        (url + "/actions", "bob"),
        (url + "/move/not-a-real-link", None),
        (done, "ada (ended)"),  # the count, Keep the score, ScaredyBot's correction
        (done, "bob (ended)"),  # a winner's split form
        (done + "/board", None),  # the count on the board
        (done + "/move", "cy (ended)"),  # the one-time link to move a seat, with its QR code
        ("/t/ZZZZ2345", None),  # an unknown table: the error page
        (done + "/story", "bob (ended)"),  # the game's story, the round over and its truths
        (done + "/story?printing=1", None),  # and as printed, every round open
    ]


TABLE_VIEWS = [
    "start or join",
    "join form",
    "board",
    "host's seat",
    "player's seat",
    "action view",
    "actions page",
    "move link",
    "host at the end",
    "winner at the end",
    "board at the end",
    "move link offered",
    "unknown table",
    "game's story",
    "story to print",
]


@pytest.mark.parametrize("number", range(len(TABLE_VIEWS)), ids=TABLE_VIEWS)
def test_axe_finds_no_violations_on_table_pages(audited_phone, table, ended, number):
    path, whose = table_views(table, ended)[number]
    if whose:
        audited_phone.context.add_cookies((table["seats"] | ended["seats"])[whose])
    audited_phone.goto(path if path.startswith("http") else audited_phone.base + path)
    assert axe_violations(audited_phone) == []


@pytest.mark.parametrize("moment", ["in play", "at the end"])
def test_axe_finds_no_violations_on_the_board_at_1280x720(browser, table, ended, moment):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, bypass_csp=True)
    page = context.new_page()
    page.goto((table if moment == "in play" else ended)["url"] + "/board")
    assert axe_violations(page) == []
    context.close()


def test_axe_finds_no_violations_in_the_seats_action_view_in_place(audited_phone, table):
    audited_phone.context.add_cookies(table["seats"]["bob"])
    audited_phone.goto(table["url"])
    audited_phone.get_by_role("link", name="Actions").click()
    audited_phone.get_by_role("link", name=label(Action.CONVERT_OTHER)).click()
    assert axe_violations(audited_phone) == []


def test_nu_html_checker_reports_no_errors_on_table_pages(
    browser, live_server, table, ended, nu_checker
):
    documents = {}
    for name, (path, whose) in zip(TABLE_VIEWS, table_views(table, ended), strict=True):
        context = browser.new_context()
        if whose:
            context.add_cookies((table["seats"] | ended["seats"])[whose])
        url = path if path.startswith("http") else live_server + path
        documents[name] = context.request.get(url).text()
        page = context.new_page()
        page.goto(url)
        documents[name + " (live DOM)"] = page.content()
        context.close()
    assert nu_errors(nu_checker, documents) == []


def nu_errors(checker: NuChecker, documents: dict[str, str]) -> list[tuple[str, str]]:
    """The Nu HTML checker's errors in named documents: (name, message) for each."""
    return [(name, message) for name, html in documents.items() for message in checker.errors(html)]


def test_the_nu_checker_finds_the_errors_of_a_broken_page_and_none_in_a_sound_one(nu_checker):
    """The control of the checks below: the service answers with the errors it finds."""
    sound = '<!doctype html><html lang="en"><title>Sound</title><p>All well.</p>'
    broken = '<!doctype html><html lang="en"><title>Broken</title><p>Open <div>inside</p>'
    assert nu_errors(nu_checker, {"sound": sound}) == []
    found = nu_errors(nu_checker, {"broken": broken})
    assert found and all(name == "broken" for name, _ in found), found
    assert any("“p”" in message for _, message in found), found


@pytest.mark.parametrize("locale", ["en", *TRANSLATED])
def test_nu_html_checker_reports_no_errors_on_any_page(client, nu_checker, locale):
    headers = {"Accept-Language": locale}
    pages = {path: client.get(path, headers=headers).get_data(as_text=True) for path in PAGES}
    assert nu_errors(nu_checker, pages) == []


# The states the script puts a page in, each checked as the browser holds it (its DOM).
def _panel_open(page):
    page.get_by_role("link", name="Actions").click()


def _action_in_place(page):
    page.get_by_role("link", name="Actions").click()
    page.get_by_role("link", name=label(Action.CONVERT_OTHER)).click()


def _all_hidden_and_points(page):
    for part in ["robot", "power", "allegiance"]:
        page.get_by_role("button", name=f"Hide {part}").click()
        page.get_by_role("button", name=f"Show {part}").wait_for()  # as the player sees it
    page.get_by_role("button", name="Draw points card").click()
    page.get_by_role("region", name="Points card").wait_for()


def _shuffled_with_undo(page):
    page.get_by_role("button", name="Shuffle", exact=True).click()
    page.get_by_role("button", name="Undo shuffle").wait_for()


def _offline_note(page):
    page.context.set_offline(True)
    page.get_by_role("button", name="Evil", exact=True).click()
    page.get_by_text("Offline:").wait_for()


STATES = {
    "actions panel open": _panel_open,
    "action view in place": _action_in_place,
    "every card hidden, points drawn": _all_hidden_and_points,
    "after a shuffle, undo offered": _shuffled_with_undo,
    "offline note": _offline_note,
}


def test_nu_html_checker_reports_no_errors_in_any_state_of_the_card_view(
    new_phone, live_server, nu_checker
):
    documents = {}
    for name, arrange in STATES.items():
        page = new_phone()
        page.goto(live_server + "/")
        arrange(page)
        documents[name] = page.content()
        page.context.set_offline(False)
    assert nu_errors(nu_checker, documents) == []


def run_lighthouse(url: str, report: Path, cookies: list[dict] | None = None) -> dict:
    """Lighthouse (mobile) on one page, as the browser holding these cookies would see it."""
    headers = []
    if cookies:
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in cookies)
        headers = [f"--extra-headers={json.dumps({'Cookie': cookie})}"]
    command = [
        str(require(LIGHTHOUSE)),
        url,
        "--only-categories=accessibility,performance,best-practices",
        "--form-factor=mobile",
        *chromium.lighthouse_flags(),
        *headers,
        "--output=json",
        f"--output-path={report}",
        "--quiet",
    ]
    for _ in range(3):
        run = subprocess.run(command, capture_output=True, text=True, timeout=240)
        # Now and then Lighthouse 12 loses the start of its own trace of the page load
        # (NO_NAVSTART, "Please run Lighthouse again"): a fault of the recording, not of
        # the page, so it runs again, as it asks. Any other failure fails at once.
        if run.returncode == 0 or "NO_NAVSTART" not in run.stderr:
            break
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(report.read_text())


@pytest.fixture
def lighthouse(live_server, live_app, table, tmp_path, request) -> dict:
    """Lighthouse's report on the card view, a player's seat at a table, or the board, run
    for each test (a rerun runs it again): a seat once its reveal may no longer be taken
    back (the offer leaves the page when its 10 seconds are up, a shift of the layout of its
    own, which a load must not catch): the server's clock moves on past them."""
    url, cookies = {
        "card view": (live_server + "/", None),
        "seat": (table["url"], table["seats"]["bob"]),
        "board": (table["url"] + "/board", None),
    }[request.param]
    if request.param == "seat":
        held = live_app.extensions["evilrobots.store"].load(url.rsplit("/", 1)[1])
        until = max((r.withdrawable_until or 0.0) for r in held.round.reveals)
        live_app.config["CLOCK"].reach(until + 0.5)  # the server's time passes it
    return run_lighthouse(url, tmp_path / "report.json", cookies)


def failing_audits(report: dict, category: str) -> list[str]:
    refs = report["categories"][category]["auditRefs"]
    return [
        f"{ref['id']}: {report['audits'][ref['id']]['title']}"
        for ref in refs
        if ref["weight"] and (report["audits"][ref["id"]]["score"] or 0) < 1
    ]


@pytest.mark.parametrize("lighthouse", ["card view", "seat", "board"], indirect=True)
def test_lighthouse_judges_the_page_by_what_it_is_and_sees_it_hold_still(lighthouse):
    """The categories Lighthouse judges by what the page is, not by how fast this machine
    ran it: accessibility whole, best practices at 0.95 or more. Its performance score is
    timed (Total Blocking Time above all, on a 2-core machine the suite shares), so, as the
    house measures speed, it is a benchmark's figure (bench/lighthouse.py, BENCHMARKS.md)
    and not a test's verdict. Of the performance audits, the one that is not a time: the
    layout's shift as the page loads stays within Web Vitals' "good" (0.1), and far below
    it. One run of Lighthouse a page, and one test, so that a rerun runs it again."""
    for category, minimum in (("accessibility", 1.0), ("best-practices", 0.95)):
        score = lighthouse["categories"][category]["score"]
        assert score >= minimum, (category, score, failing_audits(lighthouse, category))
    shift = lighthouse["audits"]["cumulative-layout-shift"]["numericValue"]
    assert shift <= 0.02, shift


@pytest.mark.parametrize(
    ("scheme", "language"),
    # Each language once, each theme at least twice (English in the light theme is also
    # every table page's light audit above, and the light theme of every step is German's).
    [("dark", "en"), ("dark", "fr"), ("light", "de"), ("light", "es")],
)
def test_every_step_of_a_conducted_round_passes_axe_and_the_nu_checker(
    browser, live_server, live_app, nu_checker, scheme, language
):
    """Three phones and a board through a round the app runs, in each language (the board
    in the host's): the start and join pages, the Debate, a power called, a turn (and its
    action view in place), a reaction window (and the reaction's view), and the count."""
    _ = functools.partial(said, language)
    contexts = [
        browser.new_context(
            viewport=size, color_scheme=scheme, bypass_csp=True, locale=LOCALES[language]
        )
        for size in ({"width": 390, "height": 844},) * 3 + ({"width": 1280, "height": 720},)
    ]
    ada, bob, cy, board = (context.new_page() for context in contexts)
    documents = {}

    def audit(moment: str, *pages) -> None:
        for page in pages:
            who = "board" if page is board else page.url
            assert page.locator("html").get_attribute("lang") == language, (moment, who)
            documents[f"{moment}: {who}"] = page.content()
            assert axe_violations(page) == [], (moment, who)

    ada.goto(live_server + "/table")
    audit("start or join", ada)
    ada.get_by_label(_("Your name")).first.fill("Ada")
    ada.get_by_role("button", name=_("Start a table")).click()
    url = ada.url
    for page, name in ((bob, "Bob"), (cy, "Cy")):
        page.goto(url)
        if page is bob:
            audit("the join form", bob)
        page.get_by_label(_("Your name")).fill(name)
        page.get_by_role("button", name=_("Join"), exact=True).click()
    ada.goto(url)
    set_timers(ada, _, pace=15, window=30)  # no Debate timer: the host starts the countdown
    deal_and_give(
        live_app,
        ada,
        url,
        5,
        _,
        ada=("SumoBot", 9, Allegiance.GOOD),
        bob=("BlockBot", 3, Allegiance.NEUTRAL),
        cy=("PushBot", 2, Allegiance.EVIL),
    )
    board.goto(url + "/board")
    for page in (ada, bob, cy):  # the deal reaches each phone by itself
        page.get_by_role("region", name=_("Robot card")).wait_for()
    audit("the debate", ada, bob, board)
    bob.get_by_role("button", name=_("Pass"), exact=True).click()
    ada.get_by_role("button", name=_("Start the countdown")).click()
    top = _("%(number)s or more", number=9)
    ada.get_by_role("button", name=_("I act at %(level)s", level=top)).click()
    ada.get_by_role("link", name=_("Convert"), exact=True).wait_for()
    audit("a turn", ada, bob, board)
    ada.get_by_role("link", name=_("Convert"), exact=True).click()
    audit("the action view of a conversion, in place", ada)
    ada.get_by_role("button", name="Cy", exact=True).click()
    play = bob.get_by_role("link", name=_("Play %(robot)s", robot="BlockBot"))
    play.wait_for()
    audit("a reaction window", bob, cy, board)
    play.click()
    audit("the reaction's view, in place", bob)
    # Every timer runs out; the host ends the round: the count on the phones and the board.
    run_out(live_app, url.rsplit("/", 1)[1])
    ada.goto(url)
    ada.get_by_role("button", name=_("End the round")).click()
    ada.get_by_role("button", name=_("Tap again: show everyone's cards and count")).click()
    ada.locator("table.tally").first.wait_for()
    # Bob's reaction went out from its view in place, which keeps its own address until the
    # act's answer is back: load his page again only once it has left it (a load before
    # would race the page's own way back, and be cut short).
    expect(bob).not_to_have_url(re.compile("/action/"))
    bob.goto(url)
    board.locator("table.tally").first.wait_for()
    audit("the count", ada, bob, board)
    assert nu_errors(nu_checker, documents) == []
    for context in contexts:
        context.close()


def expect_text(page, text: str) -> None:
    page.get_by_text(text).first.wait_for()
