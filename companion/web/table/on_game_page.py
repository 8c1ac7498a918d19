"""A game's table on the game's page (docs/api.md, "Tables"): the table it is at, for every
viewer, and for its scorekeeper the two ways to put it at one: "Keep these players as a table"
(a finished game: a new table, the game its first) and "Add this game to a table" (one of the
tables this phone keeps score of). The views are ``links``; this is their context.

A helper, not a view: ``fragments`` adds it to every game page's context.
"""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask_babel import get_locale

from companion.storage import table_store
from companion.storage.store import StoredGame
from companion.web.shared import access

#: Cut from the end of a prefilled name too long for a table's.
ELLIPSIS = "…"


def suggested_name(players: tuple[str, ...] | list[str]) -> str:
    """The new table's name as the form offers it: the players' names, as the person's
    language lists them ("Ana, Ben and Cleo"); too long for a table's name, the first ones
    that fit and an ellipsis ("Alessandra, Bartholomew…")."""
    listed = format_list(list(players), locale=get_locale() or "en")
    if len(listed) <= table_store.NAME_MAX:
        return listed
    for count in range(len(players) - 1, 0, -1):
        first = ", ".join(players[:count]) + ELLIPSIS
        if len(first) <= table_store.NAME_MAX:
            return first
    return listed[:table_store.NAME_MAX - len(ELLIPSIS)] + ELLIPSIS


def at_table(game: StoredGame) -> table_store.StoredTable | None:
    """The table the game is at (``None``: at none, or its table just deleted)."""
    if game.table_id is None:
        return None
    try:
        return table_store.load_table(game.table_id)
    except table_store.TableNotFound:
        return None


def context(game: StoredGame, rights: access.Rights) -> dict[str, Any]:
    """What the game page shows of tables: ``at_table``, and for the scorekeeper of a game at
    no table (``rights``, the view's) the name ``keep_table`` offers (a finished game) and the
    phone's tables ``join_tables`` offers; ``table_errors`` and ``table_typed`` are a refused
    form's."""
    found = at_table(game)
    open_ = rights.keeps_score and game.table_id is None
    return {
        "at_table": found,
        "keep_table": (suggested_name(game.settings.players)
                       if open_ and game.state.finished else None),
        "join_tables": access.known_tables() if open_ else [],
        "table_errors": {},
        "table_typed": {},
    }
