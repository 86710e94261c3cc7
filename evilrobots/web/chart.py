"""The way to the points to win, as a chart the server draws: each player's score after every
kept round of the game, one line each, told apart by colour *and* by marker (readable without
colour), the points-to-win line, and the leader named. Drawn in SVG by ``table/_chart.html``
from the geometry here; no script. A data table beside it says the same to a screen reader.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..game.table.view import Kept, Score

# Okabe and Ito's colours, told apart with every common colour blindness, and a grey: nine
# players, nine colours. Each also has its own marker (``MARKERS``).
COLOURS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#000000",
    "#b8a800",
    "#7f7f7f",
)
MARKERS = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "down",
    "plus",
    "cross",
    "star",
    "hexagon",
)

# The drawing's own units (its viewBox): it scales to its box, on a phone and on the board.
WIDTH, HEIGHT = 320, 190
LEFT, RIGHT, TOP, BOTTOM = 30, 14, 10, 24


@dataclass(frozen=True, slots=True)
class Line:
    """One player's way: their name, colour, marker, and score after each round (the first
    is 0, before round 1), and where each falls in the drawing."""

    seat: int
    name: str
    colour: str
    marker: str
    scores: tuple[int, ...]
    points: tuple[tuple[float, float], ...]

    @property
    def path(self) -> str:
        """The polyline's points, as SVG says them."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass(frozen=True, slots=True)
class Chart:
    """What the chart draws, in the drawing's units."""

    lines: tuple[Line, ...]
    rounds: tuple[int, ...]  # the kept rounds' numbers, in order (the x axis after 0)
    target: int
    target_y: float
    ticks: tuple[tuple[int, float], ...]  # the y axis's values, and where they fall
    xs: tuple[float, ...]  # where 0 and each round fall across
    leaders: tuple[str, ...]  # the names of the players with the most points (ties: several)
    lead: int  # their points

    @property
    def width(self) -> int:
        return WIDTH

    @property
    def height(self) -> int:
        return HEIGHT


def way_to_target(history: tuple[Kept, ...], scores: tuple[Score, ...], target: int) -> Chart:
    """The chart of a game from its kept rounds (``history``: newest first, as the view holds
    them), the scores now and the points to win. Every player seated now, and every one who
    scored in an earlier round, has a line; a score not yet on the board counts 0."""
    rounds = tuple(reversed(history))
    names: dict[int, str] = {}
    for kept in rounds:
        names.update((score.seat, score.name) for score in kept.scores_after)
    names.update((score.seat, score.name) for score in scores)
    seats = sorted(names)
    table = {seat: (0, *(_points(kept.scores_after, seat) for kept in rounds)) for seat in seats}
    values = [value for row in table.values() for value in row]
    low = min([0, *values])
    high = max([target, *values, 1])
    span = high - low
    width = WIDTH - LEFT - RIGHT
    height = HEIGHT - TOP - BOTTOM
    steps = max(len(rounds), 1)
    xs = tuple(LEFT + width * index / steps for index in range(len(rounds) + 1))

    def y_of(value: int) -> float:
        return TOP + height * (high - value) / span

    lines = tuple(
        Line(
            seat,
            names[seat],
            COLOURS[index % len(COLOURS)],
            MARKERS[index % len(MARKERS)],
            table[seat],
            tuple((xs[step], y_of(value)) for step, value in enumerate(table[seat])),
        )
        for index, seat in enumerate(seats)
    )
    ticks = tuple((value, y_of(value)) for value in sorted({low, 0, target, high}))
    now = {seat: row[-1] for seat, row in table.items()}
    lead = max(now.values(), default=0)
    leaders = tuple(names[seat] for seat in seats if now[seat] == lead) if lead > 0 else ()
    return Chart(
        lines,
        tuple(kept.number for kept in rounds),
        target,
        y_of(target),
        ticks,
        xs,
        leaders,
        lead,
    )


def _points(scores: tuple[Score, ...], seat: int) -> int:
    return next((score.points for score in scores if score.seat == seat), 0)


def marker_path(marker: str, x: float, y: float, size: float = 4.5) -> str:
    """An SVG path for a marker centred on (x, y): each shape its own, so that lines of
    colours alike are still told apart."""
    s = size
    shapes = {
        "square": f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z",
        "triangle": f"M{x:.1f},{y - s * 1.2:.1f}L{x + s * 1.1:.1f},{y + s * 0.8:.1f}"
        f"H{x - s * 1.1:.1f}z",
        "down": f"M{x:.1f},{y + s * 1.2:.1f}L{x + s * 1.1:.1f},{y - s * 0.8:.1f}"
        f"H{x - s * 1.1:.1f}z",
        "diamond": f"M{x:.1f},{y - s * 1.3:.1f}L{x + s:.1f},{y:.1f}L{x:.1f},{y + s * 1.3:.1f}"
        f"L{x - s:.1f},{y:.1f}z",
        "plus": f"M{x - s * 0.4:.1f},{y - s * 1.2:.1f}h{s * 0.8:.1f}v{s * 0.8:.1f}"
        f"h{s * 0.8:.1f}v{s * 0.8:.1f}h{-s * 0.8:.1f}v{s * 0.8:.1f}h{-s * 0.8:.1f}"
        f"v{-s * 0.8:.1f}h{-s * 0.8:.1f}v{-s * 0.8:.1f}h{s * 0.8:.1f}z",
        "cross": f"M{x - s:.1f},{y - s * 0.45:.1f}l{s * 0.55:.1f},{-s * 0.55:.1f}"
        f"l{s * 0.45:.1f},{s * 0.45:.1f}l{s * 0.45:.1f},{-s * 0.45:.1f}"
        f"l{s * 0.55:.1f},{s * 0.55:.1f}l{-s * 0.45:.1f},{s * 0.45:.1f}"
        f"l{s * 0.45:.1f},{s * 0.45:.1f}l{-s * 0.55:.1f},{s * 0.55:.1f}"
        f"l{-s * 0.45:.1f},{-s * 0.45:.1f}l{-s * 0.45:.1f},{s * 0.45:.1f}"
        f"l{-s * 0.55:.1f},{-s * 0.55:.1f}l{s * 0.45:.1f},{-s * 0.45:.1f}z",
        "star": _star(x, y, s * 1.35),
        "hexagon": f"M{x - s:.1f},{y:.1f}l{s * 0.5:.1f},{-s * 0.87:.1f}h{s:.1f}"
        f"l{s * 0.5:.1f},{s * 0.87:.1f}l{-s * 0.5:.1f},{s * 0.87:.1f}h{-s:.1f}z",
    }
    if marker in shapes:
        return shapes[marker]
    # A circle, as a path like the others.
    arc = f"a{s:.1f},{s:.1f} 0 1,0"
    return f"M{x - s:.1f},{y:.1f}{arc} {2 * s:.1f},0{arc} {-2 * s:.1f},0z"


def _star(x: float, y: float, r: float) -> str:
    corners = []
    for index in range(10):
        radius = r if index % 2 == 0 else r * 0.45
        angle = math.pi / 2 + index * math.pi / 5
        corners.append(f"{x + radius * math.cos(angle):.1f},{y - radius * math.sin(angle):.1f}")
    return "M" + "L".join(corners) + "z"


def for_templates() -> dict[str, object]:
    """The helpers the templates call, by name."""
    return {"way_to_target": way_to_target, "marker_path": marker_path}
