"""What the new-game page offers: each game, described, with its options in plain words
(worded by ``house_rules``), and the form's values turned back into the engine's.

Which games and options exist, their choices and defaults are the engine's (``rules.RULESETS``),
and so is every number a game's description says (``description``).
An option value is sent by the form as ``house_rules.token(value)``; a range option (the largest
hand) sends ``by-players``, or ``number`` with the number typed beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from babel.lists import format_list
from flask_babel import LazyString, format_decimal, get_locale
from flask_babel import lazy_gettext as _l

from companion.rules import (
    RULESETS,
    Family,
    IntRange,
    Ruleset,
    card_bids,
    new_settings,
    scoring,
    small_number,
)
from companion.rules.registry import OptionValue
from companion.web.shared import declaration, house_rules
from companion.web.shared.house_rules import Wording
from companion.web.shared.messages import game_name

DESCRIPTIONS: Mapping[str, LazyString] = {
    "oh-seven": _l("%(rounds)s rounds of %(cards)s cards. Everyone bids at once with a card face "
                   "down; make your bid exactly to score it plus %(bonus)s."),
    "oh-hell": _l("Hands shrink to one card and grow back. Bid in turn; the dealer may not make "
                  "the bids add up to the cards. An exact bid scores %(base)s plus the bid."),
    "elevator": _l("Oh Hell as played online: one point a trick, plus %(bonus)s for an exact "
                   "bid."),
    "seven-up": _l("All Fours: score high, low, jack and game. %(teams)s players play in pairs "
                   "(players %(team_a)s against players %(team_b)s). First to the target wins."),
    "score-pad": _l("Hearts, Rummy, Tarot, a game you made up: type each round's points, the "
                    "app adds them up."),
}

#: The score pad on the new-game page: "Any other game", its title asked first.
ANY_OTHER_GAME = _l("Any other game")
#: Options the new-game page asks beside the game rather than fold in its house rules: the score
#: pad's who wins and when it ends (its title is asked first).
ASKED: Mapping[str, tuple[str, ...]] = {"score-pad": ("winner", "target", "rounds")}


def description_facts(ruleset: Ruleset) -> dict[str, object]:
    """The numbers a game's description says, each the engine's (docs/rules.md sections 1–4):
    Oh-Seven's rounds, hand and bonus for an exact bid; an in-turn game's exact bid under its
    default scoring; the Seven-Up table that plays in pairs, and who partners whom."""
    if ruleset.family is Family.SCORE_PAD:
        return {}
    if ruleset.family is Family.CARD_BIDS:
        return {"rounds": card_bids.ROUNDS, "cards": card_bids.HAND_SIZE,
                "bonus": card_bids.oh_seven(3, 3).bonus}
    tables = [new_settings(ruleset.id, [f"P{seat}" for seat in range(count)])
              for count in range(ruleset.min_players, ruleset.max_players + 1)]
    if ruleset.family is Family.SEVEN_UP:
        locale = get_locale() or "en"
        paired = next(table for table in tables if table.has_teams)

        def seats(side: int) -> str:
            return format_list([str(seat + 1) for seat in paired.seats_of(side)], locale=locale)

        return {"teams": len(paired.players), "team_a": seats(0), "team_b": seats(1)}
    exact = scoring.made_by(tables[0], 3, 3, 5)  # any exact bid: bid 3 of 5 cards, took 3
    return {"base": exact.base, "bonus": exact.bonus}


def description(ruleset: Ruleset) -> str:
    """A game's description on the new-game page, with the engine's numbers in it."""
    if ruleset.id not in DESCRIPTIONS:
        return ""
    facts = description_facts(ruleset)
    return str(DESCRIPTIONS[ruleset.id]) % facts if facts else str(DESCRIPTIONS[ruleset.id])


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
                   str(ANY_OTHER_GAME) if rules.family is Family.SCORE_PAD else game_name(rules.id),
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
