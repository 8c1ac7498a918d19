"""Spades declared: its ruleset (players, options) and its family, which the engine and every
generic module ask (``families.GameFamily``); ``rules/games.py`` registers it."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import entries
from ..candidates import Candidates, spread
from ..entries import Bid, Bids, Entry, ShapeError, Tricks
from ..errors import RuleError, shown
from ..evolve import evolve
from ..explain import PadScore, RoundExplanation
from ..families import GameFamily
from ..options import values
from ..ruleset import IntRange, Option, Ruleset, frozen
from ..settings import Settings
from ..sheets import Rows
from ..state import GameState, Phase, Played, Round
from ..tricks import check_tricks
from . import (FAMILY_ID, NIL_BIDS, BlindNil, FailedNil, bags_held, bid, bid_made,
               blind_nil_seats, ended, in_pairs, options_of, side_hand, start_round)
from . import sheet


def _parse_bid(value: object, seat: int) -> Bid:
    if value is None or value in NIL_BIDS:
        return value  # None, "nil" or "blind-nil"
    if type(value) is int:
        return value
    raise ShapeError(f"bids[{seat}]", f"bids[{seat}] must be a whole number, \"nil\" or "
                     f"\"blind-nil\", not {shown(value)}")


def _check_bids(settings: Settings, entry: Bids) -> None:
    """Bids built in Python held to the shape parsing guarantees."""
    entries.seat_list(settings, list(entry.bids), "bids")
    for seat, value in enumerate(entry.bids):
        _parse_bid(value, seat)


def _tricks(state: GameState, round_: Round, tricks: tuple[int, ...]) -> Played:
    settings = state.settings
    check_tricks(settings, round_, tricks)
    assert round_.bids is not None
    options = options_of(settings)
    held = bags_held(state)
    sides = tuple(
        side_hand(options, [round_.bids[s] for s in settings.seats_of(side)],
                  [tricks[s] for s in settings.seats_of(side)], held[side])
        for side in settings.sides)
    per_seat = tuple(sides[settings.side_of(seat)].points for seat in settings.seats)
    side_scores = tuple(total + hand.points for total, hand in zip(state.side_scores, sides))
    done = evolve(round_, tricks=tricks, points=per_seat, points_so_far=per_seat,
                  phase=Phase.DONE, side_hands=sides)
    return Played(done, side_scores, ends=ended(options, side_scores))


def _standing_bids(settings: Settings, round_: Round) -> Entry:
    """Number bids that stand: each partner half the side's least bid, at least 1."""
    least = options_of(settings).min_side_bid or 1
    return Bids((max(1, -(-least // 2)),) * len(settings.players))


def _tricks_candidate(settings: Settings, round_: Round, total: int, count: int) -> Entry:
    return Tricks((*spread(total, len(settings.players) - 1, round_.hand_size), count))


#: What the phone may enter: the tricks of the hand being played are looked up; the next hand
#: waits for the connection, since who may bid blind nil hangs on the scores it brings.
CANDIDATES = Candidates(standing_bids=_standing_bids, tricks=_tricks_candidate)


class Spades(GameFamily):
    """Spades: a bid at a time in turn (numbers, nil, blind nil), then each player's tricks,
    hand after hand to the target."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("bids", "tricks")
    word_bids: tuple[str, ...] = NIL_BIDS
    runs_made = True
    candidates: Candidates | None = CANDIDATES
    statistics_schemas = sheet.STATISTICS_SCHEMAS

    def total_rounds(self, settings: Settings) -> int | None:
        return None  # played to a target

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "tricks":
            return entries.tricks(settings, body)
        raw = entries.seat_list(settings, body.get("bids"), "bids")
        return Bids(tuple(_parse_bid(v, i) for i, v in enumerate(raw)))

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Bids):
            _check_bids(settings, entry)
            return Played(bid(state, current, entry.bids), state.side_scores)
        if isinstance(entry, Tricks):
            entries.check_per_seat(settings, entry, cards=False)
            return _tricks(state, current, entry.tricks)
        raise entries.wrong_kind(settings, entries.field_of(entry))

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # every bid and the tricks

    def has_teams(self, settings: Settings) -> bool:
        return in_pairs(len(settings.players), settings.options.get("teams"))

    def option_problems(self, players: int, options: Mapping[str, object]) -> list[RuleError]:
        if in_pairs(players, options.get("teams")):
            return []
        problems = []
        if options.get("failed_nil") == FailedNil.PARTNER.value:
            problems.append(RuleError(
                "ruleset", "option failed_nil may not be \"partner\" without partners",
                reason="option-partners", field="options.failed_nil", option="failed_nil",
                value=FailedNil.PARTNER.value))
        if options.get("min_side_bid") is not None:
            problems.append(RuleError(
                "ruleset", "option min_side_bid needs partners", reason="option-partners",
                field="options.min_side_bid", option="min_side_bid",
                value=options.get("min_side_bid")))
        return problems

    def bids_made(self, settings: Settings, round_: Round) -> tuple[bool, ...] | None:
        assert round_.bids is not None and round_.tricks is not None
        return tuple(bid_made(round_.bids[seat], round_.tricks[seat],
                              round_.side_hands[settings.side_of(seat)])
                     for seat in settings.seats)

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Each side's points and its total after the hand; the pages say why from the
        round's ``side_hands``."""
        sides = round_.side_hands
        return RoundExplanation(round_.number, tuple(
            PadScore(seat, settings.side_of(seat), round_.number,
                     sides[settings.side_of(seat)].points,
                     before[settings.side_of(seat)] + sides[settings.side_of(seat)].points)
            for seat in settings.seats), scored=round_)

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)

    def round_json(self, settings: Settings, round_: Round) -> dict[str, Any]:
        sides = round_.side_hands
        done = bool(sides)
        return {
            "forbidden_bid": None,
            "contracts": [s.contract for s in sides] if done else None,
            "points": [s.points for s in sides] if done else None,
            "bags": [s.bags for s in sides] if done else None,
            "bag_penalty": [s.bag_penalty for s in sides] if done else None,
        }

    def game_json(self, state: GameState) -> dict[str, Any]:
        settings = state.settings
        held = bags_held(state)
        return {
            "current": {"blind_nil_seats": list(blind_nil_seats(settings, state.side_scores))},
            "players": [{"bags": held[settings.side_of(seat)]} for seat in settings.seats],
            "teams": [{"bags": held[side]} for side in settings.sides],
        }

    def bids_open(self, state: GameState, seat: int) -> tuple[int, ...]:
        """The numbers ``seat`` may bid now (nil always, blind nil as ``blind_nil_seats``)."""
        current = state.current
        if current is None or current.next_bidder != seat:
            return ()
        return tuple(range(1, current.hand_size + 1))


FAMILY = Spades()

SPADES = Ruleset(
    "spades", "Spades", FAMILY, 2, 4,
    frozen({
        "teams": Option(None, (None, "pairs", "none")),
        "target": Option(500, (500, 300, 250, 200)),
        "floor": Option(-200, (-200, -300, -350, -500, None)),
        "nil_value": Option(100, (100, 50)),
        "blind_nil": Option(BlindNil.BEHIND_100.value, values(BlindNil)),
        "bag_limit": Option(10, (10, 7, 5, None)),
        "failed_nil": Option(FailedNil.BAGS.value, values(FailedNil)),
        "min_side_bid": Option(None, IntRange(2, 13)),
    }),
    frozen({}),
)
