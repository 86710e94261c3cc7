"""What the web says, in English, of what the game does: the log, the notes, the labels
(the tests of ``tests.game.test_codec`` that read words:
the game's own tests run without the web)."""

from __future__ import annotations

from dataclasses import replace

from evilrobots.game.cards import Allegiance
from evilrobots.game.codec import load_table, table_state


def test_a_table_stored_before_places_reads_the_non_player_robot_as_its_place(app):
    """A document of an earlier build named the non-player robot by its English name (on the
    log, in a fact, in a kept round's count): it loads as the robot's place, and every line
    of its log and its count read as they do from a document written now."""
    from evilrobots.game.table import NPR_SEAT
    from evilrobots.game.table.count import round_tally
    from evilrobots.web.facts import entry, seated_name
    from tests.support.tables import Play, conducted

    table = conducted("Ada", "Bob", "Cy", ada=("NegativeBot", 4, Allegiance.GOOD), debate=0)
    table = replace(table, round=replace(table.round, npr=Allegiance.NEUTRAL))
    game = Play(table.start_countdown(1, table.round.deal_id, 0.0)).call(4).claim(1)
    game = game.robot(1, "NegativeBot", target=NPR_SEAT)
    now = table_state(game.table)
    old = table_state(game.table)  # as an earlier build wrote it: the robot by its name
    for reveal in old["round"]["reveals"]:
        for key in ("l", "e"):
            fact = reveal[key]
            if fact and fact.get("ow") == NPR_SEAT:
                fact["o"] = "The non-player robot"
            if fact:
                fact.pop("ow", None)
    assert '"The non-player robot"' not in str(now) and "The non-player robot" in str(old)
    legacy, current = load_table(old), load_table(now)
    (fact,) = [r.effect for r in legacy.round.reveals if r.effect]
    assert (fact.other, fact.whom) == ("", NPR_SEAT)
    with app.test_request_context("/"):
        assert [entry(r) for r in legacy.round.reveals] == [entry(r) for r in current.round.reveals]
        line = next(r for r in legacy.round.reveals if r.effect)
        assert entry(line).endswith("· the non-player robot's power counts as negative")
        ended = replace(current.round, ended=True)
        counted = round_tally(ended, current.names)
        stored = {"number": 1, "value": 5, "seated": [], "shares": [], "split": None}
        stored["seated"] = [
            [None, "The non-player robot", None, 5, "neutral", True, None, False, False]
        ]
        kept = load_table({**now, "game": {"target": 10, "scores": [], "rounds": [stored]}})
        (row,) = kept.game.rounds[0].rows
        assert row.seated.name == "" and seated_name(row.seated) == "The non-player robot"
        assert seated_name(counted.rows[-1].seated) == "The non-player robot"
