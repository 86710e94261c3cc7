"""Players through the Flask test client: one phone with the applet, and phones at a table."""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

from evilrobots.game.table import Table


class Clock:
    """A clock the test moves by hand (``clock.now += 60``)."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class LiveClock:
    """The wall clock, which a browser test may move on (``reach``) to a moment its table is
    waiting for: the live server's timers then run out as though that time had gone by, and
    its own ticker moves the table on (it looks at least four times a second). The pages'
    timers follow the server's time (each update carries it). It never goes back."""

    def __init__(self) -> None:
        self.ahead = 0.0
        self._lock = threading.Lock()

    def __call__(self) -> float:
        return time.time() + self.ahead

    def reach(self, moment: float) -> None:
        with self._lock:
            self.ahead = max(self.ahead, moment - time.time())


class Player:
    """One browser's view of the applet through the Flask test client."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def hand(self) -> dict:
        """Open the card view and return the hand as stored in the session."""
        assert self.client.get("/").status_code == 200
        with self.client.session_transaction() as session:
            return dict(session["hand"])

    def post(self, path: str, **form):
        return self.client.post(path, data=form)

    def post_json(self, path: str, **form):
        return self.client.post(path, data=form, headers={"Accept": "application/json"})


class Phone:
    """One player's browser at a table, through the Flask test client."""

    def __init__(self, app: Any, name: str) -> None:
        self.app = app
        self.client = app.test_client()
        self.name = name
        self.code = ""

    def start(self) -> str:
        response = self.client.post("/table", data={"name": self.name})
        assert response.status_code == 303
        self.code = response.headers["Location"].rsplit("/", 1)[1]
        return self.code

    def join(self, code: str) -> None:
        response = self.client.post(f"/t/{code}/join", data={"name": self.name})
        assert response.status_code == 303, response.get_data(as_text=True)
        self.code = code

    def by_voice(self) -> None:
        """The host chooses to call the next round by voice."""
        settings = {"conducted": "no", "debate": "60", "pace": "5", "window": "8", "turn": "60"}
        assert self.post("/settings", **settings).status_code == 303

    def deal(self, again: bool = False):
        """The host taps Deal (or, ``again``, Deal this round again) on a page that shows the
        table as it is now."""
        form = {"round": f"{table_of(self.app, self.code).deals:08x}"}
        return self.post("/deal", **form, **({"again": "yes"} if again else {}))

    def new_game(self):
        """The host taps New game on a page that shows the table as it is now."""
        return self.post("/new-game", round=f"{table_of(self.app, self.code).deals:08x}")

    def page(self, path: str = "") -> str:
        response = self.client.get(f"/t/{self.code}{path}")
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_data(as_text=True)

    def post(self, path: str, **form):
        return self.client.post(f"/t/{self.code}{path}", data=form)


def table_of(app: Any, code: str) -> Table:
    """The table as the app's store holds it now."""
    return app.extensions["evilrobots.store"].load(code)


def deal_tag(table: Table) -> str:
    """The current deal as the table's forms carry it."""
    return f"{table.round.deal_id:08x}"


LIMITS = "/evilrobots-limits/"  # the limits' counts: a refused form is counted, as any form


def stored(app) -> object:
    """Everything the store holds: each SQLite table's rows, or each Redis key's type and
    value (but the limits' counts)."""
    store = app.extensions["evilrobots.store"]
    if hasattr(store, "redis"):
        found = {}
        for key in sorted(store.redis.keys("*")):
            if LIMITS in key.decode():
                continue
            found[key] = (store.redis.type(key), store.redis.dump(key), store.redis.ttl(key) > 0)
        return found
    with sqlite3.connect(store.path) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {name: sorted(db.execute(f"SELECT * FROM {name}").fetchall()) for name in names}  # noqa: S608
