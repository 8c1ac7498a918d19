"""A game's settings: the ruleset, the players in seating order, the first dealer, the options."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .editions import CURRENT_GIFT_RULE, GiftRule
from .errors import RuleError
from .options import TypedOptions, Winner
from .ruleset import IntRange, Option, OptionValue, Ruleset

if TYPE_CHECKING:  # a family reads the settings, which hold their ruleset: types only
    from .families import GameFamily

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
    def family(self) -> GameFamily:
        """How the game's rounds are played, as its ruleset declares (``families.py``)."""
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
        seat i with seat i + n/2 (docs/rules.md section 8). The family says."""
        return self.ruleset.family.has_teams(self)

    def side_of(self, seat: int) -> int:
        """The side that scores for ``seat``: its team with partnerships, else the seat itself."""
        return seat % self._teams if self.has_teams else seat

    @property
    def sides(self) -> range:
        return range(self._teams) if self.has_teams else self.seats

    @cached_property
    def _teams(self) -> int:
        """How many teams the seats play in, when they play in teams: seat ``i`` is on team
        ``i % teams`` (the family says how many: pairs facing by default)."""
        return self.ruleset.family.team_count(len(self.players))

    @cached_property
    def lowest_wins(self) -> bool:
        """A score pad whose lowest total wins (Hearts); every other game: the highest (a game
        without the ``winner`` option keeps its seed value, ``highest``)."""
        return self.typed.winner is Winner.LOWEST

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
        if self.family.editions:
            data["gift_rule"] = self.gift_rule.value
        if self.family.titled:
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


#: docs/rules.md section 6: the largest hand a table may choose. With three players 51 cards deal
#: 17 each; fewer with more players, which ``new_settings`` checks (it knows the number of players).
MAX_HAND = Option(None, IntRange(1, 17))

#: docs/rules.md section 8: teams in pairs need sides of two facing each other.
PAIRS_PLAYERS = (4, 6, 8)


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


def check_max_hand(max_hand: object, players: int) -> None:
    if type(max_hand) is int and max_hand > deal_limit(players):
        most, dealt = deal_limit(players), FULL_DECK - KEPT_FOR_TRUMP
        raise RuleError(
            "ruleset",
            f"option max_hand may not be {max_hand} with {players} players: {dealt} cards deal "
            f"at most {most} each and keep {KEPT_FOR_TRUMP} to turn for trump",
            reason="max-hand-players", field="options.max_hand", option="max_hand",
            value=max_hand, players=players, most=most, dealt=dealt, kept=KEPT_FOR_TRUMP,
        )
