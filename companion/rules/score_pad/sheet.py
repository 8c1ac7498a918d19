"""What the API writes of a score pad (docs/api.md, "The score pad"): its statistics object and
its score sheet, a row per round."""

from __future__ import annotations

from typing import Any, Mapping

from ..schema import FIGURE, RATE, SEAT, SEATS, Schema, obj
from ..sheets import Rows, side_name
from ..state import GameState
from .statistics import pad_statistics


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    pad = pad_statistics(state)
    assert pad is not None
    return {
        "table": {"players": pad.players, "rounds": pad.rounds},
        "players": [
            {**({"seats": list(side.seats)} if settings.has_teams
                else {"seat": side.seats[0]}),
             "name": side_name(settings, side.side),
             "team": side.side if settings.has_teams else None,
             "rounds": side.rounds, "points_per_round": side.points_per_round,
             "best_round": side.best_round, "worst_round": side.worst_round,
             "rounds_won": side.rounds_won, "rounds_won_rate": side.rounds_won_rate}
            for side in pad.per_side
        ],
    }


def sheet_rows(state: GameState) -> Rows:
    """Round, dealer, then each side's points and total."""
    settings = state.settings
    header: list[object] = ["round", "dealer"]
    for side in settings.sides:
        name = side_name(settings, side)
        header += [f"{name} points", f"{name} total"]
    yield header
    for round_, totals in zip(state.rounds, state.running_totals):
        assert round_.points is not None
        row: list[object] = [round_.number, settings.players[round_.dealer]]
        for side in settings.sides:
            row += [round_.points[settings.seats_of(side)[0]], totals[side]]
        yield row


#: The API's schema of ``statistics_json`` (docs/api.md, "Statistics").
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"PadStatistics": obj({
    "table": obj({"players": {"type": "integer"},
                  "rounds": {"type": "integer", "description": "rounds scored"}}),
    "players": {"type": "array", "items": obj({
        "seat": {**SEAT, "description": "without teams"},
        "seats": {**SEATS, "description": "with teams pairs: the side's two seats"},
        "name": {"type": "string", "description": "a player, or a side: \"A & C\""},
        "team": {"type": ["integer", "null"]},
        "rounds": {"type": "integer"}, "points_per_round": FIGURE,
        "best_round": {"type": ["integer", "null"],
                       "description": "as the winner option reads it (lowest: the least)"},
        "worst_round": {"type": ["integer", "null"]},
        "rounds_won": {"type": "integer", "description": "rounds whose best points were "
                       "this side's, a shared best counting for each"},
        "rounds_won_rate": RATE,
    }, required=["name", "team", "rounds", "points_per_round", "best_round", "worst_round",
                 "rounds_won", "rounds_won_rate"])},
})}
