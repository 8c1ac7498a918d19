"""The games Companion keeps: the one list of them. Each game declares itself in its own files
(its ``Ruleset``: id, name, family, players, options), and registers here with one line; every
other module asks the declaration (``settings.ruleset``, ``settings.family``) and names no game.

Adding a game: write its module (or package) under ``companion/rules/``, its ``Ruleset`` and,
for a new way of playing rounds, its family (``families.GameFamily``); then add it to ``GAMES``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import card_bids, turn_bids, wizard
from .belote import game as belote_game
from .card_bids import decks, rebid_bonuses
from .errors import RuleError
from .families import GameFamily
from .ruleset import Ruleset
from .score_pad import POINTS_MOST
from .score_pad import game as score_pad_game
from .score_pad.statistics import PadSideStats, PadStats, pad_statistics
from .seven_up import chips, gift_receivers, gift_refusal, may_give, put_out_by_gift
from .seven_up import game as seven_up_game
from .seven_up.statistics import SevenUpStats, SideStats, seven_up_statistics
from .bids_in_turn import legal_bids
from .spades import game as spades_game
from .scopa import game as scopa_game
from .tarot import game as tarot_game
from .turn_bids import schedule

#: Every game, in the order they are offered and shown.
GAMES: tuple[Ruleset, ...] = (
    card_bids.OH_SEVEN,
    turn_bids.OH_HELL,
    turn_bids.ELEVATOR,
    wizard.WIZARD,
    seven_up_game.SEVEN_UP,
    spades_game.SPADES,
    *belote_game.RULESETS,
    scopa_game.SCOPA,
    tarot_game.TAROT,
    score_pad_game.SCORE_PAD,  # any other game: offered last
)

#: The games by id (docs/api.md, ``GET /api/rulesets``), in ``GAMES`` order.
RULESETS: Mapping[str, Ruleset] = MappingProxyType({game.id: game for game in GAMES})

#: Their families by id (``GameFamily.id``), each once.
FAMILIES: Mapping[str, GameFamily] = MappingProxyType(
    {game.family.id: game.family for game in GAMES})


def get_ruleset(ruleset_id: object) -> Ruleset:
    """The ruleset named ``ruleset_id``, or ``RuleError('ruleset')``."""
    if isinstance(ruleset_id, str) and ruleset_id in RULESETS:
        return RULESETS[ruleset_id]
    raise RuleError(
        "ruleset",
        f"unknown ruleset {ruleset_id!r}: choose one of " + ", ".join(RULESETS),
        reason="ruleset-unknown",
        field="ruleset",
        ruleset=ruleset_id,
    )


class Family:
    """The families by name, for the modules that still ask which family a game is
    (``settings.family is Family.SEVEN_UP``) rather than its declaration."""

    CARD_BIDS: GameFamily = card_bids.FAMILY
    TURN_BIDS: GameFamily = turn_bids.FAMILY
    SEVEN_UP: GameFamily = seven_up_game.FAMILY
    SCORE_PAD: GameFamily = score_pad_game.FAMILY


#: With the list of games, what the pages import from the package (``companion.rules``) of a
#: game's own files, until they ask the declaration: ``rules/__init__.py`` re-exports these.
__all__ = [
    "GAMES", "RULESETS", "FAMILIES", "Family", "get_ruleset",
    "chips", "decks", "rebid_bonuses", "legal_bids", "schedule", "gift_receivers",
    "gift_refusal", "may_give", "put_out_by_gift", "POINTS_MOST",
    "SevenUpStats", "SideStats", "seven_up_statistics", "PadSideStats", "PadStats",
    "pad_statistics",
]
