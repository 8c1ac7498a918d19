"""The scorekeeper's entries: a bid, the Oh-Seven cards, the tricks, and undo.

Each is POST -> 303 -> GET without htmx, so the back button never sends an entry twice (and a
replay carries a stale version, which is refused). With htmx the answer is the live fragment:
200 on success, 422 with the rule at the field, 409 with the fresh game and a notice, keeping
what was typed either way (``answers.write_entry``). Only a device holding the edit token may
write (else 403).
"""

from __future__ import annotations

from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import Entry
from companion.storage import store
from companion.storage.store import StoredGame
from companion.web.game import taps
from companion.web.game.responses import editable_game, write_entry
from companion.web.shared.forms import BidForm, UndoForm, cards_form, tricks_form


def _add(game: StoredGame, version: int, entry: Entry | None) -> StoredGame | None:
    return None if entry is None else store.add_entry(game, version, entry)


def bid(game_id: str) -> Response:
    game = editable_game(game_id)
    form = BidForm()
    return write_entry(game, form, lambda: _add(
        game, form.version.data, taps.one_bid(game.settings, form)))


def card_bids(game_id: str) -> Response:
    game = editable_game(game_id)
    form = cards_form(len(game.settings.players))()
    return write_entry(game, form, lambda: _add(
        game, form.version.data, taps.card_bids(game.settings, form)))


def tricks(game_id: str) -> Response:
    game = editable_game(game_id)
    form = tricks_form(len(game.settings.players))()

    def change() -> StoredGame | None:
        rules.require_in_progress(game.state, "tricks")  # a page left open on a finished game
        return _add(game, form.version.data, taps.tricks(game.state, form))

    return write_entry(game, form, change)


def undo(game_id: str) -> Response:
    game = editable_game(game_id)
    form = UndoForm()
    return write_entry(game, form, lambda: store.undo_entry(game, form.version.data),
                       said=_("Taken back."))
