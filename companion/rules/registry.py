"""The rulesets as data (docs/rules.md, docs/api.md): the types a game declares itself with
(``ruleset.py``) and the lookup among the games (``games.py``), in one place to import from."""

from __future__ import annotations

from .games import FAMILIES, RULESETS, Family, get_ruleset
from .ruleset import IntRange, Option, OptionValue, Ruleset

__all__ = ["FAMILIES", "RULESETS", "Family", "IntRange", "Option", "OptionValue", "Ruleset",
           "get_ruleset"]
