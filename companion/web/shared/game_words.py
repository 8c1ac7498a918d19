"""A game's words, as its package declares them (``WebGame.words``, by ruleset id): its name,
its description on the new-game page, the seed its rules come from, its rules page's sections
and quotes, and its own wording of a refused entry. The generic pages (the new-game and rules
pages, the refusals, the house rules) read them here and name no game.

The section titles are shared: the rules pages of every game say "The deal", "Scoring"…
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l

from companion.rules import RULESETS, Ruleset
from companion.web.shared import declaration

PLAYERS = _l("Players and cards")
DEAL = _l("The deal")
PASSING = _l("Card passing")
BIDDING = _l("Bidding")
HOOK = _l("The hook")
REBIDS = _l("Rebids")
TRICKS = _l("Tricks")
SCORING = _l("Scoring")
END = _l("The end")
STAND_OR_BEG = _l("Stand or beg")
POINTS = _l("The points of a hand")
ROUND = _l("A round")

#: A section of a rules page: its title and its paragraphs (with the engine's numbers to put in).
Section = tuple[LazyString, tuple[LazyString, ...]]


@dataclass(frozen=True)
class Quote:
    """A line of the seed in its own language (not translated: it is the source)."""

    lang: str
    text: str


def _no_facts(_ruleset: Ruleset) -> Mapping[str, object]:
    return {}


@dataclass(frozen=True)
class Words:
    """One game's words (a ruleset's: Oh Hell and Elevator share a package, not their words)."""

    #: Its name, as the table says it.
    name: LazyString
    #: Where its default rules come from (the source of each default house rule).
    seed: LazyString
    #: What the new-game page says of it, and the engine's numbers that sentence holds.
    description: LazyString | None = None
    description_facts: Callable[[Ruleset], Mapping[str, object]] = _no_facts
    #: Its name on the new-game page, when not its own (the score pad: "Any other game").
    offered_as: LazyString | None = None
    #: Options the new-game page asks beside the game rather than fold in its house rules.
    asked: tuple[str, ...] = ()
    #: Its rules page: the sections, the engine's numbers they say, the seed's own lines, and
    #: whether its deal lists the largest hand and the rounds by players.
    sections: tuple[Section, ...] = ()
    facts: Callable[[Ruleset], Mapping[str, object]] = _no_facts
    quotes: tuple[Quote, ...] = ()
    hand_sizes: bool = False
    #: A refused entry said in its own words (by the engine's reason), over the common ones.
    refusals: Mapping[str, LazyString] = field(default_factory=dict)


def of(ruleset_id: str) -> Words:
    """A game's words (``KeyError`` for a game no package words)."""
    return declaration.of_family(RULESETS[ruleset_id].family.value).words[ruleset_id]


def find(ruleset_id: str) -> Words | None:
    try:
        return of(ruleset_id)
    except KeyError:
        return None


Said = TypeVar("Said")


class ByGame(Mapping[str, Said], Generic[Said]):
    """One of the games' words, by ruleset id, read from their packages when asked (the games
    are declared at start, after this module is read): ``SEEDS["oh-hell"]``. A game that
    declares none (``None`` or empty) is not in it."""

    def __init__(self, said: Callable[[Words], Said | None]) -> None:
        self._said = said

    def _all(self) -> dict[str, Said]:
        found = {}
        for game in declaration.every():
            for ruleset_id, words in game.words.items():
                value = self._said(words)
                if value:
                    found[ruleset_id] = value
        return found

    def __getitem__(self, ruleset_id: str) -> Said:
        return self._all()[ruleset_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
