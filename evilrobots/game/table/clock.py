"""A round the app runs, moved on by time: whatever is due by ``now`` happens, in order (the
Debate's end, a window's close, a proof or a tie's order not given, a turn not taken, a
level's end), each step setting its next deadline from then. Deadlines are data in the round,
so they survive a restart; whoever moves a table on first does it (the store's atomic change
makes that happen once), and every act is judged against the round as it now stands
(``model.Table`` moves the table on before each)."""

from __future__ import annotations

from .conduct import Phase
from .conversions import resolve
from .countdown import countdown_begins, level_over, time_out
from .ending import lapse_split
from .flow import give_turn
from .limits import MOST_STEPS
from .proofs import prove_for
from .round import Names, Round
from .state import TableState


def tick(table: TableState, now: float) -> TableState:
    """The table moved past whatever is due by ``now``; the very same table if nothing is:
    a round the app runs, or the winners' split of any round (``ending.lapse_split``)."""
    round_ = table.round
    if round_ is not None and round_.split_until is not None:
        return lapse_split(table, now)
    if round_ is None or not round_.in_play or round_.conduct is None:
        return table
    moved = tick_round(round_, table.names, now)
    return table if moved is round_ else table.with_round(moved)


def tick_round(round_: Round, names: Names, now: float) -> Round:
    """The round moved past whatever is due by ``now``; the same round if nothing is."""
    for _ in range(MOST_STEPS):  # each step sets its next deadline from now
        conduct = round_.conduct
        if conduct is None or not round_.in_play:
            return round_
        if conduct.chain is not None:
            if now < conduct.chain.deadline:
                return round_
            round_ = resolve(round_, names, now)
        elif conduct.busy:
            if conduct.until is None or now < conduct.until:
                return round_
            if conduct.proof is not None:
                round_ = prove_for(round_, names, now)
            elif conduct.ordering is not None:
                first = conduct.queue[0]
                round_ = round_.with_conduct(give_turn(conduct, first, now))
            elif conduct.turn is not None:
                round_ = time_out(round_, names, conduct.turn, now)
        elif conduct.deadline is None or now < conduct.deadline:
            return round_
        elif conduct.phase is Phase.DEBATE:
            round_ = countdown_begins(round_, now)
        elif conduct.phase is Phase.COUNTDOWN:
            round_ = level_over(round_, names, now)
        else:
            return round_
    return round_
