"""The game, pure: cards, deals, hands, the count, and tables with their rounds.

Nothing here imports the web (Flask, Werkzeug, Jinja2), a server (gevent) or a store
(redis), and nothing does I/O: randomness and time are passed in. A refusal is a
``GameError`` that says in a player's words why not; the web decides how to answer it.
"""
