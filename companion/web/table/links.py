"""Putting a game at a table from its scorekeeper's page (docs/api.md, "Tables"; the forms:
``on_game_page``, ``templates/game/_table.html``).

- ``keep``: "Keep these players as a table", on a finished game at no table: a new table, the
  game its first (one transaction), this phone its scorekeeper, then the table's page.
- ``join``: "Add this game to a table", one of the tables this phone keeps score of. Both
  rights are needed: the game's (403 without it) and the chosen table's (403 without it).

A refusal (a table's name, two seats that are one player of the table, a game already at a
table, a table deleted meanwhile) is the game page again, 422, the reason at the field and
what was chosen or typed kept. Each form carries an ``idempotency_key``: sent again, it answers
as the first did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, flash, make_response, redirect, request, url_for
from flask_babel import format_number
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from companion.http.extensions import game_creation_limit, table_write_limit
from companion.rules import RuleError, bounds
from companion.storage import idempotency, store, table_store
from companion.storage.store import StoredGame
from companion.web.game.fragments import render_body
from companion.web.game.responses import keyed_form, replayed
from companion.web.shared import access
from companion.web.shared.messages import explain
from companion.web.shared.names import isolate
from companion.web.table.pages import name_refused, open_created_table

ALREADY = _l("This game already belongs to a table.")
DELETED = _l("That table was deleted.")
CHOOSE = _l("Choose a table.")
#: A table holding all the games it may (``rules.bounds.GAMES_MAX``): a new game or a join.
TABLE_FULL = _l("This table is full: a table keeps at most %(most)s games. Start a new table "
                "to play on.")


def table_full() -> str:
    """What a page says of a table holding all the games it may, in the person's language."""
    return str(TABLE_FULL) % {"most": format_number(bounds.GAMES_MAX)}
#: A write that met a newer version of the game is tried again on the game as it is now.
ATTEMPTS = 3


def _refused(game_id: str, errors: dict[str, list[str]], typed: dict[str, str]) -> Response:
    """The game page as it is now, 422, ``errors`` at their fields, what was sent kept."""
    game = access.load_or_404(game_id)
    body = render_body(game, access.game_rights(game), table_errors=errors, table_typed=typed)
    return make_response(body, 422)


def _again(game_id: str, write: Callable[[StoredGame], Any]) -> Any:
    """``write`` on the game, read again and retried when another write got in between."""
    for _attempt in range(ATTEMPTS):
        game = access.load_or_404(game_id)
        try:
            return write(game)
        except store.VersionConflict:
            continue
    abort(409)


@game_creation_limit
def keep(game_id: str) -> Response:
    """A new table of the finished game's players, the game its first."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    typed = request.form.get("name", "")
    key = keyed_form(request.path, open_created_table,
                     lambda message: _refused(game.id, {"name": [message]}, {"name": typed}),
                     creation=True)
    if isinstance(key, Response):
        return key
    if not game.state.finished:
        abort(409)  # the form is on a finished game's page only
    try:
        made = _again(game.id, lambda now: table_store.create_table(typed, now, key))
    except table_store.TableRefused as error:
        reason = str(ALREADY) if error.field == "game" else name_refused(error, typed)
        return _refused(game.id, {"name": [reason]}, {"name": typed})
    except RuleError as error:
        return _refused(game.id, {"name": [explain(error)]}, {"name": typed})
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return replayed(made, open_created_table)
    table, token = made
    access.grant_table(table.id, token)
    return redirect(url_for("web.table", table_id=table.id), code=303)


@table_write_limit
def join(game_id: str) -> Response:
    """The game joins one of this phone's tables."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    chosen = request.form.get("table", "")
    if not chosen:
        return _refused(game.id, {"table": [str(CHOOSE)]}, {})
    token = access.table_token_for(chosen) if store.is_id(chosen) else None
    if token is None:
        abort(403)  # this phone does not keep that table's score
    try:
        table = table_store.load_table(chosen)
    except table_store.TableNotFound:
        access.forget_table(chosen)
        return _refused(game.id, {"table": [str(DELETED)]}, {})
    if not table.token_matches(token):
        abort(403)
    def joined(_record: idempotency.Record) -> Response:
        return _joined(game.id, table)

    key = keyed_form(game.id, joined,
                     lambda message: _refused(game.id, {"table": [message]}, {"table": chosen}))
    if isinstance(key, Response):
        return key
    try:
        done = _again(game.id, lambda now: table_store.join(table, now, key))
    except table_store.TableRefused as error:
        said = table_full() if error.reason == "table-games-max" else str(ALREADY)
        return _refused(game.id, {"table": [said]}, {"table": chosen})
    except RuleError as error:
        return _refused(game.id, {"table": [explain(error)]}, {"table": chosen})
    if isinstance(done, idempotency.Replayed):  # its twin, sent at the same moment, joined it
        return replayed(done, joined)
    return _joined(game.id, table)


def _joined(game_id: str, table: table_store.StoredTable) -> Response:
    """The game's page, saying so; the same for the form sent again under its key (a waiting
    form whose answer was lost: waiting_forms.js sends it again until one arrives)."""
    flash(_("This game is now at the table %(table)s.", table=isolate(table.name)))
    return redirect(url_for("web.game", game_id=game_id), code=303)
