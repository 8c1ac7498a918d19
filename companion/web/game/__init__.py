"""A game's page: what it shows (``pages``, ``fragments``), the entries a scorekeeper makes
(``writes``, ``corrections``, ``seven_up``), and what comes after the game (``looking_back``)."""
