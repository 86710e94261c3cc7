"""The applet for one phone: the hand in this browser's cookie (``cookie``), and the card
view's pages and controls (``views``)."""

from __future__ import annotations

from .views import bp

__all__ = ["bp"]
