"""Flask extensions shared by the blueprints.

Three of them hook every request: Flask-WTF (its CSRF check acts on posts only), Flask-Compress
(called here only for an answer it may compress, with the coding chosen by
``companion.encodings``) and Flask-Limiter (no default limit: only the views decorated by
``game_creation_limit`` are counted). Each is set up through its documented API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, current_app, request
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from . import caches, encodings, paths
from .models import db
from .vary import add_vary

View = TypeVar("View", bound=Callable[..., Any])

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
_creation_budget = limiter.shared_limit(
    lambda: str(current_app.config["GAME_CREATION_LIMIT"]), scope="create-game",
    deduct_when=game_created,
)


#: The decorator of every view that creates a game: it spends the shared budget.
game_creation_limit: Callable[[View], View] = _creation_budget  # type: ignore[assignment]


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


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    migrate.init_app(app, db, directory=paths.folder("migrations"))
    # Registered before the limiter's own hook, so it runs after it (Flask runs after-request
    # hooks in the reverse order of their registration).
    app.after_request(_retry_after_only_when_refused)
    limiter.init_app(app)
    # Flask-Compress's hook is registered here, within _vary_and_compress.
    app.config["COMPRESS_REGISTER"] = False
    # The bodies kept per version are compressed once per encoding (caches.CompressedBodies).
    app.config["COMPRESS_CACHE_BACKEND"] = caches.CompressedBodies
    app.config["COMPRESS_CACHE_KEY"] = caches.compressed_key
    compress.init_app(app)
    app.after_request(_vary_and_compress)
