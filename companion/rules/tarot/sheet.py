"""What the API writes of a Tarot game (docs/api.md, "More games"): its statistics object (the
table, each player) and its score sheet, a row per hand."""

from __future__ import annotations

from typing import Any, Mapping

from ..schema import FIGURE, RATE, SEAT, Schema, obj
from ..sheets import Rows, seat_cell
from ..state import GameState, Round
from ..stats import rate
from . import Camp, Contract, Mark


def marks(state: GameState) -> list[Mark]:
    """Every scored hand's mark, oldest first (passed hands too)."""
    return [r.own for r in state.rounds if isinstance(r.own, Mark)]


def in_attack(scored: Mark, seat: int) -> bool:
    """Whether ``seat`` played for the taking side: the taker, or the partner at 5."""
    return seat in (scored.hand.taker, scored.partner)


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    scored = marks(state)
    played = [m for m in scored if m.result != "passed"]
    contracts = {c.value: sum(m.hand.contract is c for m in played) for c in Contract}
    players = []
    for seat, name in enumerate(settings.players):
        taken = [m for m in played if m.hand.taker == seat]
        attack = [m for m in played if in_attack(m, seat)]
        players.append({
            "seat": seat, "name": name, "hands": len(scored),
            "points_per_hand": rate(state.scores[seat], len(scored)),
            "taken": len(taken),
            "made": sum(m.result == "made" for m in taken),
            "success_rate": rate(sum(m.result == "made" for m in taken), len(taken)),
            "by_contract": {c.value: {
                "taken": sum(m.hand.contract is c for m in taken),
                "made": sum(m.hand.contract is c and m.result == "made" for m in taken)}
                for c in Contract},
            "called": sum(1 for m in played if m.partner == seat and m.hand.taker != seat),
            "petit_au_bout": sum(m.hand.petit_au_bout is Camp.TAKER for m in attack),
            "poignees": sum(1 for m in played for p in m.hand.poignees if p.seat == seat),
            "chelems": sum(1 for m in played
                           if m.hand.chelem is (Camp.TAKER if in_attack(m, seat)
                                                else Camp.DEFENCE)),
        })
    return {"table": {"players": len(settings.players), "hands": len(scored),
                      "passed": len(scored) - len(played), "contracts": contracts},
            "players": players}


def _chelem_cell(scored: Mark) -> str:
    """``taker``, ``defence`` or empty, with "announced" when the taker announced one."""
    hand = scored.hand
    parts = [hand.chelem.value] if hand.chelem is not None else []
    if hand.chelem_announced:
        parts.append("announced")
    return ", ".join(parts)


def _row(state: GameState, round_: Round, scored: Mark) -> list[object]:
    settings = state.settings
    hand = scored.hand
    row: list[object] = [round_.number, settings.players[round_.dealer],
                         seat_cell(settings, hand.taker),
                         "" if hand.contract is None else hand.contract.value]
    if len(settings.players) == 5:
        row.append(seat_cell(settings, scored.partner))
    passed = hand.taker is None
    row += ["" if passed else hand.bouts, "" if passed else hand.points,
            "" if scored.needed is None else scored.needed, scored.result,
            "" if hand.petit_au_bout is None else hand.petit_au_bout.value,
            ", ".join(f"{p.size.value} ({settings.players[p.seat]})" for p in hand.poignees),
            _chelem_cell(scored)]
    return row


def sheet_rows(state: GameState) -> Rows:
    """Round, dealer, the hand as entered and its result, then each player's points and total."""
    settings = state.settings
    header: list[object] = ["round", "dealer", "taker", "contract"]
    if len(settings.players) == 5:
        header.append("partner")
    header += ["bouts", "points", "needed", "result", "petit_au_bout", "poignees", "chelem"]
    for name in settings.players:
        header += [f"{name} points", f"{name} total"]
    yield header
    totals = [0] * len(settings.players)
    for round_ in state.rounds:
        scored = round_.own
        assert isinstance(scored, Mark) and round_.points is not None
        row = _row(state, round_, scored)
        for seat in settings.seats:
            totals[seat] += round_.points[seat]
            row += [round_.points[seat], totals[seat]]
        yield row


_COUNT: Schema = {"type": "integer", "minimum": 0}
_TAKEN_MADE: Schema = obj({"taken": _COUNT, "made": _COUNT})

#: The API's schema of ``statistics_json`` (docs/api.md, "More games", Tarot).
STATISTICS_SCHEMAS: Mapping[str, Schema] = {"TarotStatistics": obj({
    "table": obj({
        "players": {"type": "integer"},
        "hands": {**_COUNT, "description": "every hand entered, passed hands too"},
        "passed": _COUNT,
        "contracts": obj({c.value: _COUNT for c in Contract}),
    }),
    "players": {"type": "array", "items": obj({
        "seat": SEAT, "name": {"type": "string"},
        "hands": _COUNT,
        "points_per_hand": FIGURE,
        "taken": _COUNT, "made": _COUNT, "success_rate": RATE,
        "by_contract": obj({c.value: _TAKEN_MADE for c in Contract}),
        "called": {**_COUNT, "description": "times called as partner (5 players)"},
        "petit_au_bout": {**_COUNT, "description": "hands the player's side won the petit au "
                                                   "bout with the player in the attack"},
        "poignees": {**_COUNT, "description": "poignées the player showed"},
        "chelems": {**_COUNT, "description": "chelems the player's side made"},
    })},
})}
