"""The scorekeeper's entries every game with bids and tricks shares: a bid, the tricks, and undo
(a game's own, like a round of cards bid at once, are in its package: ``web/games/``).

Each is POST -> 303 -> GET without htmx, so the back button never sends an entry twice (and a
replay carries a stale version, which is refused). With htmx the answer is the live fragment:
200 on success, 422 with the rule at the field, 409 with the fresh game and a notice, keeping
what was typed either way (``responses.write_entry``, through ``storage.writes``: ``open``,
then ``commit``). Only a device holding the edit token may write (else 403).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.storage import writes
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write as _entry
from companion.web.game.responses import write_entry
from companion.web.shared import forms
from companion.web.shared.forms import BidForm, UndoForm, tricks_form


def bid(game_id: str) -> Response:
    return write_entry(game_id, lambda _game: BidForm(),
                       lambda game, form: _entry(forms.one_bid(game.settings, form)))


def tricks(game_id: str) -> Response:
    def change(game: StoredGame, form: Any) -> writes.Entry | None:
        rules.require_in_progress(game.state, "tricks")  # a page left open on a finished game
        return _entry(forms.tricks(game.state, form))

    return write_entry(game_id, lambda game: tricks_form(len(game.settings.players))(), change)


def undo(game_id: str) -> Response:
    return write_entry(game_id, lambda _game: UndoForm(), lambda _game, _form: writes.Undo(),
                       said=_("Taken back."))
