"""Scopa at the table: one screen a hand, as the table says it after counting its piles (four
rows of side chips, each side's scope on a stepper), the board by side, and its words (``words``);
its templates are in templates/games/scopa/.

What the pages show is the engine's answer (``rules.scopa``): the sides, a hand's points, the
totals, the end.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import Settings, scopa
from companion.storage import writes
from companion.storage.store import StoredGame
from companion.web.game.responses import editable_game, entry_write, render_game, write_entry
from companion.web.games.scopa import hand_form
from companion.web.games.scopa.hand_form import HandForm
from companion.web.games.scopa.words import (AWARD_NAMES, OPTION_NAMES, OPTION_SOURCES,
                                             OPTION_VALUES, WORDS, side_lines)
from companion.web.shared.declaration import GAME_STYLES, Route, WebGame
from companion.web.shared.forms import VersionedForm


class FinishForm(VersionedForm):
    """"We stop here"."""


def hand(game_id: str) -> Response:
    """A hand: one entry; a stepper's button without JavaScript only counts."""
    game = editable_game(game_id)
    form = hand_form.form_class(game.settings)()
    if hand_form.step(game.settings, form):
        return render_game(game, form)

    def change(at: StoredGame, _form: HandForm) -> writes.Entry | None:
        rules.require_in_progress(at.state, "hand")  # a page left open (undo still works)
        return entry_write(hand_form.hand_entry(at.settings, form))

    return write_entry(game_id, lambda _game: form, change)


def finish(game_id: str) -> Response:
    """"We stop here": the game ends with its totals (undo reopens it)."""
    return write_entry(
        game_id, lambda _game: FinishForm(),
        lambda game, _form: entry_write(rules.parse_entry(game.settings, "finish", {})),
        said=_("The game is over. Undo reopens it."))


def _sides(settings: Settings) -> list[dict[str, Any]]:
    return [{"side": side, "seats": settings.seats_of(side),
             "name": hand_form.side_name(settings, side)} for side in settings.sides]


def _context(game: StoredGame, submitted: Any, editable: bool) -> dict[str, Any]:
    state = game.state
    settings = game.settings
    current = state.current
    form = None
    if current is not None:
        keep = isinstance(submitted, HandForm) and submitted.round.data == current.number
        form = submitted if keep else hand_form.fresh(settings, current.number,
                                                      watching=not editable)
    return {"scopa": {
        "form": form,
        "sides": _sides(settings),
        "awards": [(name, AWARD_NAMES[name], name in scopa.MAY_TIE) for name in scopa.AWARDS],
        "napola": scopa.options_of(settings).napola,
        "target": scopa.options_of(settings).target,
        "statistics": settings.family.statistics_json(state),
    }}


def explain_round(settings: Settings, explained: rules.RoundExplanation) -> tuple[list[str], ...]:
    """Each side's cell, indexed by side: which points it took, its scope, its hand."""
    assert explained.scored is not None
    return tuple(side_lines(settings, explained.scored, side) for side in settings.sides)


def _correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    """The corrected hand; ``None`` (the page again, nothing saved) when a stepper's button
    was pressed without JavaScript: it only counts, as on the hand screen."""
    if hand_form.step(settings, form):
        return None
    made = hand_form.hand_entry(settings, form)
    return None if made is None else [made]


GAME = WebGame(
    family=scopa.FAMILY_ID,
    entry_form=lambda _settings, _step: None,  # the hand form: kept as submitted (_context)
    panel="games/scopa/_hand.html",
    board="games/scopa/_board.html",
    banner="games/scopa/_banner.html",
    statistics="games/scopa/_statistics.html",
    stylesheet="css/site-scopa.css",
    styles=(*GAME_STYLES, "css/scopa.css"),
    script="js/site-scopa.js",
    hands=True,
    hand_size=False,
    context=_context,
    words=WORDS,
    table_count="games/scopa/_table_count.html",
    explain_round=explain_round,
    option_values=OPTION_VALUES,
    option_names=OPTION_NAMES,
    option_sources=OPTION_SOURCES,
    routes=(Route("/scopa/hand", "scopa_hand", hand),
            Route("/scopa/finish", "scopa_finish", finish)),
    correction_form=hand_form.form_class,
    correction_body="games/scopa/_correction.html",
    correction_entries=_correction_entries,
    prefill_correction=hand_form.prefill,
)
