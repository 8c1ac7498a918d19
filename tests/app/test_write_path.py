"""One bid, traced: the files of ``companion`` (outside the engine) that a write passes through.

A profile hook (``sys.setprofile``) records every Python function entered while the request is
handled; the distinct files under ``companion/`` but outside ``companion/rules/`` are the places
a reader must open to follow the write. Fewer files means the write path is one path, not a
walk back and forth between layers. The game is a 4-player Oh Hell game, the bid its first one,
after a warm-up bid on another game so that nothing is imported or cached for the first time.
Before the one write path (``companion/storage/writes.py``) a bid passed 17 files through the API
and 31 through the page.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

import companion

PACKAGE = Path(companion.__file__).parent
ENGINE = PACKAGE / "rules"
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
HTMX = {"HX-Request": "true"}

#: The most files each way may pass through: today's 12 and 22, with room for a module split in
#: two or a helper moved out, not for a walk back through the layers (17 and 31 before the one
#: write path). A bound equal to today's count would fail on every such tidy-up, and say nothing.
API_FILES = 14
PAGE_FILES = 26


@contextmanager
def traced() -> Iterator[set[str]]:
    """The ``companion`` files outside the engine whose functions run inside the block."""
    seen: set[str] = set()

    def hook(frame: Any, event: str, _arg: Any) -> None:
        if event == "call":
            seen.add(frame.f_code.co_filename)

    sys.setprofile(hook)
    try:
        yield seen
    finally:
        sys.setprofile(None)
    inside = {Path(name) for name in seen if name.startswith(str(PACKAGE))}
    seen.clear()
    seen.update(str(p.relative_to(PACKAGE.parent)) for p in inside
                if not p.is_relative_to(ENGINE))


def _api_game(client: FlaskClient) -> tuple[str, str]:
    answer = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": PLAYERS})
    assert answer.status_code == 201
    body = answer.get_json()
    return body["game"]["id"], body["edit_token"]


def _api_bid(client: FlaskClient, game_id: str, token: str) -> Any:
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    return client.post(f"/api/v1/games/{game_id}/bids",
                       json={"version": state["version"], "bids": [1, 2, 3, 0]},
                       headers={"Authorization": f"Bearer {token}"})


def test_an_api_bid_passes_through_few_files(client: FlaskClient) -> None:
    assert _api_bid(client, *_api_game(client)).status_code == 200  # warm-up, on another game
    game_id, token = _api_game(client)
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    with traced() as files:
        answer = client.post(f"/api/v1/games/{game_id}/bids",
                             json={"version": state["version"], "bids": [1, 2, 3, 0]},
                             headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.get_json()
    print("API", len(files), sorted(files))
    assert len(files) <= API_FILES, sorted(files)


def _page_game(app: Flask, client: FlaskClient) -> tuple[str, int, int]:
    answer = client.post("/new", data={"ruleset": "oh-hell", "first_dealer": "0",
                                       **{f"players-{i}": name for i, name in enumerate(PLAYERS)}})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    game_id = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    return game_id, state["current"]["next_bidder"], state["version"]


def test_a_page_bid_passes_through_few_files(app: Flask, client: FlaskClient) -> None:
    game_id, seat, version = _page_game(app, client)
    assert client.post(f"/g/{game_id}/bid", data={"seat": seat, "bid": 1, "version": version},
                       headers=HTMX).status_code == 200  # warm-up, on another game
    game_id, seat, version = _page_game(app, client)
    with traced() as files:
        answer = client.post(f"/g/{game_id}/bid", data={"seat": seat, "bid": 1, "version": version},
                             headers=HTMX)
    assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
    print("PAGE", len(files), sorted(files))
    assert len(files) <= PAGE_FILES, sorted(files)
