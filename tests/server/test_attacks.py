"""The production server under the attacks of bench/attacks.py, at test size (bench/load.py --servers
measures them at full size): whoever stalls or floods, the others are still answered within a
second. The server has one worker (conftest.py), so a single process holds everything."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

from .running import Running, attacks, raise_own_open_files

pytestmark = pytest.mark.server

#: Looser than the bench's 95 %: the suite runs on a machine busy with other work.
ANSWERED = 0.9


def _new_game(url: str) -> str:
    request = urllib.request.Request(url, method="POST", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"ruleset": "oh-hell",
                                                      "players": ["Ana", "Ben", "Cleo"]}).encode())
    with urllib.request.urlopen(request, timeout=10) as answer:
        return str(json.loads(answer.read())["game"]["id"])


def test_stalled_bodies_do_not_stop_others_being_answered(server: Running) -> None:
    """1,100 connections that send 10 bytes of a 1,000-byte body and stall: more than gunicorn's
    1,000 connections a worker, and than the 1,024 open files a process gets by default."""
    raise_own_open_files(4096)
    game = _new_game(server.url("/api/v1/games"))
    with attacks.holding_stalled_bodies(server.port, 1100) as stalled:
        assert stalled.opened == 1100
        time.sleep(1.0)  # the server takes them all up (a burst of 1,100 headers to read)
        probes = attacks.probe(server.port, f"/api/v1/games/{game}", seconds=2.5)
        assert stalled.closed_by_server() == 0  # held within the body deadline, not refused
    assert probes.share >= ANSWERED, probes.latencies


def test_pipelined_requests_do_not_starve_others(server: Running) -> None:
    """Two connections each send 1,500 requests in one write: the worker serves them in turn
    with everyone else, not each to its end first."""
    game = _new_game(server.url("/api/v1/games"))
    path = f"/api/v1/games/{game}"
    with attacks.pipelining(server.port, path, connections=2, requests=1500) as pipelined:
        probes = attacks.probe(server.port, path, seconds=2.5)
        assert pipelined.answered > 0
    assert probes.share >= ANSWERED, probes.latencies


def test_slow_uploads_are_answered_and_others_too(server: Running) -> None:
    """Twenty phones each sending a game's creation 10 bytes every 0.1 s (2 s a body)."""
    with attacks.slow_uploads(server.port, clients=20, step=10, pause=0.1) as slow:
        probes = attacks.probe(server.port, "/api/v1/rulesets", seconds=3.0)
    assert probes.share >= ANSWERED, probes.latencies
    assert slow.answered >= 20 and slow.cut == 0, (slow.answered, slow.cut)
