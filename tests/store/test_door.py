"""One door to the database for games: every statement on the ``games`` table (and the deleted
games') is made in ``companion/storage/store.py`` and run through
``companion/storage/database.py`` on SQLAlchemy's public API; no module touches the driver."""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.storage.models import db
from tests.api.client import Api

COMPANION = Path(__file__).resolve().parents[2] / "companion"
STORE = COMPANION / "storage" / "store.py"
DOOR = {STORE, COMPANION / "storage" / "database.py", COMPANION / "storage" / "models.py"}
GAME_SQL = re.compile(r"\b(games|deleted_games)\b", re.IGNORECASE)


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_no_module_but_the_store_names_the_games_table() -> None:
    for path in sorted(COMPANION.rglob("*.py")):
        if path in DOOR or "rules" in path.parts:
            continue
        text = _source(path)
        assert not re.search(r"\bimport\b[^\n]*\b(Game|DeletedGame)\b", text), path
        assert "Game.__table__" not in text and "DeletedGame" not in text, path


def test_no_module_reaches_past_sqlalchemy_to_the_driver() -> None:
    private = re.compile(r"raw_connection|driver_connection|dbapi_connection\.|\.cursor\(|"
                         r"bind_processor|result_processor|compile\(dialect")
    for path in sorted(COMPANION.rglob("*.py")):
        if path == COMPANION / "storage" / "database.py":
            # The SQLite pragmas as each connection opens, and the head read (``read_plain``).
            # (``raw_connection`` twice: a held connection taken, a pooled one for a fallback.)
            assert private.findall(_source(path)) == [
                "dbapi_connection.", "raw_connection", "raw_connection", ".cursor(",
                "compile(dialect"]
            continue
        assert private.search(_source(path)) is None, path


@contextmanager
def game_statements(app: Flask) -> Iterator[list[tuple[str, list[str]]]]:
    """Each statement on a game's row run inside the block, with the companion files on the
    stack that ran it."""
    seen: list[tuple[str, list[str]]] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if GAME_SQL.search(statement):
            files = [frame.filename for frame in traceback.extract_stack()
                     if frame.filename.startswith(str(COMPANION))]
            seen.append((statement, files))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", before)


def test_every_game_statement_of_the_api_and_the_pages_comes_through_the_store(
        app: Flask) -> None:
    client = app.test_client()
    with game_statements(app) as seen:
        api = Api(client)
        game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
        api.play_turn_round(game)
        assert client.get(f"/api/v1/games/{game.id}").status_code == 200
        assert client.get(f"/g/{game.id}").status_code == 200
        assert client.get(f"/g/{game.id}/live?v={game.version}").status_code == 204
        assert client.get("/").status_code == 200
        table = client.post("/api/v1/tables", json={"name": "Thursdays"}).get_json()
        headers = {"Authorization": f"Bearer {table['edit_token']}"}
        at_table = client.post("/api/v1/games", headers=headers, json={
            "ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"],
            "table": table["table"]["id"]})
        assert at_table.status_code == 201, at_table.get_json()
        assert client.get(f"/api/v1/tables/{table['table']['id']}").status_code == 200
        joined = client.post(f"/api/v1/tables/{table['table']['id']}/games", headers=headers,
                             json={"game": game.id, "edit_token": game.token})
        assert joined.status_code in (200, 201), joined.get_json()
        # The pages: the scorekeeper link, then the game deleted.
        assert client.get(f"/g/{game.id}/keep/{game.token}").status_code == 303
        assert client.post(f"/g/{game.id}/delete").status_code == 303
        assert client.get(f"/g/{game.id}").status_code in (404, 410)
    assert len(seen) > 8
    for statement, files in seen:
        assert str(STORE) in files, (statement, files)
