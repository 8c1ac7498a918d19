"""What a game declares of itself (docs/rules.md, docs/api.md): its id and name, its family (how
its rounds are played), its player range, its options with their defaults, and the options it
fixes. The types only: each game declares its own ``Ruleset`` in its module, and ``games.py``
lists them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping, TypeVar, cast

from .errors import RuleError, shown

if TYPE_CHECKING:  # a family reads the settings, which hold their ruleset: types only
    from .families import GameFamily

#: An option's value as the API and the stored settings hold it (``None``: decided by the game).
OptionValue = bool | int | str | None


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


V = TypeVar("V")


def frozen(mapping: Mapping[str, V]) -> Mapping[str, V]:
    """A ruleset's options or presets, read-only."""
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    family: GameFamily
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    #: Options fixed by the ruleset and not offered (Elevator is Oh Hell scored per trick).
    presets: Mapping[str, OptionValue]
    #: The game's own check of its options against the number of players (the options given,
    #: the count), once each option is in range: ``RuleError('ruleset')`` naming the option.
    check_options: Callable[[Mapping[str, object], int], None] | None = None

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, OptionValue]:
        """Defaults filled in; an unknown option or value raises ``RuleError('ruleset')``.

        >>> from companion.rules import RULESETS
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
