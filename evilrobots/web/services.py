"""What the app is configured with, for the views: its random source and its clock.

Production uses ``secrets.SystemRandom()`` and ``time.time``; tests pass ``random.Random(seed)``
and a clock they move by hand (``create_app``'s configuration).
"""

from __future__ import annotations

import random

from flask import current_app


def rng() -> random.Random:
    """The app's random source: every deal and draw comes from it."""
    return current_app.config["RANDOM"]


def now() -> float:
    """The app's clock, in seconds."""
    return current_app.config["CLOCK"]()
