"""The rules engine: a pure library (standard library only) that folds a game's entries into its
state for every game ``games.py`` lists (Oh-Seven, Oh Hell, Elevator, Seven-Up and the score pad
of any other game), exactly as docs/rules.md says.

The web layer and the API only ask it; they never compute a rule themselves::

    settings = new_settings("oh-hell", ["Ana", "Ben", "Cleo", "Dev"])
    state = fold(settings, [Bids((None, 1, None, None))])  # Ben, left of the dealer, bids 1
    state.current.next_bidder  # -> 2
    bids_open(state, 2)  # -> (0, 1, …, 10): what Cleo may bid now

Everything the table asks is answered here (``answers``: what is due next, what a seat may bid
or put forward, the last player's tricks); a game's own answers are in its own files, and the
names the pages import of them are re-exported from ``games`` (as its ``__all__`` says).
"""

from . import games
from .answers import (
    Step,
    bids_open,
    bids_so_far,
    cards_open,
    filled_in_tricks,
    hook_lifted,
    last_tricks,
    next_step,
    redealt,
    tricks_left,
    tricks_to_share,
    tricks_unshared,
    untaken_tricks,
)
from .cards import Card, Suit, deck, from_token
from .entries import (ENTRY_KINDS, TIE, Beg, Bids, Entry, Finish, Hand, Points, ShapeError, Tricks,
                      entry_to_json)
from .errors import CODES, RuleError
from .families import GameFamily, entry_kinds, entry_from_json, family_of, parse_entry, result_kinds
from .game import (
    RoundNotFound,
    apply,
    correct_round,
    correctable_round,
    correction_problems,
    fold,
    new_game,
    require_in_progress,
    result_entries,
    undo,
)
from .options import GameTie, Hook, LowTo, Schedule, Scoring, Teams, TypedOptions, Winner, ZeroBid
from .games import *  # noqa: F403  (the list of games, and the names above)
from .ruleset import IntRange, Option, OptionValue, Ruleset
from .typed import MOST_DIGITS, small_number
from .settings import (NAME_MAX, PAIRS_PLAYERS, TITLE_MAX, Settings, deal_limit, max_hand_range,
                       showable, shows_something)
from .starting import clean_title, new_settings, settings_from_json, settings_problems
from .editions import CURRENT_GIFT_RULE, GiftRule
from .state import (
    Attempt,
    Award,
    FinishedBy,
    GameState,
    Pass,
    Passing,
    Phase,
    Played,
    Round,
    Standing,
    Status,
)
from .explain import (BidScore, HandScore, HandSummary, Outcome, PadScore, Point, PointWon,
                      RebidBonus, RoundExplanation, Rule, explain)
from .offline_round import (
    OfflineAnswers,
    PadEnd,
    RevealAnswers,
    every_round,
    hands_ahead,
    offline_answers,
    pad_end,
    reveal_answers,
)
from .rematch import rematch_settings
from .stats import GameStats, PlayerStats, statistics

__all__ = [
    "showable", "shows_something", "small_number", "MOST_DIGITS",
    "CODES", "ENTRY_KINDS", "NAME_MAX", "TIE",
    "Attempt", "Award", "Beg", "Bids", "Card", "Entry", "GameFamily", "GameState",
    "GameTie", "Hand", "Hook", "IntRange", "LowTo", "Option", "OptionValue", "Pass", "Passing",
    "Phase", "Played", "PlayerStats", "Round", "RoundNotFound", "RuleError", "Ruleset",
    "Schedule", "Scoring", "Settings", "ShapeError", "Standing", "Status", "Step", "Suit",
    "GameStats", "Tricks", "TypedOptions", "ZeroBid",
    "apply", "bids_open", "bids_so_far", "cards_open", "correct_round", "correctable_round",
    "correction_problems", "deal_limit", "deck", "from_token", "max_hand_range",
    "settings_problems", "entry_from_json", "entry_kinds", "entry_to_json", "family_of", "fold",
    "CURRENT_GIFT_RULE", "GiftRule", "hook_lifted", "last_tricks", "new_game",
    "new_settings", "next_step", "parse_entry", "redealt", "require_in_progress", "result_entries",
    "settings_from_json", "statistics", "tricks_to_share",
    "tricks_unshared", "filled_in_tricks", "undo",
    "BidScore", "HandScore", "HandSummary", "Outcome", "Point", "PointWon", "RebidBonus",
    "RoundExplanation", "Rule", "explain", "rematch_settings",
    "OfflineAnswers", "PadEnd", "RevealAnswers", "every_round", "offline_answers", "pad_end",
    "reveal_answers", "hands_ahead",
    "tricks_left", "untaken_tricks",
    "Finish", "FinishedBy", "PAIRS_PLAYERS", "PadScore",
    "Points", "TITLE_MAX", "result_kinds", "Teams", "Winner", "clean_title",
    "games", *games.__all__,
]
