"""Writers racing at one game on the file-backed SQLite database, through the WSGI app in this
process and through a real gunicorn with three worker processes: every acknowledged write is
there afterwards, every refused one (409) changed nothing, versions have no gaps, and of racers
entering the same round exactly one wins."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.api.live import Server
from .racing import Send, check_nothing_lost, client_sender, http_sender, race, same_round

WRITERS = 8
WRITES = 12
RACERS = 10


def create(send: Send, ruleset: str, players: list[str]) -> tuple[str, str]:
    status, answer = send("POST", "/api/v1/games", {"ruleset": ruleset, "players": players}, None)
    assert status == 201
    return answer["game"]["id"], answer["edit_token"]


def check_one_winner(send: Send, answers: list[tuple[int, Any]], game_id: str) -> None:
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] + [409] * (len(answers) - 1), statuses
    winner = next(body for status, body in answers if status == 200)
    status, game = send("GET", f"/api/v1/games/{game_id}", None, None)
    assert status == 200
    assert game["version"] == 2
    assert game["current"]["bids"] == winner["current"]["bids"]
    for status, body in answers:
        if status == 409:
            assert body["game"]["version"] == 2
            assert body["game"]["current"]["bids"] == winner["current"]["bids"]


def check_stream(send: Send, game_id: str, token: str) -> None:
    outcome = race(send, game_id, token, WRITERS, WRITES, seconds=90)
    assert outcome.other == []
    assert len(outcome.acknowledged) >= WRITES  # at least one writer's worth got through
    assert len(outcome.acknowledged) + outcome.conflicts == WRITERS * WRITES
    status, game = send("GET", f"/api/v1/games/{game_id}", None, None)
    assert status == 200
    check_nothing_lost(game, outcome)


@pytest.mark.slow
def test_threads_racing_in_process(app: Flask) -> None:
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite:///")  # a file, not memory
    send = client_sender(app)
    game_id, token = create(send, "seven-up", ["Ana", "Ben"])
    check_stream(send, game_id, token)
    game_id, token = create(send, "oh-hell", ["Ana", "Ben", "Cleo"])
    check_one_winner(send, same_round(send, game_id, token, RACERS), game_id)


@pytest.mark.server
def test_threads_racing_a_real_server(server: Server) -> None:
    send = http_sender(server.url)
    game_id, token = create(send, "seven-up", ["Ana", "Ben"])
    check_stream(send, game_id, token)
    for _ in range(3):
        game_id, token = create(send, "oh-hell", ["Ana", "Ben", "Cleo"])
        check_one_winner(send, same_round(send, game_id, token, RACERS), game_id)
