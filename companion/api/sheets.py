"""A game's statistics and its score sheet (docs/api.md, "Statistics and the score sheet"). The figures
are the engine's (``rules.statistics``, ``rules.seven_up_statistics``, ``rules.pad_statistics``);
this module only writes them out, as JSON and as CSV."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from companion import rules
from companion.rules import Card, Family

#: A cell starting with one of these could run as a formula in a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Where a spreadsheet set to the other separator starts a cell inside a quoted one: after a
#: ``;`` or ``,`` (and the quotes it then reads as the cell's own), before a formula character.
_INNER_FORMULA = re.compile(r'([;,]"*)(?=[=+\-@\t\r])')


def safe(name: str) -> str:
    """A name (or a cell holding one) as typed, unless a spreadsheet would read it as a formula:
    then behind a ``'`` (docs/api.md, "Statistics and the score sheet"). The file is comma-separated
    with every text cell quoted, but a spreadsheet set to ``;`` (French and Italian settings)
    splits a ``;`` inside a name too; so each part that follows a ``;`` or ``,`` inside the name
    is written behind a ``'`` when it starts as a formula would.

    >>> safe("Ana"), safe("=1+1"), safe("-Ben"), safe(";=1+1;")
    ('Ana', "'=1+1", "'-Ben", ";'=1+1;")
    """
    if name.startswith(FORMULA_STARTS):
        name = "'" + name
    return _INNER_FORMULA.sub(r"\1'", name) if (";" in name or "," in name) else name


def statistics_json(state: rules.GameState) -> dict[str, Any]:
    """The statistics object of docs/api.md for any game. Its ``table`` key, a name the contract
    keeps, holds the figures of the game as a whole (``rules.GameStats``)."""
    settings = state.settings
    pad = rules.pad_statistics(state)
    if pad is not None:
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
    seven_up = rules.seven_up_statistics(state)
    if seven_up is not None:
        by_side = {side.side: side for side in seven_up.per_side}
        return {
            "table": {"players": seven_up.players, "hands": seven_up.hands,
                      "redeals": seven_up.redeals, "beg_rate": seven_up.beg_rate},
            "players": [
                {"seat": seat, "name": name,
                 "team": settings.side_of(seat) if settings.has_teams else None,
                 **{point: getattr(by_side[settings.side_of(seat)], point)
                    for point in ("high", "low", "jack", "game", "gifts", "jacks_turned")}}
                for seat, name in enumerate(settings.players)
            ],
        }
    stats = rules.statistics(state)
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


def _bid_cell(bid: object) -> str:
    assert isinstance(bid, (int, Card))
    return str(bid)  # a card is written as the table says it: 5♥


def side_name(settings: rules.Settings, side: int) -> str:
    """A seat's name, or a team's players joined: "A & C"."""
    return " & ".join(settings.players[s] for s in settings.seats_of(side))


def _bid_rows(state: rules.GameState) -> list[list[object]]:
    names = state.settings.players
    header: list[object] = ["round", "hand_size", "dealer"]
    for name in names:
        header += [f"{safe(name)} {column}" for column in ("bid", "tricks", "points", "total")]
    rows = [header]
    totals = [0] * len(names)
    for round_ in state.rounds:
        assert round_.bids is not None and round_.tricks is not None and round_.points is not None
        row: list[object] = [round_.number, round_.hand_size, safe(names[round_.dealer])]
        for seat in state.settings.seats:
            totals[seat] += round_.points[seat]
            row += [_bid_cell(round_.bids[seat]), round_.tricks[seat], round_.points[seat],
                    totals[seat]]
        rows.append(row)
    return rows


def _seat_cell(settings: rules.Settings, seat: object) -> str:
    if seat == rules.TIE:
        return "tie"
    return safe(settings.players[seat]) if isinstance(seat, int) else ""


def _point_cell(settings: rules.Settings, seat: object) -> str:
    """Who won a point: with partners every point is the team's, named as the side, "A & C"
    (docs/api.md, "Statistics and the score sheet")."""
    if isinstance(seat, int) and settings.has_teams:
        return safe(side_name(settings, settings.side_of(seat)))
    return _seat_cell(settings, seat)


def _hand_rows(state: rules.GameState) -> list[list[object]]:
    settings = state.settings
    header: list[object] = ["hand", "dealer", "beg", "high", "low", "jack", "game"]
    for side in settings.sides:
        name = safe(side_name(settings, side))
        header += [f"{name} points", f"{name} total"]
    rows = [header]
    totals = [0] * len(settings.sides)
    for round_ in state.rounds:
        assert round_.points is not None
        played = round_.hands[-1]
        row: list[object] = [round_.number, safe(settings.players[round_.dealer]), played.beg.value]
        row += [_point_cell(settings, getattr(played, point))
                for point in ("high", "low", "jack", "game")]
        for side in settings.sides:
            seat = settings.seats_of(side)[0]
            totals[side] += round_.points[seat]
            row += [round_.points[seat], totals[side]]
        rows.append(row)
    return rows


def _pad_rows(state: rules.GameState) -> list[list[object]]:
    """The score pad: round, dealer, then each side's points and total."""
    settings = state.settings
    header: list[object] = ["round", "dealer"]
    for side in settings.sides:
        name = safe(side_name(settings, side))
        header += [f"{name} points", f"{name} total"]
    rows = [header]
    for round_, totals in zip(state.rounds, state.running_totals):
        assert round_.points is not None
        row: list[object] = [round_.number, safe(settings.players[round_.dealer])]
        for side in settings.sides:
            row += [round_.points[settings.seats_of(side)[0]], totals[side]]
        rows.append(row)
    return rows


def score_sheet(state: rules.GameState) -> str:
    """The CSV score sheet: a header row, then one row per scored round, oldest first."""
    family = state.settings.family
    rows = (_hand_rows(state) if family is Family.SEVEN_UP
            else _pad_rows(state) if family is Family.SCORE_PAD else _bid_rows(state))
    out = io.StringIO()
    # Every text cell quoted (numbers stay plain integers), each one safe: whatever puts a name
    # in a cell, no cell can start a formula.
    csv.writer(out, lineterminator="\r\n", quoting=csv.QUOTE_NONNUMERIC).writerows(
        [safe(cell) if isinstance(cell, str) else cell for cell in row] for row in rows)
    return out.getvalue()
