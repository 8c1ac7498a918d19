"""Flask extensions shared by the blueprints.

Three of them hook every request: Flask-WTF (its CSRF check acts on posts only), Flask-Compress
(called here only for an answer it may compress, with the coding chosen by
``companion.http.encodings``) and Flask-Limiter (no default limit: only the views decorated by
``game_creation_limit`` are counted, and its hooks run only for them: the one edit of a
library's hooks, ``limit_only_where_limited``, kept because the bench needs it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, after_this_request, current_app, g
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from companion.storage import caches
from companion.storage.idempotency import REPLAYED
from companion.storage.models import db

View = TypeVar("View", bound=Callable[..., Any])

csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()
limiter = Limiter(key_func=get_remote_address, default_limits=[])

def game_created(response: Response) -> bool:
    """Only a game created spends the budget: the API's 201, the new-game page's 303 to the
    game. A refused creation (400, 422) costs nothing, nor does one sent again under its key
    (a replay, which opens the game the first made: the page's script posts a form again so)."""
    return response.status_code in (201, 303) and response.headers.get(REPLAYED) != "true"

#: One budget per client address for creating games, shared by the API and the pages. An
#: exhausted budget refuses (429) before the request is read.
_creation_budget = limiter.shared_limit(
    lambda: str(current_app.config["GAME_CREATION_LIMIT"]), scope="create-game",
    deduct_when=game_created,
)


def game_creation_limit(view: View) -> View:
    """The decorator of every view that creates a game: it spends the shared budget, and has
    the limiter's after-request work (its headers, the deduction) run for its request alone."""
    limited = _creation_budget(view)

    @functools.wraps(limited)
    def counted(*args: Any, **kwargs: Any) -> Any:
        g.rate_limited = True
        after = current_app.extensions.get("companion.limited")
        if after is not None:
            after_this_request(after)
        return limited(*args, **kwargs)

    return counted  # type: ignore[return-value]


# --- the limiter's hooks, only where a limit is ------------------------------------------------
#
# Flask-Limiter checks, before every request, the default and application limits, and after it
# adds its headers; with neither kind of limit (only the decorated game creation is limited),
# every poll and static file paid 150-250 µs for nothing, more than half a 304's whole cost
# (bench/README.md, issue 17), and the bench goals of issue 18 fail without this. No documented
# setting turns those hooks off (a ``request_filter`` still runs the check's bookkeeping), so
# ``limit_only_where_limited`` takes them out of Flask's hook lists right after
# ``limiter.init_app`` registered them, and has the decorator run the after-request ones for its
# own request. This is the one place the app edits another library's hooks;
# ``tests/app/test_hooks.py`` fails when Flask-Limiter registers its hooks otherwise.


def _where_limited(hook: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The limiter's teardown hook (forgetting the request), run only for a request that went
    through a limited view. Any other has nothing to forget."""

    @functools.wraps(hook)
    def run(value: Any) -> Any:
        return hook(value) if g.get("rate_limited") else value

    return run


def _in_turn(hooks: list[Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """Several after-request hooks as one, run in Flask's order (the last registered first)."""

    def run(response: Any) -> Any:
        for hook in reversed(hooks):
            response = hook(response)
        return response

    return run


def limiter_hook(app: Flask) -> Callable[..., Any] | None:
    """The limiter's before-request check among the app's hooks, if it is there."""
    for hook in app.before_request_funcs.get(None, []):
        if getattr(hook, "__func__", None) is Limiter._check_request_limit:
            return hook
    return None


def limit_only_where_limited(app: Flask, after_from: int, teardown_from: int) -> None:
    """With no default or application-wide limit: the limiter's check before every request
    removed, its after-request hooks (and ours registered since ``after_from``) made the
    decorator's, its teardown run only for a limited request."""
    if app.config.get("RATELIMIT_DEFAULT") or app.config.get("RATELIMIT_APPLICATION"):
        return
    before = app.before_request_funcs.setdefault(None, [])
    check = limiter_hook(app)
    if check is not None:
        before.remove(check)
    after = app.after_request_funcs.setdefault(None, [])
    teardown = app.teardown_request_funcs.setdefault(None, [])
    app.extensions["companion.limited"] = _in_turn(after[after_from:])
    del after[after_from:]
    teardown[teardown_from:] = [_where_limited(hook) for hook in teardown[teardown_from:]]


def _retry_after_only_when_refused(response: Response) -> Response:
    # Flask-Limiter adds Retry-After to every limited answer; it means "refused, come back
    # then" (RFC 9110), so only a 429 carries it. The X-RateLimit-* headers stay on all.
    if response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response


def init_app(app: Flask, migrations: str) -> None:
    """``migrations``: the folder of the database's migrations (the app factory says where)."""
    csrf.init_app(app)
    migrate.init_app(app, db, directory=migrations)
    after_from = len(app.after_request_funcs.get(None, []))
    teardown_from = len(app.teardown_request_funcs.get(None, []))
    # Registered before the limiter's own hook, so it runs after it (Flask runs after-request
    # hooks in the reverse order of their registration).
    app.after_request(_retry_after_only_when_refused)
    limiter.init_app(app)
    limit_only_where_limited(app, after_from, teardown_from)
    # Flask-Compress's hook is run by companion.http.headers, for the answers it may compress.
    app.config["COMPRESS_REGISTER"] = False
    # The bodies kept per version are compressed once per encoding (caches.CompressedBodies).
    app.config["COMPRESS_CACHE_BACKEND"] = caches.CompressedBodies
    app.config["COMPRESS_CACHE_KEY"] = caches.compressed_key
    compress.init_app(app)
