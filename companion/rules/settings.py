"""A game's settings: the ruleset, the players in seating order, the first dealer, the options."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Callable, Mapping, Sequence

from .editions import CURRENT_GIFT_RULE, FIRST_GIFT_RULE, GiftRule
from .errors import RuleError, shown
from .options import Teams, TypedOptions, Winner
from .registry import MAX_HAND, Family, IntRange, OptionValue, Ruleset, get_ruleset

NAME_MAX = 24
#: The score pad's title: what the table calls the game (docs/rules.md section 8).
TITLE_MAX = 40
#: The 52-card deck Oh Hell, Elevator and Seven-Up are dealt from (Oh-Seven's is ``cards.deck``).
FULL_DECK = 52
#: Cards kept undealt to turn up for trump (the largest hand leaves them in the deck).
KEPT_FOR_TRUMP = 1


@dataclass(frozen=True)
class Settings:
    ruleset: Ruleset
    players: tuple[str, ...]
    first_dealer: int
    #: As the API shows and the database stores them (``"hook": "never"``, ``"max_hand": null``).
    options: Mapping[str, OptionValue] = field(hash=False)
    #: The same options parsed once, as the engine reads them (enums, numbers).
    typed: TypedOptions = field(default_factory=TypedOptions, compare=False)
    #: Seven-Up: the edition of the gift rule the game began with (``editions``); not an option
    #: a table chooses, so neither the API nor the pages show it. Stored for Seven-Up only.
    gift_rule: GiftRule = CURRENT_GIFT_RULE
    #: The score pad: what the table calls the game, as typed (trimmed); ``None``: untitled, and
    #: always for the four card games.
    title: str | None = None

    @property
    def family(self) -> Family:
        return self.ruleset.family

    @property
    def seats(self) -> range:
        return range(len(self.players))

    # Asked for every seat of every standing of every answer, so worked out once per settings:
    # a cached_property caches its value in the instance's __dict__, beside the fields and outside
    # eq, hash and repr. Settings are made by __init__ (dataclasses.replace too), never copied
    # by ``evolve``, which would copy the value with them.
    @cached_property
    def has_teams(self) -> bool:
        """Seven-Up with four players: seats 0 and 2 against 1 and 3; a score pad in pairs:
        seat i with seat i + n/2 (docs/rules.md section 8)."""
        if self.ruleset.family is Family.SCORE_PAD:
            return self.typed.teams is Teams.PAIRS
        return self.ruleset.family is Family.SEVEN_UP and len(self.players) == 4

    def side_of(self, seat: int) -> int:
        """The side that scores for ``seat``: its team with partnerships, else the seat itself."""
        return seat % (len(self.players) // 2) if self.has_teams else seat

    @property
    def sides(self) -> range:
        return range(len(self.players) // 2) if self.has_teams else self.seats

    @cached_property
    def lowest_wins(self) -> bool:
        """A score pad whose lowest total wins (Hearts); every other game: the highest."""
        return self.typed.winner is Winner.LOWEST and self.ruleset.family is Family.SCORE_PAD

    def best(self, scores: Sequence[int]) -> int:
        """The best of ``scores`` as this game reads them: the highest, or the lowest."""
        return min(scores) if self.lowest_wins else max(scores)

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats ``side`` scores for, in seating order (both partners of a team)."""
        return self._side_seats[side]

    @cached_property
    def _side_seats(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(s for s in self.seats if self.side_of(s) == side) for side in self.sides)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ruleset": self.ruleset.id,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "options": dict(self.options),
        }
        if self.family is Family.SEVEN_UP:
            data["gift_rule"] = self.gift_rule.value
        if self.family is Family.SCORE_PAD:
            data["title"] = self.title
        return data


def shows_something(text: str) -> bool:
    """False for text of only invisible characters (spaces, zero-width spaces, joiners,
    combining marks): it reads as blank at the table, so it is no name (of a player or a
    table)."""
    return any(unicodedata.category(ch)[0] not in "ZM" and unicodedata.category(ch) != "Cf"
               for ch in text)


def showable(text: str) -> bool:
    """False for text holding a control character, a lone surrogate, a private-use character or
    a line or paragraph separator. Unassigned code points (Cn) are allowed: emoji newer than
    Python's Unicode database are Cn."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Zl", "Zp") for ch in text)


def clean_name(raw: object, position: int) -> str:
    """A player's name trimmed and checked: 1–24 characters, no control characters."""
    if not isinstance(raw, str):
        raise RuleError(
            "players", f"player {position + 1}'s name must be text", reason="name-type",
            field="players", seat=position,
        )
    name = unicodedata.normalize("NFC", raw).strip()
    if not shows_something(name):
        raise RuleError(
            "players", f"player {position + 1} needs a name", reason="name-empty",
            field="players", seat=position,
        )
    if len(name) > NAME_MAX:
        raise RuleError(
            "players",
            f"name {name[:NAME_MAX]!r}… is {len(name)} characters long; the most is {NAME_MAX}",
            reason="name-long", field="players", seat=position, name=name[:NAME_MAX],
            length=len(name), most=NAME_MAX,
        )
    if not showable(name):
        raise RuleError(
            "players", f"name {name!r} holds a character that cannot be shown",
            reason="name-character", field="players", seat=position, name=name,
        )
    return name


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
            _check_max_hand(options.get("max_hand"), count)
        except RuleError as error:
            problem(error)
            judged.add("max_hand")
    for name in [*(n for n in rules.options if n in (options or {}) and n not in judged),
                 *sorted(set(options or {}) - set(rules.options))]:
        try:  # each option on its own, in the order resolve_options judges them
            rules.resolve_options({name: (options or {})[name]})
        except RuleError as error:
            problem(error)
    clean = None
    try:
        clean = clean_title(rules, title)
    except RuleError as error:
        problem(error)
    if (rules.family is Family.SCORE_PAD and count_ok
            and (options or {}).get("teams") == Teams.PAIRS.value and count not in PAIRS_PLAYERS):
        problem(RuleError(
            "players", f"teams in pairs are for 4, 6 or 8 players, not {count}",
            reason="pairs-count", field="players", count=count,
        ))
    if problems:
        return None
    assert type(first_dealer) is int  # checked above, as a seat
    resolved = rules.resolve_options(options)
    return Settings(rules, tuple(n for n in names if n is not None), first_dealer,
                    resolved, TypedOptions.parse(resolved), title=clean)


#: docs/rules.md section 8: teams in pairs need sides of two facing each other.
PAIRS_PLAYERS = (4, 6, 8)


def clean_title(rules: Ruleset, raw: object) -> str | None:
    """A score pad's title trimmed and checked as a name is (1–40 characters), or ``None``
    (untitled); a title for one of the four card games is refused: their name is their title."""
    if raw is None:
        return None
    if rules.family is not Family.SCORE_PAD:
        raise RuleError("ruleset", f"{rules.name} has no title: only a score pad is given one",
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


def max_hand_range(players: int) -> IntRange:
    """The largest hands a table of ``players`` may choose: the option's own range, cut to
    what the deck deals them (``deal_limit``).

    >>> max_hand_range(4)
    IntRange(min=1, max=12)
    """
    offered = MAX_HAND.choices
    assert isinstance(offered, IntRange)
    return IntRange(offered.min, min(offered.max, deal_limit(players)))


def deal_limit(players: int) -> int:
    """The largest hand a 52-card deck deals ``players`` while keeping a card to turn for trump
    (docs/rules.md sections 3 and 6): floor(51 / players).

    >>> deal_limit(4), deal_limit(7)
    (12, 7)
    """
    return (FULL_DECK - KEPT_FOR_TRUMP) // players


def _check_max_hand(max_hand: object, players: int) -> None:
    if type(max_hand) is int and max_hand > deal_limit(players):
        most, dealt = deal_limit(players), FULL_DECK - KEPT_FOR_TRUMP
        raise RuleError(
            "ruleset",
            f"option max_hand may not be {max_hand} with {players} players: {dealt} cards deal "
            f"at most {most} each and keep {KEPT_FOR_TRUMP} to turn for trump",
            reason="max-hand-players", field="options.max_hand", option="max_hand",
            value=max_hand, players=players, most=most, dealt=dealt, kept=KEPT_FOR_TRUMP,
        )


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
    if settings.family is not Family.SEVEN_UP:
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
