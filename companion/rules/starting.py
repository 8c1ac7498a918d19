"""A game's settings checked as it is made (``new_settings``, ``settings_problems``) or read back
from storage (``settings_from_json``): the ruleset looked up among the games (``games.py``), the
players' names, the first dealer, the options, the title."""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from .editions import FIRST_GIFT_RULE, GiftRule
from .errors import RuleError, shown
from .games import GAMES, get_ruleset
from .options import Teams, TypedOptions
from .ruleset import Ruleset
from .settings import (PAIRS_PLAYERS, TITLE_MAX, Settings, check_max_hand, clean_name, showable,
                       shows_something)


def new_settings(
    ruleset: object,
    players: object,
    first_dealer: object = 0,
    options: Mapping[str, object] | None = None,
    title: object = None,
) -> Settings:
    """Checked settings for a new game, or a ``RuleError`` naming what is wrong (the first of
    ``settings_problems``).

    >>> new_settings("oh-hell", ["Ana", "Ben", "Cleo"]).options["schedule"]
    'down-up'
    """
    settings = _checked(ruleset, players, first_dealer, options, title, _refuse)
    assert settings is not None  # _refuse raised at the first problem
    return settings


def settings_problems(
    ruleset: object,
    players: object,
    first_dealer: object = 0,
    options: Mapping[str, object] | None = None,
    title: object = None,
) -> list[RuleError]:
    """Every ``RuleError`` of these settings, in the order ``new_settings`` checks them (so the
    first is the one it raises); none when they make a game. A page shows them all at once.

    >>> [e.reason for e in settings_problems("oh-hell", ["Lucy", "x" * 25, "lucy"])]
    ['name-long', 'name-duplicate']
    """
    found: list[RuleError] = []
    _checked(ruleset, players, first_dealer, options, title, found.append)
    return found


def _refuse(error: RuleError) -> None:
    raise error


def _checked(
    ruleset: object,
    players: object,
    first_dealer: object,
    options: Mapping[str, object] | None,
    title: object,
    report: Callable[[RuleError], None],
) -> Settings | None:
    """The settings, or ``None`` once ``report`` was given a problem. A problem that leaves later
    checks nothing to judge ends them (no list of players, no number of players to deal to);
    the others go on, so that every problem is reported."""
    problems = 0

    def problem(error: RuleError) -> None:
        nonlocal problems
        problems += 1
        report(error)

    try:
        rules: Ruleset | None = get_ruleset(ruleset)
    except RuleError as error:
        problem(error)
        rules = None
    if not isinstance(players, Sequence) or isinstance(players, (str, bytes)):
        problem(RuleError("players", "players must be a list of names", reason="players-type",
                          field="players"))
        return None
    count = len(players)
    count_ok = rules is not None and rules.min_players <= count <= rules.max_players
    if rules is not None and not count_ok:
        problem(RuleError(
            "players",
            f"{rules.name} is for {rules.min_players}–{rules.max_players} players, not {count}",
            reason="player-count", field="players", game=rules.name, count=count,
            least=rules.min_players, most=rules.max_players,
        ))
    names: list[str | None] = []
    for i, raw in enumerate(players):
        try:
            names.append(clean_name(raw, i))
        except RuleError as error:
            problem(error)
            names.append(None)
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if name is None:
            continue
        key = name.casefold()
        if key in seen:
            problem(RuleError(
                "players", f"two players are called {name!r}; names must differ",
                reason="name-duplicate", field="players", seat=seat, name=name,
            ))
        else:
            seen[key] = seat
    if count and (type(first_dealer) is not int or not 0 <= first_dealer < count):
        problem(RuleError(
            "seat", f"first dealer {shown(first_dealer)} is not a seat: seats are 0–{count - 1}",
            reason="dealer-seat", field="first_dealer", value=first_dealer, last=count - 1,
        ))
    if options is not None and not isinstance(options, Mapping):
        problem(RuleError("ruleset", "options must be an object of option names",
                          reason="options-type", field="options"))
        return None
    if rules is None:
        return None
    judged: set[str] = set()  # one problem an option: its first
    if options is not None and "max_hand" in rules.options and count_ok:
        # Before the range check: above what the deck deals, the number of players is the why.
        try:
            check_max_hand(options.get("max_hand"), count)
        except RuleError as error:
            problem(error)
            judged.add("max_hand")
    for name in [*(n for n in rules.options if n in (options or {}) and n not in judged),
                 *sorted(set(options or {}) - set(rules.options))]:
        try:  # each option on its own, in the order resolve_options judges them
            rules.resolve_options({name: (options or {})[name]})
        except RuleError as error:
            problem(error)
    if rules.check_options is not None and options is not None and count_ok and not problems:
        try:  # a value in range that the number of players rules out (the game's own check)
            rules.check_options(options, count)
        except RuleError as error:
            problem(error)
    clean = None
    try:
        clean = clean_title(rules, title)
    except RuleError as error:
        problem(error)
    if ("teams" in rules.options and count_ok
            and (options or {}).get("teams") == Teams.PAIRS.value and count not in PAIRS_PLAYERS):
        problem(RuleError(
            "players", f"teams in pairs are for 4, 6 or 8 players, not {count}",
            reason="pairs-count", field="players", count=count,
        ))
    if count_ok and not problems:
        for refused in rules.family.option_problems(count, options or {}):
            problem(refused)
    if problems:
        return None
    assert type(first_dealer) is int  # checked above, as a seat
    resolved = rules.resolve_options(options)
    return Settings(rules, tuple(n for n in names if n is not None), first_dealer,
                    resolved, TypedOptions.parse(resolved), title=clean)


def clean_title(rules: Ruleset, raw: object) -> str | None:
    """A score pad's title trimmed and checked as a name is (1–40 characters), or ``None``
    (untitled); a title for one of the four card games is refused: their name is their title."""
    if raw is None:
        return None
    if not rules.family.titled:
        titled = " or ".join(f"a {game.name.lower()}" for game in GAMES if game.family.titled)
        raise RuleError("ruleset", f"{rules.name} has no title: only {titled} is given one",
                        reason="title-ruleset", field="title", game=rules.name)
    if not isinstance(raw, str):
        raise RuleError("ruleset", "the title must be text", reason="title-type", field="title")
    title = unicodedata.normalize("NFC", raw).strip()
    if not shows_something(title):
        raise RuleError("ruleset", "the title is empty: leave it out for an untitled pad",
                        reason="title-empty", field="title")
    if len(title) > TITLE_MAX:
        raise RuleError(
            "ruleset", f"the title is {len(title)} characters long; the most is {TITLE_MAX}",
            reason="title-long", field="title", length=len(title), most=TITLE_MAX,
        )
    if not showable(title):
        raise RuleError("ruleset", f"the title {title!r} holds a character that cannot be shown",
                        reason="title-character", field="title", title=title)
    return title


def settings_from_json(data: Mapping[str, Any]) -> Settings:
    """Settings as stored by ``Settings.to_json`` (checked again: stored data is input too).
    A Seven-Up game stored before its settings named the gift rule's edition began under the
    first one, and keeps it.

    >>> old = {"ruleset": "seven-up", "players": ["A", "B", "C"], "first_dealer": 0,
    ...        "options": {"target": 7, "game_tie": "nobody", "low_to": "holder"}}
    >>> settings_from_json(old).gift_rule.value
    'eldest-side'
    >>> settings_from_json({**old, "gift_rule": "every-receiver"}).gift_rule.value
    'every-receiver'
    """
    options = {k: v for k, v in data["options"].items() if k not in get_ruleset(data["ruleset"]).presets}
    settings = new_settings(data["ruleset"], data["players"], data["first_dealer"], options,
                            data.get("title"))
    if not settings.family.editions:
        return settings
    stored = data.get("gift_rule", FIRST_GIFT_RULE.value)
    try:
        gift_rule = GiftRule(stored)
    except ValueError:
        raise RuleError(
            "ruleset", f"gift_rule may not be {shown(stored)}: choose one of "
            + ", ".join(f'"{rule.value}"' for rule in GiftRule),
            reason="option-value", field="gift_rule", option="gift_rule", value=stored,
        ) from None
    return replace(settings, gift_rule=gift_rule)
