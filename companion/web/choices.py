"""What the new-game page offers: each game, described, with its options in plain words
(worded by ``house_rules``), and the form's values turned back into the engine's.

Which games and options exist, their choices and defaults are the engine's (``rules.RULESETS``).
An option value is sent by the form as ``house_rules.token(value)``; a range option (the largest
hand) sends ``by-players``, or ``number`` with the number typed beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from ..rules import RULESETS, IntRange, Ruleset
from ..rules.registry import OptionValue
from . import house_rules
from .house_rules import Wording
from .messages import game_name
from .numbers import small_number

DESCRIPTIONS: Mapping[str, LazyString] = {
    "oh-seven": _l("Seven rounds of seven cards. Everyone bids at once with a card face down; "
                   "make your bid exactly to score it plus 2."),
    "oh-hell": _l("Hands shrink to one card and grow back. Bid in turn; the dealer may not make "
                  "the bids add up to the cards. An exact bid scores 10 plus the bid."),
    "elevator": _l("Oh Hell as played online: one point a trick, plus 10 for an exact bid."),
    "seven-up": _l("All Fours: score high, low, jack and game. Four players play in pairs "
                   "(1st and 3rd against 2nd and 4th). First to the target wins."),
}


@dataclass(frozen=True)
class OptionChoices:
    ruleset: str
    name: str
    field_name: str
    label: str
    choices: tuple[Wording, ...]
    #: A range option's bounds (its number is typed in ``number_field``), else ``None``.
    range: IntRange | None = None

    @property
    def number_field(self) -> str:
        return number_field(self.field_name)


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


def number_field(field_name: str) -> str:
    """The typed number of a range option, e.g. ``oh_hell_max_hand_number``."""
    return f"{field_name}_number"


def _option(rules: Ruleset, name: str) -> OptionChoices:
    choices = rules.options[name].choices
    return OptionChoices(rules.id, name, option_field(rules.id, name),
                         house_rules.option_name(name), house_rules.wordings(rules.id, name),
                         choices if isinstance(choices, IntRange) else None)


def games() -> list[GameChoice]:
    """Every game the engine offers, worded for the new-game page."""
    return [
        GameChoice(rules.id, game_name(rules.id), str(DESCRIPTIONS.get(rules.id, "")),
                   rules.min_players, rules.max_players,
                   tuple(_option(rules, name) for name in rules.options))
        for rules in RULESETS.values()
    ]


class Unclear(ValueError):
    """A range option chosen without a usable number: said at the option's field."""


NUMBER_MISSING = _l("Type the largest hand, %(least)s to %(most)s cards, or choose “By the "
                    "number of players”.")
NUMBER_IGNORED = _l("You typed %(typed)s: tap “This many cards” to play with it, or clear the "
                    "number.")


def option_value(rules: Ruleset, name: str, sent: str | None,
                 typed: str | None = None, offered: IntRange | None = None) -> OptionValue | str | None:
    """The engine's value for a sent token (``None`` when nothing was sent: the default);
    an unknown token is passed on as sent, for the engine to refuse. A range option's number
    is ``typed``; ``Unclear`` says what is missing, and the range ``offered`` to this table
    (the engine's ``max_hand_range``), else the option's own.

    >>> option_value(RULESETS["seven-up"], "target", "10")
    10
    """
    option = rules.options[name]
    typed = (typed or "").strip()
    if isinstance(option.choices, IntRange):
        if sent == house_rules.NUMBER:
            number = small_number(typed)
            if number is None:
                shown = offered or option.choices
                raise Unclear(str(NUMBER_MISSING) % {"least": shown.min, "most": shown.max})
            return number
        if typed and sent in (None, "", house_rules.BY_PLAYERS):
            raise Unclear(str(NUMBER_IGNORED) % {"typed": typed})
    if sent is None or sent == "":
        return None
    for value in option.choices if isinstance(option.choices, tuple) else (option.default,):
        if house_rules.token(value) == sent:
            return value
    return sent
