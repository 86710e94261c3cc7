"""The web: blueprints that turn requests into calls on the game and render what comes back.

``solo`` is the one-phone applet, ``tables`` a shared table, ``pages`` the pages to read.
``forms`` reads what a request says, ``errors`` says what went wrong (and turns the game's
refusals into statuses, in one place), ``cardview`` and ``fragments`` build the card view from
pieces rendered once.
"""
