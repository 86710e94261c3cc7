"""A browser test that fails once runs again, and shows it; any other test fails at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
