"""What the API writes out of a game, by its family (``GameFamily.statistics_json`` and
``sheet_rows``, docs/api.md, "Statistics and the score sheet"): the parts every family shares
and the bid-and-trick games' own. Names are written as typed: the API's writer guards every
text cell against spreadsheet formulas (``api.sheets.safe``)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .cards import Card, Suit
from .entries import TIE
from .schema import FIGURE, RATE, SEAT, Schema, obj
from .settings import Settings
from .state import GameState
from .stats import statistics

#: A score sheet's rows: a header, then one row per scored round, oldest first, made one at a
#: time as the sheet is written (a long game's sheet is never held whole).
Rows = Iterator[list[object]]


def side_name(settings: Settings, side: int) -> str:
    """A seat's name, or a team's players joined: "A & C"."""
    return " & ".join(settings.players[s] for s in settings.seats_of(side))


def seat_cell(settings: Settings, seat: object) -> str:
    """A seat's name; ``tie``; or empty for nobody."""
    if seat == TIE:
        return "tie"
    return settings.players[seat] if isinstance(seat, int) else ""


def _bid_cell(bid: object) -> str:
    assert isinstance(bid, (int, Card))
    return str(bid)  # a card is written as the table says it: 5♥


def bid_rows(state: GameState) -> Rows:
    """The bid-and-trick games' sheet: round, hand size, dealer, then each seat's bid, tricks,
    points and total."""
    names = state.settings.players
    header: list[object] = ["round", "hand_size", "dealer"]
    for name in names:
        header += [f"{name} {column}" for column in ("bid", "tricks", "points", "total")]
    yield header
    totals = [0] * len(names)
    for round_ in state.rounds:
        assert round_.bids is not None and round_.tricks is not None and round_.points is not None
        row: list[object] = [round_.number, round_.hand_size, names[round_.dealer]]
        for seat in state.settings.seats:
            totals[seat] += round_.points[seat]
            row += [_bid_cell(round_.bids[seat]), round_.tricks[seat], round_.points[seat],
                    totals[seat]]
        yield row


def bid_statistics_json(state: GameState) -> dict[str, Any]:
    """The bid-and-trick games' statistics object. Its ``table`` key, a name the contract keeps,
    holds the figures of the game as a whole (``stats.GameStats``)."""
    settings = state.settings
    stats = statistics(state)
    assert stats is not None
    return {
        "table": {
            "players": stats.players,
            "rounds": stats.rounds,
            "average_zero_bid_rate": stats.average_zero_bid_rate,
            "average_top_bid": stats.average_top_bid,
            "trump_rate": None if stats.trump_rate is None
            else {suit.value: rate for suit, rate in stats.trump_rate.items()},
        },
        "players": [
            {
                "seat": p.seat,
                "name": settings.players[p.seat],
                "rounds": p.rounds,
                "points_per_round": p.points_per_round,
                "average_bid": p.average_bid,
                "zero_bid_rate": p.zero_bid_rate,
                "top_bid_rate": p.top_bid_rate,
                "success_rate": p.success_rate,
                "overshoot_rate": p.overshoot_rate,
                "deficit_rate": p.deficit_rate,
                "rebid_bonus": p.rebid_bonus,
            }
            for p in stats.per_player
        ],
    }


#: The API's schema of ``bid_statistics_json`` (docs/api.md, "Statistics").
BID_STATISTICS_SCHEMAS: Mapping[str, Schema] = {"BidStatistics": obj({
    "table": obj({
        "players": {"type": "integer"},
        "rounds": {"type": "integer", "description": "rounds scored"},
        "average_zero_bid_rate": RATE,
        "average_top_bid": FIGURE,
        "trump_rate": {"description": "where bids are cards alone: the share of rounds each "
                       "suit was trump; null in the other games and before any round",
                       "anyOf": [{"type": "null"}, obj({s.value: RATE for s in Suit})]},
    }),
    "players": {"type": "array", "items": obj({
        "seat": SEAT, "name": {"type": "string"}, "rounds": {"type": "integer"},
        "points_per_round": FIGURE, "average_bid": FIGURE, "zero_bid_rate": RATE,
        "top_bid_rate": RATE, "success_rate": RATE, "overshoot_rate": RATE,
        "deficit_rate": RATE,
        "rebid_bonus": {"type": "integer", "description": "rebid bonus points where bids "
                        "are cards; 0 in the other games"},
    })},
})}
