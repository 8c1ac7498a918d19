"""What the new-game page says about each game and each option, in plain words.

Which games and options exist, their choices and defaults are the engine's (``rules.RULESETS``);
this module only words them. An option value is sent by the form as ``token(value)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from ..rules import RULESETS, Ruleset
from ..rules.registry import OptionValue
from .messages import game_name

DESCRIPTIONS: Mapping[str, LazyString] = {
    "oh-seven": _l("Seven rounds of seven cards. Everyone bids at once with a card face down; "
                   "make your bid exactly to score it plus 2."),
    "oh-hell": _l("Hands shrink to one card and grow back. Bid in turn; the dealer may not make "
                  "the bids add up to the cards. An exact bid scores 10 plus the bid."),
    "elevator": _l("Oh Hell as played online: one point a trick, plus 10 for an exact bid."),
    "seven-up": _l("All Fours: score high, low, jack and game. Four players play in pairs "
                   "(1st and 3rd against 2nd and 4th). First to the target wins."),
}

OPTION_NAMES: Mapping[str, LazyString] = {
    "card_passing": _l("Card passing"),
    "scoring": _l("Scoring"),
    "schedule": _l("Hand sizes"),
    "target": _l("Play to"),
    "game_tie": _l("Tie for game"),
    "low_to": _l("Low goes to"),
}

#: (option, value token) -> (label, what it means at the table)
CHOICE_TEXTS: Mapping[tuple[str, str], tuple[LazyString, LazyString]] = {
    ("card_passing", "false"): (_l("No passing"), _l("Bid with the cards you were dealt.")),
    ("card_passing", "true"): (
        _l("Pass cards"),
        _l("Before bidding in rounds 2 to 6, everyone passes cards: 1 left, 2 right, 3 left, "
           "2 right, 1 left."),
    ),
    ("scoring", "exact"): (_l("Exact bid only"),
                           _l("Make your bid exactly: 10 plus the bid. Miss it: nothing.")),
    ("scoring", "tricks-plus-bonus"): (_l("Tricks plus 10"),
                                       _l("One point a trick, plus 10 for an exact bid.")),
    ("schedule", "down-up"): (_l("Down and up"),
                              _l("Start with the most cards, go down to one, then back up.")),
    ("schedule", "down"): (_l("Down only"), _l("From the most cards down to one.")),
    ("schedule", "up"): (_l("Up only"), _l("From one card up to the most.")),
    ("schedule", "up-down"): (_l("Up and down"),
                              _l("From one card up to the most, then back down.")),
    ("target", "7"): (_l("7 points"), _l("The first side to 7 points wins.")),
    ("target", "10"): (_l("10 points"), _l("A longer game: the first side to 10 wins.")),
    ("game_tie", "nobody"): (_l("Nobody"), _l("Equal card points: nobody scores game.")),
    ("game_tie", "eldest"): (_l("Eldest"),
                             _l("Equal card points: the player left of the dealer scores game.")),
    ("low_to", "holder"): (_l("Its holder"), _l("Low scores for the player who was dealt it.")),
    ("low_to", "winner"): (_l("Trick winner"),
                           _l("Low scores for whoever wins the trick it falls in.")),
}


def token(value: OptionValue) -> str:
    """An option value as the form sends it: ``False`` -> ``"false"``, ``7`` -> ``"7"``."""
    return str(value).lower()


@dataclass(frozen=True)
class Choice:
    token: str
    label: str
    meaning: str
    default: bool


@dataclass(frozen=True)
class OptionChoices:
    ruleset: str
    name: str
    field_name: str
    label: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class GameChoice:
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    options: tuple[OptionChoices, ...]


def option_field(ruleset_id: str, option: str) -> str:
    """The form field of one game's option, e.g. ``oh_hell_scoring``."""
    return f"{ruleset_id.replace('-', '_')}_{option}"


def picked_options(rules: Ruleset) -> list[str]:
    """The options offered as a choice of values (a range option, such as ``max_hand``, is not
    offered on this page yet: games get its default)."""
    return [name for name, option in rules.options.items() if isinstance(option.choices, tuple)]


def _option(rules: Ruleset, name: str) -> OptionChoices:
    option = rules.options[name]
    assert isinstance(option.choices, tuple)
    choices = []
    for value in option.choices:
        label, meaning = CHOICE_TEXTS.get((name, token(value)), (str(value), ""))
        choices.append(Choice(token(value), str(label), str(meaning), value == option.default
                              and type(value) is type(option.default)))
    return OptionChoices(rules.id, name, option_field(rules.id, name),
                         str(OPTION_NAMES.get(name, name)), tuple(choices))


def games() -> list[GameChoice]:
    """Every game the engine offers, worded for the new-game page."""
    return [
        GameChoice(rules.id, game_name(rules.id), str(DESCRIPTIONS.get(rules.id, "")),
                   rules.min_players, rules.max_players,
                   tuple(_option(rules, name) for name in picked_options(rules)))
        for rules in RULESETS.values()
    ]


def option_value(rules: Ruleset, name: str, sent: str | None) -> OptionValue | str | None:
    """The engine's value for a sent token (``None`` when nothing was sent: the default);
    an unknown token is passed on as sent, for the engine to refuse."""
    if sent is None or sent == "":
        return None
    offered = rules.options[name].choices
    for value in offered if isinstance(offered, tuple) else ():
        if token(value) == sent:
            return value
    return sent
