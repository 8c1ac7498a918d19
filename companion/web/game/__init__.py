"""A game's page, whichever the game: what it shows (``pages``, ``fragments``), the entries a
scorekeeper makes (``writes``, ``corrections``; a game's own in ``web/games/``), and what comes
after the game (``looking_back``)."""
