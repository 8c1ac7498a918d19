"""What the extensions' hooks do to which request: the limiter counts (and names its headers
on) only a request through a limited view; the CSRF check refuses only a post."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


def test_the_limiter_counts_only_a_limited_request(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="5 per hour")
    client = app.test_client()
    created = client.post("/api/v1/games", json=GAME)
    assert created.status_code == 201
    assert created.headers["X-RateLimit-Remaining"] == "4"
    game = created.get_json()["game"]
    for url in (f"/api/v1/games/{game['id']}", f"/g/{game['id']}", f"/g/{game['id']}/live?v=1",
                "/static/css/app.css", "/"):
        response = client.get(url)
        assert response.status_code == 200 or response.status_code == 204, url
        assert "X-RateLimit-Remaining" not in response.headers, url
    assert client.post("/api/v1/games", json=GAME).headers["X-RateLimit-Remaining"] == "3"


def test_a_get_meets_no_csrf_check_and_a_post_does(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.post("/g/some-game/forget").status_code == 400  # no token
