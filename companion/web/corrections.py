"""Correcting a scored round from the scoreboard: its bids and tricks in one form; the engine
folds every later round again and refuses a correction that breaks a rule (or a later round),
at the field, keeping what was typed. Seven-Up hands are corrected elsewhere."""

from __future__ import annotations

from typing import Any

from flask import abort, make_response, render_template
from werkzeug.wrappers import Response

from .. import rules
from ..store import StoredGame
from . import entries
from .answers import editable_game, save_correction
from .forms import correction_form
from .messages import explain, game_name
from .words import bid_words


def correct(game_id: str, number: int) -> Response:
    """Replace a scored round's bids and tricks; later rounds are folded again."""
    game = editable_game(game_id)
    _scored_round(game, number)
    cards = game.settings.family is rules.Family.CARD_BIDS
    form = correction_form(len(game.settings.players), cards)()

    def render(at: StoredGame, status: int, notice: str | None) -> Response:
        return render_correction(at, _scored_round(at, number), form, notice=notice, status=status)

    def replacement() -> list[rules.Entry] | None:
        made = entries.correction(game.settings, form)
        if made is None:
            return None
        # Every rule the correction breaks, at once and each at its field (the hooked bid and
        # the tricks total together); save_correction then stores only a legal one.
        problems = rules.correction_problems(game.state, number, made)
        for error in problems:
            form.add_rule_error(error, explain(error, game.settings))
        return None if problems else made

    return save_correction(game, number, form, replacement, render)


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
            form[f"bids_{seat}"].data = bid_.token
        else:
            form[f"bids_{seat}"].data = bid_
        form[f"tricks_{seat}"].data = round_.tricks[seat] if round_.tricks else None
    return render_correction(game, round_, form)


def render_correction(game: StoredGame, round_: rules.Round, form: Any, notice: str | None = None,
                      status: int = 200) -> Response:
    body = render_template(
        "game/correct.html", game=game, state=game.state, settings=game.settings,
        names=game.settings.players, words=bid_words(game.settings), round=round_, form=form, notice=notice,
        deck=rules.deck(), game_name=game_name(game.settings.ruleset.id),
    )
    return make_response(body, status)
