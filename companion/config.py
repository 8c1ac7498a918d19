"""Configuration: defaults here, then ``instance/config.py``, then the environment."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Config, Flask

#: Settings read from the environment when set (the twelve-factor way for servers).
ENVIRONMENT = ("SECRET_KEY", "DATABASE_URL", "PREFERRED_URL_SCHEME", "RATELIMIT_STORAGE_URI",
               "GAME_CREATION_LIMIT", "TABLE_WRITE_LIMIT", "RATELIMIT_ENABLED", "TRUST_PROXY",
               "FORCE_HTTPS", "SQLITE_SYNCHRONOUS", "BACKUP_FOLDER", "BACKUP_KEEP", "CACHE_BYTES",
               "IMPORTS_IN_FLIGHT")
#: Settings that are switches: 1, true, yes or on (any case) turn them on, anything else off.
SWITCHES = ("RATELIMIT_ENABLED", "TRUST_PROXY", "FORCE_HTTPS")


#: The paths that take an export document: the API's import and the home page's file.
IMPORT_PATHS = frozenset({"/api/v1/tables/import", "/import"})
#: The home page's file form (one of ``IMPORT_PATHS``): its body is the file wrapped in
#: multipart/form-data.
IMPORT_FORM_PATH = "/import"
#: Room for that wrapping beside the document's own limit: the boundaries, each part's headers
#: (the file's name among them), the form's key and CSRF token. Without it a file just under
#: 16 MiB came out over 16 MiB as a body; the file's own size is checked after
#: (``companion.web.table.transfer``).
IMPORT_FORM_OVERHEAD = 64 * 1024
#: Seconds such a body may take to arrive (16 MiB from a phone at 2 Mbit/s takes about 70).
IMPORT_BODY_DEADLINE = 120.0
#: Import bodies one worker process holds at once, by default (``IMPORTS_IN_FLIGHT``).
IMPORTS_IN_FLIGHT = 2


def import_body_limit(path: str, document_limit: int) -> int | None:
    """The largest body ``path`` takes if it is one of ``IMPORT_PATHS`` (``None`` for any other
    path): ``document_limit`` (``IMPORT_MAX_CONTENT_LENGTH``), and for the home page's form the
    room its multipart wrapping takes too."""
    if path not in IMPORT_PATHS:
        return None
    return document_limit + (IMPORT_FORM_OVERHEAD if path == IMPORT_FORM_PATH else 0)


def defaults(app: Flask) -> dict[str, Any]:
    return {
        "SQLALCHEMY_DATABASE_URI": "sqlite:///" + os.path.join(app.instance_path, "companion.sqlite"),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        # A game lasts hours: the CSRF token lives as long as the session, never one hour.
        "WTF_CSRF_TIME_LIMIT": None,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        # An export document brought back (IMPORT_PATHS) may be far larger (docs/server.md).
        "IMPORT_MAX_CONTENT_LENGTH": 16 * 1024 * 1024,
        # Import bodies one worker process holds at once; one more is answered 503 with
        # Retry-After before its body is read (companion/http/import_door.py).
        "IMPORTS_IN_FLIGHT": IMPORTS_IN_FLIGHT,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ["en", "fr", "it"],
        "GAME_CREATION_LIMIT": "60 per hour",
        # A table's writes that cost its whole figures (a game joins, a player is renamed).
        "TABLE_WRITE_LIMIT": "120 per hour",
        "RATELIMIT_ENABLED": True,
        "RATELIMIT_STORAGE_URI": "memory://",
        # Behind a reverse proxy that sets X-Forwarded-Proto, trust one hop of it.
        "TRUST_PROXY": False,
        # Always mark cookies Secure and send HSTS, even if a request looks like plain HTTP.
        "FORCE_HTTPS": False,
        # Pages, JSON, style sheets and scripts go out compressed (brotli, else gzip);
        # static files are precompressed once (companion/http/assets.py) and skipped here.
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        # The same for the answers written as they are made (companion/http/streams.py),
        # compressed piece by piece: Flask-Compress's own list for them leaves gzip out.
        "COMPRESS_ALGORITHM_STREAMING": ["br", "gzip"],
        "COMPRESS_MIMETYPES": ["text/html", "application/json", "text/css", "text/javascript",
                               "application/javascript", "application/manifest+json"],
        "COMPRESS_BR_LEVEL": 5,
        "COMPRESS_MIN_SIZE": 500,
        # SQLite's commit: NORMAL (with WAL) survives any crash of the app and never corrupts;
        # FULL also survives a power cut, at one disk flush per entry (docs/architecture.md).
        "SQLITE_SYNCHRONOUS": "NORMAL",
        # While serving on SQLite, a daily copy of the database in instance/backups (a path of
        # its own, or "off"), the newest BACKUP_KEEP kept (companion/storage/backups.py).
        "BACKUP_FOLDER": "backups",
        "BACKUP_KEEP": 7,
        # Entries of the per-process caches of derived states, API bodies and watchers' pages.
        "STATE_CACHE_SIZE": 256,
        # Games a process caches as its tables count them (companion/storage/caches.py, SIZES).
        "TABLE_CACHE_SIZE": 4096,
        # Bytes all those caches of one worker hold together (companion/storage/caches.py).
        "CACHE_BYTES": 128 * 1024 * 1024,
    }


def is_on(value: object) -> bool:
    """A switch's value, from the environment ("1", "true", …) or from instance/config.py."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def _from_environment(name: str) -> Any:
    value = os.environ[name]
    return is_on(value) if name in SWITCHES else value


def load(app: Flask, test_config: dict[str, Any] | None) -> None:
    app.config.from_mapping(defaults(app))
    if test_config is not None:
        app.config.from_mapping(test_config)
    else:
        app.config.from_pyfile("config.py", silent=True)
        for name in ENVIRONMENT:
            if name in os.environ:
                app.config[name] = _from_environment(name)
        if "DATABASE_URL" in app.config:
            app.config["SQLALCHEMY_DATABASE_URI"] = _database_uri(app.config["DATABASE_URL"])
    for name in SWITCHES:  # instance/config.py may say TRUST_PROXY = "0"
        app.config[name] = is_on(app.config.get(name))
    app.config["BACKUP_KEEP"] = backup_keep(app.config.get("BACKUP_KEEP"))
    app.config["IMPORTS_IN_FLIGHT"] = imports_in_flight(app.config.get("IMPORTS_IN_FLIGHT"))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(app)
    if str(app.config["SQLALCHEMY_DATABASE_URI"]).startswith("sqlite"):
        # A file on this machine never drops a connection: no ping before each request's query.
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = {**app.config["SQLALCHEMY_ENGINE_OPTIONS"],
                                                   "pool_pre_ping": False}


def backup_keep(value: object) -> int:
    """``BACKUP_KEEP`` as a number of backups: 1 or more keeps that many (the newest), 0 keeps
    every one (none is ever removed). Anything else (below 0, not a whole number) is refused
    at start, as a mistyped setting must not quietly keep every backup until the disk fills."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit():
        raise ValueError(f"BACKUP_KEEP must be a whole number: how many backups to keep (the "
                         f"newest), or 0 to keep every one; not {value!r}")
    return int(text)


def imports_in_flight(value: object) -> int:
    """``IMPORTS_IN_FLIGHT`` as a number of imports: a whole number from 1 (0 would refuse every
    import, which nobody means); anything else is refused at start."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or int(text) < 1:
        raise ValueError(f"IMPORTS_IN_FLIGHT must be a whole number from 1: how many imports one "
                         f"worker process holds at once; not {value!r}")
    return int(text)


def instance_folder() -> str:
    """Where the instance lives (the app factory uses the same): ``COMPANION_INSTANCE``, else
    ``instance/`` beside the code."""
    root = Path(__file__).resolve().parents[1]
    return os.environ.get("COMPANION_INSTANCE", str(root / "instance"))


def setting(name: str) -> Any:
    """A setting as the app will see it (the environment, else ``instance/config.py``), read
    without building the app: gunicorn.conf.py needs some before the app exists."""
    if name in os.environ:
        return _from_environment(name)
    instance = Config(instance_folder())
    instance.from_pyfile("config.py", silent=True)
    return instance.get(name)


def listen_address() -> str:
    """The address ``scripts/start`` (gunicorn) listens on: ``LISTEN_ADDRESS`` when set; else,
    behind a proxy (``TRUST_PROXY``), only this machine's loopback, so that nobody reaches the
    app past the proxy with an X-Forwarded-For of their choosing; else every address, for the
    phones on the home network."""
    chosen = setting("LISTEN_ADDRESS")
    if chosen:
        return str(chosen).strip()
    return "127.0.0.1" if is_on(setting("TRUST_PROXY")) else "0.0.0.0"


def _database_uri(url: str) -> str:
    """``postgres://`` and ``postgresql://`` URLs use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _instance_secret(app: Flask) -> str:
    """A home install has no environment to set: keep a generated key in the instance folder so
    sessions survive restarts. Servers behind a load balancer set ``SECRET_KEY`` instead."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written aside, then linked into place: of several workers starting at once, one wins
        # and every one reads the same key.
        draft = path.with_name(f"secret_key.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()
