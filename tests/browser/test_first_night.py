"""A first game night, as a new group meets it: a phone stays in the view its player chose,
a new deal brings the cards into view, and the split adds itself up."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from evilrobots.game.cards import Allegiance
from tests.support.browser import (
    LAYOUT_SHIFTS,
    board_fits,
    deal,
    join_by_code,
    reveal,
    tap_twice,
    unprompted_shifts,
)
from tests.support.cards import give
from tests.support.clients import Phone, deal_tag

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def test_a_phone_held_in_an_action_view_stays_there_when_another_seat_swaps(table, live_app):
    ada, bob, cy = table["ada"], table["bob"], table["cy"]
    deal(table)
    give(
        live_app,
        table["code"],
        4,
        ada=("SumoBot", 2, G),
        bob=("SwapBot", 3, G),
        cy=("LockBot", 8, E),
    )
    expect(bob.card("robot").locator(".robot-name")).to_have_text("SwapBot")
    # Cy holds "Prove your power" up to the camera: the power alone.
    cy.page.get_by_role("link", name="Actions").click()
    cy.page.get_by_role("link", name="Prove your power", exact=True).click()
    expect(cy.card("power")).to_be_visible()
    expect(cy.card("robot")).to_be_hidden()
    expect(cy.card("allegiance")).to_be_hidden()
    # Bob swaps his power with the points card: the round's value changes for everyone.
    bob.page.get_by_role("link", name="Actions").click()
    bob.page.get_by_role("link", name="Use your robot's action", exact=True).click()
    bob.page.get_by_role("button", name="Swap with the points card").click()
    points = ada.page.get_by_role("region", name="Points card")
    expect(points).to_contain_text("3")  # Ada's page took the new value: the event arrived
    expect(cy.page.locator("#reveals")).to_contain_text("swaps power 3")  # Cy's phone has it too
    # Cy's phone is still showing its power alone: nothing else came on camera.
    expect(cy.card("power")).to_be_visible()
    expect(cy.card("robot")).to_be_hidden()
    expect(cy.card("allegiance")).to_be_hidden()


def test_a_new_deal_brings_the_cards_into_view_on_every_phone(table, live_app):
    ada, cy = table["ada"], table["cy"]
    deal(table)
    assert ada.page.evaluate("scrollY") == 0  # the host's own Deal: the page's top, not 56 px down
    give(
        live_app,
        table["code"],
        4,
        ada=("SumoBot", 9, G),
        bob=("LockBot", 2, E),
        cy=("PushBot", 1, E),
    )
    tap_twice(ada.page, "End the round")
    ada.page.get_by_role("button", name="Keep the score").click()
    cy.page.evaluate("scrollTo(0, document.body.scrollHeight)")  # reading the count below
    assert cy.page.evaluate("scrollY") > 200
    ada.page.get_by_role("button", name="Deal the next round").click()
    expect(cy.page.locator("#seat-round")).to_have_text("Round 2")
    expect(cy.card("robot")).to_be_in_viewport()
    assert cy.page.evaluate("scrollY") == 0
    assert ada.page.evaluate("scrollY") == 0
    expect(cy.page.locator("#status")).to_contain_text("these are your new cards")


def test_the_split_counts_up_and_offers_propose_once_it_adds_up(table, live_app):
    ada, bob = table["ada"], table["bob"]
    deal(table)
    give(
        live_app,
        table["code"],
        5,
        ada=("SumoBot", 4, G),
        bob=("LockBot", 3, G),
        cy=("PushBot", 1, E),
    )
    tap_twice(ada.page, "End the round")
    propose = ada.page.get_by_role("button", name="Propose this split")
    total = ada.page.locator("[data-split-total] output")
    expect(total).to_have_text("0 of 5")
    expect(propose).to_be_disabled()
    ada.page.get_by_label("Ada", exact=True).fill("4")
    expect(total).to_have_text("4 of 5")
    expect(propose).to_be_disabled()
    ada.page.get_by_label("Bob", exact=True).fill("1")
    expect(total).to_have_text("5 of 5")
    expect(propose).to_be_enabled()
    propose.click()
    expect(bob.page.get_by_text("Disagree, and each winner gets 1 point instead.")).to_be_visible()


SAYS_A_WORD = """button => Array.from(button.childNodes).some(node =>
    (node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "") ||
    (node.nodeType === Node.ELEMENT_NODE && node.tagName !== "svg" &&
     node.getBoundingClientRect().width > 1 && node.textContent.trim() !== ""))"""


def test_at_320_px_every_top_bar_button_shows_a_word(table, new_phone, live_server):
    deal(table)
    ada = table["ada"].page
    ada.set_viewport_size({"width": 320, "height": 568})
    solo = new_phone({"width": 320, "height": 568})
    solo.goto(live_server + "/")
    for page in (solo, ada):
        buttons = page.locator("header.bar .bar-button:visible")
        assert buttons.count() >= 2
        for button in buttons.all():
            box = button.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 320, button.inner_text()
            assert button.evaluate(SAYS_A_WORD), button.get_attribute("aria-label")


NINE = ["Ada", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def test_the_board_fits_1280_by_720_through_ten_rounds_of_nine_players(
    live_app, live_server, new_phone
):
    phones = [Phone(live_app, name) for name in NINE]
    ada = phones[0]
    ada.start()
    for phone in phones[1:]:
        phone.join(ada.code)
    ada.post("/target", target="20")
    ada.post("/npr-rule", npr="yes")
    ada.by_voice()
    board = new_phone({"width": 1280, "height": 720})
    board.goto(f"{live_server}/t/{ada.code}/board")
    expect(board.get_by_text("Ivy")).to_be_visible()
    board_fits(board, "before the first deal")
    robots = ["SumoBot", "LockBot", "PushBot", "FreeBot", "PassBot", "BlockBot", "ForceBot"]
    for number in range(1, 11):
        assert ada.deal().status_code == 303
        table = give(
            live_app,
            ada.code,
            1,
            ada=("SumoBot", 9, G),  # alone on her team: she takes the round, no split to wait for
            **{n.lower(): (robots[i % len(robots)], 1 + i % 5, N) for i, n in enumerate(NINE[1:])},
        )
        for phone in phones[1:]:
            phone.post("/reveal", action="convert-other", round=deal_tag(table))
        expect(board.get_by_text("and 3 earlier")).to_be_visible()
        board_fits(board, f"round {number} in play")
        assert ada.post("/end").status_code == 303
        expect(board.locator(".board-count table.tally")).to_be_visible()
        board_fits(board, f"round {number} counted")
        assert ada.post("/keep").status_code == 303
        rounds = board.locator(".board-history > details:not(.truths) summary")
        expect(rounds).to_have_count(number + 1)  # folded
        board_fits(board, f"round {number} kept")


# Same-page links whose place is missing: the page would jump to its top.
NOWHERE = """() => [...document.querySelectorAll('a[href^="#"]')]
  .map(a => a.getAttribute('href').slice(1)).filter(id => !document.getElementById(id))"""


# The size the page gives the button named, and every other button shown (its text and its
# least height: a button of two lines of text is taller without being made larger).
SIZES = """(name) => {
  const size = (b) => [parseFloat(getComputedStyle(b).fontSize),
                       parseFloat(getComputedStyle(b).minHeight) || 0];
  const buttons = [...document.querySelectorAll("button")].filter(b => b.offsetHeight);
  const next = buttons.find(b => b.textContent.trim() === name);
  return {next: size(next), others: buttons.filter(b => b !== next).map(size)};
}"""


def test_the_hosts_next_step_is_on_the_first_screen_at_every_moment(table, live_app):
    ada, board = table["ada"].page, table["board"]
    said = []
    for page in (ada, board):
        page.on("console", lambda message: said.append(message.text))
        page.on("pageerror", lambda error: said.append(str(error)))
    for size in ({"width": 390, "height": 844}, {"width": 320, "height": 568}):
        ada.set_viewport_size(size)
        ada.evaluate("scrollTo(0, 0)")  # the first screen (the settings left it at the panel)
        in_reach = ada.get_by_role("button", name="Deal", exact=True)
        expect(in_reach).to_be_in_viewport(ratio=1)
    deal(table)
    give(
        live_app,
        table["code"],
        3,
        ada=("SumoBot", 9, G),
        bob=("LockBot", 2, E),
        cy=("PushBot", 1, E),
    )
    moments = [
        ("End the round", lambda: tap_twice(ada, "End the round")),
        ("Keep the score", lambda: ada.get_by_role("button", name="Keep the score").click()),
        ("Deal the next round", None),
    ]
    for name, then in moments:
        for size in ({"width": 390, "height": 844}, {"width": 320, "height": 568}):
            ada.set_viewport_size(size)
            ada.evaluate("scrollTo(0, 0)")
            expect(ada.get_by_role("button", name=name, exact=True)).to_be_in_viewport(ratio=1)
        assert ada.evaluate(NOWHERE) == [] and board.evaluate(NOWHERE) == [], name
        # The step the moment calls for is the largest of the host's buttons.
        sizes = ada.evaluate(SIZES, name)
        assert all(
            sizes["next"][0] >= text and sizes["next"][1] >= least
            for text, least in sizes["others"]
        ), (name, sizes)
        if then:
            # The page the tap leads to loads (and jumps to its place) before it is taken
            # back to the top: the first screen, as the host's phone opens it.
            with ada.expect_navigation():
                then()
    assert said == []


def test_a_first_game_night_three_rounds_four_phones_and_a_board(
    table, open_seat, live_server, live_app
):
    """Three rounds, one dealt again, four phones and the board: after each round the board
    fits 1280x720, every same-page link has its place, nothing was said on any console, and
    no phone's cards moved but for its own player's taps (layout shift 0)."""
    dee = open_seat("Dee")
    join_by_code(dee, live_server, table["code"])
    seats = [table["ada"], table["bob"], table["cy"], dee]
    ada, board, pages = seats[0].page, table["board"], [seat.page for seat in seats]
    said = []
    for page in [*pages, board]:
        page.on("console", lambda message: said.append(message.text))
        page.on("pageerror", lambda error: said.append(str(error)))
        page.add_init_script(LAYOUT_SHIFTS)
        page.reload()
    rounds = [  # who holds what, and who wins alone
        dict(
            ada=("SumoBot", 9, G),
            bob=("LockBot", 2, E),
            cy=("PushBot", 1, E),
            dee=("FreeBot", 3, N),
        ),
        dict(
            ada=("PassBot", 2, G),
            bob=("SwapBot", 8, E),
            cy=("BlockBot", 1, G),
            dee=("BetBot", 4, N),
        ),
        dict(
            ada=("ForceBot", 1, E),
            bob=("SumoBot", 3, N),
            cy=("LockBot", 7, G),
            dee=("PushBot", 2, E),
        ),
    ]
    for number, cards in enumerate(rounds, start=1):
        ada.get_by_role(
            "button", name="Deal" if number == 1 else "Deal the next round", exact=True
        ).click()
        expect(board.get_by_text(f"Round {number}", exact=True)).to_be_visible()
        if number == 2:  # a mis-deal: dealt again, the same round
            dealt = seats[1].page.locator("#hand").get_attribute("data-round")
            tap_twice(ada, "Deal this round again")
            expect(seats[1].page.locator("#hand")).not_to_have_attribute("data-round", dealt)
        give(live_app, table["code"], 4, **cards)
        for seat in seats:
            expect(seat.card("robot").locator(".robot-name")).to_have_text(
                cards[seat.name.lower()][0]
            )
        reveal(seats[1], "Prove your power")
        expect(board.locator(".reveal-list")).to_contain_text("Bob")
        tap_twice(ada, "End the round")
        ada.get_by_role("button", name="Keep the score").click()
        rounds = board.locator(".board-history > details:not(.truths) summary")
        expect(rounds).to_have_count(number + 1)  # folded
        board_fits(board, f"round {number} kept")
        for page in [*pages, board]:
            assert page.evaluate(NOWHERE) == [], (number, page.url)
        # The players' phones. The host's page reloads at each of its own taps (Deal, End,
        # Keep are forms), and the measure with it: its next step is checked instead, in
        # test_the_hosts_next_step_is_on_the_first_screen_at_every_moment.
        for seat in seats[1:]:
            assert unprompted_shifts(seat.page) == [], (number, seat.name)
    expect(board.locator(".board-head")).to_contain_text("Round 3")
    assert said == []


def test_take_it_back_is_offered_for_ten_seconds_then_goes_by_itself(table):
    bob = table["bob"]
    bob.page.clock.install()  # the phone's own clock, moved on below without waiting
    bob.page.reload()
    deal(table)
    reveal(bob, "Prove your power")
    bob.page.get_by_role("button", name="Back to cards").click()
    back = bob.page.get_by_role("button", name="Take it back")
    expect(back).to_be_visible()
    bob.page.clock.fast_forward(8_000)
    expect(back).to_be_visible()
    bob.page.clock.fast_forward(3_000)
    expect(back).to_be_hidden()


# WCAG's contrast ratio between two computed colours (rgb or rgba over nothing).
CONTRAST = """([a, b]) => {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map(Number).map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.mark.parametrize("size", [(390, 844), (320, 568)], ids=lambda s: f"{s[0]}")
def test_on_a_phone_the_board_keeps_every_card_whole_and_the_backs_stand_out_in_the_dark(
    live_app, live_server, new_phone, size
):
    phones = [Phone(live_app, name) for name in ("Ada", "Bob", "Cy")]
    phones[0].start()
    for phone in phones[1:]:
        phone.join(phones[0].code)
    phones[0].post("/npr-rule", npr="yes")
    phones[0].by_voice()
    assert phones[0].deal().status_code == 303
    board = new_phone({"width": size[0], "height": size[1]})
    board.emulate_media(color_scheme="dark")
    board.goto(f"{live_server}/t/{phones[0].code}/board")
    # Hidden cards: their backs' edge stands out from the seat's tile (3:1, as WCAG asks of
    # what must be seen), in the dark theme where the card's own black edge would not.
    edges = board.evaluate(
        """() => [...document.querySelectorAll('.mini-back')].map(e => [
          getComputedStyle(e).borderTopColor,
          getComputedStyle(e.closest('.board-seat')).backgroundColor])"""
    )
    assert edges and all(board.evaluate(CONTRAST, pair) >= 3 for pair in edges), edges
    assert phones[0].post("/end").status_code == 303
    expect(board.locator(".board-count table.tally")).to_be_visible()
    # Every card face up, the non-player robot's too: each word whole, no label on another.
    cut = board.evaluate(
        """() => [...document.querySelectorAll('.mini, .mini-label')]
          .filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent.trim())"""
    )
    assert cut == []
    touching = board.evaluate(
        """() => [...document.querySelectorAll('.minis')].flatMap(minis => {
          const boxes = [...minis.querySelectorAll('.mini-label, .mini')]
            .filter(e => e.offsetHeight)
            .map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
          return boxes.flatMap(([a, p], i) => boxes.slice(i + 1).filter(([, q]) =>
            p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom)
            .map(([b]) => a + " / " + b));
        })"""
    )
    assert touching == []
