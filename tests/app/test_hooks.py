"""What the extensions' hooks do to which request: the limiter works (counts, adds its headers)
only for a request through a limited view; the CSRF check refuses only a post. And the one edit
of a library's hooks (``extensions.limit_only_where_limited``) still finds what Flask-Limiter
registers: this fails when a Flask-Limiter upgrade registers its hooks otherwise."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from companion.http import extensions

GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


def test_flask_limiter_registers_the_hooks_we_take_out() -> None:
    """What ``limit_only_where_limited`` relies on: ``init_app`` adds its check before every
    request as the bound ``Limiter._check_request_limit``, and after-request and teardown hooks
    of its own, nothing else."""
    app = Flask(__name__)
    app.config["RATELIMIT_STORAGE_URI"] = "memory://"
    limiter = Limiter(key_func=get_remote_address, default_limits=[])
    limiter.init_app(app)
    before = app.before_request_funcs[None]
    assert [getattr(hook, "__func__", None) for hook in before] == [Limiter._check_request_limit]
    assert extensions.limiter_hook(app) is before[0]
    assert len(app.after_request_funcs[None]) == 1 and len(app.teardown_request_funcs[None]) == 1


def test_the_app_keeps_no_limiter_check_before_its_requests(app: Flask) -> None:
    assert extensions.limiter_hook(app) is None
    assert "companion.limited" in app.extensions


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
    assert client.post("/api/v1/games", json=GAME).headers["X-RateLimit-Remaining"] == "3"


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
