"""Correcting a scored round from the scoreboard: its bids and tricks (or what else the game's
round holds, as its package declares it) in one form; the engine folds every later round again
and refuses a correction that breaks a rule (or a later round), at the field, keeping what was
typed. A game without such rounds (hands) corrects them on its own pages."""

from __future__ import annotations

from typing import Any

from flask import abort, make_response, render_template
from werkzeug.wrappers import Response

from companion import rules
from companion.storage.store import StoredGame
from companion.web.game.responses import editable_game, save_correction
from companion.web.shared.declaration import of as web_game
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
        read = web_game(game.settings).correction_entries
        assert read is not None  # _correctable: the game's rounds are corrected here
        made = read(game.settings, form)
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
    reached, or a game whose rounds are corrected on its own pages (hands)."""
    if web_game(game.settings).correction_form is None:
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
    prefill = web_game(game.settings).prefill_correction
    assert prefill is not None
    prefill(game.settings, round_, form)  # the round as it was entered
    return render_correction(game, round_, form)


def _form(game: StoredGame) -> type[Any]:
    """The correction's form, as the game declares it (a round's bids and tricks, its points…)."""
    form = web_game(game.settings).correction_form
    assert form is not None
    return form(game.settings)


def render_correction(game: StoredGame, round_: rules.Round, form: Any, notice: str | None = None,
                      status: int = 200, refusal: str | None = None) -> Response:
    body = render_template(
        "game/correct.html", game=game, state=game.state, settings=game.settings,
        names=game.settings.players, words=bid_words(game.settings), round=round_, form=form, notice=notice,
        refusal=refusal,
        deck=rules.deck(), game_name=shown_name(game.settings), game_web=web_game(game.settings),
    )
    return make_response(body, status)
