"""A computer player stands in for a player who left mid-game: the host hands the seat to
it (its name, score and place kept, marked "played by the computer" everywhere), it plays,
and its player takes the seat back by opening the table on the same phone; the round's notes
say both."""

from __future__ import annotations

import re

from tests.support.clients import Phone, table_of


def kept_score_game(app, ada, bob, cy, clock):
    """A round kept, so the game is under way with scores; the next round dealt."""
    store = app.extensions["evilrobots.store"]
    assert ada.deal().status_code == 303
    for _ in range(500):
        table = table_of(app, ada.code)
        if table.round.kept:
            break
        if table.round.ended:
            table = store.change(ada.code, lambda t: t.keep_score(t.host, clock.now + 999))
            continue
        if table.deadline is None:
            ada.post("/end")
            continue
        clock.now = max(clock.now, table.deadline)
        store.advance_due()
    assert table_of(app, ada.code).round.kept
    assert ada.deal().status_code == 303


def test_a_player_who_left_mid_game_is_stood_in_for_and_takes_the_seat_back(
    app, ada, bob, cy, clock
):
    kept_score_game(app, ada, bob, cy, clock)
    table = table_of(app, ada.code)
    bob_seat = next(s for s in table.seats if s.name == "Bob")
    points = table.game.score(bob_seat.id)
    assert bob.post("/leave").status_code == 303
    table = table_of(app, ada.code)
    assert all(s.name != "Bob" for s in table.seats)
    assert [g.seat.name for g in table.gone] == ["Bob"]
    # Bob's phone, on the table's link, is told the seat is kept for him.
    assert "take it back, with your score" in bob.client.get(f"/t/{ada.code}").get_data(
        as_text=True
    )

    page = ada.page()
    assert (
        "Let the computer play Bob&#39;s seat" in page or "Let the computer play Bob's seat" in page
    )
    assert ada.post("/stand-in", seat=str(bob_seat.id)).status_code == 303
    table = table_of(app, ada.code)
    assert [s.id for s in table.seats] == sorted(s.id for s in table.seats)  # its place
    assert table.game.score(bob_seat.id) == points  # its score
    assert table.computer(bob_seat.id).stands_in
    for phone in (ada, cy):
        text = phone.page()
        assert "played by the computer" in text
        assert (
            "Bob&#39;s seat is played by the computer" in text
            or "Bob's seat is played by the computer" in text
        )
    board = cy.client.get(f"/t/{ada.code}/board").get_data(as_text=True)
    assert "played by the computer" in board

    # Bob opens the table again on the same phone: his seat, and Take your seat back; until
    # he takes it, his phone's other moves are refused in words (the computer plays).
    text = bob.page()
    assert "The computer is playing your seat" in text
    # at the top, where the phone opens: before the round's strip and the cards
    assert text.index("The computer is playing your seat") < text.index('id="round-now"')
    refused = bob.post("/hide", round=f"{table.round.deal_id:08x}", part="robot")
    assert refused.status_code == 409
    assert "tap Take your seat back first" in refused.get_data(as_text=True)
    assert bob.post("/back").status_code == 303
    table = table_of(app, ada.code)
    assert table.computer(bob_seat.id) is None
    assert all(p.seat != bob_seat.id for p in table.planned)
    assert "Bob is back" in ada.page()
    back = bob.page()
    assert "The computer is playing your seat" not in back
    # His cards left with him: he plays again from the next deal, as he is told.
    assert "You left during round 2: your cards come with the next deal." in back
    assert "You joined" not in back
    refused = bob.post("/back")
    assert refused.status_code == 409
    assert "Nobody else is playing your seat." in refused.get_data(as_text=True)


def test_a_seat_left_before_the_game_is_under_way_is_simply_gone(app, ada, bob, cy):
    assert bob.post("/leave").status_code == 303
    assert table_of(app, ada.code).gone == ()
    refused = ada.post("/stand-in", seat="2")
    assert refused.status_code == 409
    assert "not free to hand to the computer" in refused.get_data(as_text=True)


def test_only_the_host_hands_a_seat_to_the_computer(app, ada, bob, cy, clock):
    kept_score_game(app, ada, bob, cy, clock)
    assert ada.post("/remove", seat="2").status_code == 303
    refused = cy.post("/stand-in", seat="2")
    assert refused.status_code == 403
    assert "Only the host can hand a seat to the computer." in refused.get_data(as_text=True)
    assert ada.post("/stand-in", seat="2").status_code == 303
    assert table_of(app, ada.code).computer(2).stands_in


def test_a_removed_player_takes_the_seat_back_with_its_move_link_too(app, ada, bob, cy, clock):
    kept_score_game(app, ada, bob, cy, clock)
    assert ada.post("/remove", seat="2").status_code == 303
    assert ada.post("/stand-in", seat="2").status_code == 303
    # Bob's own phone still holds the seat's secret: a link made there moves it on.
    assert bob.post("/move").status_code == 303
    link = bob.client.get(f"/t/{ada.code}/move").get_data(as_text=True)
    token = re.search(r"/t/[A-Z0-9]+/move/([\w-]+)", link).group(1)
    other = Phone(app, "Bob")
    taken = other.client.post(f"/t/{ada.code}/move/{token}")
    assert taken.status_code == 303, taken.get_data(as_text=True)
    assert table_of(app, ada.code).computer(2) is None


def test_no_stand_in_where_the_rounds_are_called_by_voice(app, ada, bob, cy, clock):
    ada.by_voice()
    assert ada.deal().status_code == 303
    assert bob.post("/leave").status_code == 303
    assert [g.seat.name for g in table_of(app, ada.code).gone] == ["Bob"]
    refused = ada.post("/stand-in", seat="2")
    assert refused.status_code == 409
    assert "rounds the app runs" in refused.get_data(as_text=True)


def play_out(app, ada, clock):
    """The round in play played out by its clocks (the computer playing its seats), and
    ended by the host."""
    store = app.extensions["evilrobots.store"]
    for _ in range(500):
        table = table_of(app, ada.code)
        if table.round.ended:
            return
        if table.deadline is None:  # the Countdown done: the host ends the round
            assert ada.post("/end").status_code == 303
            continue
        clock.now = max(clock.now, table.deadline)
        store.advance_due()
    raise AssertionError("the round never ended")


def test_the_story_says_which_round_the_computer_played_for_a_player(app, ada, bob, cy, clock):
    """Bob leaves in round 2 (his hand leaves with him) and the computer plays his seat in
    round 3; he takes it back once round 3 is over, and plays round 4 himself: round 3's
    truths say the computer played his seat, beside his cards, and no other round's do."""
    kept_score_game(app, ada, bob, cy, clock)
    bob_seat = next(s for s in table_of(app, ada.code).seats if s.name == "Bob")
    assert bob.post("/leave").status_code == 303
    assert ada.post("/stand-in", seat=str(bob_seat.id)).status_code == 303
    play_out(app, ada, clock)
    assert ada.post("/keep", round=f"{table_of(app, ada.code).deals:08x}").status_code == 303
    assert ada.deal().status_code == 303
    play_out(app, ada, clock)
    assert bob.post("/back").status_code == 303
    assert ada.post("/keep", round=f"{table_of(app, ada.code).deals:08x}").status_code == 303
    assert ada.deal().status_code == 303
    assert ada.post("/stand-in", seat=str(bob_seat.id)).status_code == 409  # Bob plays it
    play_out(app, ada, clock)
    story = ada.page("/story")
    first, second, third, fourth = story.split('class="truths-seats"')[1:]
    assert "played by the computer" not in first + second + fourth
    seats = third.split("</ul>", 1)[0].split("<li>")
    (told,) = [one for one in seats if "Bob" in one]
    assert "played by the computer" in told
    assert sum("played by the computer" in one for one in seats) == 1
    assert "computer, " not in story  # a stand-in: Bob's seat, not a computer player's
