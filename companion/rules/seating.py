"""Who deals and who bids first, for every game (docs/rules.md sections 1–4): the first dealer
deals round 1, the deal passes one seat to the left each round, and play goes round the table
from the dealer's left, so the dealer bids last. The one place these are reckoned: every family
asks here.
"""

from __future__ import annotations

from .settings import Settings


def dealer(settings: Settings, number: int) -> int:
    """The seat that deals round ``number`` (counted from 1).

    >>> s = __import__("companion.rules", fromlist=["x"]).new_settings(
    ...     "oh-hell", ["A", "B", "C"], first_dealer=2)
    >>> [dealer(s, number) for number in (1, 2, 3, 4)]
    [2, 0, 1, 2]
    """
    return (settings.first_dealer + number - 1) % len(settings.players)


def eldest(dealer: int, players: int) -> int:
    """The dealer's left: the first to bid, the first to lead, Seven-Up's eldest hand."""
    return (dealer + 1) % players


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """Every seat from the dealer's left round to the dealer, who comes last.

    >>> bidding_order(1, 4)
    (2, 3, 0, 1)
    """
    return tuple((dealer + 1 + k) % players for k in range(players))
