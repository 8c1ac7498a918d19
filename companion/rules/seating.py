"""Who deals and who bids first, for every game (docs/rules.md sections 1–4): the first dealer
deals round 1, the deal passes one seat to the left each round, and play goes round the table
from the dealer's left, so the dealer bids last. The one place these are reckoned: every family
asks here.

The French and Italian games deal and play the other way round (docs/rules.md, the preamble):
their rulesets offer ``DEAL_PASSES``, and ask with the direction it names.
"""

from __future__ import annotations

import enum

from .options import values
from .ruleset import Option
from .settings import Settings


class DealPasses(enum.Enum):
    """Which way the deal (and the play) goes round the table."""

    LEFT = "left"  # clockwise: seat d + 1 deals next, and speaks first
    RIGHT = "right"  # counter-clockwise: seat d − 1


#: The option of the games that deal to the right by default, with ``left`` for tables that
#: deal clockwise.
DEAL_PASSES = Option(DealPasses.RIGHT.value, values(DealPasses.RIGHT, DealPasses.LEFT))


def passes(settings: Settings) -> DealPasses:
    """The way a game's deal passes: its option ``deal_passes``, else left."""
    return DealPasses(settings.options.get("deal_passes", DealPasses.LEFT.value))


def step(way: DealPasses) -> int:
    """The seat after seat ``i`` is ``(i + step(way)) % n``."""
    return 1 if way is DealPasses.LEFT else -1


def next_dealer(dealer: int, players: int, way: DealPasses = DealPasses.LEFT) -> int:
    """Who deals after ``dealer``: a game whose deal does not move every round (a hand redealt
    by the same dealer) counts its dealers with this.

    >>> next_dealer(0, 4), next_dealer(0, 4, DealPasses.RIGHT)
    (1, 3)
    """
    return (dealer + step(way)) % players


def dealer(settings: Settings, number: int) -> int:
    """The seat that deals round ``number`` (counted from 1).

    >>> s = __import__("companion.rules", fromlist=["x"]).new_settings(
    ...     "oh-hell", ["A", "B", "C"], first_dealer=2)
    >>> [dealer(s, number) for number in (1, 2, 3, 4)]
    [2, 0, 1, 2]
    """
    return (settings.first_dealer + step(passes(settings)) * (number - 1)) % len(settings.players)


def eldest(dealer: int, players: int, way: DealPasses = DealPasses.LEFT) -> int:
    """The seat after the dealer, the way the deal goes: the first to bid, the first to lead,
    Seven-Up's eldest hand (the dealer's left), Belote's and Tarot's (the dealer's right)."""
    return next_dealer(dealer, players, way)


def bidding_order(dealer: int, players: int,
                  way: DealPasses = DealPasses.LEFT) -> tuple[int, ...]:
    """Every seat from the eldest round to the dealer, who comes last.

    >>> bidding_order(1, 4), bidding_order(1, 4, DealPasses.RIGHT)
    ((2, 3, 0, 1), (0, 3, 2, 1))
    """
    return tuple((dealer + step(way) * (1 + k)) % players for k in range(players))
