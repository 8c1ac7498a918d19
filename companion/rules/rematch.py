"""A rematch: the same table plays again, the deal passing on as it would have."""

from __future__ import annotations

from dataclasses import replace

from .editions import CURRENT_GIFT_RULE
from .seating import eldest, passes, step
from .settings import Settings
from .state import GameState


def rematch_settings(state: GameState) -> Settings:
    """The settings of the next game: the same ruleset, players, seating and options, with the
    player after the last dealer dealing first, the way the game's deal passes (left, or right
    in the French and Italian games: docs/rules.md preamble).
    It is a new game, so it plays today's edition of every rule (``editions``), whatever the
    edition the last one began with.

    >>> from companion.rules import new_settings, fold, Bids, Tricks
    >>> game = fold(new_settings("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=1),
    ...             [Bids((0, 0, 1)), Tricks((0, 0, 10))])
    >>> rematch_settings(game).first_dealer  # Ben dealt round 1; Cleo deals next
    2
    """
    settings = state.settings
    played = state.rounds[-1] if state.rounds else state.current
    way, count = passes(settings), len(settings.players)
    last_dealer = (played.dealer if played is not None
                   else (settings.first_dealer - step(way)) % count)
    return replace(settings, first_dealer=eldest(last_dealer, count, way),
                   gift_rule=CURRENT_GIFT_RULE)
