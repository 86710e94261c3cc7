"""The W3C Nu HTML checker (the npm package vnu-jar, on Java) as a service on a free port.

The checker's Java machine takes seconds to start and read its schemas: the tests start it
once and send it every document over HTTP, where a run of ``java -jar vnu.jar`` for each
batch of pages would start it again each time.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from tools.redis_server import free_port

ROOT = Path(__file__).resolve().parents[1]
JAR = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def missing() -> str | None:
    """Say what to install when the checker cannot run here, or None when it can."""
    if not shutil.which("java"):
        return "the Nu HTML checker needs Java: apt-get install -y default-jre-headless"
    if not JAR.exists():
        return f"{JAR} is missing: run `npm ci` in {ROOT}"
    return None


class NuChecker:
    """One checker service: start it, check documents, stop it."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/?out=json"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 120) -> NuChecker:
        problem = missing()
        if problem:
            raise FileNotFoundError(problem)
        self.process = subprocess.Popen(
            [
                "java",
                "-Dnu.validator.servlet.bind-address=127.0.0.1",
                "-cp",
                str(JAR),
                "nu.validator.servlet.Main",
                str(self.port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + wait
        while True:
            try:
                self.errors("<!doctype html><html lang=en><title>ready</title>")
                return self
            except (urllib.error.URLError, ConnectionError) as error:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"the Nu checker did not start on {self.port}") from error
                time.sleep(0.2)

    def errors(self, html: str) -> list[str]:
        """The checker's errors in one document (what ``vnu --errors-only`` reports)."""
        request = urllib.request.Request(
            self.url,
            data=html.encode(),
            headers={"Content-Type": "text/html; charset=utf-8"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            messages = json.load(response)["messages"]
        # "error" is the document's; "non-document-error" is the checker's own trouble
        # (it could not read what it was sent), which must fail a test too.
        return [m["message"] for m in messages if m["type"] in ("error", "non-document-error")]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None
