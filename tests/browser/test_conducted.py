"""A whole round the app runs, in Debian's Chromium: four phones and the board on a shared
screen, each phone doing only what it shows its player, the server keeping time."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from evilrobots.game.cards import Allegiance
from evilrobots.game.table.now import Step
from tests.support.browser import Seat, open_table, tap_twice
from tests.support.cards import countdown_to, time_runs_out

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
SLOW = 15_000  # ms: a window (5 s) runs out on the wall clock before a step shows


def now_says(page: Page):
    """The top of a seat's page: what is happening now, and what this phone may do."""
    return page.locator("#round-now")


def test_four_phones_and_a_board_play_a_round_the_app_runs(
    open_seat, live_server, live_app, new_phone
):
    ada, bob, cy, di = (open_seat(name) for name in ("Ada", "Bob", "Cy", "Di"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy, di],
        4,
        {"pace": 3, "window": 5},  # no Debate timer: the host starts the Countdown
        ada=("BetBot", 9, G),
        bob=("SwapBot", 6, E),
        cy=("ForceBot", 3, N),
        di=("PassBot", 2, N),
    )
    host = ada.page
    code = url.rsplit("/", 1)[1]
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    for seat in (ada, bob, cy, di):  # the deal reaches each phone by itself
        expect(seat.card("robot")).to_be_visible()

    # The Debate: Di passes; the board says so, and nothing more.
    expect(now_says(di.page)).to_contain_text("The Debate")
    expect(board.get_by_role("region", name="The round now")).to_contain_text("The Debate")
    di.page.get_by_role("button", name="Pass", exact=True).click()
    expect(board.get_by_text("Di · passes")).to_be_visible()
    expect(bob.page.get_by_role("button", name="Start the countdown")).to_have_count(0)
    host.get_by_role("button", name="Start the countdown").click()

    # 9 or more: only Ada may act. She converts Bob; 9 is not below 6: it fails.
    expect(board.get_by_text("Power 9 or more is called")).to_be_visible()
    for seat in (bob, cy, di):
        expect(seat.page.get_by_role("button", name=re.compile("^I act"))).to_have_count(0)
    host.get_by_role("button", name="I act at 9 or more").click()
    expect(board.get_by_text("Ada · acts at 9 or more · power 9")).to_be_visible()
    host.get_by_role("link", name="Convert", exact=True).click()  # the action's view, in place
    expect(ada.card("power")).to_be_visible()
    host.get_by_role("button", name="Bob", exact=True).click()
    expect(board.get_by_text("Bob · the conversion fails")).to_be_visible()

    # The reaction window: Cy's ForceBot makes it work; then everyone says No reaction.
    expect(now_says(bob.page)).to_contain_text("Reactions to Ada")
    told = "Ada converts you to Good. Play a reaction if you hold one, or tap No reaction."
    expect(bob.page.locator("#round-now .now-note")).to_have_text(told)  # him, by whom
    cy.page.get_by_role("link", name="Play ForceBot").click()
    expect(cy.card("robot")).to_be_visible()
    cy.page.get_by_role("button", name="Play ForceBot").click()
    expect(board.get_by_text("Cy · reacts · ForceBot")).to_be_visible()
    for seat in (bob, di):
        seat.page.get_by_role("button", name="No reaction").click()
    expect(board.get_by_text("Bob · is converted by Ada · Good")).to_be_visible()
    expect(bob.card("allegiance")).to_have_attribute("data-allegiance", "good")  # his own phone
    expect(bob.page.locator("#flips")).to_have_text("Ada converted you to Good")  # and how

    # 6: Bob converts himself back to Evil; nobody reacts, the window runs out.
    countdown_to(live_app, code, 6)  # 8 and 7 go by, untaken, at once
    bob_act = bob.page.get_by_role("button", name="I act at 6")
    expect(bob_act).to_be_visible()
    bob_act.click()
    bob.page.get_by_role("link", name="Yourself", exact=True).click()
    bob.page.get_by_role("button", name="Evil", exact=True).click()
    expect(board.get_by_text("Bob · converts themselves · Evil")).to_be_visible()
    time_runs_out(live_app, code, Step.REACTIONS)
    expect(board.get_by_text("Bob · is converted · Evil")).to_be_visible()
    expect(bob.page.locator("#flips")).to_have_text("You converted yourself")

    # Cy reacted: her 3 is not hers to act at. Di passed: the Pass phase is hers alone.
    expect(now_says(cy.page)).to_contain_text("You reacted")
    countdown_to(live_app, code, 0)  # 5 down to 1 go by, untaken, at once
    expect(board.get_by_text("The Pass phase", exact=True)).to_be_visible()
    expect(
        board.get_by_text("Di · shows their power for the Pass phase · power 2")  # alone
    ).to_be_visible()
    expect(now_says(di.page)).to_contain_text("Di's turn in the Pass phase")
    expect(di.page.get_by_role("link", name="Yourself")).to_have_count(0)  # not in the Pass phase
    di.page.get_by_role("button", name="Pass", exact=True).click()

    # Every turn is taken: the host ends the round, and the count follows the round's acts.
    expect(board.get_by_role("region", name="The round now")).to_contain_text("Every turn is taken")
    tap_twice(host, "End the round")
    tally = board.locator("table.tally")
    expect(tally).to_contain_text("Bob SwapBot Evil")
    expect(tally).to_contain_text("Ada BetBot Good")
    for seat in (ada, bob, cy, di):
        expect(now_says(seat.page)).to_be_hidden()

    # The next deal brings the round back to every phone, live: the host's page too, loaded
    # after the round was over.
    host.get_by_role("button", name="Keep the score").click()
    host.get_by_role("button", name="Deal the next round").click()
    for seat in (ada, bob, cy, di):
        expect(now_says(seat.page)).to_contain_text("The Debate")


def test_a_phone_in_an_action_view_stays_there_while_others_act(open_seat, live_server, live_app):
    """Someone else's turn, a call, a window: none moves a phone out of the view its player
    chose (here, the cards held up for the camera)."""
    ada, bob = open_seat("Ada"), open_seat("Bob")
    cards = {"ada": ("BetBot", 9, G), "bob": ("SwapBot", 6, E)}
    open_table(live_app, live_server, [ada, bob], 4, {}, **cards)
    expect(bob.card("robot")).to_be_visible()  # the deal reaches his phone by itself
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Prove your power", exact=True).click()
    expect(bob.page).to_have_url(re.compile("/action/prove-power$"))
    ada.page.get_by_role("button", name="Start the countdown").click()
    ada.page.get_by_role("button", name="I act at 9 or more").click()
    ada.page.get_by_role("link", name="Convert", exact=True).click()
    ada.page.get_by_role("button", name="Bob", exact=True).click()
    expect(now_says(ada.page)).to_contain_text("Reactions to Ada")
    expect(now_says(bob.page)).to_contain_text("Reactions to Ada")  # the updates came in
    expect(bob.page).to_have_url(re.compile("/action/prove-power$"))
    expect(bob.card("power")).to_be_visible()
    expect(bob.card("robot")).to_be_hidden()
    assert isinstance(bob, Seat)


def test_a_round_nobody_finishes_goes_on_by_itself_and_ends(
    open_seat, live_server, live_app, new_phone
):
    """Cy never proves why Ada's conversion of her failed, and Bob, alone in the Pass phase,
    walks away from his turn: the app shows Cy's allegiance as her proof when its time runs
    out, passes for Bob when his does, every phone and the board say so, and the host ends
    the round as usual."""
    ada, bob, cy = (open_seat(name) for name in ("Ada", "Bob", "Cy"))
    url = open_table(
        live_app,
        live_server,
        [ada, bob, cy],
        4,
        {"pace": 3, "turn": 15, "window": 5},
        ada=("SwapBot", 9, G),
        bob=("BetBot", 2, E),
        cy=("LockBot", 6, G),
    )
    host, code = ada.page, url.rsplit("/", 1)[1]
    board = new_phone({"width": 1280, "height": 720})
    board.goto(url + "/board")
    for seat in (ada, bob, cy):
        expect(seat.card("robot")).to_be_visible()
    bob.page.get_by_role("button", name="Pass", exact=True).click()
    expect(board.get_by_text("Bob · passes")).to_be_visible()
    host.get_by_role("button", name="Start the countdown").click()
    host.get_by_role("button", name="I act at 9 or more").click()
    host.get_by_role("link", name="Convert", exact=True).click()
    host.get_by_role("button", name="Cy", exact=True).click()
    expect(board.get_by_text("Cy · the conversion fails")).to_be_visible()

    # The window runs out, on the wall clock; Cy owes her proof, now, and gives none. (From
    # here on each step's time goes by at once: the server's clock moves on to its end.)
    expect(now_says(cy.page)).to_contain_text("Your conversion failed", timeout=SLOW)
    expect(cy.page.get_by_role("button", name="Show LockBot")).to_be_visible()
    expect(board.get_by_text("Cy proves it failed")).to_be_visible()
    time_runs_out(live_app, code, Step.PROOF)
    expect(
        board.get_by_text("Cy · shows it failed · Good · time ran out: shown by the app")
    ).to_be_visible()
    expect(cy.page.get_by_role("button", name="Show LockBot")).to_have_count(0)

    # The Countdown goes on to its end; Bob, alone in the Pass phase, never takes his turn.
    countdown_to(live_app, code, 0)
    expect(now_says(bob.page)).to_contain_text("Your turn")
    expect(board.get_by_text("Bob's turn in the Pass phase")).to_be_visible()
    time_runs_out(live_app, code, Step.TURN)
    expect(board.get_by_text("Bob · time ran out: no turn this round")).to_be_visible()
    for seat in (ada, cy):  # on every phone's log (Ada's held up: below her act, unseen)
        log = seat.page.locator("#table-live")
        expect(log).to_contain_text("Bob · time ran out: no turn this round")
    expect(board.get_by_role("region", name="The round now")).to_contain_text("Every turn is taken")
    tap_twice(host, "End the round")
    expect(board.locator("table.tally")).to_contain_text("Cy LockBot Good")


FITS = """strip => {
  const box = strip.getBoundingClientRect();
  const row = strip.querySelector('.now-do');
  const out = [];
  if (row.scrollWidth > row.clientWidth) out.push('the row scrolls');
  for (const control of row.querySelectorAll('button, a')) {
    const r = control.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right || r.bottom > box.bottom || r.height < 44)
      out.push(control.textContent + ' does not fit');
    if (control.scrollWidth > control.clientWidth) out.push(control.textContent + ' is cut');
  }
  return out;
}"""


def test_every_choice_in_the_strip_fits_a_phone_from_320_px(open_seat, live_server, live_app):
    """The most crowded strips (FreeBot's two ways to act, a turn's four choices, the two
    proofs of a failed conversion) show every button whole, without scrolling, at 320, 360
    and 390 px wide."""
    ada, bob = open_seat("Ada"), open_seat("Bob")
    cards = {"ada": ("FreeBot", 5, G), "bob": ("SwapBot", 3, E)}
    open_table(live_app, live_server, [ada, bob], 4, {"pace": 15}, **cards)
    expect(bob.card("robot")).to_be_visible()

    def fits(seat: Seat, what: str) -> None:
        for width in (320, 360, 390):
            seat.page.set_viewport_size({"width": width, "height": 640})
            assert now_says(seat.page).evaluate(FITS) == [], (what, width)

    ada.page.get_by_role("button", name="Start the countdown").click()
    expect(ada.page.get_by_role("button", name="I act, showing my power")).to_be_visible()
    fits(ada, "FreeBot's two ways to act")
    ada.page.get_by_role("button", name="I act at 9 or more").click()
    expect(ada.page.get_by_role("link", name="Yourself", exact=True)).to_be_visible()
    fits(ada, "a turn")
    ada.page.get_by_role("link", name="Convert", exact=True).click()
    ada.page.get_by_role("button", name="Bob", exact=True).click()
    bob.page.get_by_role("button", name="No reaction").click()
    expect(bob.page.get_by_role("button", name="Show my allegiance")).to_be_visible()
    expect(now_says(bob.page)).to_contain_text("Your conversion failed: show the table why")
    fits(bob, "the proofs of a failed conversion")
