"""A recorded corpus: seeded, scripted games through the web test client, and everything each
viewer receives on the way (every page, fragment and JSON answer, every live event), with the
stored documents after each step.

The script drives the app only as a player and a host would (forms, pages, live streams), on
a clock and a deck it controls; it sets a round's cards by writing the table's stored JSON,
as a test's ``give`` would, then tells the live pages. A restructuring that changes nothing
anyone receives gives the same corpus, byte for byte: ``tests/test_corpus.py`` replays it
against the digests in ``tests/data/corpus.json``.

    python -m tests.support.corpus --out /tmp/corpus     # every output, a file a step
    python -m tests.support.corpus --write               # the digests, into tests/data/

Live streams: each viewer keeps one open for the whole game, read on a thread of its own. A
step is over once every stream has sent what it had to and waits for the next change (its
listener waits, nothing delivered): the state, never a time. The store's own poller (which
hands a stream the changes other processes make) is off: in one process every change reaches
the streams as it is made.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import secrets
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from evilrobots.factory import create_app
from evilrobots.game.cards import ROBOT_INDEX, robot_named
from evilrobots.store import Listener

DIGESTS = Path(__file__).resolve().parent.parent / "data" / "corpus.json"
START = 1_800_000_000.0
SETTLE_SECONDS = 60.0  # a stream that has not settled by then is a failure, not a wait
# Headers that say something of the response a viewer gets (the cookie is read decoded).
HEADERS = (
    "Location",
    "Content-Type",
    "Cache-Control",
    "Vary",
    "Content-Encoding",
    "Retry-After",
    "Allow",
)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


# ---- Streams, and knowing when they have settled -------------------------------------------

_settled = threading.Condition()
_waiting: set[int] = set()  # the listeners (by id) waiting with nothing delivered


def _wait(self: Listener, timeout: float | None = None) -> Any:
    """``Listener.wait``, saying while it waits with nothing delivered (a settled stream)."""
    with _settled:
        _waiting.add(id(self))
        _settled.notify_all()
    arrived = self._arrived.wait(timeout)
    with _settled:
        _waiting.discard(id(self))
        if not arrived:
            return None
        self._arrived.clear()
        latest, self._latest = self._latest, None
        return latest


@contextmanager
def _instrumented() -> Iterator[None]:
    original = Listener.wait
    Listener.wait = _wait  # type: ignore[method-assign]
    try:
        yield
    finally:
        Listener.wait = original  # type: ignore[method-assign]


class Stream:
    """One viewer's live stream, opened and read on a thread of its own (a stream's context
    lives in the thread that opened it)."""

    def __init__(self, client: Any, url: str) -> None:
        self.chunks: list[str] = []
        self.taken = 0
        self.response: Any = None
        self.ended = False
        self.thread = threading.Thread(target=self._read, args=(client, url), daemon=True)
        self.thread.start()

    def _read(self, client: Any, url: str) -> None:
        try:
            self.response = client.get(url, buffered=False)
            for chunk in self.response.response:
                text = chunk.decode() if isinstance(chunk, bytes) else chunk
                if text:
                    with _settled:
                        self.chunks.append(text)
        finally:
            with _settled:
                self.ended = True
                _settled.notify_all()

    def take(self) -> str:
        with _settled:
            new = "".join(self.chunks[self.taken :])
            self.taken = len(self.chunks)
        return new


def _all_settled(store: Any, streams: list[Stream]) -> bool:
    listeners = [one for group in store.hub._listeners.values() for one in group]
    if len(listeners) < sum(not stream.ended for stream in streams):
        return False  # a stream is still opening
    return all(id(one) in _waiting and not one._arrived.is_set() for one in listeners)


# ---- Phones, tables, steps -----------------------------------------------------------------


class Phone:
    """One browser: a test client with its language and, at a table, its stream."""

    def __init__(self, corpus: Corpus, name: str, lang: str) -> None:
        self.name = name
        self.lang = lang
        self.client = corpus.app.test_client()
        self.client.set_cookie("lang", lang)
        self.stream: Stream | None = None


class Corpus:
    """The scripted games, and what every viewer received, step by step."""

    def __init__(self, root: Path, out: Path | None = None) -> None:
        self.clock = Clock()
        self.app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "corpus-key-" + "x" * 40,
                "RANDOM": random.Random(31),
                "CLOCK": self.clock,
                "TICKER": False,
                "HEARTBEAT_SECONDS": 3600,  # no beat during a run
            },
            instance_path=root,
        )
        self.store = self.app.extensions["evilrobots.store"]
        self.store._start_feed = lambda: None  # every change reaches the streams as made
        self.db = root / "tables.sqlite3"
        self.out = out
        self.digests: dict[str, str] = {}
        self.steps = 0
        self.phones: list[Phone] = []  # the phones at the table now, with their streams
        self.code = ""
        self.board: Phone | None = None

    # -- recording --

    def record(self, label: str, outputs: list[tuple[str, str]]) -> None:
        """Keep a step's digests: of what its viewers received, and (apart) of the stored
        document, so that a change of the document's form alone shows as that."""
        label = f"{self.steps:04d} {label}"
        self.steps += 1
        text = "".join(f"\n==== {name}\n{body}" for name, body in outputs)
        seen = [(name, body) for name, body in outputs if name != "document"]
        kept = [body for name, body in outputs if name == "document"]
        self.digests[label] = _digest("".join(f"\n==== {n}\n{b}" for n, b in seen))
        if kept:
            self.digests[f"{label} · document"] = _digest(kept[0])
        if self.out is not None:
            safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in label)
            (self.out / f"{safe}.txt").write_text(text)

    def session(self, phone: Phone) -> str:
        """The phone's session cookie, read (its signature holds the time it was signed)."""
        cookie = phone.client.get_cookie("evilrobots")
        if cookie is None:
            return ""
        signer = self.app.session_interface.get_signing_serializer(self.app)
        return json.dumps(signer.loads(cookie.value), sort_keys=True)

    def answer(self, phone: Phone, response: Any) -> str:
        headers = "".join(
            f"{name}: {value}\n" for name in HEADERS for value in response.headers.getlist(name)
        )
        body = response.get_data(as_text=True)
        return f"{response.status_code}\n{headers}session: {self.session(phone)}\n\n{body}"

    def settle(self) -> None:
        with _settled:
            streams = [phone.stream for phone in self.phones if phone.stream is not None]
            if not _settled.wait_for(lambda: _all_settled(self.store, streams), SETTLE_SECONDS):
                raise AssertionError("a live stream never settled")

    def after(self, label: str, first: list[tuple[str, str]], pages: bool = True) -> None:
        """Record a step: what it answered, each stream's news, each page, the document."""
        self.settle()
        outputs = list(first)
        for phone in self.phones:
            if phone.stream is not None:
                outputs.append((f"stream {phone.name}", phone.stream.take()))
        if pages and self.code:
            for phone in self.phones:
                path = f"/t/{self.code}/board" if phone is self.board else f"/t/{self.code}"
                outputs.append((f"page {phone.name} {path}", self.get(phone, path)))
        if self.code:
            outputs.append(("document", self.document()))
        self.record(label, outputs)

    def get(self, phone: Phone, path: str) -> str:
        return self.answer(phone, phone.client.get(path))

    def document(self) -> str:
        with sqlite3.connect(self.db) as db:
            row = db.execute(
                "SELECT state, version, deadline FROM tables WHERE code = ?", (self.code,)
            ).fetchone()
        return "" if row is None else f"{row[1]} {row[2]}\n{row[0]}"

    # -- what players and the host do --

    def post(
        self,
        phone: Phone,
        path: str,
        expect: int | None = None,
        as_json: bool = False,
        **form: str,
    ) -> Any:
        """A form sent from a phone (``path`` as ``url`` reads it)."""
        url = self.url(path)
        headers = {"Accept": "application/json"} if as_json else {}
        response = phone.client.post(url, data=form, headers=headers)
        label = f"{phone.name} POST {path} {sorted(form.items())}"
        expect = expect or (200 if as_json else 303)
        assert response.status_code == expect, (label, response.get_data(as_text=True)[:3000])
        self.after(label, [("answer", self.answer(phone, response))])
        return response

    def url(self, path: str) -> str:
        """A path, where ``/t`` stands for this table's address (``/t/board``: its board)."""
        if path.startswith(f"/t/{self.code}"):
            return path  # an address the app gave (a link)
        if path == "/t" or path.startswith(("/t/", "/t?")):
            return f"/t/{self.code}{path[2:]}"
        return path

    def look(self, phone: Phone, path: str, expect: int = 200) -> None:
        """A page a phone opens (``path`` as ``url`` reads it)."""
        url = self.url(path)
        response = phone.client.get(url)
        label = f"{phone.name} GET {url}"
        assert response.status_code == expect, (label, response.get_data(as_text=True)[:3000])
        self.record(label, [("answer", self.answer(phone, response))])

    def wait(self, seconds: float) -> None:
        """Time passes: whatever falls due meanwhile happens, as the ticker would do it."""
        self.clock.now += seconds
        self.store.advance_due(self.clock.now)
        self.after(f"{seconds} s pass", [])

    def until(self, stage: str, level: int = 0) -> None:
        """Time passes, each timer running out in turn, until the round the app runs is at
        ``stage`` ("countdown" with ``level`` called and nothing holding the call; "pass",
        its first turn given; "done")."""
        for _ in range(100):
            conduct = json.loads(self.document().split("\n", 1)[1])["round"]["conduct"]
            holding = any(conduct[key] is not None for key in ("t", "cv", "pf", "od"))
            if conduct["st"] == stage and (stage != "countdown" or conduct["lv"] == level):
                if not holding or stage != "countdown":
                    return
            deadline = float(self.document().split("\n", 1)[0].split()[1])
            self.wait(deadline - self.clock.now)
        raise AssertionError(f"the round never reached {stage} {level}")

    def deal(self, host: Phone, again: bool = False, expect: int = 303) -> None:
        form = {"round": f"{self.deals():08x}"} | ({"again": "yes"} if again else {})
        self.post(host, "/t/deal", expect=expect, **form)

    def deals(self) -> int:
        return json.loads(self.document().split("\n", 1)[1])["deals"]

    def tag(self) -> str:
        return f"{json.loads(self.document().split(chr(10), 1)[1])['round']['id']:08x}"

    def give(self, points: int, **cards: tuple[str, int, str]) -> None:
        """Set the round's cards by name (robot, power, allegiance), as a test's ``give``,
        then tell the live pages, as a change does."""
        with sqlite3.connect(self.db) as db:
            state, version = db.execute(
                "SELECT state, version FROM tables WHERE code = ?", (self.code,)
            ).fetchone()
            table = json.loads(state)
            seats = {seat["name"].casefold(): seat["id"] for seat in table["seats"]}
            for name, (robot, power, allegiance) in cards.items():
                for held in table["round"]["hands"]:
                    if held[0] == seats[name]:
                        hand = held[1]
                        hand.update(r=ROBOT_INDEX[robot_named(robot)], p=power, a=allegiance[0])
                        hand.pop("f", None)
            table["round"]["points"] = points
            table["version"] = version + 1
            db.execute(
                "UPDATE tables SET state = ?, version = ? WHERE code = ?",
                (json.dumps(table, separators=(",", ":")), version + 1, self.code),
            )
        self.store.hub.dispatch(self.code, version + 1)
        self.after(f"cards set {sorted(cards.items())} points {points}", [])

    def seat(self, phone: Phone) -> None:
        """A phone at the table: its page, then its stream from the tag the page carried."""
        self.phones.append(phone)
        self.open_stream(phone)

    def open_stream(self, phone: Phone) -> None:
        board = phone is self.board
        page = phone.client.get(f"/t/{self.code}/board" if board else f"/t/{self.code}")
        tag = page.get_data(as_text=True).split('data-version="', 1)[1].split('"', 1)[0]
        query = f"?board=1&v={tag}" if board else f"?v={tag}"
        phone.stream = Stream(phone.client, f"/t/{self.code}/events{query}")
        self.settle()

    def leave_table(self) -> None:
        """Every phone leaves this table's pages: their streams end."""
        for one in [one for group in self.store.hub._listeners.values() for one in group]:
            one.close()  # each stream ends, as when its page is left
        for phone in self.phones:
            if phone.stream is not None:
                phone.stream.thread.join(SETTLE_SECONDS)
                phone.stream = None
        self.phones = []
        self.code = ""
        self.board = None


@contextmanager
def _deterministic() -> Iterator[None]:
    """Seats' secrets and move links drawn from a seeded source; the streams' retry delay
    too."""
    drawn = random.Random(5)
    original = secrets.token_urlsafe
    secrets.token_urlsafe = lambda n=32: "".join(  # type: ignore[assignment]
        drawn.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for _ in range(n)
    )
    state = random.getstate()
    random.seed(11)
    try:
        yield
    finally:
        secrets.token_urlsafe = original  # type: ignore[assignment]
        random.setstate(state)


def run(out: Path | None = None, games: tuple[str, ...] | None = None) -> dict[str, str]:
    """Play the corpus's games (those named, or all) and return each step's digest (and
    write every output into ``out``)."""
    from tests.support.corpus_script import play

    with tempfile.TemporaryDirectory() as root, _deterministic(), _instrumented():
        corpus = Corpus(Path(root), out)
        try:
            play(corpus, games)
        finally:
            corpus.leave_table()
            corpus.store.hub.close()
            corpus.store.close()
    return corpus.digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write every step's outputs to this folder")
    parser.add_argument("--write", action="store_true", help=f"write the digests to {DIGESTS}")
    args = parser.parse_args(argv)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    digests = run(args.out)
    if args.write:
        DIGESTS.write_text(json.dumps(digests, indent=0, ensure_ascii=False) + "\n")
    steps = sum(not label.endswith(" · document") for label in digests)
    print(f"{steps} steps, {len(digests) - steps} documents", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
