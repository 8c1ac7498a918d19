"""Writers racing at one game, for the concurrency and crash tests. Each write is a Seven-Up
redeal (always legal, never ends the game) whose ``beg`` names the writer, so the entry an
acknowledged write made can be found again at the position its version says."""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BEGS = ("stand", "give", "run")

#: (method, path, body, token) -> (status, parsed body)
Send = Callable[[str, str, dict[str, Any] | None, str | None], tuple[int, Any]]


def http_sender(base_url: str) -> Send:
    """A sender over real HTTP to a server on loopback."""

    def send(method: str, path: str, body: dict[str, Any] | None, token: str | None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(base_url + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    return send


def at_once(call: Callable[..., Any], *arguments: tuple[Any, ...]) -> list[Any]:
    """What ``call`` answered to each of ``arguments``, each called in a thread of its own, all
    of them let go at the same moment."""
    answers: list[Any] = [None] * len(arguments)
    start = threading.Barrier(len(arguments))

    def send(index: int) -> None:
        start.wait()
        answers[index] = call(*arguments[index])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(arguments))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def redeal(beg: str) -> dict[str, Any]:
    return {"jacks_turned": 0, "beg": beg, "high": None, "low": None, "jack": None, "game": None,
            "redeal": True}


@dataclass
class Outcome:
    """What the writers were told."""

    acknowledged: dict[int, str] = field(default_factory=dict)  # version -> beg sent
    conflicts: int = 0
    other: list[tuple[int, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def write_stream(send: Send, game_id: str, token: str, writer: int, writes: int,
                 outcome: Outcome, deadline: float, stop: threading.Event | None = None) -> None:
    """Read the version, write a redeal based on it; ``writes`` times, or until the deadline."""
    beg = BEGS[writer % len(BEGS)]
    for _ in range(writes):
        if time.monotonic() > deadline or (stop is not None and stop.is_set()):
            return
        try:
            status, game = send("GET", f"/api/v1/games/{game_id}", None, None)
            if status != 200:
                with outcome.lock:
                    outcome.other.append((status, game))
                continue
            status, answer = send("POST", f"/api/v1/games/{game_id}/hands",
                                  {"version": game["version"], **redeal(beg)}, token)
        except (OSError, http.client.HTTPException, ValueError):
            return  # the server was killed under us: this write was never acknowledged
        with outcome.lock:
            if status == 200:
                assert answer["version"] not in outcome.acknowledged
                outcome.acknowledged[answer["version"]] = beg
            elif status == 409:
                outcome.conflicts += 1
                assert answer["error"]["code"] == "version-conflict"
                assert answer["game"]["version"] > game["version"]
            else:
                outcome.other.append((status, answer))


def race(send: Send, game_id: str, token: str, writers: int, writes: int,
         seconds: float, stop: threading.Event | None = None) -> Outcome:
    outcome = Outcome()
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=write_stream,
                                args=(send, game_id, token, w, writes, outcome, deadline, stop))
               for w in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    assert not any(t.is_alive() for t in threads)
    return outcome


def check_nothing_lost(game: dict[str, Any], outcome: Outcome, *, exact: bool = True) -> None:
    """Every acknowledged write is in the game at its version; no gaps. With ``exact`` (no
    crash), nothing else is there either: every refused write changed nothing."""
    hands = game["current"]["hands"]
    assert game["version"] == 1 + len(hands)
    assert game["current"]["redeals"] == len(hands)
    for version, beg in outcome.acknowledged.items():
        assert version <= game["version"]
        assert hands[version - 2] == {"kind": "hand", **redeal(beg), "high": None, "low": None,
                                      "jack": None, "game": None}
    if exact:
        assert sorted(outcome.acknowledged) == list(range(2, game["version"] + 1))


def client_sender(app: Any) -> Send:
    """A sender through the WSGI app in this process, one test client per thread."""
    local = threading.local()

    def send(method: str, path: str, body: dict[str, Any] | None, token: str | None) -> tuple[int, Any]:
        if not hasattr(local, "client"):
            local.client = app.test_client()
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = local.client.open(path, method=method, json=body, headers=headers)
        return response.status_code, response.get_json()

    return send


def same_round(send: Send, game_id: str, token: str, racers: int) -> list[tuple[int, Any]]:
    """``racers`` threads enter round 1's bids of an Oh Hell game at once, all from version 1."""
    barrier = threading.Barrier(racers, timeout=30)
    answers: list[tuple[int, Any]] = [(0, None)] * racers

    def enter(racer: int) -> None:
        bids = [racer % 4, (racer + 1) % 4, 0]  # never 10: the dealer is never hooked
        barrier.wait()
        answers[racer] = send("POST", f"/api/v1/games/{game_id}/bids",
                              {"version": 1, "bids": bids}, token)

    threads = [threading.Thread(target=enter, args=(r,)) for r in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads)
    return answers
