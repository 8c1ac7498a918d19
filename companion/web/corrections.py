"""Correcting a scored round from the scoreboard: its bids and tricks in one form; the engine
folds every later round again and refuses a correction that breaks a rule (or a later round),
at the field, keeping what was typed. Seven-Up hands are corrected elsewhere."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort, flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import rules, store
from ..rules import RuleError, ShapeError
from ..store import StoredGame
from . import entries
from .forms import card_token, correction_form
from .fragments import CONFLICT
from .messages import explain, game_name
from .words import bid_words
from .writes import editable_game


def correct(game_id: str, number: int) -> Response:
    """Replace a scored round's bids and tricks; later rounds are folded again."""
    game = editable_game(game_id)
    _scored_round(game, number)
    cards = game.settings.family is rules.Family.CARD_BIDS
    form = correction_form(len(game.settings.players), cards)()

    def render(at: StoredGame, status: int, notice: str | None) -> Response:
        return render_correction(at, _scored_round(at, number), form, notice=notice, status=status)

    return save_correction(game, number, form, lambda: entries.correction(game.settings, form),
                           render)


def save_correction(game: StoredGame, number: int, form: Any,
                    replacement: Callable[[], Sequence[rules.Entry] | None],
                    render: Callable[[StoredGame, int, str | None], Response]) -> Response:
    """Store a correction the engine accepts (303 to the game). Otherwise the form comes back
    with what was typed: the rule at its field (422), or the game as it now is (409).

    ``replacement`` reads the form into entries (``None``: an answer is missing); ``render``
    draws the correction page of a game with a status and a notice. Seven-Up uses it too."""
    if not form.validate():
        if form.version.errors:
            abort(400)
        return render(game, 422, None)
    try:
        entries_ = replacement()
        if entries_ is None:
            return render(game, 422, None)
        store.correct_round(game.id, form.version.data, number, entries_)
    except store.VersionConflict as conflict:
        return render(conflict.game, 409, str(CONFLICT))
    except ShapeError:
        abort(400)
    except RuleError as error:
        form.add_error(error.field, error.seat, explain(error, game.settings))
        return render(game, 422, None)
    if game.settings.family is rules.Family.SEVEN_UP:
        flash(_("Hand %(number)s corrected: the scores after it are counted again.", number=number))
    else:
        flash(_("Round %(number)s corrected: the scores after it are counted again.",
                number=number))
    return redirect(url_for("web.game", game_id=game.id), code=303)


def _scored_round(game: StoredGame, number: int) -> rules.Round:
    found = next((r for r in game.state.rounds if r.number == number), None)
    if found is None or game.settings.family is rules.Family.SEVEN_UP:
        abort(404)
    return found


def page(game_id: str, number: int) -> Response:
    game = editable_game(game_id)
    round_ = _scored_round(game, number)
    cards = game.settings.family is rules.Family.CARD_BIDS
    form = correction_form(len(game.settings.players), cards)(formdata=None)
    for seat in game.settings.seats:
        bid_ = round_.bids[seat] if round_.bids else None
        if isinstance(bid_, rules.Card):
            form[f"bids_{seat}"].data = card_token(bid_.value, bid_.suit)
        else:
            form[f"bids_{seat}"].data = bid_
        form[f"tricks_{seat}"].data = round_.tricks[seat] if round_.tricks else None
    return render_correction(game, round_, form)


def render_correction(game: StoredGame, round_: rules.Round, form: Any, notice: str | None = None,
                      status: int = 200) -> Response:
    body = render_template(
        "game/correct.html", game=game, state=game.state, settings=game.settings,
        names=game.settings.players, words=bid_words(game.settings), round=round_, form=form, notice=notice,
        suits=list(rules.Suit), game_name=game_name(game.settings.ruleset.id),
    )
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    return response
