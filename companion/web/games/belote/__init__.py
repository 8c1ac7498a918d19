"""Belote and Coinche at the table: a hand on one screen, as the table says it (the taker, their
card points with the other side's 162 minus them shown as they are typed, the belote, the
announcements, a capot; Coinche's contract and coinche level), "We stop here", the board with
the held litige and who deals next. Its words are in ``words``, its form in ``forms``, its
templates in templates/games/belote/.

What the pages show is the engine's answer (``rules.belote``): a hand's result and points, the
pot a litige holds, the dealer.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion import rules
from companion.rules import Settings, Step, belote
from companion.rules.belote import sheet as belote_sheet
from companion.rules.belote.game import pot, scored
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write, write_entry
from companion.web.games.belote.forms import FinishForm, form_for, hand_entry, prefill
from companion.web.games.belote.words import (OPTION_NAMES, OPTION_SOURCES, OPTION_VALUES,
                                              RESULT_NAMES, WORDS, team_lines, team_name)
from companion.web.shared.declaration import GAME_STYLES, Route, WebGame


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    return form_for(settings) if step is Step.HAND else None


def _context(game: StoredGame, _submitted: Any, _editable: bool) -> dict[str, Any]:
    state = game.state
    settings = state.settings
    held, since = pot(state)
    return {"belote": {
        "coinche": belote.options_of(settings).coinche,
        "team_names": tuple(team_name(settings, team) for team in settings.sides),
        "held": held, "since": since,
        "statistics": belote_sheet.statistics_json(state),
        "results": {round_.number: RESULT_NAMES[scored(round_).result]
                    for round_ in state.rounds},
    }}


def hand(game_id: str) -> Any:
    """A hand: one entry, from one form."""
    def change(game: StoredGame, form: Any) -> Any:
        rules.require_in_progress(game.state, "hand")  # a page left open on a finished game
        return entry_write(hand_entry(game.settings, form))

    return write_entry(game_id, lambda game: form_for(game.settings)(), change)


def finish(game_id: str) -> Any:
    """"We stop here": the game ends with its totals (undo reopens it)."""
    return write_entry(
        game_id, lambda _game: FinishForm(),
        lambda game, _form: entry_write(rules.parse_entry(game.settings, "finish", {})),
        said=_("The game is over. Undo reopens it."))


def _correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    made = hand_entry(settings, form)
    return None if made is None else [made]


def explain_round(settings: Settings, round_: Any) -> tuple[list[str], ...]:
    """Each team's cell of a hand, indexed by team."""
    return tuple(team_lines(settings, round_.scored, team) for team in settings.sides)


GAME = WebGame(
    family=belote.FAMILY_ID,
    entry_form=_entry_form,
    panel="games/belote/_hand.html",
    board="games/belote/_board.html",
    banner="games/belote/_banner.html",
    statistics="games/belote/_statistics.html",
    final="games/belote/_final.html",
    stylesheet="css/site-belote.css",
    styles=(*GAME_STYLES, "css/belote.css"),
    script="js/site-belote.js",
    hands=True,
    hand_size=False,
    context=_context,
    correction_form=form_for,
    correction_body="games/belote/_correction.html",
    correction_entries=_correction_entries,
    prefill_correction=prefill,
    words=WORDS,
    option_values=OPTION_VALUES,
    option_names=OPTION_NAMES,
    option_sources=OPTION_SOURCES,
    explain_round=explain_round,
    routes=(Route("/belote-hand", "belote_hand", hand),
            Route("/belote-finish", "belote_finish", finish)),
)
