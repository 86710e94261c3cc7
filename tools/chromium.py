"""How this project starts Chromium, in one place, for the tests, the benchmarks and tools.

Debian's Chromium (``apt-get install -y chromium``), or the browser named by the CHROMIUM
environment variable. Playwright cannot download its own browsers here, and the machine's
closed network refuses Chromium's background connections, hence the flags.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

PATH = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def missing() -> str | None:
    """Say what to do when the browser is not there, or None when it is."""
    if Path(PATH).exists():
        return None
    return f"Chromium not found at {PATH}: apt-get install -y chromium, or set CHROMIUM"


def launch(playwright: Any, **options: Any) -> Any:
    """Start Chromium through Playwright, headless, with this project's flags."""
    problem = missing()
    if problem:
        raise FileNotFoundError(problem)
    return playwright.chromium.launch(executable_path=PATH, args=ARGS, **options)


def lighthouse_flags() -> list[str]:
    """Lighthouse's command-line options that make it start the same Chromium."""
    return [f"--chrome-path={PATH}", "--chrome-flags=" + " ".join(["--headless=new", *ARGS])]
