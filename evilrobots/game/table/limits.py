"""The table's numbers: how many may sit, how long each step of a round lasts and what the
host may choose, and how far a round is moved on at one moment. Plain constants."""

from __future__ import annotations

MAX_SEATS = 9
MIN_TO_DEAL = 2
# The rules are written for 3 to 9 players; a table deals to 2 as well, for a try-out.
MIN_PLAYERS = 3

# How long a player may take back a reveal made by voice (a mis-tap): everyone saw it, so the
# board keeps it, struck through.
WITHDRAW_SECONDS = 10.0

TOP_LEVEL = 9  # "Power 9 or more": the Countdown's first call covers 9 to 12

# The host's choices, in seconds: the Debate's timer (0: none, the host starts the Countdown),
# the time each power level is called for, each reaction window (and each proof and tie's
# order), each turn, from the moment it is given, and the winners' split.
DEBATE_SECONDS = 60
DEBATE_CHOICES = (0, *range(30, 181, 15))
PACE_SECONDS = 5
PACE_CHOICES = range(3, 16)
WINDOW_SECONDS = 8
WINDOW_CHOICES = range(5, 31)
TURN_SECONDS = 60
TURN_CHOICES = range(15, 181, 15)
# The winners' split of a round (any round, by voice too): the time to propose one from the
# round's end, and again to answer one from its proposal; past it, each winner gets one point.
SPLIT_SECONDS = 120
SPLIT_CHOICES = range(60, 601, 30)

# Steps a round may take at one moment: a level's end, each turn timed out, each window,
# proof and tie's order of a round that was left alone (a server down for a while).
MOST_STEPS = 200

# A computer player's levels, weakest first (``evilrobots.game.players`` plays each).
LEVELS = ("beginner", "player", "sharp")
# The most computer players a table to practise at opens with, and the fewest.
PRACTICE_COMPUTERS = range(2, 9)
