"""The game's story in the viewer's words: each player's evening, once the game is over (where
their points came from, and how many rounds they spent on the winning side), from the kept
rounds' counts (``game.scoring.evening``); a game told round by round, each round's truths
once it is over (``game.table.truths``); and the games at a table so far."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..game.cards import Allegiance
from ..game.codec.story import unpack, unpack_past
from ..game.scoring import Game
from ..game.scoring.evening import Evening, evenings
from ..game.table import Table
from ..game.table.story import Chapter, Ended, Page, Past
from ..game.table.truths import RoundTruth, SeatTruth, truths
from ..game.table.view import Kept, Score, TableView
from ..game.table.views import game_history, ranked
from .i18n import gettext as _
from .i18n import ngettext
from .words import coins, label

LOG = logging.getLogger(__name__)


def evening_lines(view: TableView) -> dict[int, str]:
    """Each player's evening in a line, by seat: "2 of 3 rounds on the winning side · 4 points
    won alone · 1 bonus point"."""
    rounds = [kept.tally for kept in reversed(view.history)]
    names = {score.seat: score.name for score in view.scores}
    return {one.seat: evening_line(one) for one in evenings(rounds, names)}


def evening_line(one: Evening) -> str:
    parts = [
        ngettext(
            "%(won)s of %(num)s round on the winning side",
            "%(won)s of %(num)s rounds on the winning side",
            one.rounds,
            won=one.won,
        )
    ]
    if one.alone:
        parts.append(ngettext("%(num)s point won alone", "%(num)s points won alone", one.alone))
    if one.shared:
        parts.append(
            ngettext(
                "%(num)s point from shared wins", "%(num)s points from shared wins", one.shared
            )
        )
    if one.bonuses:
        parts.append(ngettext("%(num)s bonus point", "%(num)s bonus points", one.bonuses))
    if one.bets:
        parts.append(_("bets %(points)s", points=f"{one.bets:+d}"))
    return " · ".join(parts)


def allegiances(shown: tuple[Allegiance, ...]) -> str:
    """Allegiances in a row, as the table saw them: "Neutral, Evil"."""
    return ", ".join(label(one) for one in shown)


def seat_notes(one: SeatTruth) -> str:
    """What else a seat did, or did not, in a round that is over: its bet, a call it let go
    by, a turn whose time ran out, the Pass phase sat out, a computer playing it for its
    player, leaving the table."""
    notes = []
    if one.bet is not None:
        notes.append(_("bet on %(allegiance)s", allegiance=label(one.bet)))
    if one.missed:
        notes.append(_("let their call go by"))
    if one.ran_out:
        notes.append(_("their turn's time ran out"))
    if one.sat_out:
        notes.append(_("sat the Pass phase out"))
    if one.stood_in:
        notes.append(_("played by the computer"))
    if one.gone:
        notes.append(_("left the table"))
    return " · ".join(notes)


# ---- A game's story: its rounds in order, each with its truths, and the games before --------


@dataclass(frozen=True, slots=True)
class StoryRound:
    """One round of a game's story: its truths once it is over; only its number in play."""

    number: int
    truth: RoundTruth | None  # None: in play
    kept: Kept | None = None  # its count, once its score was kept

    @property
    def in_play(self) -> bool:
        return self.truth is None


@dataclass(frozen=True, slots=True)
class GameStory:
    """A game at a table, told: what the chart and the scores need (the fields a view gives
    ``way_chart``), and its rounds, oldest first."""

    number: int
    target: int
    history: tuple[Kept, ...]  # newest first, as a view's
    scores: tuple[Score, ...]
    winner: str | None
    rounds: tuple[StoryRound, ...]
    current: bool  # the table's game now (it may grow)
    token: str | None  # its share link's, once shared
    computers: tuple[tuple[int, str], ...] = ()  # its computer players: seat, level

    @property
    def over(self) -> bool:
        return self.winner is not None or not self.current


@dataclass(frozen=True, slots=True)
class Result:
    """One player's games at a table: their points in each (None: not at the table for
    it), and which they won."""

    name: str
    points: tuple[int | None, ...]
    won: tuple[bool, ...]

    @property
    def wins(self) -> int:
        return sum(self.won)


@dataclass(frozen=True, slots=True)
class Results:
    """The games at a table so far, by their numbers, and each player's, most wins first."""

    games: tuple[int, ...]
    rows: tuple[Result, ...]


def game_story(table: Table, number: int) -> GameStory | None:
    """The table's game with this number, told; None if it has none."""
    if number == table.game_number:
        game, names, pages, current = table.game, table.names, table.closed, True
        in_play = table.round.number if table.round and table.round.in_play else None
        levels = dict(table.computer_levels)
    elif (past := table.earlier(number)) is not None:
        ended = _ended(past)
        if ended is None:
            return None
        game, names, pages = ended.game, dict(ended.names), ended.chapters
        current, in_play = False, None
        levels = dict(ended.computers)
    else:
        return None
    every = dict(names)
    for counted in game.rounds:
        every = counted.names() | every
    history = game_history(game, every)
    kept = {one.number: one for one in history}
    chapters = _readable(pages)
    rounds = [
        StoryRound(truth.number, truth, None if truth.abandoned else kept.get(truth.number))
        for truth in (truths(chapter) for chapter in chapters)
    ]
    for chapter in reversed(chapters):  # a computer player removed since: as it last played
        levels = dict(chapter.computers) | levels
    if in_play is not None:
        rounds.append(StoryRound(in_play, None))
    # Every player of the game, scored or not (a player who left with points included).
    players = dict.fromkeys([*names, *(seat for seat, _ in game.scores)])
    scores = ranked(Score(seat, every.get(seat, "?"), game.score(seat)) for seat in players)
    winner = game.winner
    return GameStory(
        number,
        game.target,
        history,
        scores,
        every.get(winner) if winner is not None else None,
        tuple(rounds),
        current,
        dict(table.tokens).get(number),
        tuple(sorted(levels.items())),
    )


def _readable(pages: tuple[Page, ...]) -> list[Chapter]:
    """The chapters that can be read; one that cannot (a damaged document) is logged and
    left out, and the story goes on without it."""
    found = []
    for page in pages:
        try:
            found.append(unpack(page))
        except ValueError:
            LOG.exception("a round of a game's story cannot be read")
    return found


def _ended(past: Past) -> Ended | None:
    """An earlier game, or None (logged) if it cannot be read."""
    try:
        return unpack_past(past)
    except ValueError:
        LOG.exception("an earlier game's story cannot be read")
        return None


def results(table: Table) -> Results:
    """Every game at the table so far, the one in play included: points and wins, by
    player (a player who left keeps their row)."""
    games: list[tuple[int, Game, dict[int, str]]] = [
        (ended.number, ended.game, dict(ended.names))
        for ended in (_ended(past) for past in table.past)
        if ended is not None
    ]
    games.append((table.game_number, table.game, table.names))
    names: dict[int, str] = {}
    for _number, _game, named in games:
        names |= named
    rows = [
        Result(
            name,
            tuple(dict(g.scores).get(seat, 0) if seat in named else None for _, g, named in games),
            tuple(g.winner == seat for _, g, _ in games),
        )
        for seat, name in names.items()
    ]
    rows.sort(key=lambda row: (-row.wins, row.name.casefold()))
    return Results(tuple(number for number, _, _ in games), tuple(rows))


def for_templates() -> dict[str, object]:
    """The helpers the templates call, by name."""
    return {
        "evening_lines": evening_lines,
        "allegiances": allegiances,
        "seat_notes": seat_notes,
        "coins": coins,
    }
