"""The Seven-Up pages' writes: a hand (or a redeal) from the game page, and correcting a past
hand on its own page (``store.correct_round`` with one ``Hand``). Same answers as the other
games: 303 without htmx, the live fragment with it, 422 at the field, 409 on a stale page."""

from __future__ import annotations

from flask import Response, abort, make_response, render_template
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from companion import rules
from companion.rules import GameState, Hand, RuleError
from companion.storage import writes
from companion.storage.store import StoredGame
from companion.web.game.responses import (
    editable_game,
    render_game,
    save_correction,
    write_entry,
)
from companion.web.games.seven_up.board import hand_panel
from companion.web.games.seven_up.explaining import hand_saved
from companion.web.games.seven_up.hand_form import (
    HandForm,
    hand_entry,
    prefill,
    step_jacks,
)
from companion.web.shared.messages import explain, game_name


def hand(game_id: str) -> WerkzeugResponse:
    """A hand: one ``Hand`` entry, or a redeal; the stepper buttons only count (no JavaScript)."""
    form = HandForm()
    if form.step.data in ("up", "down"):
        step_jacks(form)
        return render_game(editable_game(game_id), form)
    before: list[StoredGame] = []

    def change(game: StoredGame, _form: HandForm) -> writes.Entry | None:
        before.append(game)
        rules.require_in_progress(game.state, "hand")  # a page left open (undo still works)
        entry = hand_entry(game.state, form)
        return None if entry is None else writes.Entry(entry)

    def said(written: StoredGame) -> str:
        """Who scored, once the hand is played (a redeal only says it was saved)."""
        if before and len(written.state.rounds) > len(before[0].state.rounds):
            return hand_saved(written.state)
        return _("Saved.")

    return write_entry(game_id, lambda _game: form, change, said)


def _played(game: StoredGame, number: int) -> tuple[GameState, Hand | None, str | None]:
    """The game just before a scored hand was played (its redeals in), and that hand; for a
    hand the engine will not correct (``correctable_round``: the one being played), the game
    as it is, no hand, and the engine's reason in the person's words. 404 only for a hand the
    game has not reached, or a game that is not Seven-Up."""
    if rules.entry_kinds(game.settings) != ("hand",):  # not a game of hands
        abort(404)
    try:
        position = rules.result_entries(game.state, number)[0]
    except rules.RoundNotFound:
        abort(404)
    except RuleError as error:
        return game.state, None, explain(error, game.settings)
    entry = game.state.entries[position]
    assert isinstance(entry, Hand)
    return rules.fold(game.settings, game.state.entries[:position]), entry, None


def correction(game_id: str, number: int) -> Response:
    game = editable_game(game_id)
    before, played, refusal = _played(game, number)
    if played is None:
        return render_correction(game, before, HandForm.fresh(number), refusal=refusal, status=422)
    return render_correction(game, before, prefill(game.settings, played, number))


def correct(game_id: str, number: int) -> WerkzeugResponse:
    """Replace a scored hand; the later hands are folded again (or the engine says which breaks).
    A hand the engine will not correct comes back with what was tapped and its reason (422)."""
    game = editable_game(game_id)
    before, _played_hand, refused = _played(game, number)
    form = HandForm()
    if form.step.data in ("up", "down"):
        step_jacks(form)
        return render_correction(game, before, form, refusal=refused, status=422 if refused else 200)

    def replacement() -> list[rules.Entry] | None:
        if refused is not None:
            return None  # render says why
        entry = hand_entry(before, form, redeal_allowed=False)
        return None if entry is None else [entry]

    def render(at: StoredGame, status: int, notice: str | None) -> Response:
        state, _hand, refusal = (before, None, refused) if at is game else _played(at, number)
        if refusal is not None:
            return render_correction(at, state, form, refusal=refusal, status=422)
        return render_correction(at, state, form, notice=notice, status=status)

    return save_correction(game, number, form, replacement, render)


def render_correction(game: StoredGame, before: GameState, form: HandForm,
                      notice: str | None = None, status: int = 200,
                      refusal: str | None = None) -> Response:
    body = render_template(
        "games/seven_up/correct.html", game=game, settings=game.settings,
        names=game.settings.players, hand=hand_panel(before, form), notice=notice,
        refusal=refusal,
        game_name=game_name(game.settings.ruleset.id),
    )
    return make_response(body, status)
