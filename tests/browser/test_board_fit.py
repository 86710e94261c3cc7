"""The board shared on a call at 1280 x 720, nine players with the longest names the table
takes, in every language: its newest act is never cut, whatever its kind and length; the
count fits one screen after every way a round ends, its header on one line; and the board
leads to the game's story (and, from game 2, to the earlier games), which opens on the same
screen without scrolling sideways. In Debian's Chromium."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from playwright.sync_api import expect

from evilrobots.game.actions import Action
from evilrobots.game.cards import (
    BETBOT,
    BLOCKBOT,
    COPYBOT,
    DOOVERBOT,
    FORCEBOT,
    GANDALFBOT,
    LOCKBOT,
    NEGATIVEBOT,
    PASSBOT,
    PLUSBOT,
    PUSHBOT,
    SUMOBOT,
    SWAPBOT,
    Allegiance,
    PowerCard,
)
from evilrobots.game.table import Table
from evilrobots.game.table.facts import Fact, What
from evilrobots.game.table.limits import TOP_LEVEL
from evilrobots.game.table.names import NAME_LIMIT, new_code
from evilrobots.game.table.round import Reveal, Use
from evilrobots.game.table.settings import Settings
from evilrobots.web.i18n import LANGUAGES
from tests.support.browser import board_fits
from tests.support.cards import known
from tests.support.tables import Play, play_round

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
BOARD = {"width": 1280, "height": 720}
# Nine players, each name as long as a table takes (24 letters), as a group types them.
NAMES = [
    "Adalberta Montgomery Ash",
    "Bartholomew Fitzwilliam",
    "Cyprianus Wolfgang Moor",
    "Delphine Marguerite Roux",
    "Evangeline Huntingdon Q",
    "Fitzgerald O'Sullivan Jo",
    "Gustavo Hernández Ortiz",
    "Halvard Kristoffersen B",
    "Ivanka Petrovna Smirnov",
]
assert all(len(name) <= NAME_LIMIT for name in NAMES)
LANGS = sorted(LANGUAGES)


def a_table(live_app, play) -> str:
    """A table of the nine in the live app's store, as ``play`` leaves it; its code."""
    code = new_code(random.Random())
    store = live_app.extensions["evilrobots.store"]
    store.create(Table.start(code, NAMES[0], "secret-0"))

    def seated(table: Table) -> Table:
        for number, name in enumerate(NAMES[1:], start=1):
            table = table.join(name, f"secret-{number}")
        return play(table)

    store.change(code, seated)
    return code


def one_kept_round(table: Table, winner: int = 2) -> Table:
    """A round called by voice, counted and kept, the seat ``winner`` taking its 5 points
    alone: the scores show under the log."""
    table = table.set_settings(1, Settings(conducted=False))
    return play_round(table, winner, 5, random.Random(3))


# ---- The newest act, whatever its kind -------------------------------------------------------

ME, OTHER = 3, 5  # the seat that acts, and the one it names (their places at the table)


def said(what: What, **parts) -> Fact:
    """A fact of the log, naming the other seat wherever it names anyone."""
    return Fact(what, other=NAMES[OTHER - 1], whom=OTHER, **parts)


def act(action: Action, **parts) -> Reveal:
    return Reveal(ME, NAMES[ME - 1], action, **parts)


NINE = PowerCard(9)
# Every kind of act the board's log says, each at its longest: the longest allegiance's word
# (Neutral), the top level, a name of 24 letters, the robot whose act it is.
KINDS = {
    "pass": act(Action.PASS_TURN, lead=said(What.PASSES)),
    "pass again": act(Action.PASS_TURN, lead=said(What.PASSES_AGAIN)),
    "pass, time ran out": act(Action.PASS_TURN, lead=said(What.PASSES_LATE)),
    "pass again, time ran out": act(Action.PASS_TURN, lead=said(What.PASSES_AGAIN_LATE)),
    "a turn run out": act(Action.PASS_TURN, lead=said(What.RUNS_OUT)),
    "I act, PlusBot": act(
        Action.PROVE_POWER,
        robot=PLUSBOT,
        power=PowerCard(6),
        lead=said(What.ACTS_AT, number=TOP_LEVEL),
    ),
    "a tie's order": act(Action.PASS_TURN, lead=said(What.LETS_GO)),
    "a conversion": act(
        Action.CONVERT_OTHER, robot=SUMOBOT, power=NINE, allegiance=N, lead=said(What.CONVERTS)
    ),
    "a conversion of oneself": act(
        Action.CONVERT_SELF, power=NINE, allegiance=N, lead=said(What.CONVERTS_SELF)
    ),
    "the non-player robot converted": act(
        Action.CONVERT_OTHER, lead=Fact(What.CONVERTS_NPR, allegiance=N)
    ),
    "PushBot": act(
        Action.ROBOT_ACTION, robot=PUSHBOT, power=NINE, lead=said(What.PUSHES, allegiance=N)
    ),
    "GandalfBot": act(
        Action.ROBOT_ACTION,
        robot=GANDALFBOT,
        power=NINE,
        lead=said(What.USES, robot=GANDALFBOT),
        effect=said(What.NO_PASS_PHASE),
    ),
    "CopyBot copies GandalfBot": act(
        Action.ROBOT_ACTION,
        robot=COPYBOT,
        power=NINE,
        lead=said(What.COPIES_USE, robot=GANDALFBOT),
        effect=said(What.NO_PASS_PHASE),
    ),
    "SwapBot": act(
        Action.ROBOT_ACTION, robot=SWAPBOT, power=NINE, effect=said(What.SWAPS, number=9, second=9)
    ),
    "CopyBot copies SwapBot": act(
        Action.ROBOT_ACTION,
        robot=COPYBOT,
        power=NINE,
        effect=said(What.COPIES, robot=SWAPBOT, then=said(What.SWAPS, number=9, second=9)),
    ),
    "NegativeBot": act(
        Action.ROBOT_ACTION, robot=NEGATIVEBOT, power=NINE, effect=said(What.NEGATIVE)
    ),
    "CopyBot copies NegativeBot": act(
        Action.ROBOT_ACTION,
        robot=COPYBOT,
        power=NINE,
        effect=said(What.COPIES, robot=NEGATIVEBOT, then=said(What.NEGATIVE)),
    ),
    "BetBot": act(
        Action.ROBOT_ACTION, robot=BETBOT, power=NINE, effect=said(What.BETS, allegiance=N)
    ),
    "it works": act(Action.CONVERTED, allegiance=N, lead=said(What.WORKS)),
    "it fails": act(Action.CONVERTED, lead=said(What.FAILS)),
    "converted (an old log)": act(Action.CONVERTED, allegiance=N, lead=said(What.IS_CONVERTED)),
    "converted by": act(Action.CONVERTED, allegiance=N, lead=said(What.IS_CONVERTED_BY)),
    "converted instead": act(Action.CONVERTED, allegiance=N, lead=said(What.IS_CONVERTED_INSTEAD)),
    "not converted": act(Action.CONVERTED, lead=said(What.IS_NOT_CONVERTED)),
    "BlockBot turns it": act(
        Action.REACTION, robot=BLOCKBOT, lead=said(What.REACTS), effect=said(What.TURNS_ON)
    ),
    "BlockBot makes it fail": act(
        Action.REACTION, robot=BLOCKBOT, lead=said(What.REACTS), effect=said(What.MAKES_FAIL)
    ),
    "ForceBot": act(
        Action.REACTION,
        robot=FORCEBOT,
        lead=said(What.REACTS),
        effect=said(What.WORKS_AFTER_ALL),
    ),
    "DoOverBot": act(
        Action.REACTION,
        robot=DOOVERBOT,
        lead=said(What.REACTS),
        effect=said(What.TAKES, allegiance=N),
    ),
    "a proof by LockBot": act(Action.RESISTED_BY_ROBOT, robot=LOCKBOT, lead=said(What.SHOWS_WHY)),
    "a proof by power": act(Action.RESISTED_BY_POWER, power=NINE, lead=said(What.SHOWS_WHY)),
    "a proof shown by the app": act(
        Action.RESISTED_BY_POWER,
        allegiance=N,
        lead=said(What.SHOWS_FAILED),
        effect=said(What.SHOWN_BY_APP),
    ),
    "the Pass phase, PassBot": act(
        Action.PASS_PHASE, robot=PASSBOT, power=NINE, lead=said(What.SHOWS_FOR_PASS)
    ),
    "sitting out": act(Action.PASS_PHASE, power=PowerCard(1), lead=said(What.SITS_OUT)),
    "by voice, allegiance changed": act(Action.CONVERTED, lead=said(What.CHANGED)),
    # By voice: what each action shows, at its most (every card).
    **{
        f"by voice: {action.slug}": act(action, robot=NEGATIVEBOT, power=NINE, allegiance=N)
        for action in Action
    },
}


def facts_in(reveal: Reveal) -> set[What]:
    found = set()
    for fact in (reveal.lead, reveal.effect):
        while fact is not None:
            found.add(fact.what)
            fact = fact.then
    return found


def test_the_kinds_cover_every_fact_of_the_log():
    """A fact the log gains later must be added above: this fails until it is."""
    covered = set().union(*(facts_in(reveal) for reveal in KINDS.values()))
    assert covered == set(What) - {What.SAID}


def whole(locator) -> bool:
    return locator.evaluate(
        "e => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1"
    )


def bottom(locator) -> float:
    return locator.evaluate("e => e.getBoundingClientRect().bottom")


@pytest.mark.parametrize("lang", LANGS)
def test_the_boards_newest_act_of_every_kind_is_whole_with_nine_players(
    live_app, live_server, new_phone, lang
):
    """Each kind of act, at its longest, newest on the log of a round the app runs, below a
    strip and above nine names' scores: it is whole, in 20 px or more, above the scores (it
    may take a smaller size, older acts make way), the scores are whole, and nothing
    scrolls."""
    store = live_app.extensions["evilrobots.store"]

    def dealt(table: Table) -> Table:
        table = one_kept_round(table).set_settings(1, Settings(debate=0))  # nothing is timed
        now = live_app.config["CLOCK"]()
        table = table.deal(1, random.Random(4), now)
        uses = (Use(4, BETBOT, bet=N), Use(6, NEGATIVEBOT, target=7))  # the log's effects line
        return replace(table, round=replace(table.round, uses=uses))

    code = a_table(live_app, dealt)
    board = new_phone(BOARD)
    older = tuple(KINDS.values())[-6:-2]
    for kind, newest in KINDS.items():
        store.change(
            code, lambda t, n=newest: replace(t, round=replace(t.round, reveals=(*older, n)))
        )
        board.goto(f"{live_server}/t/{code}/board?lang={lang}")
        first = board.locator(".reveal-list > li").first
        expect(first).to_contain_text(NAMES[ME - 1])
        moment = f"{lang}, {kind}: {first.inner_text()!r}"
        assert whole(first.locator(".entry")), moment
        size = first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 20, (moment, size)
        foot = bottom(board.locator(".reveal-list"))
        assert bottom(first) <= foot + 1, f"{moment}: under the scores"
        for entry in board.locator(".reveal-list > li:not([hidden])").all():  # whole, or gone
            assert bottom(entry) <= foot + 1, moment
        scores = board.locator(".board-scores")
        expect(scores).to_be_visible()
        assert whole(scores) and bottom(scores) <= 720, moment
        assert board.evaluate("document.documentElement.scrollWidth") <= 1280, moment
        board_fits(board, moment)


# ---- The count, after every way a round ends -------------------------------------------------


def winners_split(table: Table, now: float, agree: bool, keep: bool) -> Table:
    counted = table.tally()
    first, *others = counted.winners
    shares = {seat: counted.value if seat == first else 0 for seat in counted.winners}
    table = table.propose_split(first, shares, now=now)
    if agree:
        for seat in others:
            table = table.answer_split(seat, True, now=now)
    return table.keep_score(1, now) if keep else table


def ended(how: str, now: float):
    """A change that ends round 3 of a game at the nine's table the way ``how`` says."""

    def play(table: Table) -> Table:
        table = one_kept_round(one_kept_round(table), 3)  # two rounds kept: scores, history
        if how == "game over":
            return play_round(table, 2, 5, random.Random(5))  # Bartholomew reaches 10
        if how == "the app ran it":
            table = table.set_settings(1, Settings(debate=0, pace=3, window=5, turn_seconds=15))
            table = table.deal(1, random.Random(6), now)
            game = Play(table.start_countdown(1, table.round.deal_id, now), now)
            return game.finish().table.end_round(1, game.now)
        table = table.deal(1, random.Random(6))
        if how == "abandoned":
            return table.abandon_round(1, table.round.deal_id)
        if how == "a team of one wins":
            cards = {name: ("LockBot", 3, E) for name in NAMES}
            table = known(table, 9, **cards | {NAMES[0]: ("SumoBot", 9, G)})
        elif how == "nobody scores":
            table = known(table, 6, **{name: ("LockBot", 3, E) for name in NAMES})
        elif how == "bonuses":
            bonus = {
                NAMES[0]: ("MiseryBot", 1, E),
                NAMES[1]: ("BadBot", 2, E),
                NAMES[2]: ("ScaredyBot", 9, G),
                NAMES[3]: ("BetBot", 3, N),
                NAMES[5]: ("PlusBot", 1, N),
            }
            table = known(table, 9, **bonus)
        table = table.end_round(1, now)
        if how in ("a split proposed", "a split agreed and kept"):
            return winners_split(table, now, agree=how != "a split proposed", keep="kept" in how)
        return table

    return play


ENDINGS = [
    "a team of one wins",
    "nobody scores",
    "a split to propose",
    "a split proposed",
    "a split agreed and kept",
    "bonuses",
    "the app ran it",
    "abandoned",
    "game over",
]


@pytest.mark.parametrize("lang", LANGS)
def test_the_count_fits_one_screen_after_every_way_a_round_ends(
    live_app, live_server, new_phone, lang
):
    """Nine players with the longest names: after each way a round can end, the board's
    header is one line, the scores are on the first screen, text 20 px or more, nothing
    scrolls either way; and the board leads to the game's story."""
    board = new_phone(BOARD)
    for how in ENDINGS:
        code = a_table(live_app, ended(how, live_app.config["CLOCK"]()))
        board.goto(f"{live_server}/t/{code}/board?lang={lang}")
        moment = f"{lang}, {how}"
        expect(board.locator(".board-round")).to_be_visible()
        head = board.locator(".board-head > *:visible").all()
        tops = [part.evaluate("e => e.getBoundingClientRect().top") for part in head]
        bottoms = [bottom(part) for part in head]
        assert max(tops) < min(bottoms), f"{moment}: the header takes two lines"
        # The scores: their table, the line under the log, or (seven seats or more) the
        # tally's last column.
        scores = board.locator(
            "table.scoreboard:visible, .board-scores:visible, table.tally .tally-score:visible"
        ).last
        expect(scores).to_be_visible()
        assert bottom(scores) <= 720, f"{moment}: the scores are below the screen"
        assert board.evaluate("document.documentElement.scrollWidth") <= 1280, moment
        board_fits(board, moment)
        story = board.locator(".board-story-links a").first
        expect(story).to_be_in_viewport(ratio=1)


# ---- The story, from the board ---------------------------------------------------------------


def test_the_board_leads_to_the_story_and_from_game_2_to_every_game(
    live_app, live_server, new_phone
):
    """Once a round is over the board links to the game's story, which opens on the shared
    screen with its chart whole on the first screen and nothing to scroll sideways; after
    New game the board links to the earlier games and results as well."""
    store = live_app.extensions["evilrobots.store"]
    code = a_table(live_app, ended("game over", live_app.config["CLOCK"]()))
    board = new_phone(BOARD)
    board.goto(f"{live_server}/t/{code}/board")
    expect(board.get_by_role("link", name="Earlier games and results")).to_have_count(0)
    board.get_by_role("link", name="The story of this game").click()
    expect(board).to_have_url(re.compile(f"/t/{code}/story"))
    chart = board.locator(".way-chart .chart-drawing").first
    expect(chart).to_be_visible()
    assert bottom(chart) <= 720
    assert board.evaluate("document.documentElement.scrollWidth") <= 1280
    store.change(code, lambda t: t.new_game(1))
    board.goto(f"{live_server}/t/{code}/board")  # game 2, no round yet
    board.get_by_role("link", name="Earlier games and results").click()
    expect(board.locator("#games")).to_be_visible()
    assert board.evaluate("document.documentElement.scrollWidth") <= 1280
