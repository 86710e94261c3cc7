"""Print Lighthouse's scores (mobile emulation, Debian's Chromium) for the app's pages.

.venv/bin/python bench/lighthouse.py            # needs `npm ci` first
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from _server import chromium, served_app

ROOT = Path(__file__).resolve().parents[1]

CATEGORIES = ["performance", "accessibility", "best-practices"]


def score(url: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [
                str(ROOT / "node_modules" / ".bin" / "lighthouse"),
                url,
                "--only-categories=" + ",".join(CATEGORIES),
                "--form-factor=mobile",
                *chromium.lighthouse_flags(),
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=True,
        )
        data = json.loads(report.read_text())
    return {c: round(data["categories"][c]["score"] * 100) for c in CATEGORIES}


def main() -> None:
    with served_app() as base:
        report(base)


def report(base: str) -> None:
    print(f"{'page':<24}" + "".join(f"{c:>16}" for c in CATEGORIES))
    for path in sys.argv[1:] or ["/", "/actions", "/rules", "/robots", "/video", "/print"]:
        scores = score(base + path)
        print(f"{path:<24}" + "".join(f"{scores[c]:>16}" for c in CATEGORIES))


if __name__ == "__main__":
    main()
