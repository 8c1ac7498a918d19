"""The application factory: the Flask app with its database, extensions and blueprints.

``companion.create_app`` is this function (the package looks it up lazily, so that importing
``companion.rules`` needs no Flask)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from flask import Flask, Request, current_app
from flask.cli import AppGroup

from companion import config, paths
from companion.storage import backups, caches, database


class CompanionRequest(Request):
    """Flask's request, whose body limit is ``IMPORT_MAX_CONTENT_LENGTH`` on the paths that take
    an export document (``config.IMPORT_PATHS``; the home page's form, that and the room for its
    multipart wrapping: ``config.import_body_limit``) and ``MAX_CONTENT_LENGTH`` elsewhere:
    decided before anything reads the body (the CSRF check reads a form's)."""

    @property  # type: ignore[override]
    def max_content_length(self) -> int | None:
        if self.path in config.IMPORT_PATHS and current_app:  # not a call: every request asks
            return config.import_body_limit(
                self.path, int(current_app.config["IMPORT_MAX_CONTENT_LENGTH"]))
        return super().max_content_length


class Companion(Flask):
    """Flask with one documented method overridden, ``ensure_sync`` ("override this method to
    change how the app runs async views", Flask's API docs)."""

    request_class = CompanionRequest

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        # Flask asks this of every hook and the view on every request, inspecting each for
        # ``async def``. Companion has no async function (tests/app/test_hooks.py checks every
        # one registered), so each is returned as it is: about 60 inspections a request saved
        # (docs/performance.md).
        return func


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application factory. ``test_config`` replaces the instance file and environment."""
    app = Companion(
        "companion",  # the package: the app's name, its logger's and its root path
        instance_path=paths.instance(),
        instance_relative_config=True,
        template_folder=paths.folder("templates"),
        static_folder=paths.folder("static"),
    )
    os.makedirs(app.instance_path, exist_ok=True)
    config.load(app, test_config)
    database.init_app(app)
    caches.init_app(app)

    from companion.api import bp as api_bp
    from companion.http import assets, extensions, headers, i18n, pwa, security
    from companion.web import bp as web_bp

    security.refuse_bad_hosts(app)  # the first hook of every request
    extensions.init_app(app, migrations=paths.folder("migrations"))
    i18n.init_app(app)
    security.init_app(app)
    assets.init_app(app)
    pwa.init_app(app)
    app.register_blueprint(api_bp)
    extensions.csrf.exempt(api_bp)  # the API authenticates with a bearer token, not cookies
    app.register_blueprint(web_bp)
    headers.init_app(app)  # the one hook after every view: Cache-Control, Vary, the coding
    app.cli.add_command(backup_command)  # flask --app wsgi backup now | restore FILE
    return app


def compile_templates(app: Flask) -> None:
    """Compile every template now, at a server's start (``wsgi.py``), not on the first request
    that draws each: a large table's first read spent a tenth of its time compiling the table
    page's six (bench/README.md, "A table's first read")."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)


# --- the backup command (README, "Backups"; the backups themselves: companion/storage/backups.py)

backup_command = AppGroup("backup", help="Back up the SQLite database now, or restore a backup.")


@backup_command.command("now")
def backup_now() -> None:
    """Make a backup now (also while a server runs: the copy is consistent)."""
    app: Any = current_app
    source, where = backups.database_file(app), backups.folder(app)
    if source is None:
        raise click.ClickException("the database is not SQLite: use pg_dump (README, Backups)")
    if where is None:
        where = Path(app.instance_path) / "backups"
    made = backups.make(source, where, int(app.config.get("BACKUP_KEEP", backups.KEEP)))
    click.echo(f"backup: {made}")


@backup_command.command("restore")
@click.argument("backup", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def restore(backup: Path) -> None:
    """Put BACKUP in place of the database; refused while a server holds it. The database as
    it was is kept beside it (``.before-restore``)."""
    app: Any = current_app
    target = backups.database_file(app)
    if target is None:
        raise click.ClickException("the database is not SQLite: restore with pg_restore or psql")
    try:
        with backups.held(backups.lock_path(app)):
            backups.restore_file(backup, target)
    except (backups.Held, backups.Unusable) as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"restored {backup} to {target}")
