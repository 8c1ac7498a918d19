"""What a game's web package declares, and where the generic pages look it up.

A game's package (``web/games/<its family's module>/``) makes one ``WebGame`` and
``web/games/__init__.py`` lists it; the generic pages (the game page, corrections, the new-game
and rules pages, a table's page, the share panel) ask ``of(settings)`` (or ``of_family``) what
they need instead of testing which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion import rules
from companion.rules import Settings, Step


@dataclass(frozen=True)
class Route:
    """One of a game's own pages or writes: ``/g/<id:game_id><path>``, endpoint ``web.<endpoint>``."""

    path: str
    endpoint: str
    view: Callable[..., Any]
    methods: tuple[str, ...] = ("POST",)


def _no_context(_game: Any, _submitted: Any, _editable: bool) -> dict[str, Any]:
    return {}


#: What a game page with its own entry forms and board draws on, before the game's own style
#: sheet: a ``WebGame.styles`` is ``(*GAME_STYLES, "css/<game>.css")``.
GAME_STYLES = ("css/app.css", "css/htmx.css", "css/game.css", "css/entry.css", "css/offline.css",
               "css/table.css", "css/table_links.css")


@dataclass(frozen=True)
class WebGame:
    """A game's web parts, as its family's package declares them."""

    #: The engine's family id (``settings.family.value``).
    family: str
    #: The form a step of a round is entered with (``None``: the game's own, kept as submitted).
    entry_form: Callable[[Settings, Step], type[Any] | None]
    #: The round panel being played, and the scoreboard under it (templates).
    panel: str
    board: str = "game/_scoreboard.html"
    #: The banner line's words after the dealer (a template), and the statistics in their
    #: disclosure (a template; ``None``: the bids' figures, ``game/_bid_statistics.html``).
    banner: str | None = None
    statistics: str | None = None
    #: What the final standings say under their heading (a template), if anything.
    final: str | None = None
    #: What the tap queue says follows its waiting taps, beyond its first line (a template).
    queue: str | None = None
    #: The page's style sheet bundle and script entry, when not every card game's; ``styles``:
    #: the parts of its own bundle (http/assets.py makes it), ``start_styles``: its part of the
    #: pages that start a game (the new-game page, a table's).
    stylesheet: str | None = None
    script: str | None = None
    styles: tuple[str, ...] = ()
    start_styles: tuple[str, ...] = ()
    #: Its rounds are hands ("Hand 3": no count of rounds, nor a hand size dealt).
    hands: bool = False
    #: Each round deals a hand whose size the banner says.
    hand_size: bool = True
    #: A game the table names itself (its title: "Hearts"), offered again by it as a chip.
    titled: bool = False
    #: The bids are cards, revealed together (the correction's card picker, the trumps).
    bids_are_cards: bool = False
    #: What the new-game page asks beside the game, when chosen (a template; ``GameChoice``).
    new_game: str | None = None
    #: A table's page: the game's chips under "New game at this table", its own figures (two
    #: templates), and the games its records name, of the table's figures.
    table_chips: str | None = None
    table_figures: str | None = None
    table_records: Callable[[Any], set[str]] = lambda _figures: set()
    #: A table's page: the words of the count its family keeps per hand (``GameFamily.
    #: table_count``), a template of two macros: ``head()`` its column's heading, and
    #: ``record(record, who, game_link)`` the record of the most in one hand.
    table_count: str | None = None
    #: The bid panel a phone fills in offline for the rounds ahead (``offline.game_data``).
    offline_bids: str | None = None
    #: More context for its templates: of the stored game, the form submitted, and whether
    #: this device keeps score.
    context: Callable[[Any, Any, bool], dict[str, Any]] = _no_context
    #: A scored round's correction on the generic page (``None``: 404, the game's own pages).
    correction_form: Callable[[Settings], type[Any]] | None = None
    correction_body: str = "game/_bid_correction.html"
    correction_entries: Callable[[Settings, Any], list[rules.Entry] | None] | None = None
    prefill_correction: Callable[[Settings, rules.Round, Any], None] | None = None
    #: The game's own URLs (its writes, its hands' corrections).
    routes: tuple[Route, ...] = ()
    #: Each of its games' words, by ruleset id (``game_words.Words``: its name, description,
    #: seed, rules page and own refusals).
    words: Mapping[str, Any] = field(default_factory=dict)
    #: Its house rules' words where they differ from the common ones (``house_rules.VALUES``
    #: and ``SOURCES``): (option, value token) -> (label, effect), and -> source.
    option_values: Mapping[tuple[str, str], tuple[Any, Any]] = field(default_factory=dict)
    #: The names of its own options (what each decides), beside the common ones.
    option_names: Mapping[str, Any] = field(default_factory=dict)
    option_sources: Mapping[tuple[str, str], Any] = field(default_factory=dict)
    #: Bids made in words (Spades' ``nil``), as the table says them (``messages.word_bid``).
    word_bids: Mapping[str, Any] = field(default_factory=dict)
    #: The numbers its house rules' labels and effects say (``house_rules.facts``).
    option_facts: Callable[[], Mapping[str, object]] | None = None
    #: A bid in its own words (``messages.bid_words``; ``None``: the common words).
    bid_words: Mapping[str, Any] | None = None
    #: A scored round's "why", each seat's or side's sentences (``None``: a bid's, ``explaining``),
    #: and a forced rebid's bonus in a sentence, if its bids can force one; a round still being
    #: bid, its rebids so far, per seat.
    explain_round: Callable[[Settings, Any], tuple[list[str], ...]] | None = None
    rebid_line: Callable[[Settings, Any], str] | None = None
    rebid_lines: Callable[[Settings, Any], tuple[list[str], ...]] | None = None


#: The games declared, in the list's order: set once, at start, by ``web/games/__init__.py``
#: (a tuple replaced, never a cache filled by requests).
_declared: tuple[WebGame, ...] = ()


def declare(*games: WebGame) -> None:
    """Make games known to the pages (``web/games/__init__.py``, the one list)."""
    global _declared
    _declared = (*_declared, *games)


def of_family(family: str) -> WebGame:
    for game in _declared:
        if game.family == family:
            return game
    raise KeyError(family)


def of(settings: Settings) -> WebGame:
    """The web parts of a game with these settings."""
    return of_family(settings.family.value)


def every() -> tuple[WebGame, ...]:
    return _declared
