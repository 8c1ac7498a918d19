"""How the game's pages answer: the game page (or its live part) as a response, and the two ways
a scorekeeper's write is answered, an entry (``write_entry``) and a correction
(``save_correction``).

Not a view: the views (``views``, ``writes``, ``corrections``, ``seven_up.views``) import it, it
imports none of them. Without htmx a write is POST -> 303 -> GET, so the back button never sends
an entry twice (and a replay carries a stale version, which is refused). With htmx an entry's
answer is the live fragment: 200 once stored, 422 with the rule at the field, 409 with the fresh
game and ``CONFLICT``, keeping what was typed either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort, flash, make_response, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response

from .. import rules, store
from ..rules import RuleError, ShapeError
from ..store import StoredGame
from . import access
from .fragments import render_body
from .messages import explain

#: The notice over a page whose write met a newer version of the game (409).
CONFLICT = _l("Someone else just entered this round: here is the game as it is now.")


def wants_fragment() -> bool:
    """An htmx request that swaps a part of the page (not a history restore)."""
    return (request.headers.get("HX-Request") == "true"
            and request.headers.get("HX-History-Restore-Request") != "true")


def render_game(game: StoredGame, submitted: Any = None, notice: Any = None,
                status: int = 200, fragment: bool | None = None,
                saved: str | None = None) -> Response:
    """The whole game page, or only its live part (for htmx, or when ``fragment`` says so);
    ``saved`` says an entry was just stored."""
    body = render_body(game, submitted, notice, wants_fragment() if fragment is None else fragment,
                       saved=saved)
    return make_response(body, status)


def editable_game(game_id: str) -> StoredGame:
    """The game a write is for: 404 if there is none, 403 for a device without its edit token."""
    game = access.load_or_404(game_id)
    access.require_editor(game)
    return game


def write_entry(game: StoredGame, form: Any, change: Callable[[], StoredGame | None],
                said: str | Callable[[StoredGame], str] | None = None) -> Response:
    """Run ``change`` (which returns ``None`` when the form is incomplete) and answer; once it is
    stored the page says so (``said``, or what it makes of the game written, else "Saved."),
    where the next step starts."""
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
        form.add_rule_error(error, explain(error, game.settings))
        return render_game(game, form, status=422)
    if written is None:
        return render_game(game, form, status=422)
    said = said(written) if callable(said) else said or _("Saved.")
    if wants_fragment():
        return render_game(written, saved=said)
    flash(said, "saved")
    return redirect(url_for("web.game", game_id=game.id), code=303)


def save_correction(game: StoredGame, number: int, form: Any,
                    replacement: Callable[[], Sequence[rules.Entry] | None],
                    render: Callable[[StoredGame, int, str | None], Response]) -> Response:
    """Store a correction the engine accepts (303 to the game). Otherwise the form comes back
    with what was typed: the rule at its field (422), or the game as it now is (409).

    ``replacement`` reads the form into entries (``None``: an answer is missing); ``render``
    draws the correction page of a game with a status and a notice (a round's, or a hand's)."""
    if not form.validate():
        if form.version.errors:
            abort(400)
        return render(game, 422, None)
    try:
        entries_ = replacement()
        if entries_ is None:
            return render(game, 422, None)
        store.correct_round(game, form.version.data, number, entries_)
    except store.VersionConflict as conflict:
        return render(conflict.game, 409, str(CONFLICT))
    except ShapeError:
        abort(400)
    except RuleError as error:
        form.add_rule_error(error, explain(error, game.settings))
        return render(game, 422, None)
    if game.settings.family is rules.Family.SEVEN_UP:
        flash(_("Hand %(number)s corrected: the scores after it are counted again.", number=number))
    else:
        flash(_("Round %(number)s corrected: the scores after it are counted again.",
                number=number))
    return redirect(url_for("web.game", game_id=game.id), code=303)
