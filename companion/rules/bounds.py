"""The bounds of what one game and one table may hold (docs/api.md, "Bounds"), whatever made
them: a write, a join, a rename or an import. Numbers no family or club reaches, which keep
every answer about a game or a table small enough for a phone and a worker.

A table's players and renames are bounded beside the code that counts them
(``table_games.PLAYERS_MAX``, ``table_games.RENAMES_MAX``); the others are here.
"""

from __future__ import annotations

from datetime import datetime, timezone

#: The entries a game holds (its stored list: undone ones are gone). The 2,001st is refused.
ENTRIES_MAX = 2000
#: The games a table holds. The 10,001st is refused.
GAMES_MAX = 10_000
#: When a game may have started: from the first moment of 1900 to the last of 2200, in UTC.
STARTED_FIRST = datetime(1900, 1, 1, tzinfo=timezone.utc)
STARTED_LAST = datetime(2200, 12, 31, 23, 59, 59, 999999, tzinfo=timezone.utc)


def started_within(when: datetime) -> bool:
    """Whether a game's start (with its zone) lies within the years a game may start."""
    return STARTED_FIRST <= when <= STARTED_LAST
