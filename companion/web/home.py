"""The home page: start a game or a table, or go back to one this phone knows."""

from __future__ import annotations

from flask import make_response, render_template
from werkzeug.wrappers import Response

from companion.storage import store
from companion.web.shared import access
from companion.web.shared.messages import shown_name


def home(table_error: str | None = None, table_name: str = "", status: int = 200) -> Response:
    """Start a game or a table, or resume one this device created or opened."""
    games = store.load_games(access.recent_ids())
    body = render_template("home.html", games=games, shown_name=shown_name,
                           may_edit=access.may_edit, tables=access.known_tables(),
                           table_error=table_error, table_name=table_name)
    return make_response(body, status)  # no-store, as every page by default
