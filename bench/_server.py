"""Serve the app from a thread for a benchmark, as the browser tests do."""

from __future__ import annotations

import random
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from werkzeug.serving import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from evilrobots.factory import create_app  # noqa: E402
from tools import chromium  # noqa: E402, F401  (for the scripts that drive a browser)


@contextmanager
def served_app() -> Iterator[str]:
    """Yield the base URL of the app served on a free loopback port."""
    app = create_app(
        {"SECRET_KEY": "bench-" + "x" * 40, "RANDOM": random.Random(1)},
        instance_path=tempfile.mkdtemp(),
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
