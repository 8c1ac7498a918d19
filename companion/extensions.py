"""Flask extensions shared by the blueprints."""

from __future__ import annotations

from flask import Flask, Response, current_app
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from . import paths
from .models import db

csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()
limiter = Limiter(key_func=get_remote_address, default_limits=[])

def game_created(response: Response) -> bool:
    """Only a game created spends the budget: the API's 201, the new-game page's 303 to the
    game. A refused creation (400, 422) costs nothing."""
    return response.status_code in (201, 303)

#: One budget per client address for creating games, shared by the API and the pages. An
#: exhausted budget refuses (429) before the request is read.
game_creation_limit = limiter.shared_limit(
    lambda: str(current_app.config["GAME_CREATION_LIMIT"]), scope="create-game",
    deduct_when=game_created,
)

def _retry_after_only_when_refused(response: Response) -> Response:
    # Flask-Limiter adds Retry-After to every limited answer; it means "refused, come back
    # then" (RFC 9110), so only a 429 carries it. The X-RateLimit-* headers stay on all.
    if response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response

def init_app(app: Flask) -> None:
    csrf.init_app(app)
    migrate.init_app(app, db, directory=paths.folder("migrations"))
    # Registered before the limiter's own hook, so it runs after it (Flask runs them in reverse).
    app.after_request(_retry_after_only_when_refused)
    limiter.init_app(app)
    # Only game creation is limited, by its decorator, which checks its own limit. With no
    # default or application-wide limit, the check Flask-Limiter runs before every request
    # (the polls, the static files…) finds nothing to count: skip it.
    if not app.config.get("RATELIMIT_DEFAULT") and not app.config.get("RATELIMIT_APPLICATION"):
        hooks = app.before_request_funcs.get(None, [])
        hooks[:] = [hook for hook in hooks
                    if getattr(hook, "__func__", None) is not Limiter._check_request_limit]
    compress.init_app(app)
