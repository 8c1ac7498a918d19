"""A table's bounds hold when two writes race for its last place (docs/api.md, "Bounds").

Two app servers share one SQLite file (two apps in this process, each with its own caches) and
each adds one more game to a table that has room for one: a new game, or an earlier game
joining it. Both look at the table before either writes (the first two checks of the table's
room wait for each other), which is the race: before, both passed and both wrote, and the
table held its ``GAMES_MAX`` + 1st game or its ``PLAYERS_MAX`` + 1st player. Now the room is
judged again inside the write's transaction, the table's row held (``table_store.hold_seats``):
one is written, the other refused as one write alone would be.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.rules import bounds, table_games
from companion.storage import table_store
from tests.store.racing import at_once

from .conftest import ONE_CARD


@pytest.fixture
def servers(make_app: Callable[..., Flask], tmp_path: Path) -> list[FlaskClient]:
    """Two app servers on one database."""
    shared = f"sqlite:///{tmp_path / 'race.sqlite'}"
    return [make_app(SQLALCHEMY_DATABASE_URI=shared).test_client() for _ in range(2)]


Race = Callable[..., list[Any]]


@pytest.fixture
def race(monkeypatch: pytest.MonkeyPatch) -> Race:
    """``at_once``, where the first two checks of a table's room (one by each server, before it
    writes) each wait until the other has looked too: both see the table with one place left."""
    meet = threading.Barrier(2, timeout=15)
    calls = itertools.count()
    armed = threading.Event()
    check = table_store.check_seats

    def looked(table: table_store.StoredTable, names: Any) -> None:
        check(table, names)
        if armed.is_set() and next(calls) < 2:
            meet.wait()

    monkeypatch.setattr(table_store, "check_seats", looked)

    def run(call: Callable[..., Any], *arguments: tuple[Any, ...]) -> list[Any]:
        armed.set()
        return at_once(call, *arguments)

    return run


def _table(client: FlaskClient) -> tuple[str, dict[str, str]]:
    made = client.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    return made["table"]["id"], {"Authorization": f"Bearer {made['edit_token']}"}


def _new_game(client: FlaskClient, table_id: str, token: dict[str, str],
              players: list[str]) -> Any:
    return client.post("/api/v1/games", headers=token, json={
        "ruleset": "oh-hell", "players": players, "table": table_id, "options": ONE_CARD})


def _games_at(client: FlaskClient, table_id: str) -> int:
    return len(client.get(f"/api/v1/tables/{table_id}/games.csv").get_data(as_text=True)
               .strip().splitlines()) - 1


def test_two_new_games_racing_for_a_tables_last_place_make_one(
        servers: list[FlaskClient], race: Race, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "GAMES_MAX", 2)
    table_id, token = _table(servers[0])
    assert _new_game(servers[0], table_id, token, ["Ana", "Ben", "Cleo"]).status_code == 201
    answers = race(lambda server: _new_game(server, table_id, token, ["Ana", "Ben", "Cleo"]),
                      *[(server,) for server in servers])
    assert sorted(a.status_code for a in answers) == [201, 422]
    refused = next(a for a in answers if a.status_code == 422).get_json()["error"]
    assert refused["code"] == "table" and "at most 2 games" in refused["message"]
    assert _games_at(servers[1], table_id) == 2


def test_two_joins_racing_for_a_tables_last_place_make_one(
        servers: list[FlaskClient], race: Race, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "GAMES_MAX", 2)
    table_id, token = _table(servers[0])
    assert _new_game(servers[0], table_id, token, ["Ana", "Ben", "Cleo"]).status_code == 201
    alone = []
    for server in servers:
        made = server.post("/api/v1/games", json={"ruleset": "oh-hell", "options": ONE_CARD,
                                                  "players": ["Ana", "Ben", "Cleo"]}).get_json()
        alone.append({"game": made["game"]["id"], "edit_token": made["edit_token"]})
    answers = race(lambda server, game: server.post(f"/api/v1/tables/{table_id}/games",
                                                       json=game, headers=token),
                      *zip(servers, alone))
    assert sorted(a.status_code for a in answers) == [200, 422]
    assert next(a for a in answers if a.status_code == 422).get_json()["error"]["code"] == "table"
    assert _games_at(servers[1], table_id) == 2


def test_two_new_games_racing_for_a_tables_last_player_seat_one(
        servers: list[FlaskClient], race: Race, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_games, "PLAYERS_MAX", 4)
    table_id, token = _table(servers[0])
    assert _new_game(servers[0], table_id, token, ["Ana", "Ben", "Cleo"]).status_code == 201
    newcomers = (["Ana", "Ben", "Dan"], ["Ana", "Ben", "Eve"])  # each the table's 4th player
    answers = race(lambda server, players: _new_game(server, table_id, token, players),
                      *zip(servers, newcomers))
    assert sorted(a.status_code for a in answers) == [201, 422]
    refused = next(a for a in answers if a.status_code == 422).get_json()["error"]
    assert refused["code"] == "players" and "at most 4 players" in refused["message"]
    players = servers[1].get(f"/api/v1/tables/{table_id}").get_json()["players"]
    assert len(players) == 4
