"""The entries a scorekeeper's phone may make next, as each family of games builds them: what
``offline_round`` applies to hand the phone the engine's own answers, looked up offline.

A family names only entries here, never whether they are legal: ``apply`` judges each one, so
the answers the phone carries are the engine's (docs/architecture.md, "offline"). A family
leaves out what it has no use for (``None``); a family with no candidates at all (Seven-Up, whose
hands wait for the connection) has none. A game of hands of its own (``hands``: Belote, Tarot,
Scopa) names the kinds of hand a table enters, from which the engine says who deals the hands
ahead (``offline_round.hands_ahead``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .cards import Card
from .entries import Entry
from .settings import Settings
from .state import Round


@dataclass(frozen=True)
class Candidates:
    """How a family's phone entries are built, each from the round as it starts."""

    #: Every bid but the dealer's, adding up to ``total`` (bids in turn: the dealer bids last).
    others_bids: Callable[[Settings, Round, int], Entry] | None = None
    #: Some bids that stand, which take the round to its tricks.
    standing_bids: Callable[[Settings, Round], Entry] | None = None
    #: Tricks with every player's count but one adding up to ``total`` (the first ones filled
    #: first, the others 0) and the one left's ``count``.
    tricks: Callable[[Settings, Round, int, int], Entry] | None = None
    #: The round's next rounds hang on the settings alone: the phone may carry every round's
    #: answers from the start and play the game to its end offline.
    whole_game: bool = False
    #: A game whose rounds' answers hang on the scores too (the Canadian rule asks who leads):
    #: its round is judged from the game as it is, and the next round waits for the connection.
    hangs_on_scores: Callable[[Settings], bool] | None = None
    #: Bid cards whose values add up to ``total``, the strongest bid once when it can be.
    revealed: Callable[[Settings, Round, int], Entry] | None = None
    #: Bid cards where two players bid the strongest card, adding up to no forced total.
    shared_strongest: Callable[[Settings, Round], Entry] | None = None
    #: Every card a player may bid, the weakest first (the engine's own order).
    weakest_first: tuple[Card, ...] = ()
    #: A round of points where side ``side`` scores ``points`` (and nobody else moves, or as
    #: little as the game's options allow).
    points: Callable[[Settings, int, int], Entry] | None = None
    #: The most a side may score in one round (the points tried run 0 to it).
    points_most: int = 0
    #: A game whose hand is one blank form every time: one hand of each kind the table may
    #: enter in ``round`` (taken, passed…). The hands after it follow from each, as the engine
    #: plays them: the phone goes on to them offline while the dealer is the same whatever the
    #: hand held.
    hands: Callable[[Settings, Round], tuple[Entry, ...]] | None = None


def spread(total: int, seats: int, most: int) -> list[int]:
    """``total`` over ``seats`` counts of at most ``most`` each, the first ones filled first
    (what cannot be placed is dropped: the candidate is then refused, as it should be).

    >>> spread(7, 3, 5), spread(2, 3, 5)
    ([5, 2, 0], [2, 0, 0])
    """
    counts = []
    for _seat in range(seats):
        count = max(0, min(most, total))
        counts.append(count)
        total -= count
    if total and counts:
        counts[-1] += total  # more than the seats hold: let the engine refuse it
    return counts
