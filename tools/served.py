"""The app served from a thread on a free loopback port, with a seeded deck: for the
benchmarks that drive a browser (``bench/``) and the pictures (``tools.screenshots``)."""

from __future__ import annotations

import random
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask
from werkzeug.serving import make_server

from evilrobots.factory import create_app


@contextmanager
def served(purpose: str = "bench") -> Iterator[tuple[str, Flask]]:
    """Yield the base URL of the app served on a free loopback port, and the app itself
    (``purpose`` names its key: each use of the app its own)."""
    app = create_app(
        {"SECRET_KEY": f"{purpose}-" + "x" * 40, "RANDOM": random.Random(1)},
        instance_path=tempfile.mkdtemp(),
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app
    finally:
        server.shutdown()
