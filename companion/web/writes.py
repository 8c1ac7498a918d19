"""The scorekeeper's entries: a bid, the Oh-Seven cards, the tricks, and undo.

Each is POST -> 303 -> GET without htmx, so the back button never sends an entry twice (and a
replay carries a stale version, which is refused). With htmx the answer is the live fragment:
200 on success, 422 with the rule at the field, 409 with the fresh game and a notice, keeping
what was typed either way. Only a device holding the edit token may write (else 403).
"""

from __future__ import annotations

from typing import Any, Callable

from flask import abort, redirect, url_for
from werkzeug.wrappers import Response

from .. import rules, store
from ..rules import Entry, RuleError, ShapeError
from ..store import StoredGame
from . import access, entries
from .forms import BidForm, UndoForm, cards_form, tricks_form
from .fragments import CONFLICT, render_game, wants_fragment
from .messages import explain


def editable_game(game_id: str) -> StoredGame:
    game = access.load_or_404(game_id)
    access.require_editor(game)
    return game


def write_entry(game: StoredGame, form: Any, change: Callable[[], StoredGame | None]) -> Response:
    """Run ``change`` (which returns ``None`` when the form is incomplete) and answer."""
    if not form.validate():
        if form.version.errors:
            abort(400)
        return render_game(game, form, status=422)
    try:
        written = change()
    except store.VersionConflict as conflict:
        return render_game(conflict.game, form, notice=CONFLICT, status=409)
    except ShapeError:
        abort(400)
    except RuleError as error:
        form.add_error(error.field, error.seat, explain(error, game.settings))
        return render_game(game, form, status=422)
    if written is None:
        return render_game(game, form, status=422)
    if wants_fragment():
        return render_game(written)
    return redirect(url_for("web.game", game_id=game.id), code=303)


def _add(game: StoredGame, version: int, entry: Entry | None) -> StoredGame | None:
    return None if entry is None else store.add_entry(game.id, version, entry)


def bid(game_id: str) -> Response:
    game = editable_game(game_id)
    form = BidForm()
    return write_entry(game, form, lambda: _add(
        game, form.version.data, entries.one_bid(game.settings, form)))


def card_bids(game_id: str) -> Response:
    game = editable_game(game_id)
    form = cards_form(len(game.settings.players))()
    return write_entry(game, form, lambda: _add(
        game, form.version.data, entries.card_bids(game.settings, form)))


def tricks(game_id: str) -> Response:
    game = editable_game(game_id)
    form = tricks_form(len(game.settings.players))()

    def change() -> StoredGame | None:
        rules.require_in_progress(game.state, "tricks")  # a page left open on a finished game
        return _add(game, form.version.data, entries.tricks(game.state, form))

    return write_entry(game, form, change)


def undo(game_id: str) -> Response:
    game = editable_game(game_id)
    form = UndoForm()
    return write_entry(game, form, lambda: store.undo_entry(game.id, form.version.data))
