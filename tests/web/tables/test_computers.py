"""Computer players at a table, through the web: practise alone from the tables' page, the
host adding and removing them, each marked in words, and the store's ticker (here moved by
hand) making their moves until the game is won."""

from __future__ import annotations

import random

from evilrobots.factory import create_app
from evilrobots.game.table.limits import LEVELS
from tests.support.clients import Clock, Phone, table_of


def practise(app, name="Ada", computers="4", level="player"):
    phone = Phone(app, name)
    response = phone.client.post(
        "/table/practice", data={"name": name, "computers": computers, "level": level}
    )
    return phone, response


def test_practise_alone_opens_a_table_with_the_computer_players_asked_for(app):
    phone, response = practise(app, computers="4", level="sharp")
    assert response.status_code == 303
    phone.code = response.headers["Location"].rsplit("/", 1)[1]
    table = table_of(app, phone.code)
    assert table.practice
    assert len(table.seats) == 5
    assert [c.level for c in table.computers] == ["sharp"] * 4
    assert table.host not in {c.seat for c in table.computers}
    page = phone.page()
    assert page.count("computer, Sharp") == 4
    board = phone.client.get(f"/t/{phone.code}/board").get_data(as_text=True)
    assert board.count("computer, Sharp") == 4


def test_practise_alone_refuses_a_count_or_a_level_out_of_range_in_words(app):
    cases = (("1", "player"), ("9", "player"), ("x", "player"), ("²", "player"), ("3", "god"))
    for computers, level in cases:
        phone, response = practise(app, computers=computers, level=level)
        assert response.status_code == 400
        text = response.get_data(as_text=True)
        assert "Choose how many computer players: 2 to 8." in text or "level" in text
        assert 'id="practice-error"' in text


def test_a_practice_table_plays_on_by_the_ticker_alone_until_the_game_is_won(app, clock):
    """The host deals the first round and then does nothing at all: the computer players
    play, the app ends each round, keeps its score and deals the next, to the game's end."""
    phone, response = practise(app, computers="4", level="beginner")
    phone.code = response.headers["Location"].rsplit("/", 1)[1]
    store = app.extensions["evilrobots.store"]
    assert phone.deal().status_code == 303
    for _step in range(5000):
        table = table_of(app, phone.code)
        if table.game.winner is not None:
            break
        assert table.deadline is not None, "a practice table never waits with nothing due"
        clock.now = max(clock.now, table.deadline)
        assert store.advance_due() == 1
    assert table.game.winner is not None
    assert len(table.game.rounds) >= 2
    assert table.deadline is None  # the game over, it waits for New game
    assert "wins the game" in phone.page()


def test_the_next_deal_the_app_makes_by_itself_draws_from_its_own_source(tmp_path):
    """The ticker deals a practice table's next round from the app's source of chance, as
    the host's deal is (a test's is seeded): two apps seeded alike deal the same second round,
    which the system's source would not. The recorded corpus replays a practice game so."""
    seconds = []
    for name in ("one", "two"):
        clock = Clock()
        config = {"SECRET_KEY": "k" * 40, "RANDOM": random.Random(3), "CLOCK": clock}
        app = create_app(config | {"TESTING": True, "TICKER": False}, tmp_path / name)
        phone, response = practise(app, computers="2", level="beginner")
        phone.code = response.headers["Location"].rsplit("/", 1)[1]
        assert phone.deal().status_code == 303
        store = app.extensions["evilrobots.store"]
        for _step in range(500):
            table = table_of(app, phone.code)
            if table.round is not None and table.round.number == 2:
                break
            clock.now = max(clock.now, table.deadline)
            store.advance_due()
        assert table.round.number == 2
        seconds.append(table.round.hands)
        store.close()
    assert seconds[0] == seconds[1]


def test_the_host_adds_and_removes_a_computer_player_between_rounds(app, ada, bob):
    assert ada.post("/computer", level="player").status_code == 303
    table = table_of(app, ada.code)
    (computer,) = table.computers
    assert computer.level == "player"
    assert "computer, Player" in bob.page()
    assert ada.post("/remove", seat=str(computer.seat)).status_code == 303
    assert table_of(app, ada.code).computers == ()
    refused = ada.post("/computer", level="wizard")
    assert refused.status_code == 400
    assert "Choose the computer player" in refused.get_data(as_text=True)
    assert bob.post("/computer", level="player").status_code == 403


def test_a_computer_player_is_added_only_between_rounds(app, ada, bob, cy):
    assert ada.deal().status_code == 303
    refused = ada.post("/computer", level=LEVELS[0])
    assert refused.status_code == 409
    assert "between rounds" in refused.get_data(as_text=True)


def test_the_host_role_passes_to_a_person_never_to_a_computer_player(app, ada):
    """Ada hosts, a computer player sits next (seat 2, the lowest after hers), Bob after it:
    Ada leaves, and Bob hosts."""
    bob_phone = Phone(app, "Bob")
    assert ada.post("/computer", level="player").status_code == 303
    bob_phone.join(ada.code)
    table = table_of(app, ada.code)
    (computer,) = table.computers
    assert computer.seat < next(s.id for s in table.seats if s.name == "Bob")
    assert ada.post("/leave").status_code == 303
    table = table_of(app, ada.code)
    assert table.names[table.host] == "Bob"
    assert table.computer(table.host) is None
    bob = bob_phone
    assert bob.post("/host", seat=str(computer.seat)).status_code == 400


def test_at_a_table_left_with_computer_players_alone_they_stop(app, clock):
    phone, response = practise(app, computers="3", level="player")
    phone.code = response.headers["Location"].rsplit("/", 1)[1]
    assert phone.deal().status_code == 303
    assert table_of(app, phone.code).planned or table_of(app, phone.code).deadline
    assert phone.post("/leave").status_code == 303
    table = table_of(app, phone.code)
    assert table.host == 0 and table.planned == ()
    store = app.extensions["evilrobots.store"]
    for _ in range(200):  # the round's own clocks run out; nothing more is planned or dealt
        table = table_of(app, phone.code)
        if table.deadline is None:
            break
        clock.now = max(clock.now, table.deadline)
        store.advance_due()
        assert table_of(app, phone.code).planned == ()
    assert table_of(app, phone.code).deadline is None


def test_the_story_marks_each_computer_player_in_the_scores_and_every_round(app, clock):
    """A practice game won: its story names each computer player with its level beside the
    scores and in every round's truths; once a new game starts, the game before's story
    still does, and so does one whose computer player was removed since."""
    phone, response = practise(app, computers="2", level="beginner")
    phone.code = response.headers["Location"].rsplit("/", 1)[1]
    store = app.extensions["evilrobots.store"]
    assert phone.deal().status_code == 303
    for _step in range(5000):
        table = table_of(app, phone.code)
        if table.game.winner is not None:
            break
        clock.now = max(clock.now, table.deadline)
        store.advance_due()
    rounds = len(table.game.rounds)
    story = phone.page("/story")
    scores = story.split('class="scoreboard', 1)[1].split("</table>", 1)[0]
    assert scores.count("computer, Beginner") == 2
    assert "Ada</th>" in scores or 'Ada <span class="evening-line">' in scores
    truths = story.split('class="truths-seats"')[1:]
    assert len(truths) == rounds
    assert all(part.split("</ul>", 1)[0].count("computer, Beginner") == 2 for part in truths)

    assert phone.new_game().status_code == 303
    computer = table_of(app, phone.code).computers[0].seat
    assert phone.post("/remove", seat=str(computer)).status_code == 303
    before = phone.page("/story/1")
    assert (
        before.split('class="scoreboard', 1)[1].split("</table>")[0].count("computer, Beginner")
        == 2
    )
    assert before.count("computer, Beginner") == 2 + 2 * rounds
    assert "computer, Beginner" not in phone.page("/story/2")


def test_the_scores_mark_each_computer_player_on_the_phone_and_the_board(app, clock):
    """Once a round is kept, the scores name each computer player with its level, on the
    host's phone and on the board, as the seats do; the person's own row is not marked."""
    phone, response = practise(app, name="Ada", computers="2", level="beginner")
    phone.code = response.headers["Location"].rsplit("/", 1)[1]
    store = app.extensions["evilrobots.store"]
    assert phone.deal().status_code == 303
    for _step in range(500):
        table = table_of(app, phone.code)
        if table.game.rounds:
            break
        clock.now = max(clock.now, table.deadline)
        store.advance_due()
    assert table.game.rounds
    board = phone.client.get(f"/t/{phone.code}/board").get_data(as_text=True)
    for page in (phone.page(), board):
        scores = page.split('<table class="scoreboard', 1)[1].split("</table>", 1)[0]
        assert scores.count("computer, Beginner") == 2
        ada = scores.split(">Ada", 1)[1].split("</th>", 1)[0]
        assert "computer" not in ada
