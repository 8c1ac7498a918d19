"""A real server killed with SIGKILL in the middle of a stream of writes loses no acknowledged
entry, and leaves a database that passes ``PRAGMA integrity_check`` and that the app opens and
folds, in this process and in a restarted server."""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.api.serialize import game_json
from companion.storage import store
from tests.api.live import start_server, stop_server

from .racing import Outcome, check_nothing_lost, http_sender, race

WRITERS = 4
KILL_AFTER = 25  # acknowledged writes before the kill
CYCLES = 2


def stream_then_kill(url: str, process: Any, game_id: str, token: str, kill_at: int) -> Outcome:
    """Writers stream redeals; once the game reaches version ``kill_at`` the server dies."""
    stop = threading.Event()
    result: list[Outcome] = []
    writers = threading.Thread(target=lambda: result.append(
        race(http_sender(url), game_id, token, WRITERS, writes=10_000, seconds=60, stop=stop)))
    writers.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and writers.is_alive():
        status, game = http_sender(url)("GET", f"/api/v1/games/{game_id}", None, None)
        if status == 200 and game["version"] >= kill_at:
            break
        time.sleep(0.05)
    stop_server(process, signal.SIGKILL)  # the master and every worker, writes in flight
    stop.set()
    writers.join(timeout=90)
    assert not writers.is_alive() and result
    return result[0]


def fold_from_the_file(database: Path, game_id: str) -> dict[str, Any]:
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    app = create_app({"TESTING": True, "SECRET_KEY": "crash-test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"})
    with app.app_context():
        return game_json(store.load_game(game_id))


@pytest.mark.server
def test_sigkill_mid_stream_loses_no_acknowledged_write(tmp_path: Path) -> None:
    server = start_server(tmp_path, workers=2)
    try:
        status, created = http_sender(server.url)(
            "POST", "/api/v1/games", {"ruleset": "seven-up", "players": ["Ana", "Ben"]}, None)
        assert status == 201
        game_id, token = created["game"]["id"], created["edit_token"]
        acknowledged = Outcome()
        for cycle in range(1, CYCLES + 1):
            outcome = stream_then_kill(server.url, server.process, game_id, token,
                                       kill_at=cycle * KILL_AFTER)
            assert outcome.other == []
            assert outcome.acknowledged, "no write was acknowledged before the kill"
            acknowledged.acknowledged.update(outcome.acknowledged)
            game = fold_from_the_file(server.database, game_id)
            # A write the server committed but never answered may be there too, nothing less.
            check_nothing_lost(game, acknowledged, exact=False)
            assert max(acknowledged.acknowledged) <= game["version"] <= max(acknowledged.acknowledged) + WRITERS
            server = start_server(tmp_path, workers=2)  # the same instance folder and database
            status, served = http_sender(server.url)("GET", f"/api/v1/games/{game_id}", None, None)
            assert status == 200
            assert {k: v for k, v in served.items() if k != "updated_at"} == \
                {k: v for k, v in game.items() if k != "updated_at"}
            for version in range(max(acknowledged.acknowledged) + 1, game["version"] + 1):
                acknowledged.acknowledged[version] = game["current"]["hands"][version - 2]["beg"]
    finally:
        stop_server(server.process)
