"""How the suite runs, in one place: which tests run one at a time, and which may run again.

The suite runs on two workers (pytest-xdist, ``-n 2`` in pyproject.toml). The tests that
run in real time run one after another on one worker, in the group ``REAL_TIME``: the
browser tests (``tests/browser/``: Debian's Chromium, a live server, the round's clocks),
and the tests marked ``real_time`` (they time heartbeats, pauses or a server's stop). So
two Chromiums never share this 2-core machine, and a timed test never runs beside a
browser. The other worker takes the tests on an injected clock, which no load can move.

A browser test that fails runs once more (pytest-rerunfailures): a moment it did not wait
for, on a loaded machine, fails it once. The rerun shows in the run's summary (under
"rerun test summary info", and "1 rerun" on its last line), so a flake is seen but does
not lose the run; a test that needed a rerun is a defect to fix. Every other test fails at
its first failure.

``tests/conftest.py`` takes its hook from here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

RERUNS = 1
BROWSER_TESTS = Path("tests", "browser")
REAL_TIME = "real-time"


def is_browser_test(item: pytest.Item) -> bool:
    """True for a test in ``tests/browser/`` (by its place under the run's root folder)."""
    where = Path(item.path).relative_to(item.config.rootpath)
    return where.parts[: len(BROWSER_TESTS.parts)] == BROWSER_TESTS.parts


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each browser test to run once more if it fails, and every test that runs in
    real time to run on the one worker that runs them one at a time."""
    for item in items:
        browser = is_browser_test(item)
        if browser:
            item.add_marker(pytest.mark.flaky(reruns=RERUNS))
        if browser or item.get_closest_marker("real_time"):
            item.add_marker(pytest.mark.xdist_group(REAL_TIME))
