"""The rules engine: a pure library (standard library only) that folds a game's entries into its
state for Oh-Seven, Oh Hell, Elevator and Seven-Up, and the score pad of any other game, exactly
as docs/rules.md says.

The web layer and the API only ask it; they never compute a rule themselves::

    settings = new_settings("oh-hell", ["Ana", "Ben", "Cleo", "Dev"])
    state = fold(settings, [Bids((None, 1, None, None))])  # Ben, left of the dealer, bids 1
    state.current.next_bidder  # -> 2
    bids_open(state, 2)  # -> (0, 1, …, 10): what Cleo may bid now

Everything the table asks is answered here (``answers``: what is due next, what a seat may bid
or put forward, the last player's tricks; ``chips``: Seven-Up's chips and counting out).
"""

from . import chips, seven_up
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
from .card_bids import decks
from .cards import Card, Suit, deck, from_token
from .entries import (ENTRY_KINDS, TIE, Beg, Bids, Entry, Finish, Hand, Points, ShapeError, Tricks,
                      entry_to_json)
from .errors import CODES, RuleError
from .families import (FAMILIES, GameFamily, entry_kinds, entry_from_json, family_of, parse_entry,
                       result_kinds)
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
from .registry import RULESETS, Family, IntRange, Option, OptionValue, Ruleset, get_ruleset
from .typed import MOST_DIGITS, small_number
from .settings import (NAME_MAX, PAIRS_PLAYERS, TITLE_MAX, Settings, clean_title, deal_limit,
                       max_hand_range, new_settings, settings_from_json, settings_problems,
                       showable, shows_something)
from .editions import CURRENT_GIFT_RULE, GiftRule
from .seven_up import gift_receivers, gift_refusal, may_give, put_out_by_gift
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
                      RebidBonus, RoundExplanation, Rule, explain, rebid_bonuses)
from .offline_round import (
    OfflineAnswers,
    PadEnd,
    RevealAnswers,
    every_round,
    offline_answers,
    pad_end,
    reveal_answers,
)
from .rematch import rematch_settings
from .stats import (GameStats, PadSideStats, PadStats, PlayerStats, SevenUpStats, SideStats,
                    pad_statistics, seven_up_statistics, statistics)
from .score_pad import POINTS_MOST
from .turn_bids import legal_bids, schedule

__all__ = [
    "showable", "shows_something", "small_number", "MOST_DIGITS",
    "CODES", "ENTRY_KINDS", "FAMILIES", "NAME_MAX", "RULESETS", "TIE",
    "Attempt", "Award", "Beg", "Bids", "Card", "Entry", "Family", "GameFamily", "GameState",
    "GameTie", "Hand", "Hook", "IntRange", "LowTo", "Option", "OptionValue", "Pass", "Passing",
    "Phase", "Played", "PlayerStats", "Round", "RoundNotFound", "RuleError", "Ruleset",
    "Schedule", "Scoring", "Settings", "ShapeError", "Standing", "Status", "Step", "Suit",
    "GameStats", "Tricks", "TypedOptions", "ZeroBid",
    "apply", "bids_open", "bids_so_far", "cards_open", "correct_round", "correctable_round", "correction_problems",
    "deal_limit", "deck", "decks", "from_token", "max_hand_range", "settings_problems",
    "entry_from_json", "entry_kinds", "entry_to_json", "family_of", "fold", "get_ruleset",
    "CURRENT_GIFT_RULE", "GiftRule", "gift_refusal", "put_out_by_gift",
    "gift_receivers", "hook_lifted", "last_tricks", "legal_bids", "may_give", "new_game",
    "new_settings", "next_step", "parse_entry", "redealt", "require_in_progress", "result_entries",
    "chips", "schedule", "settings_from_json", "seven_up", "statistics", "tricks_to_share",
    "tricks_unshared", "filled_in_tricks", "undo",
    "BidScore", "HandScore", "HandSummary", "Outcome", "Point", "PointWon", "RebidBonus",
    "RoundExplanation", "Rule", "SevenUpStats", "SideStats", "explain", "rebid_bonuses", "rematch_settings",
    "seven_up_statistics",
    "OfflineAnswers", "PadEnd", "RevealAnswers", "every_round", "offline_answers", "pad_end",
    "reveal_answers",
    "tricks_left", "untaken_tricks",
    "Finish", "FinishedBy", "PAIRS_PLAYERS", "POINTS_MOST", "PadScore", "PadSideStats", "PadStats",
    "Points", "TITLE_MAX", "result_kinds", "Teams", "Winner", "clean_title", "pad_statistics",
]
