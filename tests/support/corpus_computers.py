"""The corpus's games with computer players (``tests.support.corpus``): a phone practising
alone against two, the app dealing, ending and keeping each round by itself; and a table of
two friends and a computer player at which one friend leaves mid-game, the host hands the
seat to the computer, and the friend comes back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.support.corpus import Corpus


def rounds_kept(c: Corpus) -> int:
    return len(json.loads(c.document().split("\n", 1)[1])["game"]["rounds"])


def run_on(c: Corpus, until: int) -> None:
    """Time passes, each thing due happening in turn (a computer's move, a call, the app's
    own end of the round at a practice table), until ``until`` rounds are kept."""
    for _ in range(200):
        if rounds_kept(c) >= until:
            return
        deadline = float(c.document().split("\n", 1)[0].split()[1])
        c.wait(deadline - c.clock.now)
    raise AssertionError(f"{until} rounds were never kept")


def practice(c: Corpus) -> None:
    """Ima practises alone against two computer players (Player): she passes the Debate and
    hides her power (a private tap: nothing for the board), the computers play, and the app
    ends the round, keeps the score and deals the next by itself; in the next she hides and
    shows her robot, and a second round is kept; then her story and the board's."""
    from tests.support.corpus import Phone

    ima = Phone(c, "Ima", "de")
    form = {"name": "Ima", "computers": "2", "level": "player"}
    c.code = c.post(ima, "/table/practice", **form).headers["Location"].rsplit("/", 1)[1]
    c.seat(ima)
    wall = Phone(c, "Wall", "en")
    c.board = wall
    c.seat(wall)
    c.post(ima, "/table/practice", expect=400, name="Ima", computers="9", level="player")
    c.deal(ima)
    tag = c.tag()
    c.post(ima, "/t/pass-debate", round=tag)
    c.post(ima, "/t/hide", part="power")
    run_on(c, 1)
    c.until("debate")  # the app deals the next round by itself
    c.post(ima, "/t/hide", part="robot")
    c.post(ima, "/t/show", part="robot")
    run_on(c, 2)
    c.look(ima, "/t/story")
    c.look(wall, "/t/story")
    c.leave_table()


def stand_in(c: Corpus) -> None:
    """Kai (the host) and Lou with a computer player (Sharp): Lou leaves mid-round, Kai hands
    Lou's seat to the computer, the round is played out, Lou takes the seat back, and Kai
    ends the round."""
    from tests.support.corpus import Phone

    kai = Phone(c, "Kai", "en")
    c.code = c.post(kai, "/table", name="Kai").headers["Location"].rsplit("/", 1)[1]
    c.seat(kai)
    lou = Phone(c, "Lou", "fr")
    c.post(lou, "/t/join", name="Lou")
    c.seat(lou)
    c.post(kai, "/t/computer", level="sharp")
    c.post(kai, "/t/computer", level="wizard", expect=400)
    c.deal(kai)
    tag = c.tag()
    c.post(lou, "/t/leave")
    c.post(kai, "/t/stand-in", seat="2")
    c.post(kai, "/t/pass-debate", round=tag)
    c.until("done")
    c.look(lou, "/t")
    c.post(lou, "/t/back")
    c.look(lou, "/t")
    c.post(kai, "/t/end")
    c.leave_table()
