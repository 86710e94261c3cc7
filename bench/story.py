"""How long a game's story takes to draw, beside the count page's own time: a table of nine
players after ten rounds the app ran (each with a conversion, a reaction or a robot's action),
its story drawn in each language the first time (nothing kept yet), and again (kept, as every
reader after the first gets it); the seat's page with the count, each time drawn anew.

Run from the project's root: ``python -m bench.story`` (``--times N``: requests per figure).
In-process, through the app's own request handling (no network): what the server spends.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from evilrobots.factory import create_app
from evilrobots.game.cards import Allegiance
from evilrobots.game.table import Table
from evilrobots.web.i18n import LANGUAGES
from tests.support.cards import known
from tests.support.clients import Clock, Phone
from tests.support.tables import Play

NAMES = ("Ada", "Bob", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal", "Ivy")
ROBOTS = ("BetBot", "CheatBot", "BlockBot", "SumoBot", "PlusBot", "NegativeBot", "SwapBot")
ROBOTS += ("LockBot", "PushBot")
G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL


def _round(table: Table, number: int, now: float) -> Table:
    """One round: cards dealt in turn, one conversion at the top power, the rest runs out;
    the host ends it, the winners share it a point each in turn, the host keeps it."""
    rng = random.Random(number)
    table = table.deal(1, rng, now=now)
    powers = rng.sample(range(1, 10), 9)
    teams = [G, E, N]
    cards = {
        name.lower(): (ROBOTS[(i + number) % 9], powers[i], teams[(i + number) % 3])
        for i, name in enumerate(NAMES)
    }
    table = known(table, 1 + number % 3, **cards)  # small: ten rounds stay under 20
    game = Play(table, now)
    top = max(range(9), key=lambda i: powers[i]) + 1
    try:
        game.call(powers[top - 1]).claim(top).convert(top, target=1 if top != 1 else 2)
    except Exception:  # noqa: BLE001 (a call this deal cannot take: the round runs on)
        pass
    game.finish()
    table = game.table.end_round(1, game.now)
    tally = table.tally()
    if not tally.settled:
        winners = list(tally.winners)
        shares = {seat: 0 for seat in winners}
        for point in range(tally.value):  # one each, in turn
            shares[winners[point % len(winners)]] += 1
        table = table.propose_split(winners[0], shares, now=game.now)
        for seat in winners[1:]:
            table = table.answer_split(seat, True, now=game.now)
    return table.keep_score(1, game.now)


def timed(get, times: int) -> list[float]:
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        response = get()
        spent.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    return spent


def figures(spent: list[float]) -> str:
    spent = sorted(spent)
    p99 = spent[min(len(spent) - 1, round(len(spent) * 0.99))]
    return f"median {statistics.median(spent):6.2f} ms · p99 {p99:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200, help="requests per figure")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="story-bench-"))
    clock = Clock()
    config = {"SECRET_KEY": "b" * 48, "CLOCK": clock, "TICKER": False, "LIMITS": "off"}
    app = create_app(config, instance_path=folder)
    store = app.extensions["evilrobots.store"]
    host = Phone(app, NAMES[0])
    code = host.start()
    for name in NAMES[1:]:
        Phone(app, name).join(code)
    store.change(code, lambda table: table.set_target(1, 20))
    for number in range(1, 11):
        store.change(code, lambda table, n=number: _round(table, n, clock()))
    table = store.load(code)
    print(f"a table of {len(table.seats)} players after {len(table.game.rounds)} rounds:")
    print(f"  its document: {len(store_document(table)):,} bytes")
    story = host.client.get(f"/t/{code}/story")
    print(f"  its story: {len(story.get_data()):,} bytes")
    count = timed(lambda: host.client.get(f"/t/{code}"), args.times)
    print(f"the seat's page, with the count ({args.times} times): {figures(count)}")
    for language in LANGUAGES:
        headers = {"Accept-Language": language}
        app.extensions.pop("evilrobots.stories", None)  # nothing kept: the first reader
        first = timed(lambda h=headers: host.client.get(f"/t/{code}/story", headers=h), 1)
        kept = timed(lambda h=headers: host.client.get(f"/t/{code}/story", headers=h), args.times)
        print(f"the story in {language}: first {first[0]:6.2f} ms · then {figures(kept)}")
    cold = []
    for _ in range(max(10, args.times // 10)):
        app.extensions.pop("evilrobots.stories", None)
        cold += timed(lambda: host.client.get(f"/t/{code}/story"), 1)
    print(f"the story drawn anew each time ({len(cold)} times): {figures(cold)}")
    store.close()


def store_document(table: Table) -> str:
    import json

    from evilrobots.game.codec import table_state

    return json.dumps(table_state(table))


if __name__ == "__main__":
    main()
