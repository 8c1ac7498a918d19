"""The score pad on the pages (any other game): a round's points a side a row, "We stop here",
its scoreboard, statistics and end; its words (``words``); its templates are in
templates/games/score_pad/."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion import rules
from companion.rules import Settings, Step
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write, write_entry
from companion.web.games.score_pad.forms import FinishForm, points, points_form
from companion.web.games.score_pad.words import WORDS, explain_round
from companion.web.shared.declaration import Route, WebGame


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    return points_form(len(settings.sides)) if step is Step.POINTS else None


def _context(game: StoredGame, _submitted: Any, _editable: bool) -> dict[str, Any]:
    return {"pad_statistics": rules.pad_statistics(game.state)}


def round_points(game_id: str) -> Any:
    """A round: every side's points at once."""
    def change(game: StoredGame, form: Any) -> Any:
        rules.require_in_progress(game.state, "points")  # a page left open on a finished game
        return entry_write(points(game.settings, form))

    return write_entry(game_id, lambda game: points_form(len(game.settings.sides))(), change)


def finish(game_id: str) -> Any:
    """"We stop here": the game ends with its totals (undo reopens it)."""
    return write_entry(
        game_id, lambda _game: FinishForm(),
        lambda game, _form: entry_write(rules.parse_entry(game.settings, "finish", {})),
        said=_("The game is over. Undo reopens it."))


def _correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    made = points(settings, form)
    return None if made is None else [made]


def _prefill(settings: Settings, round_: rules.Round, form: Any) -> None:
    """Each side's points, as entered."""
    for side in settings.sides:
        form[f"points_{side}"].data = (round_.points[settings.seats_of(side)[0]]
                                       if round_.points else None)


def _table_records(figures: Any) -> set[str]:
    """The games a table's pad records name (its best score and round), for their dates."""
    return {record.game for pad in figures.score_pads
            for record in (pad.records.best_score, pad.records.best_round) if record is not None}


GAME = WebGame(
    family="score-pad",
    entry_form=_entry_form,
    panel="games/score_pad/_points.html",
    board="games/score_pad/_scoreboard.html",
    banner="games/score_pad/_banner.html",
    statistics="games/score_pad/_statistics.html",
    final="games/score_pad/_final.html",
    new_game="games/score_pad/_new_game.html",
    table_chips="games/score_pad/_table_chips.html",
    table_figures="games/score_pad/_table.html",
    table_records=_table_records,
    queue="games/score_pad/_queue.html",
    stylesheet="css/site-score-pad.css",
    # Its round's keypad too (kept off every other page).
    styles=("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css", "css/table.css",
            "css/table_links.css", "css/score_pad.css", "css/score_pad_round.css"),
    start_styles=("css/score_pad.css",),  # its title and options where a game starts
    script="js/site-score-pad.js",
    hand_size=False,
    titled=True,
    context=_context,
    correction_form=lambda settings: points_form(len(settings.sides)),
    correction_body="games/score_pad/_correction.html",
    correction_entries=_correction_entries,
    prefill_correction=_prefill,
    words=WORDS,
    explain_round=explain_round,
    routes=(Route("/points", "points", round_points), Route("/finish", "finish", finish)),
)
