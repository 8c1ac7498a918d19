"""Rules that changed after games were stored under them. A stored game names the edition of
such a rule it began with, beside its settings, so that it plays on under it: no stored game
stops loading, and none changes its mind about an entry it already accepted. A new game gets
the current edition; a row that names none began before the rule had editions.
"""

from __future__ import annotations

import enum


class GiftRule(enum.Enum):
    """Seven-Up: whose score stops the dealer's gift (docs/rules.md section 4)."""

    #: The first edition: only the eldest's side may not be put out by the gift (with three
    #: players the other non-dealer could be).
    ELDEST_SIDE = "eldest-side"
    #: No receiver may be put out by the gift: with three players, neither non-dealer.
    EVERY_RECEIVER = "every-receiver"


#: What a new game plays.
CURRENT_GIFT_RULE = GiftRule.EVERY_RECEIVER
#: What a stored Seven-Up game that names no edition began with.
FIRST_GIFT_RULE = GiftRule.ELDEST_SIDE
