"""The home page: start a game or a table, or go back to one this phone knows."""

from __future__ import annotations

from flask import make_response, render_template
from werkzeug.wrappers import Response

from companion.storage import idempotency, store
from companion.web.shared import access
from companion.web.shared.messages import shown_name


def home(table_error: str | None = None, table_name: str = "", status: int = 200,
         import_error: str | None = None) -> Response:
    """Start a game or a table, bring one from a file, or resume one this device created or
    opened. The import form's Idempotency-Key is made with the page (a file cannot wait in the
    page's storage to be sent again), so a second tap on it brings the same table."""
    games = store.load_games(access.recent_ids())
    tables = access.known_tables()
    going = access.table_let_go_next()
    let_go = next((table.name for table in tables if table.id == going), None)
    # This device's rights over each game, worked out once here: the list draws them.
    rights = {game.id: access.game_rights(game) for game in games}
    body = render_template("home.html", games=games, shown_name=shown_name,
                           rights=rights, tables=tables, let_go=let_go,
                           tables_max=access.TABLES_MAX,
                           table_error=table_error, table_name=table_name,
                           import_error=import_error, import_key=idempotency.new_key())
    return make_response(body, status)  # no-store, as every page by default
