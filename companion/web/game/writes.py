"""The scorekeeper's entries: a bid, the Oh-Seven cards, the tricks, a score pad's round and its
"We stop here", and undo.

Each is POST -> 303 -> GET without htmx, so the back button never sends an entry twice (and a
replay carries a stale version, which is refused). With htmx the answer is the live fragment:
200 on success, 422 with the rule at the field, 409 with the fresh game and a notice, keeping
what was typed either way (``responses.write_entry``, through ``storage.writes.record``). Only a
device holding the edit token may write (else 403).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import Entry
from companion.storage import writes
from companion.storage.store import StoredGame
from companion.web.game.responses import write_entry
from companion.web.shared import forms
from companion.web.shared.forms import (
    BidForm,
    FinishForm,
    UndoForm,
    cards_form,
    points_form,
    tricks_form,
)


def _entry(entry: Entry | None) -> writes.Entry | None:
    return None if entry is None else writes.Entry(entry)


def bid(game_id: str) -> Response:
    return write_entry(game_id, lambda _game: BidForm(),
                       lambda game, form: _entry(forms.one_bid(game.settings, form)))


def card_bids(game_id: str) -> Response:
    return write_entry(game_id, lambda game: cards_form(len(game.settings.players))(),
                       lambda game, form: _entry(forms.card_bids(game.settings, form)))


def tricks(game_id: str) -> Response:
    def change(game: StoredGame, form: Any) -> writes.Entry | None:
        rules.require_in_progress(game.state, "tricks")  # a page left open on a finished game
        return _entry(forms.tricks(game.state, form))

    return write_entry(game_id, lambda game: tricks_form(len(game.settings.players))(), change)


def points(game_id: str) -> Response:
    """A score pad's round: every side's points at once."""
    def change(game: StoredGame, form: Any) -> writes.Entry | None:
        rules.require_in_progress(game.state, "points")  # a page left open on a finished game
        return _entry(forms.points(game.settings, form))

    return write_entry(game_id, lambda game: points_form(len(game.settings.sides))(), change)


def finish(game_id: str) -> Response:
    """A score pad's "We stop here": the game ends with its totals (undo reopens it)."""
    return write_entry(
        game_id, lambda _game: FinishForm(),
        lambda game, _form: _entry(rules.parse_entry(game.settings, "finish", {})),
        said=_("The game is over. Undo reopens it."))


def undo(game_id: str) -> Response:
    return write_entry(game_id, lambda _game: UndoForm(), lambda _game, _form: writes.Undo(),
                       said=_("Taken back."))
