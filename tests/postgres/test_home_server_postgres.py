"""The server as scripts/start runs it (gevent workers) on PostgreSQL: psycopg 3 cooperates
with gevent, so while clients stall, others are answered and racing writers still leave exactly
one winner per version."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.app.home_server import (ANSWER_WITHIN, STALLED, stalled_upload, start_home_server,
                                   stop, timed)


def _post(url: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, method="POST", headers=headers,
                                     data=json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_gevent_workers_on_postgres(tmp_path: Path, postgres_url: str) -> None:
    home, process = start_home_server(tmp_path, DATABASE_URL=postgres_url)
    stalled = [stalled_upload(home, "/api/v1/games") for _ in range(STALLED)]
    try:
        status, created = _post(home.url("/api/v1/games"),
                                {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]})
        assert status == 201
        game, token = created["game"], created["edit_token"]
        assert timed(home.url(f"/api/v1/games/{game['id']}"))[1] < ANSWER_WITHIN

        outcomes: list[int] = []
        racers = [threading.Thread(target=lambda: outcomes.append(_post(
            home.url(f"/api/v1/games/{game['id']}/bids"), {"version": 1, "bids": [0, 0, 0]},
            token)[0])) for _ in range(12)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(timeout=30)
        assert sorted(outcomes).count(200) == 1 and set(outcomes) <= {200, 409}, outcomes
        assert timed(home.url(f"/api/v1/games/{game['id']}"))[0] == 200
    finally:
        for client in stalled:
            client.close()
        stop(process)
