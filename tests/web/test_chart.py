"""The way to the points to win, as the server draws it (``web.chart``): every player's score
after every kept round, told apart by colour and by marker."""

from __future__ import annotations

from evilrobots.game.scoring import Tally
from evilrobots.game.table.view import Kept, Score
from evilrobots.web.chart import COLOURS, MARKERS, marker_path, way_to_target


def kept(number: int, *scores: tuple[int, str, int]) -> Kept:
    tally = Tally((), 0, 0, None, None, 0, (), ())  # the chart reads the scores alone
    return Kept(number, tally, tuple(Score(seat, name, points) for seat, name, points in scores))


HISTORY = (  # newest first, as a table's view holds it
    kept(3, (1, "Ada", 7), (2, "Bob", 2), (3, "Cy", 1)),
    kept(2, (1, "Ada", 3), (2, "Bob", 2), (3, "Cy", 1)),
    kept(1, (1, "Ada", 3), (2, "Bob", 1)),
)
NOW = (Score(1, "Ada", 7), Score(2, "Bob", 2), Score(3, "Cy", 1))


def test_each_player_has_a_line_of_their_score_after_every_round_from_zero():
    chart = way_to_target(HISTORY, NOW, 5)
    assert chart.rounds == (1, 2, 3)
    assert {line.name: line.scores for line in chart.lines} == {
        "Ada": (0, 3, 3, 7),
        "Bob": (0, 1, 2, 2),
        "Cy": (0, 0, 1, 1),  # no score yet in round 1: 0
    }
    assert chart.leaders == ("Ada",) and chart.lead == 7


def test_higher_scores_are_drawn_higher_and_the_target_between():
    chart = way_to_target(HISTORY, NOW, 5)
    ada = next(line for line in chart.lines if line.name == "Ada")
    ys = [y for _, y in ada.points]
    assert ys[0] > ys[1] == ys[2] > ys[3]  # 0, 3, 3, 7: up the drawing
    assert ys[3] < chart.target_y < ys[1]  # 7 above the 5 to win, 3 below it
    xs = [x for x, _ in ada.points]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert all(0 <= x <= chart.width and 0 <= y <= chart.height for x, y in ada.points)


def test_nine_players_are_told_apart_by_colour_and_by_marker():
    nine = tuple(Score(seat, f"P{seat}", seat) for seat in range(1, 10))
    chart = way_to_target((kept(1, *((s.seat, s.name, s.points) for s in nine)),), nine, 10)
    assert len({line.colour for line in chart.lines}) == 9 == len(COLOURS)
    assert len({line.marker for line in chart.lines}) == 9 == len(MARKERS)
    paths = {marker_path(marker, 10, 10) for marker in MARKERS}
    assert len(paths) == 9 and all(path.endswith("z") for path in paths)


def test_a_tie_names_every_leader_and_nobody_leads_before_a_point():
    tied = (Score(1, "Ada", 4), Score(2, "Bob", 4))
    chart = way_to_target((kept(1, (1, "Ada", 4), (2, "Bob", 4)),), tied, 10)
    assert chart.leaders == ("Ada", "Bob")
    nobody = way_to_target((), (Score(1, "Ada", 0),), 10)
    assert nobody.leaders == () and nobody.rounds == ()
    assert nobody.lines[0].scores == (0,)


def test_a_score_below_zero_stays_in_the_drawing():
    chart = way_to_target((kept(1, (1, "Ada", -2)),), (Score(1, "Ada", -2),), 10)
    assert all(0 <= y <= chart.height for _, y in chart.lines[0].points)
    assert chart.ticks[0][0] == -2


def drawn(app, history, scores, target, winner=None, lang="en") -> str:
    from types import SimpleNamespace

    view = SimpleNamespace(history=history, scores=scores, target=target, winner=winner)
    with app.test_request_context(f"/?lang={lang}"):
        return str(app.jinja_env.get_template("table/_chart.html").module.way_chart(view))


def test_the_chart_names_the_leader_the_winner_and_a_tie_at_the_target(app):
    assert "Ada leads with 3 of 5" in drawn(app, HISTORY[2:], (Score(1, "Ada", 3),), 5)
    assert "Ada wins with 7 points" in drawn(app, HISTORY, NOW, 5, winner="Ada")
    tied = (Score(1, "Ada", 11), Score(2, "Bob", 11))
    told = drawn(app, (kept(1, (1, "Ada", 11), (2, "Bob", 11)),), tied, 10)
    assert "Ada and Bob tie at 11: the game goes on until one leads alone." in told
    french = drawn(app, (kept(1, (1, "Ada", 1)),), (Score(1, "Ada", 1),), 10, "Ada", "fr")
    assert "Ada gagne avec 1 point" in french  # one point: the singular


def test_the_chart_is_drawn_without_script_and_its_table_says_every_score(app):
    page = drawn(app, HISTORY, NOW, 5)
    assert "<script" not in page and page.count("<polyline") == 3
    assert page.count('<th scope="col">Round ') == 3
    assert "<td>3</td><td>3</td><td>7</td>" in page  # Ada, after rounds 1, 2 and 3


def test_every_players_evening_is_worded_with_real_plurals(app):
    from evilrobots.game.scoring.evening import Evening
    from evilrobots.web.story import evening_line

    one = Evening(1, "Ada", rounds=1, won=1, alone=1, bonuses=1, bets=-1)
    with app.test_request_context("/?lang=en"):
        assert evening_line(one) == (
            "1 of 1 round on the winning side · 1 point won alone · 1 bonus point · bets -1"
        )
    many = Evening(2, "Bob", rounds=3, won=2, shared=4, bets=2)
    with app.test_request_context("/?lang=de"):
        assert evening_line(many) == (
            "2 von 3 Runden auf der Siegerseite · 4 Punkte aus geteilten Siegen · Wetten +2"
        )
