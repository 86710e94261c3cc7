"""How the suite runs, in one place: what runs beside what, and which tests may run again.

The suite runs on two workers (pytest-xdist, ``-n 2`` in pyproject.toml), each taking the
next batch when it is free, in this order:

1. the timed tests (``TIMED``), one after another in one batch, while the other worker
   takes tests on an injected clock: they time something on the wall clock (heartbeats, a
   collector's pauses, a server's stop, real stores' feeds), and no Chromium runs then;
2. every other test outside ``tests/browser/``, each on its own: on an injected clock, no
   load can move them;
3. the browser tests (``tests/browser/``: Debian's Chromium, a live server, the round's
   clocks), a module to a batch (its module-wide fixtures are made once), the largest
   first: two at once at most, one a worker, each waiting for what a player would see.

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
TIMED = (
    "tests/serving/test_collector.py::",
    "tests/serving/test_serve.py::",
    "tests/store/test_store.py::",
    "tests/web/tables/test_privacy.py::test_a_round_the_app_runs_tells_no_one_what_a_quiet",
    "tests/web/tables/test_privacy.py::test_a_quiet_seats_own_taps_move_nothing_anyone_else",
)


def is_browser_test(nodeid: str) -> bool:
    return nodeid.startswith(BROWSER_TESTS)


def batch_of(nodeid: str) -> str:
    """The batch a test runs in: the timed tests', its browser module's, or its own."""
    if nodeid.startswith(TIMED):
        return "timed"
    if is_browser_test(nodeid):
        return nodeid.split("::", 1)[0]
    return nodeid


def rank(batch: str) -> int:
    """Which batches go first: the timed tests', then the tests on their own, then the
    browser modules."""
    if batch == "timed":
        return 0
    return 2 if is_browser_test(batch) else 1


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each browser test to run once more if it fails."""
    for item in items:
        if is_browser_test(item.nodeid):
            item.add_marker(pytest.mark.flaky(reruns=RERUNS))


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown to a run without it (-p no:xdist)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Hand the workers their batches in the order above (within a rank, the largest first,
    as xdist orders them)."""
    from xdist.scheduler import LoadScopeScheduling

    class InOrder(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return batch_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            first = min(self.workqueue, key=rank)  # the first of the lowest rank
            self.workqueue.move_to_end(first, last=False)
            super()._assign_work_unit(node)

    return InOrder(config, log)
