"""The score pad's earlier titles, offered as chips on the new-game page ("Hearts" is one tap):
a table's, or this phone's games'. A title's chip brings back the options it was last played
with (docs/rules.md section 8: two titles are one game when equal after trimming, NFC and
case-folding; a title played both highest- and lowest-wins offers its latest).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from companion.rules import IntRange, Settings
from companion.storage.store import StoredGame
from companion.web.new_game import choices
from companion.web.shared import house_rules
from companion.web.shared.declaration import of

#: The most chips offered: a family plays a handful of games.
MOST_TITLES = 8


@dataclass(frozen=True)
class EarlierTitle:
    """A title as last played, and the new-game form's values that play it again."""

    title: str
    data: dict[str, object]


def same_title(title: str) -> str:
    """A title as the table counts it: trimmed, NFC, case-folded ("Hearts" is "hearts")."""
    return unicodedata.normalize("NFC", title).strip().casefold()


def option_data(settings: Settings) -> dict[str, object]:
    """The new-game form's values of a game's options (its house rules, the score pad's who
    wins and when it ends): a range option's number goes in its typed field."""
    rules = settings.ruleset
    data: dict[str, object] = {}
    for name, value in settings.options.items():
        if name not in rules.options:
            continue
        field = choices.option_field(rules.id, name)
        if isinstance(rules.options[name].choices, IntRange):  # its number typed, or none
            typed = isinstance(value, int) and value != rules.options[name].default
            data[field] = house_rules.NUMBER if typed else house_rules.token(value)
            data[choices.number_field(field)] = str(value) if typed else ""
        else:
            data[field] = house_rules.token(value)
    return data


def earlier_titles(games: Iterable[StoredGame]) -> list[EarlierTitle]:
    """The titled score pads among ``games`` (newest first), one chip a title, with the options
    of its newest game."""
    found: dict[str, EarlierTitle] = {}
    for game in games:
        settings = game.settings
        if not of(settings).titled or not settings.title:
            continue
        key = same_title(settings.title)
        if key not in found:
            found[key] = EarlierTitle(settings.title, {
                "ruleset": settings.ruleset.id, "title": settings.title, **option_data(settings)})
        if len(found) >= MOST_TITLES:
            break
    return list(found.values())


def chosen(titles: list[EarlierTitle], typed: str) -> EarlierTitle | None:
    """The chip tapped (its title, as the button sends it), if it is still offered."""
    key = same_title(typed)
    return next((t for t in titles if same_title(t.title) == key), None)
