"""What every request runs, and what only some do: a poll pays for no hook it does not need.

The limiter's after-request work runs only for a request through a limited view; the CSRF check
only for a post; each hook is asked once, not on every request, whether it is a coroutine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flask.app
import pytest
from flask import Flask

from tests.api.client import Api

GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


def test_each_hook_is_asked_once_whether_it_is_a_coroutine(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    client.get(f"/g/{game.id}/live?v={game.version}")  # every hook of a poll met once
    asked: list[Callable[..., Any]] = []
    real = flask.app.iscoroutinefunction
    monkeypatch.setattr(flask.app, "iscoroutinefunction", lambda f: asked.append(f) or real(f))
    for _ in range(3):
        assert client.get(f"/g/{game.id}/live?v={game.version}").status_code == 204
    assert asked == []


def test_the_limiter_works_only_for_a_limited_request(make_app: Callable[..., Flask],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="5 per hour")
    ran: list[str] = []
    kept = app.extensions["companion.limited"]
    monkeypatch.setitem(app.extensions, "companion.limited",
                        lambda response: ran.append("after") or kept(response))
    client = app.test_client()
    created = client.post("/api/v1/games", json=GAME)
    assert created.status_code == 201 and ran == ["after"]
    assert created.headers["X-RateLimit-Remaining"] == "4"
    game = created.get_json()["game"]
    for url in (f"/api/v1/games/{game['id']}", f"/g/{game['id']}", f"/g/{game['id']}/live?v=1",
                "/static/css/app.css", "/"):
        response = client.get(url)
        assert response.status_code == 200 or response.status_code == 204, url
        assert "X-RateLimit-Remaining" not in response.headers, url
    assert ran == ["after"]


def test_a_get_meets_no_csrf_check_and_a_post_does(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.post("/g/some-game/forget").status_code == 400  # no token
