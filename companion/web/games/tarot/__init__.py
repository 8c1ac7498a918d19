"""Tarot at the table: a hand on one screen as the table says it aloud (the taker, the
contract, the bouts, the card points on the keypad with "made by 8" shown as they are typed,
the partner at 5), then petit au bout, poignées and chelem folded under one line; the board
with each hand's mark explained. Its words are in ``words``, its templates in
templates/games/tarot/, its script in static/js/tarot.js.

What the pages show is the engine's answer (``rules.tarot``): the points needed by bouts, the
margin (as the points are typed too: the engine's table of margins, shipped with the form), the
mark and each seat's share.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext as _
from werkzeug.wrappers import Response

from companion import rules
from companion.rules import Settings
from companion.rules.memo import memoized
from companion.rules.tarot import Mark, TarotHand, margins
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write, write_entry
from companion.web.games.tarot.hand_form import (TarotHandForm, fresh, hand_entry, hand_form,
                                                 prefill)
from companion.web.games.tarot.words import (CONTRACTS, OPTION_SOURCES, OPTION_VALUES, SIZES,
                                             WORDS, hand_lines)
from companion.web.shared.declaration import Route, WebGame
from companion.web.shared.names import isolate


def _form_of(game: StoredGame) -> Any:
    return hand_form(len(game.settings.players))()


def hand(game_id: str) -> Response:
    """A hand: one ``TarotHand`` (or a passed hand); the engine judges it."""
    def change(game: StoredGame, form: Any) -> Any:
        rules.require_in_progress(game.state, "taker")  # a page left open (undo still works)
        return entry_write(hand_entry(game.settings, form))

    return write_entry(game_id, _form_of, change, _said)


def _said(written: StoredGame) -> str:
    """The hand just saved, said as the table says it."""
    last = written.state.rounds[-1] if written.state.rounds else None
    if last is None or not isinstance(last.own, Mark):
        return str(_("Saved."))
    return " · ".join(hand_lines(written.settings, last.own))


def correction_form(settings: Settings) -> type[Any]:
    return hand_form(len(settings.players))


def correction_entries(settings: Settings, form: Any) -> list[rules.Entry] | None:
    entry = hand_entry(settings, form)
    return None if entry is None else [entry]


def explain_round(settings: Settings, explained: rules.RoundExplanation) -> tuple[list[str], ...]:
    """Every seat's cell says the hand's mark; the share is the seat's own."""
    scored = explained.scored
    assert scored is not None and isinstance(scored.own, Mark)
    said = hand_lines(settings, scored.own)
    return tuple(said for _seat in settings.seats)


def row_line(settings: Settings, scored: Mark) -> str:
    """A hand in a few words under its number: "Ana · Garde · made by 8", or passed."""
    hand_: TarotHand = scored.hand
    if hand_.taker is None or hand_.contract is None:
        return str(_("passed"))
    how = (_("made by %(margin)s", margin=scored.margin) if scored.result == "made"
           else _("down by %(margin)s", margin=scored.margin))
    return f"{isolate(settings.players[hand_.taker])} · {CONTRACTS[hand_.contract.value]} · {how}"


@memoized(1)
def _margins() -> str:
    """``rules.tarot.margins`` as the data attribute's JSON, without spaces (two forms a page)."""
    return json.dumps(margins(), separators=(",", ":"))


def _context(game: StoredGame, submitted: Any, editable: bool) -> dict[str, Any]:
    state = game.state
    settings = game.settings
    current = state.current
    form = None
    if current is not None:
        keep = isinstance(submitted, TarotHandForm) and submitted.round.data == current.number
        form = submitted if keep else fresh(settings, current.number, watching=not editable)
    return {"tarot": {
        "form": form,
        "five": len(settings.players) == 5,
        "contracts": CONTRACTS, "sizes": SIZES,
        #: The engine's margin of every hand, for the script's "made by 8" as the points are
        #: typed: it looks the answer up, by bouts and points (``rules.tarot.margins``).
        "margins": _margins(),
        "rows": [(r, totals, row_line(settings, r.own)) for r, totals
                 in zip(state.rounds, state.running_totals) if isinstance(r.own, Mark)][-12:],
        "statistics": settings.family.statistics_json(state),
    }}


GAME = WebGame(
    family="tarot",
    entry_form=lambda _settings, _step: None,  # the hand form: kept as submitted (_context)
    panel="games/tarot/_hand.html",
    board="games/tarot/_board.html",
    banner="games/tarot/_banner.html",
    statistics="games/tarot/_statistics.html",
    stylesheet="css/site-tarot.css",
    styles=("css/app.css", "css/htmx.css", "css/game.css", "css/offline.css",
            "css/table_links.css", "css/tarot.css"),
    script="js/site-tarot.js",
    hands=True,
    hand_size=False,
    context=_context,
    words=WORDS,
    explain_round=explain_round,
    option_values=OPTION_VALUES,
    option_sources=OPTION_SOURCES,
    routes=(Route("/tarot/hand", "tarot_hand", hand),),
    correction_form=correction_form,
    correction_body="games/tarot/_correction.html",
    correction_entries=correction_entries,
    prefill_correction=prefill,
)
