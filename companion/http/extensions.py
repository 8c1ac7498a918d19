"""Flask extensions shared by the blueprints.

Two of them hook every request: Flask-WTF (its CSRF check acts on posts only) and Flask-Compress
(called here only for an answer it may compress, with the coding chosen by
``companion.http.encodings``). The limit on creating games (``companion.http.creation_limit``)
hooks none: ``game_creation_limit`` decorates the views that create a game, and runs for them
alone.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from companion.http import creation_limit, encodings
from companion.http.creation_limit import game_created, game_creation_limit
from companion.http.vary import add_vary
from companion.storage import caches
from companion.storage.models import db

__all__ = ["compress", "csrf", "game_created", "game_creation_limit", "init_app", "migrate"]

csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()


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
        # the header's rules (companion/http/encodings.py) alone, or not asked at all.
        coding = encodings.chosen(accept, compress.enabled_algorithms)
        if coding is None:
            return response
        request.environ["HTTP_ACCEPT_ENCODING"] = coding
        caches.compressing(response)
        return compress.after_request(response)
    return response


def init_app(app: Flask, migrations: str) -> None:
    """``migrations``: the folder of the database's migrations (the app factory says where)."""
    csrf.init_app(app)
    migrate.init_app(app, db, directory=migrations)
    creation_limit.init_app(app)
    # Flask-Compress's hook is registered here, within _vary_and_compress.
    app.config["COMPRESS_REGISTER"] = False
    # The bodies kept per version are compressed once per encoding (caches.CompressedBodies).
    app.config["COMPRESS_CACHE_BACKEND"] = caches.CompressedBodies
    app.config["COMPRESS_CACHE_KEY"] = caches.compressed_key
    compress.init_app(app)
    app.after_request(_vary_and_compress)
