"""What the API writes of a Spades game (docs/api.md, "More games"): its statistics object (the
table, each side, each player) and its score sheet, a row per hand."""

from __future__ import annotations

from typing import Any, Mapping

from ..entries import Bid
from ..schema import FIGURE, RATE, SEAT, SEATS, Schema, obj
from ..sheets import Rows, side_name
from ..state import GameState
from . import BLIND_NIL, NIL, NIL_BIDS, bid_made


def _share(count: int, whole: int) -> float | None:
    return count / whole if whole else None


def bid_cell(bid: Bid) -> str:
    """A bid as the sheet writes it: the number, ``nil`` or ``blind nil``."""
    return "blind nil" if bid == BLIND_NIL else str(bid)


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    rounds = list(state.rounds)
    all_bids = [b for r in rounds for b in r.bids or ()]
    contracts = [s.contract for r in rounds for s in r.side_hands if s.has_contract]
    penalties = [-s.bag_penalty // 100 for r in rounds for s in r.side_hands]
    sides = []
    for side in settings.sides:
        hands = [r.side_hands[side] for r in rounds]
        with_contract = [h for h in hands if h.has_contract]
        seats = settings.seats_of(side)
        sides.append({
            "side": side, "seats": list(seats), "rounds": len(hands),
            "points_per_round": _share(sum(h.points for h in hands), len(hands)),
            "contract_rate": _share(sum(h.made for h in with_contract), len(with_contract)),
            "sets": sum(not h.made for h in with_contract),
            "bags": sum(h.bags for h in hands),
            "bag_penalties": sum(-h.bag_penalty // 100 for h in hands),
            "nils_made": sum(1 for r in rounds for s in seats
                             if r.bids and r.tricks and r.bids[s] in NIL_BIDS and r.tricks[s] == 0),
        })
    players = []
    for seat, name in enumerate(settings.players):
        played = [(r.bids[seat], r.tricks[seat], r.side_hands[settings.side_of(seat)])
                  for r in rounds if r.bids is not None and r.tricks is not None]
        numbers = [(b, t) for b, t, _side in played if isinstance(b, int)]
        players.append({
            "seat": seat, "name": name,
            "team": settings.side_of(seat) if settings.has_teams else None,
            "rounds": len(played),
            "average_bid": _share(sum(b for b, _t in numbers), len(numbers)),
            "success_rate": _share(sum(bid_made(b, t, s) for b, t, s in played), len(played)),
            "exact_rate": _share(sum(t == b for b, t in numbers), len(numbers)),
            "overshoot_rate": _share(sum(t > b for b, t in numbers), len(numbers)),
            "deficit_rate": _share(sum(t < b for b, t in numbers), len(numbers)),
            "nil_bids": sum(b == NIL for b, _t, _s in played),
            "nils_made": sum(b == NIL and t == 0 for b, t, _s in played),
            "blind_nil_bids": sum(b == BLIND_NIL for b, _t, _s in played),
            "blind_nils_made": sum(b == BLIND_NIL and t == 0 for b, t, _s in played),
        })
    return {
        "table": {
            "players": len(settings.players),
            "rounds": len(rounds),
            "nil_rate": _share(sum(b in NIL_BIDS for b in all_bids), len(all_bids)),
            "average_contract": _share(sum(contracts), len(contracts)),
            "bag_penalties": sum(penalties),
        },
        "sides": sides,
        "players": players,
    }


def sheet_rows(state: GameState) -> Rows:
    """Hand, dealer, each player's bid and tricks, then each side's points, bags and total."""
    settings = state.settings
    header: list[object] = ["round", "dealer"]
    for name in settings.players:
        header += [f"{name} bid", f"{name} tricks"]
    for side in settings.sides:
        name = side_name(settings, side)
        header += [f"{name} points", f"{name} bags", f"{name} total"]
    yield header
    totals = [0] * len(settings.sides)
    for round_ in state.rounds:
        assert round_.bids is not None and round_.tricks is not None
        row: list[object] = [round_.number, settings.players[round_.dealer]]
        for seat in settings.seats:
            row += [bid_cell(round_.bids[seat]), round_.tricks[seat]]
        for side, hand in enumerate(round_.side_hands):
            totals[side] += hand.points
            row += [hand.points, hand.bags_held, totals[side]]
        yield row


_COUNT: Schema = {"type": "integer", "minimum": 0}

#: The API's schema of ``statistics_json`` (docs/api.md, "More games", "Statistics").
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"SpadesStatistics": obj({
    "table": obj({
        "players": {"type": "integer"}, "rounds": {"type": "integer", "description": "hands scored"},
        "nil_rate": {**RATE, "description": "the share of all bids that were nil or blind nil"},
        "average_contract": {**FIGURE, "description": "over the sides that had a contract"},
        "bag_penalties": _COUNT,
    }),
    "sides": {"type": "array", "items": obj({
        "side": {"type": "integer"}, "seats": SEATS, "rounds": {"type": "integer"},
        "points_per_round": FIGURE,
        "contract_rate": {**RATE, "description": "hands with a contract the side made"},
        "sets": _COUNT, "bags": {**_COUNT, "description": "failed nils' included"},
        "bag_penalties": _COUNT,
        "nils_made": {**_COUNT, "description": "nils and blind nils made by the side"},
    })},
    "players": {"type": "array", "items": obj({
        "seat": SEAT, "name": {"type": "string"},
        "team": {"type": ["integer", "null"], "description": "the side with partners"},
        "rounds": {"type": "integer"},
        "average_bid": {**FIGURE, "description": "number bids only"},
        "success_rate": RATE, "exact_rate": RATE, "overshoot_rate": RATE, "deficit_rate": RATE,
        "nil_bids": _COUNT, "nils_made": _COUNT, "blind_nil_bids": _COUNT,
        "blind_nils_made": _COUNT,
    })},
})}
