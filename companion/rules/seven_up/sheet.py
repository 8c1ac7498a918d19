"""What the API writes of a Seven-Up game (docs/api.md, "Statistics and the score sheet"): its
statistics object and its score sheet, a row per hand."""

from __future__ import annotations

from typing import Any, Mapping

from ..schema import RATE, SEAT, Schema, obj
from ..settings import Settings
from ..sheets import Rows, seat_cell, side_name
from ..state import GameState
from . import PLAY_POINTS
from .statistics import seven_up_statistics


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    stats = seven_up_statistics(state)
    assert stats is not None
    by_side = {side.side: side for side in stats.per_side}
    return {
        "table": {"players": stats.players, "hands": stats.hands,
                  "redeals": stats.redeals, "beg_rate": stats.beg_rate},
        "players": [
            {"seat": seat, "name": name,
             "team": settings.side_of(seat) if settings.has_teams else None,
             **{point: getattr(by_side[settings.side_of(seat)], point)
                for point in ("high", "low", "jack", "game", "gifts", "jacks_turned")}}
            for seat, name in enumerate(settings.players)
        ],
    }


def _point_cell(settings: Settings, seat: object) -> str:
    """Who won a point: with partners every point is the team's, named as the side, "A & C"
    (docs/api.md, "Statistics and the score sheet")."""
    if isinstance(seat, int) and settings.has_teams:
        return side_name(settings, settings.side_of(seat))
    return seat_cell(settings, seat)


def sheet_rows(state: GameState) -> Rows:
    """Hand, dealer, beg, who won each point of play, then each side's points and total."""
    settings = state.settings
    header: list[object] = ["hand", "dealer", "beg", *PLAY_POINTS]
    for side in settings.sides:
        name = side_name(settings, side)
        header += [f"{name} points", f"{name} total"]
    yield header
    totals = [0] * len(settings.sides)
    for round_ in state.rounds:
        assert round_.points is not None
        played = round_.hands[-1]
        row: list[object] = [round_.number, settings.players[round_.dealer], played.beg.value]
        row += [_point_cell(settings, getattr(played, point)) for point in PLAY_POINTS]
        for side in settings.sides:
            seat = settings.seats_of(side)[0]
            totals[side] += round_.points[seat]
            row += [round_.points[seat], totals[side]]
        yield row


#: The API's schema of ``statistics_json`` (docs/api.md, "Statistics").
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"SevenUpStatistics": obj({
    "table": obj({
        "players": {"type": "integer"},
        "hands": {"type": "integer", "description": "hands played (redeals apart)"},
        "redeals": {"type": "integer"},
        "beg_rate": {**RATE, "description": "the share of hands the eldest begged"},
    }),
    "players": {"type": "array", "items": obj({
        "seat": SEAT, "name": {"type": "string"},
        "team": {"type": ["integer", "null"], "description": "0 or 1 with partners"},
        **{point: {"type": "integer", "minimum": 0,
                   "description": f"{point} points won by the seat's side"}
           for point in ("high", "low", "jack", "game", "gifts", "jacks_turned")},
    })},
})}
