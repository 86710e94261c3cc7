"""Print Lighthouse's scores (mobile emulation, Debian's Chromium) for the app's pages.

.venv/bin/python bench/lighthouse.py            # needs `npm ci` first
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from evilrobots import create_app  # noqa: E402

FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking"
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
                "--chrome-path=/usr/bin/chromium",
                f"--chrome-flags={FLAGS}",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=True,
        )
        data = json.loads(report.read_text())
    return {c: round(data["categories"][c]["score"] * 100) for c in CATEGORIES}


def main() -> None:
    app = create_app(
        {"SECRET_KEY": "bench-" + "x" * 40, "RANDOM": random.Random(1)},
        instance_path=tempfile.mkdtemp(),
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    print(f"{'page':<24}" + "".join(f"{c:>16}" for c in CATEGORIES))
    for path in sys.argv[1:] or ["/", "/actions", "/rules", "/robots", "/video", "/print"]:
        scores = score(base + path)
        print(f"{path:<24}" + "".join(f"{scores[c]:>16}" for c in CATEGORIES))
    server.shutdown()


if __name__ == "__main__":
    main()
