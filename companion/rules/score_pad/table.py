"""The score pad's part of a table's figures (docs/rules.md section 8, "at a table"): its games
are told apart by title and ``winner`` option rather than by ruleset, each shelf counted apart;
the family declares it (``ScorePad.table_part``) and the table's figures and the API carry it
under ``key`` without naming the pad.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..schema import FIGURE, RATE, ROUND_MARK, SCORE_GAME, SCORE_MARK, Schema, obj, ref
from ..table_figures import (
    BestScore,
    HeadToHead,
    RoundRecord,
    RulesetPlayer,
    ScoreRecord,
    TablePart,
    best_score_json,
    head_to_head,
    head_to_head_json,
    rate,
    round_json,
    score_json,
)
from ..table_games import SHELF_JOIN, player_key
from ..table_tally import SIDE_JOIN, Mark, RulesetTally


@dataclass(frozen=True)
class PadRecords:
    """A score pad's records: the best final score and the best score in one round, each read
    by the pad's ``winner`` option; a side's names its players ("Ana & Cleo")."""

    best_score: ScoreRecord | None
    best_round: RoundRecord | None


@dataclass(frozen=True)
class PadFigures:
    """The score pads of one title (any spelling) and one ``winner`` option at a table."""

    #: The spelling of the most recently started of its games; ``None``: the untitled pad.
    title: str | None
    lowest_wins: bool
    games: int
    finished: int
    #: ``rounds``, ``points_per_round`` and ``best_score`` as the pads read them; a pad has no
    #: success rate, hands or points won (``None``).
    players: tuple[RulesetPlayer, ...]
    head_to_head: tuple[HeadToHead, ...]
    records: PadRecords


def pad_figures(shelf_name: str, shelf: RulesetTally, order: Sequence[str],
                names: Mapping[str, str]) -> PadFigures:
    parts = shelf_name.split(SHELF_JOIN)
    lowest = parts[1] == "lowest"
    flip = -1 if lowest else 1

    def score(mark: Mark) -> int:
        return -mark[0] * flip

    def side(mark: Mark) -> str:
        return " & ".join(names[key] for key in mark[5].split(SIDE_JOIN))

    players = []
    for key in order:
        counts = shelf.players.get(key)
        if counts is None:
            continue
        games, finished, wins, rounds, points = counts[:5]
        best = shelf.best.get(key)
        players.append(RulesetPlayer(
            name=names[key], games=games, finished=finished, wins=wins,
            win_rate=rate(wins, finished), rounds=rounds,
            points_per_round=rate(points, rounds), success_rate=None,
            best_score=None if best is None else BestScore(best[2], score(best)),
            hands=None, points=None))
    top, high = shelf.highest_score, shelf.highest_round
    records = PadRecords(
        None if top is None else ScoreRecord(side(top), top[2], score(top)),
        None if high is None else RoundRecord(side(high), high[2], high[3], score(high)))
    assert shelf.latest is not None  # every pad's part holds its title's spelling
    title = shelf.latest[2] if len(parts) > 2 else None
    return PadFigures(title, lowest, shelf.games, shelf.finished, tuple(players),
                      head_to_head(order, shelf.pairs, names), records)


def pad_json(found: PadFigures) -> dict[str, Any]:
    """One score pad title and ``winner`` option of a table (docs/api.md, "The score pad")."""
    return {
        "title": found.title, "winner": "lowest" if found.lowest_wins else "highest",
        "games": found.games, "finished": found.finished,
        "players": [{"name": p.name, "games": p.games, "finished": p.finished, "wins": p.wins,
                     "win_rate": p.win_rate, "rounds": p.rounds,
                     "points_per_round": p.points_per_round,
                     "best_score": best_score_json(p.best_score)}
                    for p in found.players],
        "head_to_head": head_to_head_json(found.head_to_head),
        "records": {"best_score": score_json(found.records.best_score),
                    "best_round": round_json(found.records.best_round)},
    }


#: The API's schema of one title and option (``TableScorePad``), as ``pad_json`` writes it.
SCHEMAS: Mapping[str, Schema] = {"TableScorePad": obj({
    "title": {"type": ["string", "null"], "description": "the spelling of the most recently "
              "started game of that title and option; null: the untitled pad"},
    "winner": {"type": "string", "enum": ["highest", "lowest"]},
    "games": {"type": "integer"},
    "finished": {"type": "integer"},
    "players": {"type": "array", "items": obj({
        "name": {"type": "string"}, "games": {"type": "integer"},
        "finished": {"type": "integer"}, "wins": {"type": "integer"}, "win_rate": RATE,
        "rounds": {"type": "integer"}, "points_per_round": FIGURE,
        "best_score": {"description": "the highest final score, or the lowest in a "
                       "lowest-wins pad", "anyOf": [SCORE_GAME, {"type": "null"}]},
    })},
    "head_to_head": {"type": "array", "items": ref("HeadToHead")},
    "records": obj({
        "best_score": {"anyOf": [SCORE_MARK, {"type": "null"}],
                       "description": "a side's names its players, \"Ana & Cleo\""},
        "best_round": {"anyOf": [ROUND_MARK, {"type": "null"}]},
    }),
})}


class PadPart(TablePart):
    """The score pads of a table, each title and ``winner`` option apart: most games first,
    then by title (the untitled last), then highest before lowest."""

    key = "score_pads"
    schemas = SCHEMAS
    field_schema: Schema = {
        "type": "array", "items": ref("TableScorePad"),
        "description": "one entry per score pad title and winner option: most games first, "
                       "then by title (null last), then highest before lowest"}

    def figures(self, shelves: Mapping[str, RulesetTally], order: Sequence[str],
                names: Mapping[str, str]) -> tuple[PadFigures, ...]:
        pads = [pad_figures(name, shelf, order, names) for name, shelf in shelves.items()]
        pads.sort(key=lambda pad: (-pad.games, pad.title is None, player_key(pad.title or ""),
                                   pad.lowest_wins))
        return tuple(pads)

    def to_json(self, figures: tuple[Any, ...]) -> list[dict[str, Any]]:
        return [pad_json(pad) for pad in figures]


PART = PadPart()
