"""What the camera sees: after every act, the phone shows what that act showed the table,
and nothing more, until its player taps Back to cards; in Debian's Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from evilrobots.game.cards import Allegiance
from evilrobots.game.table.now import Step
from tests.support.browser import Seat, open_table, tap_twice
from tests.support.cards import countdown_to, give, run_out, time_runs_out

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
PARTS = ("robot", "power", "allegiance")


def shows(seat: Seat, *parts: str, title: str | None = None) -> None:
    """The phone shows exactly these cards, face up, under the act's name."""
    for part in PARTS:
        if part in parts:
            expect(seat.card(part)).to_be_visible()
            expect(seat.card(part).get_by_text("Hidden", exact=True)).to_be_hidden()
        else:
            expect(seat.card(part)).to_be_hidden()
    if title is not None:
        expect(seat.page.locator("#focus-title")).to_contain_text(title)
    expect(seat.page.get_by_role("button", name="Back to cards")).to_be_visible()
    # Nothing else of the hand is in the page, on the screen or below it: not the robot's
    # section under the cards, not the table's section that holds it.
    for elsewhere in ("#own-robot", "#table-live", ".seat-own"):
        expect(seat.page.locator(elsewhere)).to_be_hidden()
    if "robot" not in parts:
        # What a player would read, scrolled to the foot, outside the strip (whose words
        # are the table's): the robot's name is not in it.
        read = seat.page.evaluate(
            "[...document.body.children]"
            ".filter(e => e.id !== 'round-now' && e.getClientRects().length)"
            ".map(e => e.innerText).join(' ')"
        )
        assert seat.robot() not in read, read


def back(seat: Seat) -> None:
    seat.page.get_by_role("button", name="Back to cards").click()
    for part in PARTS:
        expect(seat.card(part)).to_be_visible()


def test_after_every_act_of_a_round_the_app_runs_the_phone_shows_only_what_it_showed(
    open_seat, live_server, live_app, new_phone
):
    ada, bob, cy, di = (open_seat(name) for name in ("Ada", "Bob", "Cy", "Di"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy, di],
        4,
        {"pace": 3, "window": 8},
        ada=("PlusBot", 6, G),
        bob=("LockBot", 7, G),
        cy=("BlockBot", 3, E),
        di=("NegativeBot", 2, N),
    )
    host, code = ada.page, url.rsplit("/", 1)[1]
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    for seat in (ada, bob, cy, di):
        expect(seat.card("robot")).to_be_visible()
    host.get_by_role("button", name="Start the countdown").click()

    # I act at 9 or more: PlusBot's 6 falls short of it, so it shows PlusBot too.
    host.get_by_role("button", name="I act at 9 or more").click()
    shows(ada, "robot", "power", title="Prove your power")
    # A conversion: the power and the allegiance, held up through the live updates.
    host.get_by_role("link", name="Convert", exact=True).click()
    host.get_by_role("button", name="Bob", exact=True).click()
    expect(board.get_by_text("Bob · the conversion fails")).to_be_visible()
    shows(ada, "power", "allegiance", title="Convert another player")
    for seat in (bob, cy, di):
        seat.page.get_by_role("button", name="No reaction").click()
    # The proof, at once: Bob shows LockBot, and his phone shows LockBot alone.
    bob.page.get_by_role("button", name="Show LockBot").click()
    shows(bob, "robot", title="It failed: prove it with your robot")
    expect(board.get_by_text("Bob · shows why it failed · LockBot")).to_be_visible()
    shows(ada, "power", "allegiance")  # still held up, whatever came in meanwhile
    back(ada)
    back(bob)

    # 7: Bob claims, and converts Di; Cy's BlockBot makes it fail: her robot alone.
    countdown_to(live_app, code, 7)  # 8 goes by, untaken, at once
    claim = bob.page.get_by_role("button", name="I act at 7")
    expect(claim).to_be_visible()
    claim.click()
    shows(bob, "power")
    bob.page.get_by_role("link", name="Convert", exact=True).click()
    bob.page.get_by_role("button", name="Di", exact=True).click()
    shows(bob, "power", "allegiance")
    cy.page.get_by_role("link", name="Play BlockBot").click()
    cy.page.get_by_role("button", name="BlockBot: Make it fail").click()
    shows(cy, "robot", title="Use a reaction")
    expect(board.get_by_text("Cy · reacts · BlockBot · makes the conversion fail")).to_be_visible()
    back(cy)

    # 2: Di's NegativeBot: its robot and its power (the window, then 6 down to 3, at once).
    countdown_to(live_app, code, 2, also=(Step.REACTIONS, Step.PROOF))
    claim = di.page.get_by_role("button", name="I act at 2")
    expect(claim).to_be_visible()
    claim.click()
    di.page.get_by_role("link", name="Robot", exact=True).click()
    di.page.get_by_role("button", name="Ada", exact=True).click()
    shows(di, "robot", "power", title="Use your robot's action")
    expect(board.get_by_text(re.compile("^Di · uses their robot · NegativeBot"))).to_be_visible()
    back(di)


def test_by_voice_a_reveal_stays_held_up_and_may_be_taken_back_beside_it(table, live_app):
    """A reveal by voice, and NegativeBot's pick: the phone stays on what it showed, with
    Take it back right there; taken back, the board strikes it through."""
    ada, bob = table["ada"], table["bob"]
    ada.page.get_by_role("button", name="Deal", exact=True).click()
    give(live_app, table["code"], 4, bob=("NegativeBot", 5, E))
    expect(bob.card("robot")).to_be_visible()
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Prove your power", exact=True).click()
    bob.page.get_by_role("button", name="Reveal to the table").click()
    take_back = bob.page.locator("#focus-banner").get_by_role("button", name="Take it back")
    expect(take_back).to_be_visible()
    assert take_back.bounding_box()["y"] + 44 <= bob.page.viewport_size["height"]  # in view
    shows(bob, "power")
    take_back.click()
    expect(table["board"].locator(".reveal-list del")).to_contain_text("Bob · proves their power")
    expect(take_back).to_be_hidden()
    back(bob)
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Use your robot's action", exact=True).click()
    bob.page.get_by_role("button", name="Cy", exact=True).click()
    shows(bob, "robot", "power", title="Use your robot's action")
    bob.page.locator("#focus-banner").get_by_role("button", name="Take it back").click()
    expect(table["board"].get_by_text("Cy counts as negative")).to_be_hidden()


# ---- Nobody loses the thread: a reload, a move that ends, a new phase ------------------------


def landed(seat: Seat) -> None:
    """The act has reached the server: its answer put the phone back on its seat's address
    (an action's view has an address of its own until then, which a reload would open)."""
    expect(seat.page).not_to_have_url(re.compile("/action/"))


def test_a_reload_in_any_acts_view_comes_back_to_that_view(open_seat, live_server, live_app):
    """A claim's, a conversion's, a reaction's and a proof's view each come back, after a
    reload, as they were: only what the act showed, never the whole hand."""
    ada, bob, cy, di = (open_seat(name) for name in ("Ada", "Bob", "Cy", "Di"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy, di],
        4,
        {"pace": 3, "window": 30},
        ada=("SwapBot", 9, G),
        bob=("LockBot", 2, G),
        cy=("BlockBot", 3, E),
        di=("SumoBot", 5, E),
    )
    code = url.rsplit("/", 1)[1]
    ada.page.get_by_role("button", name="Start the countdown").click()
    ada.page.get_by_role("button", name="I act at 9 or more").click()
    shows(ada, "power", title="Prove your power")
    landed(ada)
    ada.page.reload()
    shows(ada, "power", title="Prove your power")  # a claim's view
    ada.page.get_by_role("link", name="Convert", exact=True).click()
    ada.page.get_by_role("button", name="Cy", exact=True).click()
    shows(ada, "power", "allegiance", title="Convert another player")
    landed(ada)
    ada.page.reload()
    shows(ada, "power", "allegiance", title="Convert another player")  # a conversion's
    cy.page.get_by_role("link", name="Play BlockBot").click()
    cy.page.get_by_role("button", name="BlockBot: Make it fail").click()
    shows(cy, "robot", title="Use a reaction")
    landed(cy)
    cy.page.reload()
    shows(cy, "robot", title="Use a reaction")  # a reaction's
    for seat in (bob, di):
        seat.page.get_by_role("button", name="No reaction").click()
    countdown_to(live_app, code, 5)
    di.page.get_by_role("button", name="I act at 5").click()
    di.page.get_by_role("link", name="Convert", exact=True).click()
    di.page.get_by_role("button", name="Bob", exact=True).click()  # never against LockBot
    bob.page.get_by_role("button", name="No reaction").click()
    bob.page.get_by_role("button", name="Show LockBot").click()
    shows(bob, "robot", title="It failed: prove it with your robot")
    landed(bob)
    bob.page.reload()
    shows(bob, "robot", title="It failed: prove it with your robot")  # a proof's
    back(bob)
    landed(bob)
    bob.page.reload()
    for part in PARTS:  # asked for, the whole hand stays the whole hand
        expect(bob.card(part)).to_be_visible()


def test_a_turn_that_runs_out_in_an_action_view_leaves_no_card_face_up(
    open_seat, live_server, live_app
):
    ada, bob = (open_seat(name) for name in ("Ada", "Bob"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob],
        4,
        {"pace": 3, "turn": 30},
        ada=("PushBot", 9, G),
        bob=("LockBot", 2, G),
    )
    code = url.rsplit("/", 1)[1]
    ada.page.get_by_role("button", name="Start the countdown").click()
    ada.page.get_by_role("button", name="I act at 9 or more").click()
    back(ada)
    ada.page.get_by_role("link", name="Robot", exact=True).click()  # PushBot's view, opened
    expect(ada.page.locator("#focus-title")).to_contain_text("Use your robot's action")
    expect(ada.card("robot")).to_be_visible()
    time_runs_out(live_app, code, Step.TURN)
    title = ada.page.locator("#focus-title")
    expect(title).to_have_text("Time ran out: your turn is over, and you have no turn this round.")
    for part in PARTS:
        expect(ada.card(part)).to_be_hidden()
    expect(ada.page.get_by_role("button", name="Back to cards")).to_be_visible()
    back(ada)


def test_when_the_round_ends_a_phone_in_an_acts_view_opens_at_the_top_not_an_old_anchor(
    open_seat, live_server, live_app
):
    ada, bob = (open_seat(name) for name in ("Ada", "Bob"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob],
        4,
        {"pace": 3},
        ada=("SwapBot", 9, G),
        bob=("LockBot", 2, G),
    )
    code = url.rsplit("/", 1)[1]
    # The round's cards as given (not the deal's first, which a live update then replaces).
    expect(bob.card("robot")).to_contain_text("LockBot")
    bob.page.evaluate("location.hash = 'players'")  # an anchor an earlier act left
    expect(bob.page.locator("#players")).to_be_in_viewport()
    ada.page.get_by_role("button", name="Start the countdown").click()
    countdown_to(live_app, code, 2)
    bob.page.get_by_role("button", name="I act at 2").click()
    shows(bob, "power", title="Prove your power")
    bob.page.get_by_role("button", name="Pass", exact=True).click()
    run_out(live_app, code)
    tap_twice(ada.page, "End the round")
    banner = bob.page.locator("#seat-banner")
    expect(banner).to_contain_text("Round 1 is over.")
    expect(banner).to_be_in_viewport()
    expect(bob.page.locator("#players")).not_to_be_in_viewport()
    assert "#" not in bob.page.url


def test_a_tap_made_offline_is_not_sent_says_so_at_once_and_goes_when_tapped_again(
    open_seat, live_server, live_app, new_phone
):
    """No tap is lost silently: offline, or with the connection failing under it, a tap for
    the table sends nothing and says so at once; the cards' own taps are kept; back online,
    the same tap goes."""
    ada, bob, cy = (open_seat(name) for name in ("Ada", "Bob", "Cy"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy],
        4,
        {"pace": 3, "window": 30},
        ada=("SwapBot", 9, G),
        bob=("LockBot", 2, G),
        cy=("BlockBot", 3, E),
    )
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    status, page = bob.page.locator("#status"), bob.page
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    # Offline, in the Debate: Pass is not sent, and the phone says so where it shows notes.
    expect(bob.card("robot")).to_be_visible()
    page.context.set_offline(True)
    expect(status).to_have_text("Offline: your cards are kept; acts are not sent.")
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(status).to_have_text("Not sent: no connection. Tap again once you are back online.")
    expect(page.get_by_role("button", name="Pass", exact=True)).to_be_enabled()
    assert not [url for url in posts if url.endswith("/pass-debate")], posts
    # The cards' own taps are kept; the offline note comes back at the next tap.
    page.get_by_role("button", name="Hide robot").click()
    expect(status).to_have_text("Offline: your cards are kept; acts are not sent.")
    # A form outside the strip: refused in place, under it, and the page stays.
    page.get_by_role("button", name="Move to another phone").click()
    expect(page.locator(".seat-own .not-sent")).to_have_text(
        "Not sent: no connection. Tap again once you are back online."
    )
    assert page.url == url
    page.context.set_offline(False)
    expect(status).to_be_empty()
    page.get_by_role("button", name="Pass", exact=True).click()
    expect(board.get_by_text("Bob · passes")).to_be_visible()
    expect(page.locator(".not-sent")).to_have_count(0)  # gone at the next tap

    # Online, but the connection fails under the tap: the same, said at once.
    ada.page.get_by_role("button", name="Start the countdown").click()
    ada.page.get_by_role("button", name="I act at 9 or more").click()
    ada.page.get_by_role("link", name="Convert", exact=True).click()
    ada.page.get_by_role("button", name="Cy", exact=True).click()
    cy.page.route("**/no-reaction", lambda route: route.abort("connectionreset"))
    no_reaction = cy.page.get_by_role("button", name="No reaction")
    no_reaction.click()
    expect(cy.page.locator("#status")).to_have_text(
        "Not sent: no connection. Tap again once you are back online."
    )
    expect(no_reaction).to_be_enabled()
    cy.page.unroute("**/no-reaction")
    no_reaction.click()
    expect(no_reaction).to_be_hidden()
    expect(cy.page.locator("#status")).to_be_empty()


def test_every_phone_says_what_comes_next_in_line_and_in_a_debate_without_a_timer(
    open_seat, live_server, live_app
):
    ada, bob, cy, di = (open_seat(name) for name in ("Ada", "Bob", "Cy", "Di"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy, di],
        4,
        {"pace": 3},
        ada=("BetBot", 2, G),
        bob=("SumoBot", 6, G),
        cy=("LockBot", 6, E),
        di=("BetBot", 1, G),
    )
    code = url.rsplit("/", 1)[1]
    # No Debate timer: Di, with nothing left to do, is told whom the table waits for, on the
    # strip over what her pass showed; Ada, the host, is told to start it, with its button.
    di.page.get_by_role("button", name="Pass", exact=True).click()
    shows(di, title="Nothing shown")
    note = di.page.locator("#round-now .now-note")
    expect(note).to_have_text("You passed: Ada starts the Countdown.")
    expect(note).to_be_visible()
    ada.page.get_by_role("button", name="Pass", exact=True).click()
    note = ada.page.locator("#round-now .now-note")
    expect(note).to_have_text("You passed: start the Countdown when the table is ready.")
    expect(note).to_be_visible()
    ada.page.get_by_role("button", name="Start the countdown").click()
    countdown_to(live_app, code, 6)
    # Bob and Cy tie at 6: Cy, holding up her claim, is told she is next, and after whom.
    bob.page.get_by_role("button", name="I act at 6").click()
    cy.page.get_by_role("button", name="I act at 6").click()
    shows(cy, "power", title="Prove your power")
    note = cy.page.locator("#round-now .now-note")
    expect(note).to_have_text("You go next, after Bob.")
    expect(note).to_be_visible()
    assert note.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "cut"
