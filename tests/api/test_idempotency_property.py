"""Hypothesis: any sequence of writes, each sent one to three times under its key (the
repeats arriving right away or after later writes), ends in the same game as the sequence sent
once."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PLAYERS = ["Ana", "Ben", "Cleo"]
NEW_GAME = {"ruleset": "oh-hell", "players": PLAYERS, "options": {"schedule": "down", "max_hand": 3}}
#: The fields of a game that a replay must leave as the sequence sent once made them.
SAME = ("version", "status", "players", "current", "rounds", "standings", "winners")

Write = tuple[str, str, dict[str, Any], str]  # method, path under the game, body, key


def _send(client: FlaskClient, game: dict[str, Any], write: Write) -> Any:
    method, path, body, key = write
    return client.open(f"/api/v1/games/{game['id']}/{path}", method=method, json=body, headers={
        "Authorization": f"Bearer {game['token']}", "Idempotency-Key": key})


def _create(client: FlaskClient, key: str) -> dict[str, Any]:
    response = client.post("/api/v1/games", json=NEW_GAME, headers={"Idempotency-Key": key})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    return {"id": answer["game"]["id"], "token": answer["edit_token"]}


def _next_write(state: dict[str, Any], op: str, pick: int) -> Write | None:
    """A write the engine accepts, chosen by ``op`` and ``pick``, for the game ``state``."""
    current = state["current"]
    version = state["version"]
    key = secrets.token_urlsafe(12)
    if op == "undo" and (state["rounds"] or current and current["bids"] is not None):
        return ("POST", "undo", {"version": version}, key)
    if op == "correct" and state["rounds"]:
        first = state["rounds"][0]
        tricks = first["tricks"][pick % 3:] + first["tricks"][:pick % 3]
        return ("PUT", "rounds/1", {"version": version, "bids": first["bids"], "tricks": tricks},
                key)
    if current is None:
        return None
    if current["phase"] == "bidding":
        seat = current["next_bidder"]
        legal = current["legal_bids"]
        bids = [None] * 3 if current["bids"] is None else list(current["bids"])
        bids[seat] = legal[pick % len(legal)]
        return ("POST", "bids", {"version": version, "bids": bids}, key)
    tricks = [0, 0, 0]
    tricks[pick % 3] = current["hand_size"]
    return ("POST", "tricks", {"version": version, "tricks": tricks}, key)


OPS = st.lists(st.tuples(st.sampled_from(["entry", "entry", "entry", "undo", "correct"]),
                         st.integers(0, 5)), min_size=1, max_size=14)


@pytest.mark.slow
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=OPS, data=st.data())
def test_writes_sent_again_end_in_the_game_sent_once(client: FlaskClient, ops: list[tuple[str, int]],
                                                     data: st.DataObject) -> None:
    # The sequence sent once, each write worked out from the game it finds.
    once = _create(client, secrets.token_urlsafe(16))
    writes: list[Write] = []
    state = client.get(f"/api/v1/games/{once['id']}").get_json()
    for op, pick in ops:
        write = _next_write(state, op, pick)
        if write is None:
            continue
        response = _send(client, once, write)
        assert response.status_code == 200, response.get_json()
        state = response.get_json()
        writes.append(write)

    # The same writes, each sent one to three times, each repeat after any later write.
    creation_key = secrets.token_urlsafe(16)
    repeated = _create(client, creation_key)
    for _ in range(data.draw(st.integers(0, 2), label="creation repeats")):
        assert _create(client, creation_key) == repeated
    schedule: list[tuple[int, int]] = []  # (after which write it is sent, which write)
    for index in range(len(writes)):
        schedule.append((index, index))
        for _ in range(data.draw(st.integers(0, 2), label=f"repeats of write {index}")):
            schedule.append((data.draw(st.integers(index, len(writes) - 1)), index))
    schedule.sort()  # stable: each write before its own repeats placed at the same point
    sent: set[int] = set()
    for _, index in schedule:
        response = _send(client, repeated, writes[index])
        assert response.status_code == 200, response.get_json()
        assert (response.headers.get("Idempotent-Replayed") == "true") == (index in sent)
        sent.add(index)

    final = client.get(f"/api/v1/games/{repeated['id']}").get_json()
    assert {name: final[name] for name in SAME} == {name: state[name] for name in SAME}
