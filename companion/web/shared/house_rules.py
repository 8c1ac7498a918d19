"""Every option of every game in plain words: its name, and for each value a label, its one-line
effect at the table, and where the rule comes from (docs/rules.md section 6's source column; a
default is the seed's own rule, so its source is the game's seed).

Which options exist, their values and defaults are the engine's (``rules.RULESETS``); this module
only words them, for the new-game page and the rules pages. The numbers a label or an effect
says (scores, the passing, the largest hands, the deal limit) are the engine's too, gathered by
the games' packages (``facts``). A
test reads the registry and fails when any value lacks a label, an effect or a source, or when
French or Italian lack one.

An option value is keyed as the form sends it: ``token(value)`` (``False`` -> ``"false"``,
``7`` -> ``"7"``). A range option (``max_hand``) has two keys: ``BY_PLAYERS`` for its ``None``
default, and ``NUMBER`` for a number chosen from the range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask_babel import LazyString, format_decimal, ngettext
from flask_babel import lazy_gettext as _l

from companion.rules import RULESETS, IntRange, Option
from companion.rules.registry import OptionValue
from companion.web.shared import declaration, game_words

#: The token of a range option's default, decided by the number of players.
BY_PLAYERS = "by-players"
#: The token of a range option's "choose a number".
NUMBER = "number"


#: Each game's seed: where its default rules come from (the original rule texts, cited in
#: docs/rules.md), as its package words it.
SEEDS: Mapping[str, LazyString] = game_words.ByGame(lambda words: words.seed)


def token(value: OptionValue) -> str:
    """An option value as the form sends it: ``False`` -> ``"false"``, ``7`` -> ``"7"``,
    ``None`` (decided by the number of players) -> ``"by-players"``."""
    return BY_PLAYERS if value is None else str(value).lower()


#: What each option decides, as a question the table asks.
OPTION_NAMES: Mapping[str, LazyString] = {
    "card_passing": _l("Card passing"),
    "scoring": _l("Scoring"),
    "schedule": _l("Hand sizes"),
    "hook": _l("The dealer's hook"),
    "hook_from": _l("The hook from"),
    "max_hand": _l("Largest hand"),
    "zero_bid": _l("An exact zero"),
    "target": _l("Play to"),
    "game_tie": _l("Tie for game"),
    "low_to": _l("Low goes to"),
    "teams": _l("Teams"),
    "winner": _l("Who wins"),
    "rounds": _l("Number of rounds"),
    "zero_sum": _l("Zero-sum"),
    "floor": _l("Lose at"),
    "nil_value": _l("A nil is worth"),
    "blind_nil": _l("Blind nil"),
    "bag_limit": _l("Bags"),
    "failed_nil": _l("A failed nil's tricks"),
    "min_side_bid": _l("A side's least bid"),
    # The French and Italian games (docs/rules.md sections 11–13).
    "deal_passes": _l("The deal passes"),
}

#: (option, value token) -> (label, what it changes at the table)
VALUES: Mapping[tuple[str, str], tuple[LazyString, LazyString]] = {
    ("card_passing", "false"): (_l("No passing"), _l("Bid with the cards you were dealt.")),
    ("card_passing", "true"): (
        _l("Pass cards"),
        _l("Before bidding, everyone passes cards: %(passes)s."),
    ),
    ("scoring", "exact"): (_l("Exact bid only"),
                           _l("Make your bid exactly: %(exact_base)s plus the bid. Miss it: "
                              "nothing.")),
    ("scoring", "tricks-plus-bonus"): (_l("Tricks plus %(bonus)s"),
                                       _l("One point a trick, plus %(bonus)s for an exact "
                                          "bid.")),
    ("scoring", "tricks-plus-five"): (_l("Tricks plus %(five)s"),
                                      _l("One point a trick, plus %(five)s for an exact bid.")),
    ("scoring", "squared"): (
        _l("Squared"),
        _l("Exact bid: %(squared_base)s plus the bid squared. Miss it: minus the miss squared "
           "(bid 3, took 1: %(squared_miss)s)."),
    ),
    ("schedule", "down-up"): (_l("Down and up"),
                              _l("Start with the most cards, go down to one, then back up.")),
    ("schedule", "down"): (_l("Down only"), _l("From the most cards down to one.")),
    ("schedule", "up"): (_l("Up only"), _l("From one card up to the most.")),
    ("schedule", "up-down"): (_l("Up and down"),
                              _l("From one card up to the most, then back down.")),
    ("hook", "always"): (
        _l("Every round"),
        _l("The dealer, who bids last, may not bid the number that makes the bids add up to "
           "the cards: someone must miss."),
    ),
    ("hook", "never"): (_l("Never"),
                        _l("The dealer bids freely: every bid may be made.")),
    ("hook", "not-last"): (_l("Not in the last round"),
                           _l("The hook holds every round but the last, where the dealer bids "
                              "freely.")),
    ("max_hand", BY_PLAYERS): (_l("By the number of players"),
                               _l("%(largest)s.")),
    ("max_hand", NUMBER): (
        _l("This many cards"),
        _l("The game starts or peaks at this many cards; the hand sizes keep their shape. The "
           "deck keeps %(kept)s to turn for trump: at most %(dealt)s ÷ players (%(limit)s for "
           "4)."),
    ),
    ("zero_bid", "standard"): (_l("As the scoring says"),
                               _l("An exact zero scores like any exact bid.")),
    ("zero_bid", "five"): (_l("%(zero)s points"),
                           _l("An exact zero scores %(zero)s. A missed zero scores as the "
                              "scoring says.")),
    ("zero_bid", "five-plus-hand"): (
        _l("%(zero_base)s plus the cards"),
        _l("An exact zero scores %(zero_base)s plus the hand size (%(zero_seven)s with 7 "
           "cards). A missed zero scores as the scoring says."),
    ),
    # ``%(value)s``: the registry's value itself, the one the key names.
    ("target", "7"): (_l("%(value)s points"), _l("The first side to %(value)s points wins.")),
    ("target", "10"): (_l("%(value)s points"),
                       _l("A longer game: the first side to %(value)s wins.")),
    ("game_tie", "nobody"): (_l("Nobody"), _l("Equal card points: nobody scores game.")),
    ("game_tie", "eldest"): (_l("Eldest"),
                             _l("Equal card points: the player left of the dealer scores game.")),
    ("low_to", "holder"): (_l("Its holder"), _l("Low scores for the player who was dealt it.")),
    ("low_to", "winner"): (_l("Trick winner"),
                           _l("Low scores for whoever wins the trick it falls in.")),
    # The score pad (docs/rules.md section 8): any other game.
    ("teams", "none"): (_l("Each for themselves"),
                        _l("Every player's points are entered and added up apart.")),
    ("teams", "pairs"): (_l("In pairs"),
                         _l("4, 6 or 8 players in sides of two, each with the player across "
                            "the table (with four: players 1 and 3 against 2 and 4). Points are "
                            "entered per side.")),
    ("winner", "highest"): (_l("Highest total"), _l("The highest total wins.")),
    ("winner", "lowest"): (_l("Lowest total"),
                           _l("The lowest total wins, as in Hearts or Rummy.")),
    ("target", BY_PLAYERS): (_l("No target"), _l("No total ends the game.")),
    ("target", NUMBER): (_l("A target score"),
                         _l("The game ends with the round in which a total reaches the target "
                            "(%(least)s to %(most)s).")),
    ("rounds", BY_PLAYERS): (_l("No limit"),
                             _l("The game goes on until a target is reached, or until you tap "
                                "“We stop here”.")),
    ("rounds", NUMBER): (_l("This many rounds"),
                         _l("The game ends after this many rounds (%(least)s to %(most)s).")),
    ("zero_sum", "false"): (_l("Any total"), _l("A round's points may add up to anything.")),
    ("deal_passes", "right"): (_l("To the right"),
                               _l("Counter-clockwise: the player on the dealer's right deals "
                                  "next, and speaks and leads first.")),
    ("deal_passes", "left"): (_l("To the left"),
                              _l("Clockwise: the player on the dealer's left deals next, and "
                                 "speaks and leads first.")),
    ("zero_sum", "true"): (_l("Zero-sum"),
                           _l("A round's points must add up to 0, as in Tarot or games for "
                              "chips: the last player's are filled in as you type.")),
}

#: Where a value that is not the seed's own rule comes from (docs/rules.md section 6, source column).
SOURCES: Mapping[tuple[str, str], LazyString] = {
    ("card_passing", "true"): _l("Seeds 000 and 002: their card-passing variant"),
    ("scoring", "tricks-plus-bonus"): _l("Seed 003: Ascenseur, as cardgames.io scores it"),
    ("scoring", "tricks-plus-five"): _l("traditionalgamerules.neocities.org, “Oh Hell”"),
    ("scoring", "squared"): _l("pagat.com and Wikipedia, “Oh Hell”: scoring variations"),
    ("schedule", "down"): _l("A table variant: the seeds go down and back up"),
    ("schedule", "up"): _l("A table variant: the seeds go down and back up"),
    ("schedule", "up-down"): _l("A table variant: the seeds go down and back up"),
    ("hook", "never"): _l("A table variant: the seeds always hook the dealer"),
    ("hook", "not-last"): _l("traditionalgamerules.neocities.org, “Oh Hell”: in the last round "
                             "all players, the dealer included, bid what they choose"),
    ("max_hand", NUMBER): _l("Wikipedia, “Oh Hell”: only up to 12 cards are dealt in a "
                             "four-player match"),
    ("zero_bid", "five"): _l("Wikipedia, “Oh Hell”: the reduced 0 bid"),
    ("zero_bid", "five-plus-hand"): _l("Wikipedia, “Oh Hell”: the adjusted 0 bid"),
    ("target", "10"): _l("Seed 004: ten chips instead of seven"),
    ("game_tie", "eldest"): _l("A table variant: seed 004 does not say"),
    ("low_to", "winner"): _l("A table variant: seed 004 gives low to its holder"),
    ("teams", "pairs"): _l("Your game's rules: the score pad adds up each side's points"),
    ("winner", "lowest"): _l("Your game's rules: the score pad ranks the lowest total first"),
    ("target", NUMBER): _l("Your game's rules: the score pad ends the game at the target"),
    ("rounds", NUMBER): _l("Your game's rules: the score pad ends the game after the rounds"),
    ("zero_sum", "true"): _l("Your game's rules: the score pad refuses a round that does not "
                             "add up to 0"),
}


def facts() -> dict[str, object]:
    """The engine's numbers the labels and effects say (docs/rules.md section 6), as each game's
    package gathers them (``WebGame.option_facts``: the scores of each scoring and zero rule, the
    largest hands, the deal limit, the card passing)."""
    found: dict[str, object] = {}
    for game in declaration.every():
        if game.option_facts is not None:
            found.update(game.option_facts())
    return found


def _said(text: LazyString, key: str = "", bounds: IntRange | None = None) -> str:
    """A label or an effect with the engine's numbers put in (``value``: the option value the
    key names; ``least`` and ``most``: a range option's bounds)."""
    said = str(text)
    if "%(" not in said:
        return said
    ranged = {"least": format_decimal(bounds.min), "most": format_decimal(bounds.max)} if bounds else {}
    return said % {**facts(), "value": key, **ranged}


@dataclass(frozen=True)
class Wording:
    """One option value in the table's words."""

    token: str
    label: str
    effect: str
    source: str
    default: bool


def keys(ruleset_id: str, name: str) -> tuple[str, ...]:
    """The value tokens a game's option is worded for."""
    return keys_of(RULESETS[ruleset_id].options[name])


def keys_of(option: Option) -> tuple[str, ...]:
    """The value tokens an option is worded for: each value, or a range's two keys."""
    if isinstance(option.choices, IntRange):
        # Its default: decided by the players (``None``), or a number of its own (round 1).
        return (BY_PLAYERS if option.default is None else token(option.default), NUMBER)
    return tuple(token(value) for value in option.choices)


def token_of(option: Option, value: OptionValue) -> str:
    """The key a chosen value is worded under: a range's number is ``NUMBER`` (but its own
    default, worded apart)."""
    if isinstance(option.choices, IntRange) and value is not None and value != option.default:
        return NUMBER
    return token(value)


def option_name(name: str) -> str:
    words = option_name_words(name)
    if words is None:
        raise KeyError(name)
    return str(words)


def option_name_words(name: str) -> LazyString | None:
    """What an option decides: the common name, else the one its game declares
    (``WebGame.option_names``); ``None`` when unworded."""
    if name in OPTION_NAMES:
        return OPTION_NAMES[name]
    for game in declaration.every():
        if name in game.option_names:
            return game.option_names[name]  # type: ignore[no-any-return]
    return None


def wording(ruleset_id: str, name: str, key: str) -> Wording:
    """One value of one game's option, in the request's language: its label, effect and
    source (``KeyError`` if unworded). ``wording("oh-hell", "hook", "not-last").label`` is
    ``"Not in the last round"``."""
    option = RULESETS[ruleset_id].options[name]
    default = key == token(option.default)
    words = value_words(ruleset_id, name, key)
    source = SEEDS[ruleset_id] if default else source_words(ruleset_id, name, key)
    if words is None or source is None:
        raise KeyError((name, key))
    label, effect = words
    bounds = option.choices if isinstance(option.choices, IntRange) else None
    return Wording(key, _said(label, key, bounds), _said(effect, key, bounds), str(source), default)


def value_words(ruleset_id: str, name: str,
                key: str) -> tuple[LazyString, LazyString] | None:
    """A value's label and effect: the game's own words (``WebGame.option_values``: Spades'
    target is not Seven-Up's), else the common ones; ``None`` when unworded."""
    game = declaration.of_family(RULESETS[ruleset_id].family.value)
    return game.option_values.get((name, key)) or VALUES.get((name, key))


def source_words(ruleset_id: str, name: str, key: str) -> LazyString | None:
    """Where a value that is not the default comes from, the game's own source first."""
    game = declaration.of_family(RULESETS[ruleset_id].family.value)
    return game.option_sources.get((name, key)) or SOURCES.get((name, key))


def wordings(ruleset_id: str, name: str) -> tuple[Wording, ...]:
    return tuple(wording(ruleset_id, name, key) for key in keys(ruleset_id, name))


def value_label(ruleset_id: str, name: str, value: OptionValue) -> str:
    """A value as chosen in a game: ``"Not in the last round"``, ``"12 cards"``."""
    option = RULESETS[ruleset_id].options.get(name)
    if type(value) is int and option is not None and isinstance(option.choices, IntRange):
        return in_units(name, value)
    if option is None:  # a preset (Elevator's scoring): worded, never offered
        return _said(VALUES[(name, token(value))][0])
    return wording(ruleset_id, name, token(value)).label


def in_units(name: str, value: int) -> str:
    """A range option's number in its unit: ``"12 cards"``, ``"100 points"``, ``"10 rounds"``."""
    if name == "target":
        return str(ngettext("%(num)s point", "%(num)s points", value))
    if name == "rounds":
        return str(ngettext("%(num)s round", "%(num)s rounds", value))
    if name == "min_side_bid":
        return str(ngettext("%(num)s trick", "%(num)s tricks", value))
    if name == "hook_from":
        return str(_l("from round %(number)s", number=value))
    return str(ngettext("%(num)s card", "%(num)s cards", value))
