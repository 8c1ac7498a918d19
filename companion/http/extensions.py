"""Flask extensions shared by the blueprints.

Flask-WTF hooks every request (its CSRF check acts on posts only); Flask-Compress is called by
``companion.http.headers`` only for an answer it may compress, with the coding chosen by
``companion.http.encodings``. The limits on creating games and tables and on a table's costly writes
(``companion.http.creation_limit``) hook none: ``game_creation_limit`` and ``table_write_limit``
decorate the views that do those, and run for them alone.
"""

from __future__ import annotations

from flask import Flask
from flask_compress import Compress
from flask_migrate import Migrate
from flask_wtf.csrf import CSRFProtect

from companion.http import compressed, creation_limit
from companion.http.creation_limit import game_creation_limit, table_write_limit
from companion.storage.models import db

__all__ = ["compress", "csrf", "game_creation_limit", "init_app", "migrate", "table_write_limit"]

csrf = CSRFProtect()
migrate = Migrate()
compress = Compress()


def init_app(app: Flask, migrations: str) -> None:
    """``migrations``: the folder of the database's migrations (the app factory says where)."""
    csrf.init_app(app)
    migrate.init_app(app, db, directory=migrations)
    creation_limit.init_app(app)
    # Flask-Compress's hook is run by companion.http.headers, for the answers it may compress.
    app.config["COMPRESS_REGISTER"] = False
    # The bodies cached per version are compressed once per encoding (compressed.CompressedBodies).
    app.config["COMPRESS_CACHE_BACKEND"] = compressed.CompressedBodies
    app.config["COMPRESS_CACHE_KEY"] = compressed.compressed_key
    compress.init_app(app)
