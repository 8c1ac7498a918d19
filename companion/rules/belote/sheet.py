"""What the API writes of a Belote or Coinche game (docs/api.md, "More games"): a round's
object, the statistics object and the score sheet, a row per hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..schema import RATE, SEAT, WHOLE_MAX, OwnBody, Schema, obj
from ..settings import Settings
from ..sheets import Rows, side_name
from ..state import GameState, Phase, Round
from . import (ANNOUNCEMENTS, CAPOT_CONTRACT, COINCHE_TRUMPS, GENERALE, PLAYERS, BeloteHand,
               Coinche, Result, Scored, options_of, team_of)
from ..options import values

#: The round object's fields every other game fills, null here (docs/api.md: "the fields of
#: the other games are null").
_OTHER_GAMES = ("hand_size", "bidding_order", "attempts", "redeals", "bids", "trump", "leader",
                "tricks")


def _scored(round_: Round) -> Scored:
    assert isinstance(round_.own, Scored)
    return round_.own


def hand_json(hand: BeloteHand) -> dict[str, Any]:
    """The hand as accepted, its defaults filled in."""
    stored = hand.to_json()
    del stored["kind"]
    return stored


def round_json(settings: Settings, round_: Round) -> dict[str, Any]:
    value: dict[str, Any] = {name: None for name in _OTHER_GAMES}
    if round_.phase is not Phase.DONE:
        return value
    done = _scored(round_)
    value.update(hand=hand_json(done.hand), result=done.result.value,
                 hand_totals=list(done.hand_totals))
    if options_of(settings).coinche:
        value.update(contract_value=done.contract_value, multiplier=done.multiplier)
    else:
        value.update(held=done.held, released=None if done.released is None else
                     {"team": done.released[0], "points": done.released[1]})
    return value


_SEAT_OR_NULL: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": WHOLE_MAX}

#: The API's body of a hand (docs/api.md, "Belote"): Coinche's three last fields are refused
#: (400) in a game of Belote, and its contract needed in a game of Coinche.
HAND_BODY = OwnBody("BeloteHandBody", {
    "taker": {**_SEAT_OR_NULL, "description": "the seat that took; null: nobody took"},
    "points": {"type": ["integer", "null"], "maximum": WHOLE_MAX, "description": "the taking team's card points, dix "
               "de der included: 0–162 but 1 and 161 (else 422 points-range); may be left out "
               "with a capot"},
    "belote": {**_SEAT_OR_NULL, "description": "the seat that announced belote-rebelote"},
    "announcements": {"type": ["array", "null"], "items": obj({
        "seat": SEAT, "kind": {"type": "string", "enum": list(ANNOUNCEMENTS)}}, closed=True),
        "description": "the winning team's announcements (one team only)"},
    "capot": {**_SEAT_OR_NULL, "description": "the team (0 or 1) that took every trick"},
    "trump": {"type": ["string", "null"], "enum": [*COINCHE_TRUMPS, None],
              "description": "optional: a suit; in Coinche also no-trump or all-trump"},
    "contract": {"anyOf": [{"type": "integer", "maximum": WHOLE_MAX}, {"enum": [CAPOT_CONTRACT, GENERALE]},
                           {"type": "null"}],
                 "description": "Coinche (needed there, 400 in Belote): 80–160 by tens, capot "
                                "or generale (else 422 bid-range); null with no taker"},
    "coinche": {"type": ["string", "null"], "enum": [*values(Coinche), None],
                "description": "Coinche: none, coinche (×2) or surcoinche (×4)"},
    "generale": {"type": ["boolean", "null"],
                 "description": "Coinche: the taker alone took every trick"},
}, ("taker",))


# --- statistics ------------------------------------------------------------------------------


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class _Team:
    taken: int = 0
    made: int = 0
    dedans: int = 0
    hands: int = 0
    points: int = 0
    belotes: int = 0
    announcement_points: int = 0
    capots: int = 0


@dataclass
class _Player:
    taken: int = 0
    made: int = 0
    belotes: int = 0
    coinched: int = 0
    coinched_made: int = 0
    contracts: int = 0


def statistics_json(state: GameState) -> dict[str, Any]:
    settings = state.settings
    coinche = options_of(settings).coinche
    teams, players = [_Team(), _Team()], [_Player() for _ in range(PLAYERS)]
    hands = passed = litiges = capots = 0
    for round_ in state.rounds:
        done = _scored(round_)
        hand = done.hand
        hands += 1
        for team in (0, 1):
            teams[team].hands += 1
            teams[team].points += done.scores[team]
        if hand.taker is None:
            passed += 1
            continue
        litiges += done.result is Result.LITIGE
        takers = team_of(hand.taker)
        made = done.result is Result.MADE
        teams[takers].taken += 1
        teams[takers].made += made
        teams[takers].dedans += done.result in (Result.DEDANS, Result.FAILED)
        player = players[hand.taker]
        player.taken += 1
        player.made += made
        if done.contract_value is not None:  # Coinche: capot 250, générale 500
            player.contracts += done.contract_value
        if hand.coinche is not Coinche.NONE:
            player.coinched += 1
            player.coinched_made += made
        if hand.belote is not None:
            teams[team_of(hand.belote)].belotes += 1
            players[hand.belote].belotes += 1
        for announcement in hand.announcements:
            teams[team_of(announcement.seat)].announcement_points += announcement.points
        if hand.capot is not None:
            capots += 1
            teams[hand.capot].capots += 1

    def player_json(seat: int) -> dict[str, Any]:
        p = players[seat]
        row: dict[str, Any] = {"seat": seat, "name": settings.players[seat], "team": seat % 2,
                               "taken": p.taken, "made": p.made,
                               "success_rate": _rate(p.made, p.taken), "belotes": p.belotes}
        if coinche:
            row.update(coinched=p.coinched, coinched_made=p.coinched_made,
                       average_contract=p.contracts / p.taken if p.taken else None)
        return row

    return {
        "table": {"players": PLAYERS, "hands": hands, "passed": passed, "litiges": litiges,
                  "capots": capots},
        "teams": [{"team": team, "seats": list(settings.seats_of(team)), "taken": t.taken,
                   "made": t.made, "dedans": t.dedans,
                   "points_per_hand": t.points / t.hands if t.hands else None,
                   "belotes": t.belotes, "announcement_points": t.announcement_points,
                   "capots": t.capots} for team, t in enumerate(teams)],
        "players": [player_json(seat) for seat in settings.seats],
    }


_COUNT: Schema = {"type": "integer", "minimum": 0}
_PLAYER = {"seat": SEAT, "name": {"type": "string"}, "team": {"type": "integer"},
           "taken": {**_COUNT, "description": "hands the seat took"},
           "made": {**_COUNT, "description": "of them, made"},
           "success_rate": RATE, "belotes": {**_COUNT, "description": "belotes announced"}}
_TABLE = obj({"players": _COUNT, "hands": {**_COUNT, "description": "passed hands included"},
              "passed": _COUNT, "litiges": _COUNT, "capots": _COUNT})
_TEAMS = {"type": "array", "items": obj({
    "team": {"type": "integer"}, "seats": {"type": "array", "items": SEAT},
    "taken": _COUNT, "made": _COUNT, "dedans": {**_COUNT, "description": "dedans, or failed"},
    "points_per_hand": {"type": ["number", "null"]}, "belotes": _COUNT,
    "announcement_points": _COUNT, "capots": _COUNT})}

#: The API's schemas of ``statistics_json`` (docs/api.md, "Statistics").
STATISTICS_SCHEMAS: Mapping[str, Schema] = {
    "BeloteStatistics": obj({"table": _TABLE, "teams": _TEAMS, "players": {
        "type": "array", "items": obj(_PLAYER)}}),
    "CoincheStatistics": obj({"table": _TABLE, "teams": _TEAMS, "players": {
        "type": "array", "items": obj({
            **_PLAYER, "coinched": {**_COUNT, "description": "contracts coinched or "
                                                             "surcoinched"},
            "coinched_made": _COUNT,
            "average_contract": {"type": ["number", "null"]}})}}),
}


# --- the score sheet --------------------------------------------------------------------------


def _announcements_cell(settings: Settings, hand: BeloteHand) -> str:
    return ", ".join(f"{a.kind} ({settings.players[a.seat]})" for a in hand.announcements)


def sheet_rows(state: GameState) -> Rows:
    """Round, dealer, taker (Coinche: contract, trump, coinche), points, belote,
    announcements, capot, result, held, then each side's points and total."""
    settings = state.settings
    coinche = options_of(settings).coinche
    header: list[object] = ["round", "dealer", "taker"]
    if coinche:
        header += ["contract", "trump", "coinche"]
    header += ["points", "belote", "announcements", "capot", "result", "held"]
    for side in settings.sides:
        name = side_name(settings, side)
        header += [f"{name} points", f"{name} total"]
    yield header
    totals = [0, 0]
    names = settings.players
    for round_ in state.rounds:
        done = _scored(round_)
        hand = done.hand
        row: list[object] = [round_.number, names[round_.dealer],
                             "" if hand.taker is None else names[hand.taker]]
        if coinche:
            row += ["" if hand.contract is None else hand.contract, hand.trump or "",
                    hand.coinche.value]
        row += ["" if hand.points is None else hand.points,
                "" if hand.belote is None else names[hand.belote],
                _announcements_cell(settings, hand),
                "" if hand.capot is None else side_name(settings, hand.capot),
                done.result.value, done.held]
        for side in settings.sides:
            totals[side] += done.scores[side]
            row += [done.scores[side], totals[side]]
        yield row
