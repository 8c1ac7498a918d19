"""What the extensions' hooks do to which request: the creation limit works (counts, adds its
headers) only for a request through a view that creates a game, and hooks nothing else; the CSRF
check refuses only a post."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from limits import RateLimitItem, WindowStats

from companion.http import creation_limit
from companion.http.creation_limit import Budget

GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


class Spy:
    """The budget's limiter, noting each call."""

    def __init__(self, limiter: Any) -> None:
        self.limiter = limiter
        self.calls: list[str] = []

    def test(self, limit: RateLimitItem, *identifiers: str) -> bool:
        self.calls.append("test")
        return bool(self.limiter.test(limit, *identifiers))

    def hit(self, limit: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        self.calls.append("hit" if cost > 0 else "give back")
        return bool(self.limiter.hit(limit, *identifiers, cost=cost))

    def get_window_stats(self, limit: RateLimitItem, *identifiers: str) -> WindowStats:
        self.calls.append("window")
        return self.limiter.get_window_stats(limit, *identifiers)  # type: ignore[no-any-return]


def test_the_creation_limit_hooks_no_request(make_app: Callable[..., Flask]) -> None:
    """No function of the limit's module, nor of the ``limits`` library, among the app's request
    hooks: only the decorated views run it."""
    app = make_app(RATELIMIT_ENABLED=True)
    budgets = app.extensions[creation_limit.EXTENSION]
    assert {kind: type(budget) for kind, budget in budgets.items()} == {
        "creations": Budget, "table-writes": Budget}
    hooks = [hook for scoped in (app.before_request_funcs, app.after_request_funcs,
                                 app.teardown_request_funcs) for hooks in scoped.values()
             for hook in hooks]
    modules = {getattr(inspect.unwrap(hook), "__module__", "") for hook in hooks}
    assert not {m for m in modules if m.startswith(("limits", "flask_limiter"))
                or m == creation_limit.__name__}


def test_the_limit_switched_off_keeps_no_budget(app: Flask) -> None:
    assert creation_limit.EXTENSION not in app.extensions
    created = app.test_client().post("/api/v1/games", json=GAME)
    assert created.status_code == 201 and "X-RateLimit-Remaining" not in created.headers


def test_the_limiter_works_only_for_a_limited_request(make_app: Callable[..., Flask],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="5 per hour")
    counter = app.extensions[creation_limit.EXTENSION]["creations"].counter
    spy = Spy(counter.shared)
    monkeypatch.setattr(counter, "shared", spy)
    client = app.test_client()
    created = client.post("/api/v1/games", json=GAME)
    # One atomic hit before the view, then the window for the headers.
    assert created.status_code == 201 and spy.calls == ["hit", "window"]
    assert created.headers["X-RateLimit-Remaining"] == "4"
    game = created.get_json()["game"]
    for url in (f"/api/v1/games/{game['id']}", f"/g/{game['id']}", f"/g/{game['id']}/live?v=1",
                "/static/css/app.css", "/"):
        response = client.get(url)
        assert response.status_code == 200 or response.status_code == 204, url
        assert "X-RateLimit-Remaining" not in response.headers, url
    assert spy.calls == ["hit", "window"]
    assert client.post("/api/v1/games", json=GAME).headers["X-RateLimit-Remaining"] == "3"
    refused = client.post("/api/v1/games", json={**GAME, "players": ["Ana"]})
    assert refused.status_code == 422 and spy.calls[-3:] == ["hit", "give back", "window"]
    assert refused.headers["X-RateLimit-Remaining"] == "3"


def test_a_get_meets_no_csrf_check_and_a_post_does(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.post("/g/some-game/forget").status_code == 400  # no token


def _registered(app: Flask) -> list[Callable[..., Any]]:
    """Every function Flask would pass through ``ensure_sync``: views, request and context
    hooks, error handlers, URL processors, each per blueprint."""
    found: list[Callable[..., Any]] = list(app.view_functions.values())
    for scoped in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs,
                   app.url_value_preprocessors, app.url_default_functions,
                   app.template_context_processors):
        for functions in scoped.values():
            found.extend(functions)
    found.extend(app.teardown_appcontext_funcs)
    for by_code in app.error_handler_spec.values():
        for handlers in by_code.values():
            found.extend(handlers.values())
    return found


def test_no_registered_function_is_async_so_ensure_sync_may_pass_them_through(app: Flask) -> None:
    """``Companion.ensure_sync`` returns each function as it is: right only while none is an
    ``async def`` (Flask would run those in an event loop). An async view or hook added one day
    fails here, with its name."""
    functions = _registered(app)
    assert len(functions) > 50  # the views and hooks of both blueprints were found
    coroutines = [f"{f.__module__}.{f.__qualname__}" for f in functions
                  if inspect.iscoroutinefunction(inspect.unwrap(f))]
    assert coroutines == []
    view = next(iter(app.view_functions.values()))
    assert app.ensure_sync(view) is view
