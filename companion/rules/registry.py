"""The rulesets as data: player range and options with defaults (RULES.md, API.md)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .errors import RuleError, shown

OptionValue = bool | int | str


class Family(enum.Enum):
    """How a ruleset's rounds are played."""

    CARD_BIDS = "card-bids"  # Oh-Seven: simultaneous bid cards, forced rebids
    TURN_BIDS = "turn-bids"  # Oh Hell, Elevator: bids in turn, the dealer's hook
    SEVEN_UP = "seven-up"  # hands with high, low, jack and game


@dataclass(frozen=True)
class Option:
    default: OptionValue
    choices: tuple[OptionValue, ...]


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
            # bool is an int in Python: keep True from passing as the target 1, and 7 as a flag.
            chosen = [c for c in option.choices if type(value) is type(c) and value == c]
            if not chosen:
                raise RuleError(
                    "ruleset",
                    f"option {name} may not be {shown(value)}: choose one of "
                    + ", ".join(repr(c) for c in option.choices),
                    reason="option-value",
                    field=f"options.{name}",
                    option=name,
                    value=value,
                )
            resolved[name] = chosen[0]
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


_SCHEDULES: tuple[OptionValue, ...] = ("down-up", "down", "up", "up-down")


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
                    "scoring": Option("exact", ("exact", "tricks-plus-bonus")),
                    "schedule": Option("down-up", _SCHEDULES),
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
            _frozen({"schedule": Option("down-up", _SCHEDULES)}),
            MappingProxyType({"scoring": "tricks-plus-bonus"}),
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
                    "game_tie": Option("nobody", ("nobody", "eldest")),
                    "low_to": Option("holder", ("holder", "winner")),
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
