"""The shapes a table's figures share (docs/rules.md section 7), and what a family may add to
them of its own (``TablePart``): ``table_stats`` counts every game by its ruleset, and a family
whose games are told apart otherwise (the score pad's titles) declares a part that the table's
figures and the API carry under the part's key. Generic: it names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .schema import Schema
from .table_tally import RulesetTally


@dataclass(frozen=True)
class HeadToHead:
    players: tuple[str, str]
    games: int
    ahead: tuple[int, int]
    level: int


@dataclass(frozen=True)
class BestScore:
    game: str
    score: int


@dataclass(frozen=True)
class RulesetPlayer:
    name: str
    games: int
    finished: int
    wins: int
    win_rate: float | None
    #: Bid-and-trick games (``None`` for Seven-Up).
    rounds: int | None
    points_per_round: float | None
    success_rate: float | None
    best_score: BestScore | None
    #: Seven-Up (``None`` elsewhere): hands played and points won by the player's side.
    hands: int | None
    points: int | None
    #: A game counted hand by hand (``None`` elsewhere): the side's points per hand; with
    #: contracts, the player's taken and made as taker (``success_rate``: made ÷ taken); the
    #: family's count (its side's) in all and per hand.
    points_per_hand: float | None = None
    taken: int | None = None
    made: int | None = None
    counted: int | None = None
    counted_per_hand: float | None = None


@dataclass(frozen=True)
class ScoreRecord:
    name: str
    game: str
    score: int


@dataclass(frozen=True)
class RoundRecord:
    name: str
    game: str
    round: int
    points: int


@dataclass(frozen=True)
class CountRecord:
    """The most of a family's count (``GameFamily.table_count``) in one hand."""

    name: str
    game: str
    round: int
    count: int


def rate(count: int, whole: int) -> float | None:
    return count / whole if whole else None


def head_to_head(order: Sequence[str], pairs: dict[tuple[str, str], list[int]],
                 names: Mapping[str, str]) -> tuple[HeadToHead, ...]:
    """Every pair that shares a finished game, in the order of ``order`` (its first-named
    player's place, then the second's): sorted from the pairs held, never from every two
    players (a table of many players and few shared games stays cheap)."""
    place = {key: index for index, key in enumerate(order)}
    found = []
    for (a, b), counts in pairs.items():
        if not counts[0] or a not in place or b not in place:
            continue
        if place[b] < place[a]:
            found.append((place[b], place[a], names[b], names[a], counts[0], counts[2],
                          counts[1], counts[3]))
        else:
            found.append((place[a], place[b], names[a], names[b], counts[0], counts[1],
                          counts[2], counts[3]))
    found.sort(key=lambda row: (row[0], row[1]))
    return tuple(HeadToHead((first, second), games, (one, other), level)
                 for _i, _j, first, second, games, one, other, level in found)


def head_to_head_json(pairs: Sequence[HeadToHead]) -> list[dict[str, Any]]:
    """The API's ``head_to_head`` (docs/api.md, "Tables")."""
    return [{"players": list(h.players), "games": h.games, "ahead": list(h.ahead),
             "level": h.level} for h in pairs]


def best_score_json(best: BestScore | None) -> dict[str, Any] | None:
    return None if best is None else {"game": best.game, "score": best.score}


def score_json(record: ScoreRecord | None) -> dict[str, Any] | None:
    return None if record is None else {"name": record.name, "game": record.game,
                                        "score": record.score}


def round_json(record: RoundRecord | None) -> dict[str, Any] | None:
    return None if record is None else {"name": record.name, "game": record.game,
                                        "round": record.round, "points": record.points}


class TablePart(Protocol):
    """A family's own part of a table's figures: its shelves (``table_games.pad_shelf``: those
    whose name holds more than the ruleset's id) counted its way, shown under ``key`` (the
    figures' attribute, the API's field of the table's statistics)."""

    #: The part's name in ``TableFigures`` and in the API's statistics of a table.
    key: str
    #: The API's schema of the part's field in ``TableStatistics``, and the schemas it names.
    field_schema: Schema
    schemas: Mapping[str, Schema]

    def figures(self, shelves: Mapping[str, RulesetTally], order: Sequence[str],
                names: Mapping[str, str]) -> tuple[Any, ...]:
        """The part's figures from its shelves (by shelf name), players in ``order``."""

    def to_json(self, figures: tuple[Any, ...]) -> list[dict[str, Any]]:
        """The part as the API writes it."""
