"""What the new-game page offers: each game, described, with its options in plain words
(worded by ``house_rules``), and the form's values turned back into the engine's.

Which games and options exist, their choices and defaults are the engine's (``rules.RULESETS``),
and so is every number a game's description says (``description``, as each game's package
words it).
An option value is sent by the form as ``house_rules.token(value)``; a range option (the largest
hand) sends ``by-players``, or ``number`` with the number typed beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from flask_babel import format_decimal
from flask_babel import lazy_gettext as _l

from companion.rules import RULESETS, IntRange, Ruleset, small_number
from companion.rules.registry import OptionValue
from companion.web.shared import declaration, game_words, house_rules
from companion.web.shared.house_rules import Wording
from companion.web.shared.messages import game_name

#: Options the new-game page asks beside the game rather than fold in its house rules (the
#: score pad's who wins and when it ends), as each game's package words it.
ASKED: Mapping[str, tuple[str, ...]] = game_words.ByGame(lambda words: words.asked)


def description(ruleset: Ruleset) -> str:
    """A game's description on the new-game page, with the engine's numbers in it."""
    words = game_words.find(ruleset.id)
    if words is None or words.description is None:
        return ""
    facts = words.description_facts(ruleset)
    return str(words.description) % facts if facts else str(words.description)


def offered_name(ruleset: Ruleset) -> str:
    """A game's name on the new-game page: its own, or what its package offers it as."""
    words = game_words.find(ruleset.id)
    if words is not None and words.offered_as is not None:
        return str(words.offered_as)
    return game_name(ruleset.id)


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
    #: The game's own name, as its rules page is titled ("Score pad" for any other game).
    own_name: str = ""

    @property
    def folded(self) -> tuple[OptionChoices, ...]:
        """The options folded in the house rules' line."""
        return tuple(o for o in self.options if o.name not in ASKED.get(self.id, ()))

    @property
    def deals_right(self) -> bool:
        """Whether the game deals counter-clockwise unless the table says otherwise (its
        ``deal_passes`` option defaults to right): the page says which way the deal goes."""
        option = RULESETS[self.id].options.get("deal_passes")
        return option is not None and option.default == "right"

    @property
    def asked_template(self) -> str | None:
        """What the page asks beside the game (its title, who wins…), as its package says."""
        return declaration.of_family(RULESETS[self.id].family.value).new_game

    @property
    def asked(self) -> Mapping[str, OptionChoices]:
        """The options asked beside the game, by name (the score pad's)."""
        return {o.name: o for o in self.options if o.name in ASKED.get(self.id, ())}


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
        GameChoice(rules.id,
                   offered_name(rules),
                   description(rules),
                   rules.min_players, rules.max_players,
                   tuple(_option(rules, name) for name in rules.options), game_name(rules.id))
        for rules in RULESETS.values()
    ]


class Unclear(ValueError):
    """A range option chosen without a usable number: said at the option's field."""


NUMBER_MISSING = _l("Type the largest hand, %(least)s to %(most)s cards, or choose “By the "
                    "number of players”.")
NUMBER_IGNORED = _l("You typed %(typed)s: tap “This many cards” to play with it, or clear the "
                    "number.")


ROUND_MISSING = _l("Type a round, %(least)s to %(most)s.")
RANGE_NUMBER = _l("Type a whole number from %(least)s to %(most)s, or leave it empty.")


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
    if name in ASKED.get(rules.id, ()) and isinstance(option.choices, IntRange):
        # The score pad's target and rounds: a number typed plays it, an empty field does not.
        if not typed:
            return None
        number = small_number(typed)
        if number is None:
            raise Unclear(str(RANGE_NUMBER) % {"least": format_decimal(option.choices.min),
                                               "most": format_decimal(option.choices.max)})
        return number
    if isinstance(option.choices, IntRange):
        if sent == house_rules.NUMBER:
            number = small_number(typed)
            if number is None and option.default is not None:  # a round: the option's range
                raise Unclear(str(ROUND_MISSING) % {"least": option.choices.min,
                                                    "most": option.choices.max})
            if number is None:
                shown = offered if name == "max_hand" and offered else option.choices
                # The largest hand's words name cards; another range (Spades' least side
                # bid) asks for its number alone.
                missing = NUMBER_MISSING if name == "max_hand" else RANGE_NUMBER
                raise Unclear(str(missing) % {"least": shown.min, "most": shown.max})
            return number
        if typed and sent in (None, "", house_rules.BY_PLAYERS):
            raise Unclear(str(NUMBER_IGNORED) % {"typed": typed})
    if sent is None or sent == "":
        return None
    for value in option.choices if isinstance(option.choices, tuple) else (option.default,):
        if house_rules.token(value) == sent:
            return value
    return sent
