"""What the API writes of a Scopa game (docs/api.md, "More games"): its statistics object (the
table, each side) and its score sheet, a row per hand."""

from __future__ import annotations

from typing import Any, Mapping

from ..schema import FIGURE, SEATS, Schema, obj
from ..sheets import Rows, side_name
from ..state import GameState
from . import AWARDS, ScopaHand, options_of, scored_of


def _share(count: int, whole: int) -> float | None:
    return count / whole if whole else None


def _hands(state: GameState) -> list[tuple[ScopaHand, tuple[int, ...]]]:
    return [(own.hand, own.side_points) for own in map(scored_of, state.rounds)]


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    hands = _hands(state)
    sides = []
    for side in settings.sides:
        scope = sum(hand.scope[side] for hand, _points in hands)
        counted = {name: sum(hand.award(name) == side for hand, _points in hands)
                   for name in AWARDS}
        sides.append({
            "side": side, "seats": list(settings.seats_of(side)), "hands": len(hands),
            "points_per_hand": _share(sum(points[side] for _hand, points in hands), len(hands)),
            **counted,
            "scope": scope,
            "scope_per_hand": _share(scope, len(hands)),
            "napola": sum(hand.napola[side] for hand, _points in hands if hand.napola),
        })
    return {"table": {"players": len(settings.players), "hands": len(hands)}, "sides": sides}


def _side_cell(state: GameState, side: int | None) -> str:
    return "" if side is None else side_name(state.settings, side)


def sheet_rows(state: GameState) -> Rows:
    """Hand, dealer, who took each of the four points, then per side its scope, its napola
    (with the option), its points and its total."""
    settings = state.settings
    napola = options_of(settings).napola
    header: list[object] = ["round", "dealer", *AWARDS]
    for side in settings.sides:
        name = side_name(settings, side)
        header += [f"{name} scope", *([f"{name} napola"] if napola else []),
                   f"{name} points", f"{name} total"]
    yield header
    totals = [0] * len(settings.sides)
    for round_ in state.rounds:
        own = scored_of(round_)
        hand = own.hand
        row: list[object] = [round_.number, settings.players[round_.dealer],
                             *(_side_cell(state, hand.award(name)) for name in AWARDS)]
        for side in settings.sides:
            totals[side] += own.side_points[side]
            row += [hand.scope[side], *([hand.napola[side]] if napola else []),
                    own.side_points[side], totals[side]]
        yield row


_COUNT: Schema = {"type": "integer", "minimum": 0}

#: The API's schema of ``statistics_json`` (docs/api.md, "More games", "Statistics").
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"ScopaStatistics": obj({
    "table": obj({"players": {"type": "integer"},
                  "hands": {"type": "integer", "description": "hands scored"}}),
    "sides": {"type": "array", "items": obj({
        "side": {"type": "integer"}, "seats": SEATS, "hands": {"type": "integer"},
        "points_per_hand": FIGURE,
        "cards": {**_COUNT, "description": "hands in which the side took the most cards"},
        "coins": {**_COUNT, "description": "hands in which it took the most coins"},
        "settebello": {**_COUNT, "description": "hands in which it took the 7 of coins"},
        "primiera": {**_COUNT, "description": "hands in which it won the primiera"},
        "scope": {**_COUNT, "description": "its scope in all"},
        "scope_per_hand": FIGURE,
        "napola": {**_COUNT, "description": "its napola points"},
    })},
})}
