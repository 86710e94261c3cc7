"""Run the property-based attack on every endpoint for thousands of examples.

.venv/bin/python -m bench.fuzz [--examples 5000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=5000)
    args = parser.parse_args()
    started = time.monotonic()
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/web/test_fuzz.py",
            "--hypothesis-show-statistics",
        ],
        cwd=ROOT,
        env=os.environ | {"FUZZ_EXAMPLES": str(args.examples)},
        capture_output=True,
        text=True,
    )
    elapsed = time.monotonic() - started
    lines = [
        line
        for line in run.stdout.splitlines()
        if "passing" in line or "failing" in line or "passed" in line or "failed" in line
    ]
    print("\n".join(lines))
    print(
        f"{args.examples} examples requested, {elapsed:.0f} s, "
        f"{'no 5xx and no rejected request touched a hand' if run.returncode == 0 else 'FAILED'}"
    )
    sys.exit(run.returncode)


if __name__ == "__main__":
    main()
