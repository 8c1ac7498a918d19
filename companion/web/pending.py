"""Stand-in for an engine answer not merged yet (``/work`` interfaces: branch i8e provides
``rules.cards_open``). Delete this module once ``companion.rules.cards_open`` exists: the page
then asks the engine itself (``fragments._cards_closed`` prefers it already)."""

from __future__ import annotations

from collections import Counter

from .. import rules


def cards_open(state: rules.GameState, seat: int) -> tuple[rules.Card, ...]:
    """The cards ``seat`` may put forward in the current Oh-Seven deal: every card of which
    fewer copies are set aside than the decks hold (``card_bids._check_cards``'s count)."""
    current = state.current
    assert current is not None
    copies = rules.decks(len(state.settings.players))
    aside = Counter(card for cards in current.set_aside for card in cards)
    return tuple(rules.Card(value, suit) for suit in rules.Suit for value in range(8)
                 if aside[rules.Card(value, suit)] < copies)
