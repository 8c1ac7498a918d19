"""Seven-Up at the table: one form for a hand, in the order it happens, sent to the engine as
one ``Hand``; the chips, the hands in numbers and the counting out around it.

What the page shows is the engine's answer: whether the dealer may give one, and why not
(``rules.gift_refusal``), who a gift scores for (``rules.gift_receivers``), how many turned
jacks end the game before play (``rules.seven_up.jacks_to_win``), the chips, the hands and the
counting out (``rules.chips``).

- ``hand_form``: the form, and the ``Hand`` it makes
- ``board``: the form's hints, the chips, the hands table, the counting out (``panel``)
- ``hand_writes``: posting a hand, correcting a past one
- ``explaining``: a hand's "why", point by point
- ``words``: its name, description, seed and rules page

The package declares them to the pages (``GAME``); its templates are in
templates/games/seven_up/.
"""

from __future__ import annotations

from typing import Any

from companion import rules
from companion.storage.store import StoredGame
from companion.web.games.seven_up import hand_writes
from companion.web.games.seven_up.board import panel
from companion.web.games.seven_up.explaining import explain_round
from companion.web.games.seven_up.words import WORDS
from companion.web.shared.declaration import Route, WebGame


def _context(game: StoredGame, submitted: Any, editable: bool) -> dict[str, Any]:
    return {"seven_up": panel(game, submitted, editable),
            "seven_up_statistics": rules.seven_up_statistics(game.state)}


GAME = WebGame(
    family="seven-up",
    entry_form=lambda _settings, _step: None,  # the hand form: kept as submitted (board.panel)
    panel="games/seven_up/_hand.html",
    board="games/seven_up/_board.html",
    banner="games/seven_up/_banner.html",
    statistics="games/seven_up/_statistics.html",
    stylesheet="css/site-seven-up.css",
    styles=("css/app.css", "css/htmx.css", "css/game.css", "css/seven_up.css", "css/offline.css",
            "css/table_links.css"),
    script="js/site-seven-up.js",
    hands=True,
    hand_size=False,
    context=_context,
    words=WORDS,
    explain_round=explain_round,
    routes=(
        Route("/hand", "hand", hand_writes.hand),
        Route("/hands/<int:number>", "hand_correction", hand_writes.correction, ("GET",)),
        Route("/hands/<int:number>", "correct_hand", hand_writes.correct),
    ),
)
