"""Correcting a scored round from the scoreboard: its bids and tricks (a score pad's points) in
one form; the engine
folds every later round again and refuses a correction that breaks a rule (or a later round),
at the field, keeping what was typed. Seven-Up hands are corrected elsewhere."""

from __future__ import annotations

from typing import Any

from flask import abort, make_response, render_template
from werkzeug.wrappers import Response

from companion import rules
from companion.storage.store import StoredGame
from companion.web.game.responses import editable_game, save_correction
from companion.web.shared import forms
from companion.web.shared.forms import correction_form, points_form
from companion.web.shared.messages import bid_words, explain, shown_name


def correct(game_id: str, number: int) -> Response:
    """Replace a scored round's bids and tricks; later rounds are folded again. A round the
    engine will not correct (the round being played, say after an undo) comes back with what
    was typed and the engine's reason, 422, as the API answers it."""
    game = editable_game(game_id)
    _correctable(game, number)
    form = _form(game)()

    def render(at: StoredGame, status: int, notice: str | None) -> Response:
        round_, refusal = _correctable(at, number)
        if refusal is not None:
            return render_correction(at, round_, form, refusal=refusal, status=422)
        return render_correction(at, round_, form, notice=notice, status=status)

    def replacement() -> list[rules.Entry] | None:
        if _correctable(game, number)[1] is not None:
            return None  # render says why
        if game.settings.family is rules.Family.SCORE_PAD:
            points = forms.points(game.settings, form)
            made = None if points is None else [points]
        else:
            made = forms.correction(game.settings, form)
        if made is None:
            return None
        # Every rule the correction breaks, at once and each at its field (the hooked bid and
        # the tricks total together); save_correction then stores only a legal one.
        problems = rules.correction_problems(game.state, number, made)
        for error in problems:
            form.add_rule_error(error, explain(error, game.settings))
        return None if problems else made

    return save_correction(game, number, form, replacement, render)


def _correctable(game: StoredGame, number: int) -> tuple[rules.Round, str | None]:
    """The round to show, and why the engine will not correct it (``correctable_round``, in
    the person's words), or ``None`` when it will. 404 only for a round the game has not
    reached, or a Seven-Up game (its hands have their own page)."""
    if game.settings.family is rules.Family.SEVEN_UP:
        abort(404)
    try:
        return rules.correctable_round(game.state, number), None
    except rules.RoundNotFound:
        abort(404)
    except rules.RuleError as error:
        assert game.state.current is not None  # the round being played
        return game.state.current, explain(error, game.settings)


def page(game_id: str, number: int) -> Response:
    game = editable_game(game_id)
    round_, refusal = _correctable(game, number)
    form = _form(game)(formdata=None)
    if refusal is not None:
        return render_correction(game, round_, form, refusal=refusal, status=422)
    settings = game.settings
    if settings.family is rules.Family.SCORE_PAD:  # each side's points, as entered
        for side in settings.sides:
            form[f"points_{side}"].data = round_.points[settings.seats_of(side)[0]] if round_.points else None
        return render_correction(game, round_, form)
    for seat in game.settings.seats:
        bid_ = round_.bids[seat] if round_.bids else None
        if isinstance(bid_, rules.Card):
            form[f"bids_{seat}"].data = bid_.token
        else:
            form[f"bids_{seat}"].data = bid_
        form[f"tricks_{seat}"].data = round_.tricks[seat] if round_.tricks else None
    return render_correction(game, round_, form)


def _form(game: StoredGame) -> type[Any]:
    """The correction's form: a score pad's points, else the round's bids (numbers or cards)
    and tricks."""
    settings = game.settings
    if settings.family is rules.Family.SCORE_PAD:
        return points_form(len(settings.sides))
    return correction_form(len(settings.players), settings.family is rules.Family.CARD_BIDS)


def render_correction(game: StoredGame, round_: rules.Round, form: Any, notice: str | None = None,
                      status: int = 200, refusal: str | None = None) -> Response:
    body = render_template(
        "game/correct.html", game=game, state=game.state, settings=game.settings,
        names=game.settings.players, words=bid_words(game.settings), round=round_, form=form, notice=notice,
        refusal=refusal,
        deck=rules.deck(), game_name=shown_name(game.settings),
    )
    return make_response(body, status)
