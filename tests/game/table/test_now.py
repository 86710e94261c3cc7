"""What is happening now, and where a seat stands (``now``), as every phone and the board say
it: who a window waits for, a converter's own note, a push, CopyBot with nothing to copy, the
Pass phase's turn.
"""

from __future__ import annotations

from evilrobots.game.cards import Allegiance

G, E, N = Allegiance.GOOD, Allegiance.EVIL, Allegiance.NEUTRAL
