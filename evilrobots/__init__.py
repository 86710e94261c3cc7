"""Evil Robots companion: the cards of the social deduction game, on each player's phone.

``game`` is the game, pure (no web, no I/O); ``web`` the pages and controls; ``store`` where
tables live; ``serving`` what runs it for real. The Flask app is built by ``create_app``
(``evilrobots.factory``), loaded only when asked for, so that importing the game loads no web:
``flask --app evilrobots run --debug`` finds it here.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .factory import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
