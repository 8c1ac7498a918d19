"""Oh-Seven's round forms: every player's bid card in one form (``bids_<seat>=3-spades``)."""

from __future__ import annotations

from companion import rules
from companion.rules import Entry, Settings
from companion.rules.memo import memoized
from companion.web.shared.forms import RoundForm, card_fields, tapped_cards


#: One form class per number of seats (2–10): bound 16.
@memoized(16)
def cards_form(seats: int) -> type[RoundForm]:
    return type("CardBidsForm", (RoundForm,), card_fields(seats))


def card_bids(settings: Settings, form: RoundForm) -> Entry | None:
    """Every player's card, revealed together; ``None`` while one is missing."""
    cards = tapped_cards(settings, form)
    return None if cards is None else rules.parse_entry(settings, "bids", {"bids": cards})
