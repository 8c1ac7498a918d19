"""Bring a table from a file (the home page's form): an export document (docs/api.md, "Export and
import") made a new table on this server, this phone its scorekeeper. A refused file comes back
to the home page with the reason at the file field, naming the game and the entry, in the
person's language; nothing is created. (The downloads are the API's export routes, linked from
the table's and the game's pages.)"""

from __future__ import annotations

import hashlib
from datetime import datetime

from flask import abort, current_app, redirect, request, url_for
from flask_babel import format_date, format_number
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from companion import rules
from companion.http import import_door, security
from companion.http.extensions import game_creation_limit
from companion.storage import idempotency, transfer
from companion.web.game.responses import keyed_form, replayed
from companion.web.home import home
from companion.web.shared import access
from companion.web.shared.messages import explain, game_name
from companion.web.table.pages import open_created_table


def refusal(error: transfer.ImportRefused) -> str:
    """What the file field says of a refused document: where, then what, in the page's words
    (games and entries counted from 1, as people count them)."""
    if error.reason == "not-json":
        return _("This file is not a Companion export: it is not a JSON document.")
    if error.reason == "format":
        return _("This file is not a Companion export.")
    if error.reason == "format-version":
        return _("This file was made by a newer Companion (format %(version)s): update this "
                 "one to bring it in.", version=error.params.get("version"))
    if error.reason == "containers-max":
        return _("This file is not a Companion export: it holds more than any export could.")
    if error.reason == "table":
        return _("The table's name in this file is not valid.")
    most = format_number(error.params["most"]) if "most" in error.params else ""
    if error.reason == "games-max":
        return _("This file holds more games than a table keeps (at most %(most)s).", most=most)
    if error.reason == "renames-max":
        return _("This file holds more renames than a table keeps (at most %(most)s).",
                 most=most)
    if error.reason == "entries-max" and error.game is not None:
        return _("Game %(game)s: it holds more entries than a game keeps (at most %(most)s).",
                 game=error.game + 1, most=most)
    if error.reason == "players-max" and error.game is not None:
        return _("Game %(game)s: it brings more players than a table keeps (at most %(most)s).",
                 game=error.game + 1, most=most)
    if error.reason == "started" and error.game is not None:
        return _("Game %(game)s: its start is not a date Companion keeps (from %(first)s to "
                 "%(last)s).", game=error.game + 1, first=error.params["first"],
                 last=error.params["last"])
    if error.reason == "rule" and error.error is not None:
        what = explain(error.error, error.settings)
    else:
        what = _("this part of the file is damaged.")
    if error.game is not None and error.entry is not None:
        return _("Game %(game)s, entry %(entry)s: %(reason)s", game=error.game + 1,
                 entry=error.entry + 1, reason=what)
    if error.game is not None:
        return _("Game %(game)s: %(reason)s", game=error.game + 1, reason=what)
    return _("This file is damaged: %(reason)s", reason=what)


def _file_limit() -> int:
    """The largest file the form brings in: the API's limit for a document (16 MiB)."""
    return int(current_app.config["IMPORT_MAX_CONTENT_LENGTH"])


def _too_large() -> Response:
    """The home page again (413), the reason at the file field; nothing was read into a table."""
    size = f"{_file_limit() / (1024 * 1024):g}"
    return home(import_error=_("This file is too large: Companion brings in files of up to "
                               "%(size)s MiB.", size=size), status=413)


def body_too_large(error: RequestEntityTooLarge) -> Response | tuple[Response, int]:
    """A page's body over its route's limit (Werkzeug's 413, met as the form is read, the CSRF
    check first): for the home page's file, said at the file field on the home page; for any
    other page, the app's "Too much at once"."""
    if request.endpoint == "web.import_table":
        return _too_large()
    return security.error_answer(error)


def imports_full(error: import_door.ImportsFull) -> Response | tuple[Response, int]:
    """This worker holds as many imports as it may (503, ``Retry-After``; nothing was read or
    created): for the home page's file, said at the file field; elsewhere the app's page."""
    if request.endpoint != "web.import_table":
        return security.error_answer(error)
    answer = home(import_error=_("The server is bringing in other files just now: nothing "
                                 "was created. Wait a few seconds, then send this file again."),
                  status=503)
    answer.headers["Retry-After"] = str(import_door.RETRY_AFTER)
    return answer


def _bad_key(_message: str) -> Response:
    """A file's form whose key is not one, or was used for another file: nothing to say at a
    field (the page drew the key itself), so a bad request."""
    abort(400)


def _named(settings: rules.Settings, started: datetime) -> str:
    """A one-game file's table: the game's title or name and its day, in the page's language."""
    return f"{settings.title or game_name(settings.ruleset.id)} · {format_date(started, 'medium')}"


@import_door.guarded
@game_creation_limit
def import_table() -> Response:
    """``POST /import``: the chosen file as a new table; its page opens (303), this phone keeping
    its score. Refused: the home page (422), the reason at the file field. One creation for the
    creation limit, as the API's import (a refusal, or the same file sent again under its key,
    spends nothing)."""
    upload = request.files.get("file")
    limit = _file_limit()
    # The body may hold the form's wrapping beside the file (``config.IMPORT_FORM_OVERHEAD``):
    # the file itself is held to the document's limit, as the API's import is.
    raw = upload.read(limit + 1) if upload is not None else b""
    if len(raw) > limit:
        return _too_large()
    if not raw:
        return home(import_error=_("Choose a file exported from Companion."), status=422)
    key = keyed_form(request.path, open_created_table, _bad_key, creation=True,
                     compared=lambda: idempotency.fingerprint(
                         request.method, request.path, hashlib.sha256(raw).hexdigest()))
    if isinstance(key, Response):
        return key  # the same file sent twice from one page: the same table
    try:
        made = transfer.import_document(transfer.read_document(raw), _named, key)
    except transfer.ImportRefused as error:
        return home(import_error=refusal(error), status=422)
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return replayed(made, open_created_table)
    table, token = made
    access.grant_table(table.id, token)
    return redirect(url_for("web.table", table_id=table.id), code=303)
