"""Export and import (docs/api.md, "Export and import"): a table's whole history, or one game, as
one JSON document, and such a document made into a new table. What the document holds and how
an import is checked and written is ``companion.storage.transfer``'s; this module reads the
request and answers.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Blueprint, Response, request

from companion.api import bodies, endpoints, keys, tables
from companion.api.error_shape import api_error
from companion.http import downloads, import_door, streams
from companion.http.extensions import game_creation_limit
from companion.storage import store, transfer


def _document_response(text: Iterable[str], name: str) -> Response:
    """The document, written as it is read (no ``Content-Length``), downloaded as ``name``."""
    return downloads.named(streams.streamed(text, "application/json"), name)


def table_export(table_id: str) -> Response:
    """The whole table as one document; ``ETag`` / 304 by the table's version. Named after the
    table and the day its newest game started, read alone: nothing of the table is folded."""
    if (held := tables.unchanged(table_id)) is not None:
        return held
    table = tables.load(table_id)
    newest = store.newest_game_start(table.id)
    name = downloads.table_file_name_at(table, newest, "json")
    return tables.versioned(_document_response(transfer.table_export_text(table), name),
                            table.id, table.version)


def game_export(game_id: str) -> Response:
    """One game as a document with ``table: null``; the game's ETag."""
    if (held := endpoints.unchanged(game_id)) is not None:
        return held
    game = endpoints.load(game_id)
    name = downloads.game_file_name(game.settings, game.created_at, "json")
    return endpoints.versioned(game, _document_response(transfer.game_export_text(game), name))


@import_door.guarded
@game_creation_limit
def import_table() -> Response:
    """``POST /tables/import``: the document as a new table (201), or refused whole (422
    ``import``, nothing created); a replay of its ``Idempotency-Key``, the same table. Its
    objects and lists are counted before anything parses it (``transfer.counted``); a worker
    holding as many imports as it may answers 503 first (``import_door``)."""
    transfer.counted(bodies.raw())
    key = keys.key(request.path, creation=True, status=201)
    if (again := keys.first_answer(key, tables.created_again)) is not None:
        return again
    body = bodies.json_object(None)  # any field: a reader ignores what it does not know
    return tables.created_or_again(transfer.import_document(body, key=key))


def _refused(error: transfer.ImportRefused) -> Response:
    return api_error(422, "import", error.message, error.field)


def register(bp: Blueprint) -> None:
    bp.add_url_rule("/tables/import", "import_table", view_func=import_table, methods=["POST"])
    bp.add_url_rule("/tables/<id:table_id>/export", "table_export", view_func=table_export,
                    methods=["GET"])
    bp.add_url_rule("/games/<id:game_id>/export", "game_export", view_func=game_export,
                    methods=["GET"])
    bp.register_error_handler(transfer.ImportRefused, _refused)

