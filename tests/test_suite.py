"""How the suite runs (tests/support/suite.py) and the clock its browser tests move on: a
browser test that fails once runs again, and shows it, any other test fails at once; a step
nobody takes goes by at once, and only that step."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from evilrobots.factory import create_app
from evilrobots.game.table.now import Step, happening
from tests.support.cards import countdown_to, time_runs_out
from tests.support.clients import LiveClock, Phone, table_of
from tests.support.suite import TIMED, batch_of

ROOT = Path(__file__).resolve().parents[1]

# A test that fails on its first run and passes on its second (it leaves a mark the first time).
FAILS_ONCE = """
from pathlib import Path

def test_fails_once():
    mark = Path(__file__).with_suffix(".ran")
    if not mark.exists():
        mark.write_text("once")
        raise AssertionError("a moment not waited for")
"""


def test_only_a_browser_test_is_run_again_and_the_summary_says_so(tmp_path):
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    # The suite's own hook, as tests/conftest.py takes it.
    (tmp_path / "conftest.py").write_text(
        "from tests.conftest import pytest_collection_modifyitems  # noqa: F401\n"
    )
    for folder in ("browser", "web"):
        (tmp_path / "tests" / folder).mkdir(parents=True)
        (tmp_path / "tests" / folder / f"test_{folder}_fails_once.py").write_text(FAILS_ONCE)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-raR", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = run.stdout
    browser = "tests/browser/test_browser_fails_once.py::test_fails_once"
    web = "tests/web/test_web_fails_once.py::test_fails_once"
    assert run.returncode == 1, out  # the web test's failure fails the run
    assert f"RERUN {browser}" in out and f"PASSED {browser}" in out, out
    assert f"RERUN {web}" not in out and f"FAILED {web}" in out, out
    assert "1 failed, 1 passed, 1 rerun" in out, out


def test_every_timed_test_named_exists_and_runs_in_the_timed_batch():
    """A timed test renamed or moved would otherwise run beside a browser, unseen."""
    for prefix in TIMED:
        path, _, name = prefix.partition("::")
        source = (ROOT / path).read_text()
        assert f"def {name}" in source if name else "def test_" in source, prefix
        assert batch_of(prefix + ("" if name else "test_x")) == "timed"
    assert batch_of("tests/browser/test_tables.py::test_x") == "tests/browser/test_tables.py"
    assert batch_of("tests/web/test_pages.py::test_x") == "tests/web/test_pages.py::test_x"


def now_at(app, code):
    table = table_of(app, code)
    return happening(table.round, {seat.id: seat.name for seat in table.seats})


def test_a_step_nobody_takes_goes_by_at_once_and_the_server_moves_the_round_on(tmp_path):
    """On the live server's clock: the Debate's 60 s run out at once, and the server's own
    ticker calls 9 or more; asked again for the Debate, nothing moves (it is over: the call
    is not skipped too); the calls down to 5 go by, and 5 is called, not passed over."""
    clock = LiveClock()
    config = {"SECRET_KEY": "suite-key-" + "x" * 40, "CLOCK": clock}
    app = create_app(config, instance_path=tmp_path)
    ada, bob, cy = (Phone(app, name) for name in ("Ada", "Bob", "Cy"))
    ada.start()
    bob.join(ada.code)
    cy.join(ada.code)
    settings = {"conducted": "yes", "debate": "60", "pace": "5", "window": "8", "turn": "60"}
    assert ada.post("/settings", **settings).status_code == 303
    assert ada.deal().status_code == 303
    try:
        assert now_at(app, ada.code).step is Step.DEBATE
        time_runs_out(app, ada.code, Step.DEBATE)
        assert clock.ahead > 50  # the clock has moved on by the Debate's minute, or nearly
        countdown_to(app, ada.code, 9)  # the ticker calls it by itself, soon after
        ahead = clock.ahead
        time_runs_out(app, ada.code, Step.DEBATE)  # over: nothing moves
        assert clock.ahead == ahead
        assert (now_at(app, ada.code).step, now_at(app, ada.code).level) == (Step.CALLED, 9)
        countdown_to(app, ada.code, 5)
        assert (now_at(app, ada.code).step, now_at(app, ada.code).level) == (Step.CALLED, 5)
        assert clock.ahead > ahead + 3 * 5  # 9 (what was left of it), 8, 7 and 6, at once
    finally:
        app.extensions["evilrobots.store"].close()
