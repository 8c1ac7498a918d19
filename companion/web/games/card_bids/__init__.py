"""Oh-Seven on the pages: every player's bid card at once (``forms``), the tricks, the rebid
panel and the card passing in the banner; its words (``words``); its templates are in
templates/games/card_bids/."""

from __future__ import annotations

from typing import Any

from companion import rules
from companion.rules import Settings, Step
from companion.storage.store import StoredGame
from companion.web.game.responses import entry_write, write_entry
from companion.web.games.card_bids.forms import card_bids, cards_form
from companion.web.games.card_bids.words import OH_SEVEN, WORDS, passes, rebid_line, rebid_lines
from companion.web.shared.declaration import Route, WebGame
from companion.web.shared import forms
from companion.web.shared.forms import correction_form, prefill_round, tricks_form


def _entry_form(settings: Settings, step: Step) -> type[Any] | None:
    if step is Step.TRICKS:
        return tricks_form(len(settings.players))
    if step in (Step.BID, Step.PASS_CARDS):
        return cards_form(len(settings.players))
    return None


def _cards_closed(state: rules.GameState) -> list[list[rules.Card]]:
    """Bidding: for each seat, the cards the engine does not let it put forward now (the card
    picker disables them)."""
    current = state.current
    if current is None or current.phase is not rules.Phase.BIDDING:
        return []
    closed = []
    for seat in state.settings.seats:
        open_ = set(rules.cards_open(state, seat))
        closed.append([card for card in rules.deck() if card not in open_])
    return closed


def _context(game: StoredGame, _submitted: Any, _editable: bool) -> dict[str, Any]:
    return {
        # The numbers the rebid panel and banner say: the engine's, as on the rules page.
        "rebid_rule": {"sum": rules.card_bids.REBID_SUM, "bonus": rules.card_bids.REBID_BONUS,
                       "failed_bids": rules.card_bids.HAND_SIZE},
        "cards_closed": _cards_closed(game.state),
    }


def bid_cards(game_id: str) -> Any:
    """Every player's card, revealed together."""
    return write_entry(game_id, lambda game: cards_form(len(game.settings.players))(),
                       lambda game, form: entry_write(card_bids(game.settings, form)))


GAME = WebGame(
    family="card-bids",
    entry_form=_entry_form,
    panel="games/card_bids/_panel.html",
    banner="games/card_bids/_banner.html",
    queue="games/card_bids/_queue.html",
    bids_are_cards=True,
    context=_context,
    correction_form=lambda settings: correction_form(len(settings.players), True),
    correction_entries=lambda settings, form: forms.correction(settings, form, cards_bid=True),
    prefill_correction=prefill_round,
    routes=(Route("/cards", "card_bids", bid_cards),),
    words=WORDS,
    option_facts=lambda: {"passes": passes()},
    bid_words=OH_SEVEN,
    rebid_line=rebid_line,
    rebid_lines=rebid_lines,
)
