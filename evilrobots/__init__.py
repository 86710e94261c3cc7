"""Evil Robots companion: the cards of the social deduction game, on each player's phone.

The game model (``cards``, ``deal``, ``hand``) is pure Python and imports nothing of the web;
the Flask app is built by ``evilrobots.factory.create_app``.
"""
