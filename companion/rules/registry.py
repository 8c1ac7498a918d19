"""The rulesets as data: player range and options with defaults (docs/rules.md, docs/api.md)."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, cast

from .errors import RuleError, shown
from .options import GameTie, Hook, LowTo, Schedule, Scoring, Teams, Winner, ZeroBid, values

#: An option's value as the API and the stored settings hold it (``None``: decided by the game).
OptionValue = bool | int | str | None


class Family(enum.Enum):
    """How a ruleset's rounds are played."""

    CARD_BIDS = "card-bids"  # Oh-Seven: simultaneous bid cards, forced rebids
    TURN_BIDS = "turn-bids"  # Oh Hell, Elevator: bids in turn, the dealer's hook
    SEVEN_UP = "seven-up"  # hands with high, low, jack and game
    SCORE_PAD = "score-pad"  # any other game: each round's points as the table announces them


@dataclass(frozen=True)
class IntRange:
    """An option whose value is a whole number from ``min`` to ``max`` (or ``None``, its
    default, when the option has one decided by the number of players)."""

    min: int
    max: int

    def __contains__(self, value: object) -> bool:
        # bool is an int in Python: True is no hand size.
        return type(value) is int and self.min <= value <= self.max


@dataclass(frozen=True)
class Option:
    default: OptionValue
    #: The values offered (the default among them), or a range of whole numbers.
    choices: tuple[OptionValue, ...] | IntRange

    def offers(self, value: object) -> bool:
        """Whether ``value`` is one of the values offered (a range's ``None`` default is)."""
        if isinstance(self.choices, IntRange):
            return value in self.choices or (value is None and self.default is None)
        # bool is an int in Python: keep True from passing as the target 1, and 7 as a flag.
        return any(type(value) is type(c) and value == c for c in self.choices)

    def describe(self) -> str:
        """The offered values, for an error message."""
        if isinstance(self.choices, IntRange):
            return f"a whole number {self.choices.min}–{self.choices.max}" + (
                ", or null" if self.default is None else "")
        return "one of " + ", ".join(json.dumps(c) for c in self.choices)  # as JSON writes them


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    family: Family
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    #: Options fixed by the ruleset and not offered (Elevator is Oh Hell scored per trick).
    presets: Mapping[str, OptionValue]

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults filled in; an unknown option or value raises ``RuleError('ruleset')``.

        >>> RULESETS["seven-up"].resolve_options({"target": 10})["target"]
        10
        """
        given = dict(given or {})
        resolved: dict[str, OptionValue] = dict(self.presets)
        for name, option in self.options.items():
            value = given.pop(name, option.default)
            if not option.offers(value):
                message = f"option {name} may not be {shown(value)}: choose {option.describe()}"
                if isinstance(option.choices, IntRange):
                    raise RuleError("ruleset", message, reason="option-range",
                                    field=f"options.{name}", option=name, value=value,
                                    least=option.choices.min, most=option.choices.max)
                raise RuleError("ruleset", message, reason="option-value",
                                field=f"options.{name}", option=name, value=value)
            resolved[name] = cast(OptionValue, value)
        if given:
            name = sorted(given)[0]
            raise RuleError(
                "ruleset",
                f"{self.name} has no option {name!r}",
                reason="option-unknown",
                field=f"options.{name}",
                option=name,
            )
        return resolved


#: docs/rules.md section 6. With three players 51 cards deal 17 each; fewer with more players, which
#: ``new_settings`` checks (it knows the number of players).
MAX_HAND = Option(None, IntRange(1, 17))
SCHEDULE = Option(Schedule.DOWN_UP.value, values(Schedule))
HOOK = Option(Hook.ALWAYS.value, values(Hook))
ZERO_BID = Option(ZeroBid.STANDARD.value, values(ZeroBid))
#: docs/rules.md section 8: the score pad's target and number of rounds (``None``: none).
PAD_TARGET = Option(None, IntRange(1, 1_000_000))
PAD_ROUNDS = Option(None, IntRange(1, 500))


def _frozen(options: dict[str, Option]) -> Mapping[str, Option]:
    return MappingProxyType(options)


RULESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        "oh-seven": Ruleset(
            "oh-seven",
            "Oh-Seven",
            Family.CARD_BIDS,
            2,
            9,
            _frozen({"card_passing": Option(False, (False, True))}),
            MappingProxyType({}),
        ),
        "oh-hell": Ruleset(
            "oh-hell",
            "Oh Hell",
            Family.TURN_BIDS,
            3,
            7,
            _frozen(
                {
                    "scoring": Option(Scoring.EXACT.value, values(Scoring)),
                    "schedule": SCHEDULE,
                    "hook": HOOK,
                    "max_hand": MAX_HAND,
                    "zero_bid": ZERO_BID,
                }
            ),
            MappingProxyType({}),
        ),
        "elevator": Ruleset(
            "elevator",
            "Elevator",
            Family.TURN_BIDS,
            3,
            7,
            _frozen({"schedule": SCHEDULE, "hook": HOOK, "max_hand": MAX_HAND,
                     "zero_bid": ZERO_BID}),
            MappingProxyType({"scoring": Scoring.TRICKS_PLUS_BONUS.value}),
        ),
        "seven-up": Ruleset(
            "seven-up",
            "Seven-Up",
            Family.SEVEN_UP,
            2,
            4,
            _frozen(
                {
                    "target": Option(7, (7, 10)),
                    "game_tie": Option(GameTie.NOBODY.value, values(GameTie)),
                    "low_to": Option(LowTo.HOLDER.value, values(LowTo)),
                }
            ),
            MappingProxyType({}),
        ),
        "score-pad": Ruleset(
            "score-pad",
            "Score pad",
            Family.SCORE_PAD,
            2,
            12,
            _frozen(
                {
                    "teams": Option(Teams.NONE.value, values(Teams)),
                    "winner": Option(Winner.HIGHEST.value, values(Winner)),
                    "target": PAD_TARGET,
                    "rounds": PAD_ROUNDS,
                    "zero_sum": Option(False, (False, True)),
                }
            ),
            MappingProxyType({}),
        ),
    }
)


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
