"""The corpus's games (``tests.support.corpus``): the one-phone applet in two languages, a
table of six phones in four languages and a board playing rounds the app runs (every robot,
reactions and their chain, proofs, a tie's order, a missed call, turns that run out, the Pass
phase, the count, the split agreed and disagreed, the non-player robot), a round by voice
(reveals, one taken back, robot actions, the host's corrections), the host's controls, and a
small table played to the end of its game and started again; and computer players
(``corpus_computers``): practice alone, and a stand-in for a player who left."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from tests.support.corpus_computers import practice, stand_in

if TYPE_CHECKING:
    from tests.support.corpus import Corpus

SLUGS = (
    "debate",
    "prove-power",
    "robot-action",
    "convert-other",
    "convert-self",
    "pass-turn",
    "reaction",
    "converted",
    "resisted-power",
    "resisted-robot",
    "pass-phase",
    "end-of-round",
)


def play(c: Corpus, games: tuple[str, ...] | None = None) -> None:
    """Play the games named (all of them, in order, by default)."""
    for name, game in GAMES.items():
        if games is None or name in games:
            game(c)


def applet(c: Corpus) -> None:
    from tests.support.corpus import Phone

    for lang in ("en", "fr"):
        solo = Phone(c, "Solo", lang)
        for path in ("/", "/actions", "/rules", "/robots", "/credits", "/print", "/video"):
            c.look(solo, path)
        c.look(solo, "/language?next=/")
        c.look(solo, f"/manifest.webmanifest?lang={lang}")
        c.post(solo, "/hide", part="robot")
        c.post(solo, "/hide", part="power", as_json=True)
        c.post(solo, "/show", part="robot")
        c.post(solo, "/allegiance", allegiance="evil")
        c.post(solo, "/randomise")
        c.post(solo, "/points", as_json=True)
        c.post(solo, "/shuffle", as_json=True)
        c.post(solo, "/undo")
        c.post(solo, "/shuffle")
        c.clock.now += 3600
        c.post(solo, "/undo", expect=409)
        c.post(solo, "/hide", part="wing", expect=400)
        for slug in SLUGS:
            c.look(solo, f"/action/{slug}")
        c.look(solo, "/")


def table(c: Corpus) -> None:
    from tests.support.corpus import Phone

    ada = Phone(c, "Ada", "fr")
    c.code = c.post(ada, "/table", name="Ada").headers["Location"].rsplit("/", 1)[1]
    c.seat(ada)
    board = Phone(c, "Board", "en")
    c.board = board
    c.seat(board)
    phones = {"ada": ada}
    for name, lang in (("Bob", "de"), ("Cy", "es"), ("Di", "en"), ("Eve", "en"), ("Fay", "fr")):
        phone = Phone(c, name, lang)
        c.look(phone, "/t")  # the join page, from the link
        c.post(phone, "/t/join", name=name)
        c.seat(phone)
        phones[name.lower()] = phone
    bob, cy, di, eve, fay = (phones[n] for n in ("bob", "cy", "di", "eve", "fay"))
    stranger = Phone(c, "Stranger", "es")
    c.post(stranger, "/t/join", name="Ada", expect=409)  # a name taken
    c.post(bob, "/t/deal", round="00000000", expect=403)  # only the host deals
    c.post(ada, "/t/target", target="30", expect=400)
    c.post(ada, "/t/target", target="20")

    round_one(c, ada, bob, cy, di, eve, fay)
    round_two(c, ada, bob, cy, di, eve, fay)
    round_three(c, ada, bob, cy, di, eve, fay)
    round_by_voice(c, ada, bob, cy, di, eve, fay)
    host_controls(c, ada, bob, cy, di, eve, fay)
    c.leave_table()


def views(c: Corpus, phone, *slugs: str) -> None:
    for slug in slugs:
        c.look(phone, f"/t/action/{slug}")


def round_one(c, ada, bob, cy, di, eve, fay) -> None:
    """A conducted round: passes in the Debate, CheatBot's and PassBot's own choices, SumoBot
    converting a CheatBot that tells the conversion failed, its proof by allegiance, FreeBot
    acting at 7 showing its power, BlockBot turning a conversion on its instigator, a missed
    call, the Pass phase with one sitting out, the count and a split disagreed."""
    c.deal(ada)
    c.give(
        6,
        ada=("SumoBot", 9, "good"),
        bob=("BlockBot", 3, "neutral"),
        cy=("PushBot", 2, "evil"),
        di=("FreeBot", 6, "evil"),
        eve=("CheatBot", 4, "good"),
        fay=("PassBot", 5, "neutral"),
    )
    tag = c.tag()
    views(c, eve, "convert-other", "debate")
    c.post(bob, "/t/pass-debate", round=tag)
    c.post(fay, "/t/pass-debate", round=tag, as_json=True)
    c.post(cy, "/t/pass-debate", round=tag)
    c.post(cy, "/t/pass-debate", round=tag, expect=409)
    c.post(eve, "/t/cheat", round=tag, shows="evil", story="failed")
    c.post(fay, "/t/passbot", round=tag, first="no", as_json=True)
    c.post(ada, "/t/countdown", round=tag)
    c.post(bob, "/t/act", round=tag, expect=409)  # Bob passed
    c.post(ada, "/t/act", round=tag)
    views(c, ada, "convert-other", "convert-self", "robot-action")
    c.post(ada, "/t/convert", round=tag, target="5", as_json=True)
    views(c, bob, "reaction")
    for phone in (bob, cy, di):
        c.post(phone, "/t/no-reaction", round=tag)
    c.post(fay, "/t/no-reaction", round=tag, as_json=True)
    c.post(eve, "/t/no-reaction", round=tag)
    views(c, eve, "converted")
    c.post(eve, "/t/prove", round=tag, proof="power", expect=403)
    c.post(eve, "/t/prove", round=tag, proof="allegiance", as_json=True)
    c.until("countdown", 7)  # 9 or more goes by, then 8
    c.post(di, "/t/act", round=tag, power="yes")
    c.post(di, "/t/convert", round=tag, target="2")
    c.post(bob, "/t/react", round=tag, turn="yes")
    c.wait(8)  # the window closes
    c.until("pass")  # 6 down to 1, Eve's 4 going by unclaimed: then the Pass phase
    views(c, fay, "pass-turn")
    c.post(fay, "/t/pass", round=tag)
    c.post(ada, "/t/end")
    for phone in (ada, eve):
        c.look(phone, "/t")
    c.post(ada, "/t/split", proposal="0", **{"share-1": "4", "share-5": "1"}, expect=400)
    c.post(ada, "/t/split", proposal="0", **{"share-1": "4", "share-5": "2"})
    c.post(eve, "/t/answer", proposal="1", agree="no")
    c.post(ada, "/t/keep")


def round_two(c, ada, bob, cy, di, eve, fay) -> None:
    """The Debate running out, NegativeBot, LockBot's failed conversion made to work by
    ForceBot then done over by DoOverBot, SwapBot, GandalfBot: no Pass phase."""
    c.deal(ada)
    c.give(
        4,
        ada=("ForceBot", 2, "evil"),
        bob=("DoOverBot", 7, "good"),
        cy=("LockBot", 8, "good"),
        di=("NegativeBot", 9, "evil"),
        eve=("SwapBot", 5, "neutral"),
        fay=("GandalfBot", 1, "neutral"),
    )
    tag = c.tag()
    c.wait(60)  # the Debate's timer: 9 or more is called
    c.post(di, "/t/act", round=tag)
    views(c, di, "robot-action")
    c.post(di, "/t/robot", round=tag, robot="NegativeBot", target="3")
    c.until("countdown", 8)
    c.post(cy, "/t/act", round=tag)
    c.post(cy, "/t/convert", round=tag, target="5")
    c.post(ada, "/t/react", round=tag)
    c.post(bob, "/t/react", round=tag, as_json=True)
    c.wait(8)
    c.until("countdown", 5)
    c.post(eve, "/t/act", round=tag)
    c.post(eve, "/t/robot", round=tag, robot="SwapBot", as_json=True)
    c.until("countdown", 1)
    c.post(fay, "/t/act", round=tag)
    c.post(fay, "/t/robot", round=tag, robot="GandalfBot")
    c.until("done")
    c.post(ada, "/t/end")
    c.post(ada, "/t/keep", expect=409)  # the winners have not settled their split
    c.post(di, "/t/split", proposal="0", **{"share-1": "2", "share-4": "3"}, as_json=True)
    # (Agreed, the split's shares would crash a German or Spanish page: issue 33.)
    c.post(ada, "/t/answer", proposal="1", agree="no")
    c.post(ada, "/t/keep")


def round_three(c, ada, bob, cy, di, eve, fay) -> None:
    """With the non-player robot: PlusBot, CopyBot and BetBot tied at 7 and ordered, a
    conversion of the non-player robot, a proof by power, a turn let run out in the
    Countdown and in the Pass phase, a pass; the count with bets, MiseryBot, BadBot and
    ScaredyBot, and a split agreed."""
    c.post(ada, "/t/npr-rule", npr="yes")
    c.deal(ada)
    c.give(
        8,
        ada=("PlusBot", 4, "good"),
        bob=("CopyBot", 7, "evil"),
        cy=("BetBot", 7, "neutral"),
        di=("MiseryBot", 3, "evil"),
        eve=("BadBot", 6, "evil"),
        fay=("ScaredyBot", 2, "good"),
    )
    tag = c.tag()
    c.post(ada, "/t/countdown", round=tag)
    c.until("countdown", 7)
    c.post(ada, "/t/act", round=tag)
    c.post(bob, "/t/act", round=tag)
    c.post(cy, "/t/act", round=tag)
    c.post(ada, "/t/convert", round=tag, target="0")
    c.wait(8)
    views(c, ada, "pass-turn")
    c.post(ada, "/t/promote", round=tag, seat="3")
    c.post(cy, "/t/robot", round=tag, robot="BetBot", bet="good")
    c.post(bob, "/t/robot", round=tag, robot="BetBot", bet="evil")
    c.until("countdown", 6)
    c.post(eve, "/t/act", round=tag)
    c.post(eve, "/t/convert", round=tag, target="6")
    c.post(ada, "/t/no-reaction", round=tag, expect=409)  # Ada has had her turn
    for phone in (di, fay):
        c.post(phone, "/t/no-reaction", round=tag)
    c.post(fay, "/t/prove", round=tag, proof="power")
    c.until("countdown", 3)
    c.post(di, "/t/act", round=tag)
    c.wait(60)  # Di's turn runs out: Di passes
    c.until("countdown", 2)
    c.post(fay, "/t/act", round=tag)
    c.post(fay, "/t/pass", round=tag)
    c.until("pass")  # Fay sits out, Di acts
    c.until("done")  # Di's turn runs out again
    c.post(ada, "/t/end")
    c.post(cy, "/t/split", proposal="0", **{"share-2": "5", "share-4": "3"}, expect=400)
    c.post(bob, "/t/split", proposal="0", **{"share-2": "5", "share-4": "2", "share-5": "1"})
    c.post(ada, "/t/scaredy", seat="5", only="no", expect=409)  # the app ran it: its count
    c.post(di, "/t/answer", proposal="1", agree="yes")
    c.post(eve, "/t/answer", proposal="1", agree="no")
    c.post(ada, "/t/keep")


def round_by_voice(c, ada, bob, cy, di, eve, fay) -> None:
    """A round called by voice: reveals, CheatBot showing another allegiance, one reveal
    taken back, NegativeBot, SwapBot, BetBot taken back, CopyBot, allegiances set by hand,
    the non-player robot converted, ScaredyBot corrected by the host, a split."""
    c.post(
        ada,
        "/t/settings",
        conducted="no",
        debate="60",
        pace="5",
        window="8",
        turn="60",
    )
    c.deal(ada)
    c.give(
        3,
        ada=("NegativeBot", 8, "good"),
        bob=("SwapBot", 2, "evil"),
        cy=("BetBot", 5, "neutral"),
        di=("CopyBot", 4, "good"),
        eve=("CheatBot", 9, "evil"),
        fay=("ScaredyBot", 6, "good"),
    )
    tag = c.tag()
    views(c, eve, "convert-other", "end-of-round")
    c.look(eve, "/t/action/convert-other?show=good")
    c.post(ada, "/t/reveal", round=tag, action="prove-power")
    c.post(ada, "/t/reveal", round=tag, action="prove-power")  # a double tap
    c.post(ada, "/t/robot", round=tag, robot="NegativeBot", target="2")
    c.post(bob, "/t/robot", round=tag, robot="SwapBot", as_json=True)
    c.post(cy, "/t/robot", round=tag, robot="BetBot", bet="evil")
    c.post(cy, "/t/withdraw", round=tag)
    c.post(cy, "/t/robot", round=tag, robot="BetBot", bet="good")
    c.post(di, "/t/robot", round=tag, robot="SwapBot")
    c.post(eve, "/t/reveal", round=tag, action="convert-other", shown="good")
    c.post(eve, "/t/reveal", round=tag, action="end-of-round", shown="good", expect=403)
    c.post(fay, "/t/reveal", round=tag, action="prove-power")
    c.clock.now += 11
    c.post(fay, "/t/withdraw", round=tag, expect=409)
    c.post(bob, "/t/allegiance", round=tag, allegiance="good")
    c.post(bob, "/t/allegiance", round=tag, allegiance="neutral", as_json=True)
    c.post(cy, "/t/sync", round=tag, hidden="robot", allegiance="evil", as_json=True)
    c.post(cy, "/t/hide", round=tag, part="power", as_json=True)
    c.post(cy, "/t/show", part="robot")
    c.post(di, "/t/npr", round=tag, allegiance="evil")
    c.post(di, "/t/countdown", round=tag, expect=403)
    c.post(ada, "/t/pass-debate", round=tag, expect=409)
    c.post(ada, "/t/end")
    c.post(ada, "/t/scaredy", seat="6", only="no")
    c.post(ada, "/t/scaredy", seat="6", only="yes")
    c.look(ada, "/t")
    c.post(ada, "/t/keep", expect=409)


def host_controls(c, ada, bob, cy, di, eve, fay) -> None:
    """The split of the round by voice, disagreed; settings refused and set; the table closed
    and opened to a latecomer; a deal again (a mis-deal); a seat moved to another phone, one
    removed, one leaving mid-round; the host handed on, who abandons the round; a round
    nobody acts in, one leaving after its end; a new game."""
    from tests.support.corpus import Phone

    c.post(eve, "/t/split", proposal="0", **{"share-3": "1", "share-5": "3"})
    c.post(cy, "/t/answer", proposal="1", agree="no")
    c.post(ada, "/t/keep")
    c.post(
        ada,
        "/t/settings",
        conducted="yes",
        debate="15",
        pace="5",
        window="8",
        turn="60",
        expect=400,
    )
    c.post(ada, "/t/settings", conducted="yes", debate="0", pace="3", window="5", turn="15")
    c.post(ada, "/t/open", open="no")
    gus = Phone(c, "Gus", "de")
    c.post(gus, "/t/join", name="Gus", expect=409)
    c.post(ada, "/t/open", open="yes")
    c.post(gus, "/t/join", name="Gus")
    c.seat(gus)
    c.deal(ada)
    c.deal(ada, expect=409)  # a round in play is dealt again only when the host says so
    c.deal(ada, again=True)
    tag = c.tag()
    c.post(bob, "/t/move")
    c.look(bob, "/t/move")
    moves = json.loads(c.session(bob))["move"]
    link = next(iter(moves.values()))["url"].removeprefix("http://localhost")
    bob2 = Phone(c, "Bob2", "de")
    c.look(bob2, link)
    c.post(bob2, link)
    c.seat(bob2)
    c.post(ada, "/t/remove", seat="6")  # Fay
    c.post(cy, "/t/leave")
    c.post(ada, "/t/host", seat="4")  # Di hosts now
    c.post(ada, "/t/abandon", round=tag, expect=403)
    c.post(di, "/t/abandon", round=tag)
    c.deal(di)
    c.give(
        2,
        ada=("BadBot", 1, "good"),
        bob=("FreeBot", 2, "good"),
        di=("LockBot", 3, "good"),
        eve=("MiseryBot", 4, "good"),
        gus=("PushBot", 5, "good"),
    )
    tag = c.tag()
    c.post(di, "/t/countdown", round=tag)
    c.until("countdown", 5)
    c.post(gus, "/t/act", round=tag)
    views(c, gus, "robot-action")
    c.post(gus, "/t/robot", round=tag, robot="PushBot", target="1", allegiance="good")
    c.until("done")
    c.post(di, "/t/end")
    c.post(eve, "/t/leave")
    c.post(di, "/t/keep")
    c.post(di, "/t/new-game", round=f"{c.deals():08x}")
    c.look(gus, "/t/board?lang=es")


def small_table(c: Corpus) -> None:
    """Three phones play a game to 5 points in one round: an agreed split, the game over, a
    deal refused, a new game."""
    from tests.support.corpus import Phone

    zed = Phone(c, "Zed", "en")
    c.code = c.post(zed, "/table", name="Zed").headers["Location"].rsplit("/", 1)[1]
    c.seat(zed)
    yan, xu = Phone(c, "Yan", "fr"), Phone(c, "Xu", "en")
    for phone in (yan, xu):
        c.post(phone, "/t/join", name=phone.name)
        c.seat(phone)
    board = Phone(c, "Screen", "fr")
    c.board = board
    c.seat(board)
    c.post(zed, "/t/target", target="5")
    c.deal(zed)
    c.give(9, zed=("SumoBot", 9, "good"), yan=("LockBot", 5, "evil"), xu=("PlusBot", 3, "good"))
    tag = c.tag()
    c.post(zed, "/t/countdown", round=tag)
    c.post(zed, "/t/act", round=tag)
    c.post(zed, "/t/convert", round=tag, target="2")  # LockBot resists
    c.wait(8)  # the window closes: Yan owes the proof
    c.post(yan, "/t/prove", round=tag, proof="lockbot")
    c.until("countdown", 6)
    c.post(xu, "/t/act", round=tag)
    c.post(xu, "/t/convert", round=tag, allegiance="good")
    c.until("done")
    c.post(zed, "/t/end")
    c.post(zed, "/t/split", proposal="0", **{"share-1": "5", "share-3": "4"})
    c.post(xu, "/t/answer", proposal="1", agree="yes")
    c.post(zed, "/t/keep")
    c.deal(zed, expect=409)  # the game is over
    c.post(zed, "/t/new-game", round=f"{c.deals():08x}")
    c.leave_table()


GAMES = {
    "applet": applet,
    "table": table,
    "small table": small_table,
    "practice": practice,
    "stand-in": stand_in,
}
