"""The end of a round through the Flask client: robot actions, the tally, the split, the
score kept, and the game to its target."""

from __future__ import annotations

import re

import pytest

from evilrobots.game.cards import Allegiance
from tests.support.cards import give, run_out
from tests.support.clients import Phone, deal_tag, table_of
from tests.support.pages import read_events, tables_in, visible_text

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def end(ada: Phone) -> None:
    assert ada.post("/end").status_code == 303


# ---- Ending the round ------------------------------------------------------------------------


def test_only_the_host_ends_the_round_and_then_every_card_is_shown(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("CheatBot", 3, G), cy=("LockBot", 2, E))
    bob.post("/reveal", action="convert-self", round=deal_tag(dealt), shown="evil")
    assert "CheatBot" not in visible_text(ada.page("/board"))
    assert bob.post("/end").status_code == 403
    end(ada)
    for page in (ada.page("/board"), cy.page(), bob.page()):
        text = visible_text(page)
        assert "CheatBot" in text and "LockBot" in text and "SumoBot" in text
    board = tables_in(ada.page("/board"))["tally"]
    assert board["head"] == ["Player", "Allegiance", "Power", "Counts"]
    assert ["Bob CheatBot", "Good", "3", "3"] in board["rows"]  # the truth, at the end


def test_after_the_end_the_phones_take_no_more_changes(app, ada, bob, dealt):
    end(ada)
    response = bob.post("/allegiance", allegiance="evil", round=deal_tag(dealt))
    assert response.status_code == 409 and "round is over" in response.get_data(as_text=True)
    assert 'data-ended="true"' in bob.page()


# ---- Robot actions ----------------------------------------------------------------------------


def test_negativebot_is_used_from_its_phone_and_shown_on_the_board(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("NegativeBot", 3, E), cy=("LockBot", 2, E))
    page = bob.page("/action/robot-action")
    assert "<legend>Use NegativeBot on</legend>" in page
    assert ">Ada</button>" in page and ">Cy</button>" in page
    assert (
        bob.post("/robot", robot="NegativeBot", target="1", round=deal_tag(dealt)).status_code
        == 303
    )
    board = visible_text(ada.page("/board"))
    assert (
        "Bob · uses their robot · NegativeBot · power 3 · Ada's power counts as negative" in board
    )
    again = bob.post("/robot", robot="NegativeBot", target="3", round=deal_tag(dealt))
    assert again.status_code == 409 and "already" in again.get_data(as_text=True)
    end(ada)
    # On the board the robot that negates is on the seat's cards; on a phone, in the tally.
    tally = tables_in(ada.page("/board"))["tally"]
    assert ["Ada SumoBot", "Good", "5, as negative", "-5"] in tally["rows"]
    tally = tables_in(ada.page(""))["tally"]
    assert ["Ada SumoBot", "Good", "5, as negative (NegativeBot)", "-5"] in tally["rows"]


def test_only_the_robots_holder_uses_its_action(app, ada, bob, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("BetBot", 3, E))
    response = ada.post("/robot", robot="BetBot", bet="good", round=deal_tag(dealt))
    assert response.status_code == 403
    assert table_of(app, ada.code).round.uses == ()


def test_swapbot_changes_its_power_and_the_points_card_on_every_phone(app, ada, bob, dealt):
    give(app, ada.code, 7, ada=("SumoBot", 5, G), bob=("SwapBot", 3, E))
    bob.post("/robot", robot="SwapBot", round=deal_tag(dealt))
    assert "This round is worth 3" in ada.page() and "This round is worth 3" in ada.page("/board")
    assert '<span class="visually-hidden">Power </span>7</p>' in bob.page()


def test_betbot_bets_publicly(app, ada, bob, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("BetBot", 3, E))
    bob.post("/robot", robot="BetBot", bet="evil", round=deal_tag(dealt))
    assert "Bob bets on Evil" in visible_text(ada.page("/board"))


def test_copybot_is_offered_an_action_once_one_was_used(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 5, G), bob=("BetBot", 3, E), cy=("CopyBot", 2, E))
    assert "Bet on" not in cy.page("/action/robot-action")
    bob.post("/robot", robot="BetBot", bet="evil", round=deal_tag(dealt))
    page = cy.page("/action/robot-action")
    assert "CopyBot copies BetBot" in page and ">Bet on Good</button>" in page
    assert cy.post("/robot", robot="BetBot", bet="good", round=deal_tag(dealt)).status_code == 303
    assert "Cy bets on Good" in visible_text(ada.page("/board"))
    assert "CopyBot copies BetBot" not in cy.page("/action/robot-action")  # used, once a round


# ---- The split and the score --------------------------------------------------------------


@pytest.fixture
def ended(app, ada, bob, cy, dealt):
    """Bob and Cy win for Evil (3 + 2 against Ada's 4); the round is worth 6."""
    give(app, ada.code, 6, ada=("SumoBot", 4, G), bob=("LockBot", 3, E), cy=("PushBot", 2, E))
    end(ada)


def test_a_winner_proposes_a_split_with_a_field_for_each_winner(ada, bob, cy, ended):
    page = bob.page()
    assert '<label for="share-2">Bob</label>' in page and '<label for="share-3">Cy</label>' in page
    assert ">Propose this split</button>" in page
    assert "Propose this split" not in ada.page()  # Ada lost


def test_a_player_who_leaves_after_the_end_stays_in_the_count_and_scores_nothing(
    app, ada, bob, cy, ended
):
    assert cy.post("/leave").status_code == 303
    board = ada.page("/board")
    rows = tables_in(board)["tally"]["rows"]
    assert ["Cy (left) PushBot", "Evil", "2", "2"] in rows
    assert "Round 1: Evil 5 against Good 4: Evil wins." in board
    assert "Bob alone takes 6." in visible_text(board)  # the one winner still at the table
    assert ada.post("/keep").status_code == 303
    assert tables_in(ada.page("/board"))["scoreboard"]["rows"] == [["Bob", "6"], ["Ada", "0"]]


def test_a_page_left_open_from_the_last_game_cannot_act_on_the_new_one(app, ada, bob):
    ada.post("/target", target="5")
    play(app, ada, "bob", 6)
    old_tag = deal_tag(table_of(app, ada.code))
    ada.new_game()
    assert ada.deal().status_code == 303
    assert table_of(app, ada.code).round.number == 1
    response = bob.post("/reveal", action="prove-power", round=old_tag)
    assert response.status_code == 409
    assert table_of(app, ada.code).round.reveals == ()


def banner(page: str) -> str:
    """What the banner above a seat's cards says."""
    found = re.search(
        r'<div class="seat-banner" id="seat-banner" role="status">(.*?)</div>', page, re.S
    )
    return re.sub(r" ([.,!])", r"\1", visible_text(found.group(1))).strip()  # "</a>." reads "."


def test_above_every_seats_cards_the_end_of_the_round_says_what_it_asks_of_them(
    app, ada, bob, cy, ended
):
    """Each player is told at the top of the page, not only below their cards, and in the
    live event as in the page."""
    assert (
        banner(bob.page())
        == "Round 1 is over. You won: propose how the winners share the 6 points."
    )
    assert banner(ada.page()) == (
        "Round 1 is over. Waiting for a winner to propose how to share the 6 points: see the count."
    )
    assert ada.page().count('<span class="seat-round" id="seat-round">Round 1: over</span>') == 1
    bob.post("/split", proposal="0", **{"share-2": "4", "share-3": "2"})
    assert banner(cy.page()) == "Round 1 is over. Answer the proposed split."
    assert banner(bob.page()) == (
        "Round 1 is over. Waiting for Cy to answer the split: see the count."
    )
    stream = cy.client.get(f"/t/{cy.code}/events?v=0", buffered=False)
    ((_, _, data),) = read_events(stream, 1)
    stream.close()
    assert "Answer the proposed split" in data["banner"] and data["round"] == "Round 1: over"


def test_while_a_round_is_in_play_the_banner_is_empty(ada, dealt):
    assert banner(ada.page()) == ""
    assert 'id="seat-round">Round 1</span>' in ada.page()


def test_the_split_keeps_a_running_total_and_says_what_disagreeing_does(ada, bob, cy, ended):
    page = visible_text(bob.page())
    assert "Shares so far: 0 of 6" in page and "They must add up to 6." in page
    refused = bob.post("/split", proposal="0", **{"share-2": "5", "share-3": "5"}).get_data(
        as_text=True
    )
    assert "Shares so far: 10 of 6" in visible_text(refused)  # as Bob typed them
    bob.post("/split", proposal="0", **{"share-2": "4", "share-3": "2"})
    assert "Disagree, and each winner gets 1 point instead." in visible_text(cy.page())


def test_a_split_that_does_not_add_up_is_refused_in_words(app, ada, bob, ended):
    response = bob.post("/split", proposal="0", **{"share-2": "5", "share-3": "5"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "add up to the round's value, 6" in visible_text(page)
    assert table_of(app, ada.code).round.proposal is None
    # The seat's own page comes back, the form as Bob filled it, the reason beside it.
    assert '<p class="field-error" id="split-problem">' in page
    for seat in ("2", "3"):
        field = re.search(rf'<input id="share-{seat}"[^>]*>', page).group(0)
        assert 'value="5"' in field and 'aria-invalid="true"' in field
    assert "autofocus" in re.search(r'<input id="share-2"[^>]*>', page).group(0)
    assert ">Propose this split</button>" in page and 'id="hand"' in page
    for bad in (
        {"share-2": "x", "share-3": "1"},
        {"share-9": "6"},
        {"share-2": "-1", "share-3": "7"},
    ):
        assert bob.post("/split", proposal="0", **bad).status_code == 400


def test_agreed_split_is_kept_by_the_host_onto_the_scoreboard(app, ada, bob, cy, ended):
    bob.post("/split", proposal="0", **{"share-2": "4", "share-3": "2"})
    assert ada.post("/keep").status_code == 409  # Cy has not answered
    page = cy.page()
    assert "Bob proposes: Bob 4, Cy 2." in visible_text(page)
    assert ">Agree</button>" in page and ">Disagree</button>" in page
    cy.post("/answer", agree="yes", proposal="1")
    # Agreed, not yet kept. A phone: what each gains, apart from the scores.
    found = tables_in(ada.page())
    assert caption(found["gains"]) == "Points this round, once the host keeps them"
    assert found["gains"]["head"] == ["Player", "This round", "Score"]
    assert found["gains"]["rows"] == [["Bob", "+4", "4"], ["Cy", "+2", "2"]]
    assert "Everyone else keeps their score." in visible_text(ada.page())  # Ada
    assert caption(found["scoreboard"]) == "Scores before this round (first to 10)"
    assert found["scoreboard"]["rows"] == [["Ada", "0"], ["Bob", "0"], ["Cy", "0"]]
    # The board: the scores and what the round adds in one table, to fit one screen.
    assert '<table class="scoreboard">' in ada.page("/board")  # all at 0: nobody leads
    found = tables_in(ada.page("/board"))
    assert "gains" not in found
    assert caption(found["scoreboard"]) == "Scores before this round"
    assert found["scoreboard"]["head"] == ["Player", "Points", "This round"]
    assert found["scoreboard"]["rows"] == [
        ["Ada", "0", "+0"],
        ["Bob", "0", "+4"],
        ["Cy", "0", "+2"],
    ]
    assert bob.post("/keep").status_code == 403
    assert ada.post("/keep").status_code == 303
    assert '<table class="scoreboard has-leader">' in ada.page("/board")  # Bob leads alone
    found = tables_in(ada.page("/board"))
    assert caption(found["scoreboard"]) == "Scores"
    assert found["scoreboard"]["head"] == ["Player", "Points"]
    assert found["scoreboard"]["rows"] == [["Bob", "4"], ["Cy", "2"], ["Ada", "0"]]
    assert "Agreed: Bob 4, Cy 2." in visible_text(ada.page("/board"))
    found = tables_in(ada.page())
    assert caption(found["gains"]) == "Points this round"
    assert found["gains"]["rows"] == [["Bob", "+4", "4"], ["Cy", "+2", "2"]]
    assert caption(found["scoreboard"]) == "Scores (first to 10)"


def caption(table: dict) -> str:
    return " ".join(table["caption"].split())


def test_when_nobody_scores_there_is_no_list_of_gains(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 4, G), bob=("LockBot", 3, G), cy=("PushBot", 2, G))
    end(ada)  # everyone Good: nobody scores
    assert ada.post("/keep").status_code == 303
    board = ada.page("/board")
    assert "gains" not in tables_in(board) and "Everyone else" not in board
    assert "Nobody scores it." in visible_text(board)


def test_an_answer_made_for_another_proposal_is_refused(app, ada, bob, cy, ended):
    assert bob.post("/split", proposal="0", **{"share-2": "6", "share-3": "0"}).status_code == 303
    twice = bob.post("/split", proposal="0", **{"share-2": "0", "share-3": "6"})
    assert twice.status_code == 409  # the form sent again
    stale = cy.post("/answer", agree="yes", proposal="0")
    assert stale.status_code == 409 and "not the one on the table" in stale.get_data(as_text=True)
    assert table_of(app, ada.code).round.proposal.answers == ()
    assert cy.post("/answer", agree="yes", proposal="1").status_code == 303


def test_a_disagreement_gives_each_winner_one_point(app, ada, bob, cy, ended):
    bob.post("/split", proposal="0", **{"share-2": "6", "share-3": "0"})
    cy.post("/answer", agree="no", proposal="1")
    ada.post("/keep")
    board = ada.page("/board")
    assert "Cy disagreed: each winner gets 1 point." in visible_text(board)
    assert tables_in(board)["scoreboard"]["rows"] == [["Bob", "1"], ["Cy", "1"], ["Ada", "0"]]


def test_the_next_deal_waits_for_the_score(app, ada, ended):
    response = ada.deal()
    assert response.status_code == 409 and "Keep the score" in response.get_data(as_text=True)


def test_the_host_corrects_scaredybots_bonus(app, ada, bob, cy, dealt):
    give(app, ada.code, 6, ada=("SumoBot", 4, G), bob=("ScaredyBot", 3, E), cy=("PushBot", 2, E))
    end(ada)
    assert ["Bob", "ScaredyBot", "+1", "showed nothing but its power"] in tables_in(ada.page())[
        "bonuses"
    ]["rows"]
    said = "Bob (ScaredyBot) +1: showed nothing but its power"  # the board's line for it
    assert said in visible_text(ada.page("/board"))
    assert ada.post("/scaredy", seat="2", only="no").status_code == 303
    assert "bonuses" not in tables_in(ada.page())
    assert said not in visible_text(ada.page("/board"))
    assert bob.post("/scaredy", seat="2", only="yes").status_code == 403


# ---- The game ------------------------------------------------------------------------------


def play(app, ada: Phone, winner: str, value: int) -> None:
    """Deal (a round by voice: it ends when the host says), make ``winner`` the lone Good
    player, end, keep: they gain ``value``."""
    ada.by_voice()
    assert ada.deal().status_code == 303
    table = table_of(app, ada.code)
    names = [s.name.lower() for s in table.seats]
    hands = {n: ("LockBot" if n != winner else "SumoBot", 1, E) for n in names}
    hands[winner] = ("SumoBot", 9, G)
    give(app, ada.code, value, **hands)
    end(ada)
    assert ada.post("/keep").status_code == 303


def test_the_host_sets_the_target_before_the_first_deal(app, ada, bob):
    assert 'name="target"' in ada.page() and 'name="target"' not in bob.page()
    assert ada.post("/target", target="25").status_code == 400
    assert ada.post("/target", target="five").status_code == 400
    assert bob.post("/target", target="5").status_code == 403
    assert ada.post("/target", target="5").status_code == 303
    ada.deal()
    assert ada.post("/target", target="12").status_code == 409
    assert "First to 5 points" in visible_text(ada.page("/board"))


def test_the_winner_is_shown_and_a_new_game_starts_at_zero(app, ada, bob):
    ada.post("/target", target="5")
    play(app, ada, "bob", 3)
    play(app, ada, "bob", 3)
    for page in (ada.page(), bob.page(), ada.page("/board")):
        assert "Bob wins the game!" in visible_text(page)
    assert ada.deal().status_code == 409
    assert ">New game</button>" in ada.page() and ">New game</button>" not in bob.page()
    ada.new_game()
    board = ada.page("/board")
    assert "wins the game" not in board and "Every round of this game" not in board
    assert table_of(app, ada.code).game.scores == ()


def test_the_board_keeps_every_rounds_tally_for_the_whole_game(app, ada, bob):
    play(app, ada, "bob", 3)
    play(app, ada, "ada", 2)
    board = ada.page("/board")
    assert "Round 2: Good 9 against Evil 1: Good wins." in board
    assert "Round 1: Good 9 against Evil 1: Good wins." in board
    assert tables_in(board)["scoreboard"]["rows"] == [["Bob", "3"], ["Ada", "2"]]


def test_scores_and_history_survive_a_restart(app, restart, ada, bob):
    play(app, ada, "bob", 4)
    again_app = restart(app)
    again = Phone(again_app, "Ada")
    again.client.set_cookie("evilrobots", ada.client.get_cookie("evilrobots").value)
    again.code = ada.code
    board = again.page("/board")
    assert tables_in(board)["scoreboard"]["rows"] == [["Bob", "4"], ["Ada", "0"]]
    assert "Round 1: Good 9 against Evil 1" in board


def shows_a_count(page: str) -> bool:
    """Whether a page holds a round's count: found by what it says (a table of each player's
    team, power and what it counts, and the teams' totals), whatever its markup is called."""
    heads = [table["head"] for table in tables_in(page).values()]
    text = visible_text(page)
    return (
        any({"Allegiance", "Power", "Counts"} <= set(head) for head in heads)
        or "Good total" in text
        or bool(re.search(r"Good \d+ against Evil|Evil \d+ against Good", text))
    )


def test_nothing_of_the_count_is_sent_before_the_round_ends(app, ada, bob, cy, dealt):
    pages = lambda: (ada.page(), bob.page("/board"), cy.page())  # noqa: E731
    assert not any(shows_a_count(page) for page in pages())
    end(ada)
    assert all(shows_a_count(page) for page in pages())  # the check sees a count when there is one


# ---- The split's clock, and the host's word ----------------------------------------------


def test_the_split_is_on_a_clock_shown_to_the_winners_and_the_board(app, clock, ada, bob, ended):
    deadline = table_of(app, ada.code).round.split_until
    assert deadline == clock.now + 120
    phone, board = bob.page(), ada.page("/board")
    for page in (phone, board):
        assert f'data-deadline="{deadline}"' in page
    assert "Time left to settle the split:" in visible_text(phone)
    assert "If it runs out, each winner gets 1 point." in visible_text(phone)
    # The board's line of whom it waits for, with the time left (it must fit its screen).
    assert "Waiting for a winner to propose how to share the 6 points. Time left:" in visible_text(
        board
    )
    assert ada.post("/keep").status_code == 409  # not settled yet
    clock.now = deadline
    app.extensions["evilrobots.store"].advance_due(clock.now)  # the ticker, when it runs out
    board = visible_text(ada.page("/board"))
    assert "Time ran out before the winners agreed: each winner gets 1 point." in board
    assert "Time left to settle the split" not in board
    assert bob.post("/split", proposal="0", **{"share-2": "6", "share-3": "0"}).status_code == 400
    assert ada.post("/keep").status_code == 303
    rows = tables_in(ada.page("/board"))["scoreboard"]["rows"]
    assert rows == [["Bob", "1"], ["Cy", "1"], ["Ada", "0"]]


def test_the_host_sets_the_splits_time_with_the_timers(app, ada, bob):
    page = ada.page()
    assert '<select id="split" name="split"' in page and 'value="120" selected' in page
    timers = {"conducted": "yes", "debate": "60", "pace": "5", "window": "8", "turn": "60"}
    assert ada.post("/settings", **timers, split="300").status_code == 303
    assert table_of(app, ada.code).settings.split == 300
    assert ada.post("/settings", **timers).status_code == 303  # a form without it keeps it
    assert table_of(app, ada.code).settings.split == 300
    bad = ada.post("/settings", **timers, split="5")
    assert bad.status_code == 400 and "to split" in visible_text(bad.get_data(as_text=True))
    assert table_of(app, ada.code).settings.split == 300
    assert '<select id="split"' not in bob.page()  # the host's


def test_in_a_round_the_app_ran_the_host_cannot_change_the_count(app, clock, ada, bob, cy):
    assert (
        ada.post(
            "/settings", conducted="yes", debate="0", pace="5", window="8", turn="60"
        ).status_code
        == 303
    )
    assert ada.deal().status_code == 303
    give(app, ada.code, 6, ada=("SumoBot", 4, G), bob=("ScaredyBot", 3, E), cy=("PushBot", 2, E))
    assert ada.post("/countdown", round=deal_tag(table_of(app, ada.code))).status_code == 303
    run_out(app, ada.code)  # nobody acts: Bob showed nothing, and keeps his bonus
    end(ada)
    assert "ScaredyBot) showed" not in ada.page()  # no correction offered
    before = table_of(app, ada.code).tally()
    refused = ada.post("/scaredy", seat="2", only="no")
    assert refused.status_code == 409
    assert "its count stands" in visible_text(refused.get_data(as_text=True))
    assert table_of(app, ada.code).tally() == before
