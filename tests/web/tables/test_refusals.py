"""Every form of a table, sent when the table refuses it: a 4xx, a sentence that says why in
the phone's language (not only a status, nor the words for a malformed request), and nothing
written anywhere (the store's every row and key as they were)."""

from __future__ import annotations

import re

from evilrobots.game.cards import Allegiance
from evilrobots.web.errors import FRIENDLY_ERRORS
from tests.support.cards import give, run_out
from tests.support.clients import Phone, deal_tag, stored, table_of
from tests.support.pages import visible_text

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def reason(response) -> str:
    """The sentence a refusal says: the error page's, or the alert on a page sent back."""
    html = response.get_data(as_text=True)
    if response.is_json:
        return response.get_json().get("error", "")
    found = re.search(r'<main class="prose error">.*?<p>(.*?)</p>', html, re.S)
    if found is None:
        found = re.search(r'<p class="field-error"[^>]*>(.*?)</p>', html, re.S)
    return visible_text(found.group(1)) if found else ""


GENERIC = {str(text) for text in FRIENDLY_ERRORS.values()}


SETTINGS = {"conducted": "no", "debate": "60", "pace": "5", "window": "8", "turn": "60"}
STALE = "0000ffff"  # a deal this table never had


def in_play(tag: str) -> list[tuple[str, str, str, dict[str, str]]]:
    """(who, endpoint, path, form): each refused in the Debate of a round the app runs, Bob
    neither host, CheatBot nor PassBot, Eve with no seat."""
    return [
        ("bob", "tables.deal", "/deal", {"round": tag}),
        ("bob", "tables.remove", "/remove", {"seat": "2"}),
        ("bob", "tables.set_settings", "/settings", SETTINGS),
        ("bob", "tables.make_host", "/host", {"seat": "2"}),
        ("bob", "tables.set_open", "/open", {"open": "no"}),
        ("bob", "tables.set_npr", "/npr-rule", {}),
        ("bob", "tables.end_round", "/end", {}),
        ("bob", "tables.abandon_round", "/abandon", {"round": tag}),
        ("bob", "tables.correct_scaredy", "/scaredy", {"seat": "1"}),
        ("bob", "tables.keep_score", "/keep", {}),
        ("bob", "tables.set_target", "/target", {"target": "10"}),
        ("bob", "tables.new_game", "/new-game", {"round": tag}),
        ("eve", "tables.join", "/join", {"name": "Ada"}),
        ("eve", "tables.leave", "/leave", {}),
        ("eve", "tables.offer_move", "/move", {}),
        ("eve", "tables.take_seat", "/move/not-a-token", {}),
        ("bob", "tables.hide", "/hide", {"part": "robot", "round": STALE}),
        ("bob", "tables.show", "/show", {"part": "robot", "round": STALE}),
        ("bob", "tables.choose_allegiance", "/allegiance", {"allegiance": "good", "round": tag}),
        ("bob", "tables.sync", "/sync", {"round": STALE}),
        ("bob", "tables.convert_npr", "/npr", {"round": tag}),
        ("bob", "tables.reveal", "/reveal", {"action": "convert-self", "round": tag}),
        ("bob", "tables.withdraw", "/withdraw", {"round": tag}),
        ("bob", "tables.use_robot", "/robot", {"round": tag, "robot": "swapbot"}),
        ("bob", "tables.propose_split", "/split", {"proposal": "0", "share-1": "3"}),
        ("bob", "tables.answer_split", "/answer", {"agree": "yes", "proposal": "0"}),
        ("bob", "tables.share", "/share", {"game": "1"}),
        ("bob", "tables.pass_debate", "/pass-debate", {"round": STALE}),
        ("bob", "tables.start_countdown", "/countdown", {"round": tag}),
        ("bob", "tables.act", "/act", {"round": tag}),
        ("bob", "tables.promote", "/promote", {"round": tag, "seat": "3"}),
        ("bob", "tables.pass_turn", "/pass", {"round": tag}),
        ("bob", "tables.convert", "/convert", {"round": tag, "target": "1"}),
        ("bob", "tables.react", "/react", {"round": tag}),
        ("bob", "tables.no_reaction", "/no-reaction", {"round": tag}),
        ("bob", "tables.prove", "/prove", {"round": tag, "proof": "power"}),
        ("bob", "tables.cheat", "/cheat", {"round": tag, "shows": "evil"}),
        ("bob", "tables.passbot", "/passbot", {"round": tag, "first": "no"}),
        ("ada", "tables.add_computer", "/computer", {"level": "player"}),
        ("bob", "tables.stand_in", "/stand-in", {"seat": "3"}),
        ("bob", "tables.take_back", "/back", {}),
        ("eve", "tables.practice", "/table/practice", {"name": "Eve", "computers": "1"}),
        ("eve", "tables.start", "/table", {"name": ""}),
        ("eve", "tables.join_by_code", "/table/join", {"code": "ZZZZ-ZZZZ", "name": "Eve"}),
    ]


def split_open() -> list[tuple[str, str, str, dict[str, str]]]:
    """Refused while Ada and Bob, the winners, have the split's time: Cy did not win."""
    return [
        ("cy", "tables.propose_split", "/split", {"proposal": "0", "share-1": "2", "share-2": "2"}),
        ("cy", "tables.answer_split", "/answer", {"agree": "yes", "proposal": "0"}),
        ("bob", "tables.answer_split", "/answer", {"agree": "no", "proposal": "0"}),
    ]


def split_over() -> list[tuple[str, str, str, dict[str, str]]]:
    """Refused once the split's clock has run out (the points shared evenly)."""
    return [
        (
            "bob",
            "tables.propose_split",
            "/split",
            {"proposal": "0", "share-1": "4", "share-2": "0"},
        ),
    ]


def _refused(app, phones, who, endpoint, path, form, language) -> str:
    phone = phones[who]
    url = path if path.startswith("/table") else f"/t/{phones['ada'].code}{path}"
    before = stored(app)
    response = phone.client.post(url, data=form, headers={"Accept-Language": language})
    said = reason(response)
    where = (endpoint, who, language, response.status_code, said)
    assert 400 <= response.status_code < 500, where
    assert said.endswith((".", ")")) and len(said.split()) >= 3, where  # a sentence
    assert said not in GENERIC, where  # why, not only that it was not understood
    assert stored(app) == before, where  # nothing written anywhere
    return said


def test_every_refused_form_says_why_in_the_phones_language_and_writes_nothing(app, clock):
    phones = {name.lower(): Phone(app, name) for name in ("Ada", "Bob", "Cy", "Eve")}
    ada = phones["ada"]
    ada.start()
    phones["bob"].join(ada.code)
    phones["cy"].join(ada.code)
    phones["eve"].code = ada.code
    assert ada.deal().status_code == 303
    # Ada and Bob Good, Cy Evil: the Good team wins the round, and its two winners split it.
    give(app, ada.code, 4, ada=("BetBot", 9, G), bob=("SwapBot", 6, G), cy=("ForceBot", 3, E))
    said: dict[tuple, dict[str, str]] = {}
    covered = set()

    def refuse_all(cases, stage):
        for who, endpoint, path, form in cases:
            covered.add(endpoint)
            words = {
                lang: _refused(app, phones, who, endpoint, path, form, lang)
                for lang in ("en", "fr")
            }
            assert words["en"] != words["fr"], (endpoint, words)  # in the phone's language
            said[(stage, endpoint, who)] = words

    refuse_all(in_play(deal_tag(table_of(app, ada.code))), "in play")
    run_out(app, ada.code)
    assert ada.post("/end").status_code == 303
    ended = table_of(app, ada.code).round
    assert ended.split_until is not None  # two winners: the split is open, on its clock
    refuse_all(split_open(), "split open")
    clock.now = ended.split_until + 1
    refuse_all(split_over(), "split over")
    assert ada.post("/keep").status_code == 303
    refuse_all(split_over(), "kept")
    posts = {r.endpoint for r in app.url_map.iter_rules() if "POST" in (r.methods or ())}
    assert covered == {e for e in posts if e.startswith("tables.")}
    english = {words["en"] for words in said.values()}
    assert len(english) >= 25  # each case its own reason, not one sentence for all
