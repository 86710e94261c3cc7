"""How the suite runs, in one place: which tests run one after another, and which may run
again.

The suite runs on two workers (pytest-xdist, ``-n 2`` in pyproject.toml). The tests that
run in real time (``REAL_TIME``) run one after another on one of them, in one batch: the
browser tests (``tests/browser/``: Debian's Chromium, a live server, the round's clocks)
and the few others that time something on the wall clock (heartbeats, a collector's pauses,
a server's stop, real stores' feeds). So two Chromiums never share this 2-core machine, and
a timed test never runs beside a browser. The other worker takes the tests on an injected
clock, which no load can move.

A browser test that fails runs once more (pytest-rerunfailures): a moment it did not wait
for, on a loaded machine, fails it once. The rerun shows in the run's summary (under
"rerun test summary info", with the failed try's traceback, and "1 rerun" on its last
line), so a flake is seen but does not lose the run; a test that needed a rerun is a defect
to fix. Every other test fails at its first failure.

``tests/conftest.py`` takes its hooks from here.
"""

from __future__ import annotations

from typing import Any

import pytest

RERUNS = 1
BROWSER_TESTS = "tests/browser/"
REAL_TIME = (
    BROWSER_TESTS,
    "tests/serving/test_collector.py::",
    "tests/serving/test_serve.py::",
    "tests/store/test_store.py::",
    "tests/web/tables/test_privacy.py::test_a_round_the_app_runs_tells_no_one_what_a_quiet",
    "tests/web/tables/test_privacy.py::test_a_quiet_seats_own_taps_move_nothing_anyone_else",
)


def is_browser_test(nodeid: str) -> bool:
    return nodeid.startswith(BROWSER_TESTS)


def runs_in_real_time(nodeid: str) -> bool:
    return nodeid.startswith(REAL_TIME)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each browser test to run once more if it fails."""
    for item in items:
        if is_browser_test(item.nodeid):
            item.add_marker(pytest.mark.flaky(reruns=RERUNS))


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown to a run without it (-p no:xdist)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Give the workers the real-time tests as one batch, first (it is the longest), and
    every other test on its own."""
    from xdist.scheduler import LoadScopeScheduling

    class RealTimeInOneBatch(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "real time" if runs_in_real_time(nodeid) else nodeid

    return RealTimeInOneBatch(config, log)
