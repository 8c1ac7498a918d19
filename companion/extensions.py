"""Flask extensions shared by the blueprints.

Three of them hook every request: Flask-WTF, Flask-Compress and Flask-Limiter. Each hook runs
only where it has something to do — the CSRF check for a post, compression for an answer it may
compress, the limiter's headers and bookkeeping for a request through a limited view — so a poll
or a static file pays for none of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, after_this_request, current_app, g, request
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from . import caches, encodings, paths
from .idempotency import REPLAYED
from .models import db
from .vary import add_vary

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
    """The decorator of every view that creates a game: it spends the shared budget, and marks
    the request as limited, so that the limiter's after-request work runs for it (for this
    request alone, when no limit applies to every request)."""
    limited = _creation_budget(view)

    @functools.wraps(limited)
    def counted(*args: Any, **kwargs: Any) -> Any:
        g.rate_limited = True
        after = current_app.extensions.get("companion.limited")
        if after is not None:
            after_this_request(after)
        return limited(*args, **kwargs)

    return counted  # type: ignore[return-value]


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


def _retry_after_only_when_refused(response: Response) -> Response:
    # Flask-Limiter adds Retry-After to every limited answer; it means "refused, come back
    # then" (RFC 9110), so only a 429 carries it. The X-RateLimit-* headers stay on all.
    if response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response


def _vary_and_compress(response: Response) -> Response:
    """What every answer varies by, said once: Accept-Encoding (as Flask-Compress says on each),
    and for an HTML page Accept-Language (its words follow the browser's language, i18n.py);
    then Flask-Compress's own hook, for an answer it may compress: a 2xx of a type it
    compresses, to a client that accepts an encoding."""
    mimetype = response.mimetype
    if mimetype == "text/html":
        add_vary(response, "Accept-Language", "Accept-Encoding")
    else:
        add_vary(response, "Accept-Encoding")
    accept = request.environ.get("HTTP_ACCEPT_ENCODING")
    if accept and 200 <= response.status_code < 300 and mimetype in compress.compress_mimetypes_set:
        # Flask-Compress ignores q=0 ("gzip;q=0" got gzip): it is handed the coding chosen by
        # the header's rules (companion/encodings.py) alone, or not asked at all.
        coding = encodings.chosen(accept, compress.enabled_algorithms)
        if coding is None:
            return response
        request.environ["HTTP_ACCEPT_ENCODING"] = coding
        caches.compressing(response)
        return compress.after_request(response)
    return response


def _for_checked_methods(hook: Callable[[], Any]) -> Callable[[], Any]:
    """Flask-WTF's before-request check, run only for the methods it checks (POST, PUT, PATCH,
    DELETE): for any other it looks up the view's exemptions only to let the request through."""

    @functools.wraps(hook)
    def run() -> Any:
        if request.method in current_app.config["WTF_CSRF_METHODS"]:
            return hook()
        return None

    return run


def init_app(app: Flask) -> None:
    before = app.before_request_funcs.setdefault(None, [])
    first = len(before)
    csrf.init_app(app)
    before[first:] = [_for_checked_methods(hook) for hook in before[first:]]
    migrate.init_app(app, db, directory=paths.folder("migrations"))
    after = app.after_request_funcs.setdefault(None, [])
    teardown = app.teardown_request_funcs.setdefault(None, [])
    ours = (len(after), len(teardown))  # where the limiter's hooks (and ours below) will start
    # Registered before the limiter's own hook, so it runs after it (Flask runs them in reverse).
    app.after_request(_retry_after_only_when_refused)
    limiter.init_app(app)
    # Only game creation is limited, by its decorator, which checks its own limit. With no
    # default or application-wide limit, the check Flask-Limiter runs before every request
    # (the polls, the static files…) finds nothing to count: skip it. Its after-request hook
    # (and ours above) becomes the decorator's, for its request alone; its teardown runs only
    # for a request through a limited view.
    if not app.config.get("RATELIMIT_DEFAULT") and not app.config.get("RATELIMIT_APPLICATION"):
        before[:] = [hook for hook in before
                     if getattr(hook, "__func__", None) is not Limiter._check_request_limit]
        app.extensions["companion.limited"] = _in_turn(after[ours[0]:])
        del after[ours[0]:]
        teardown[ours[1]:] = [_where_limited(hook) for hook in teardown[ours[1]:]]
    # Flask-Compress's hook is registered here, within _vary_and_compress.
    app.config["COMPRESS_REGISTER"] = False
    # The bodies kept per version are compressed once per encoding (caches.CompressedBodies).
    app.config["COMPRESS_CACHE_BACKEND"] = caches.CompressedBodies
    app.config["COMPRESS_CACHE_KEY"] = caches.compressed_key
    compress.init_app(app)
    app.after_request(_vary_and_compress)
