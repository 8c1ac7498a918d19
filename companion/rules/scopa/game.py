"""Scopa declared: its ruleset (players, options) and its family, which the engine and every
generic module ask (``families.GameFamily``); ``rules/games.py`` registers it."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import entries
from ..candidates import Candidates
from ..entries import Entry, Finish
from ..errors import RuleError
from ..evolve import evolve
from ..explain import PadScore, RoundExplanation
from ..families import GameFamily, stopped_here
from ..options import values
from ..ruleset import Option, Ruleset, frozen
from ..schema import WHOLE_MAX, OwnBody, Schema
from ..seating import DEAL_PASSES
from ..settings import Settings
from ..sheets import Rows
from ..state import FinishedBy, GameState, Phase, Played, Round
from ..table_games import HandFigures
from . import (FAMILY_ID, TARGETS, Deal, ScopaHand, Scored, check_hand, ended, hand_points,
               in_teams, option_problems, options_of, parse_hand, scored_of, start_round)
from . import sheet


def scored(settings: Settings, state: GameState, round_: Round, hand: ScopaHand) -> Played:
    """The round once ``hand`` is scored, the totals after it, and whether it ends the game."""
    check_hand(settings, hand)
    if options_of(settings).napola and not hand.napola:  # built without it: nobody's
        hand = evolve(hand, napola=(0,) * len(settings.sides))
    points = hand_points(hand, len(settings.sides))
    per_seat = tuple(points[settings.side_of(seat)] for seat in settings.seats)
    side_scores = tuple(total + p for total, p in zip(state.side_scores, points))
    done = evolve(round_, phase=Phase.DONE, points=per_seat, points_so_far=per_seat,
                  own=Scored(hand, points))
    reached = ended(options_of(settings), side_scores)
    return Played(done, side_scores, finished_by=FinishedBy.TARGET if reached else None)


_SIDE_OR_NULL: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": WHOLE_MAX}
_PER_SIDE: Schema = {"type": "array", "items": {"type": "integer", "maximum": WHOLE_MAX}}

#: A hand's body as the API reads it (docs/api.md, "More games", Scopa).
HAND_BODY = OwnBody("ScopaHandBody", {
    "cards": {**_SIDE_OR_NULL, "description": "the side that took the most cards; null on a "
              "tie"},
    "coins": {**_SIDE_OR_NULL, "description": "the side that took the most coins; null on a "
              "tie"},
    "settebello": {**_SIDE_OR_NULL, "description": "the side that took the 7 of coins (null: "
                   "422 hand)"},
    "primiera": {**_SIDE_OR_NULL, "description": "the side that won the primiera; null on a "
                 "tie"},
    "scope": {**_PER_SIDE, "description": "each side's scope, one per side: 0 or more, 18 in "
              "all at most (19 in the scopone scientifico)"},
    "napola": {**_PER_SIDE, "description": "with the napola option: one per side, 0 or 3-10"},
}, ("settebello", "scope"))


def _hands(settings: Settings, _round: Round) -> tuple[ScopaHand, ...]:
    """A hand as a table enters it (``Candidates.hands``): every hand is dealt by the next
    dealer, whatever it held."""
    sides = len(settings.sides)
    return (ScopaHand(cards=0, coins=None, settebello=0, primiera=None, scope=(0,) * sides,
                      napola=(0,) * sides if options_of(settings).napola else ()),)


class Scopa(GameFamily):
    """Scopa: one hand after another, each side's points, to the target."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("hand", "finish")
    own_bodies: Mapping[str, OwnBody] = {"hand": HAND_BODY}
    #: Every hand is the same blank form: the phone goes on offline (``hands_ahead``).
    candidates: Candidates | None = Candidates(hands=_hands)
    statistics_schemas = sheet.STATISTICS_SCHEMAS
    # A table counts each hand, and each side's scope in it (docs/rules.md section 13).
    table_hands = True
    table_count = "scope"

    def total_rounds(self, settings: Settings) -> int | None:
        return None  # played to a target

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "finish":
            return Finish()
        return parse_hand(settings, body)

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Finish):  # "we stop here"
            return stopped_here(state)
        if not isinstance(entry, ScopaHand):
            raise entries.wrong_kind(settings, entries.field_of(entry))
        return scored(settings, state, current, entry)

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions[-1:]  # the hand; a "we stop here" never shares its round

    def has_teams(self, settings: Settings) -> bool:
        return in_teams(len(settings.players))

    def team_count(self, players: int) -> int:
        return 2  # 4 in pairs facing; 6 in two teams of three, alternating

    def option_problems(self, players: int, options: Mapping[str, object]) -> list[RuleError]:
        return option_problems(players, options)

    def table_hand(self, settings: Settings, round_: Round) -> HandFigures:
        """Each seat's side's scope in the hand; no contract."""
        scope = scored_of(round_).hand.scope
        return HandFigures(counts=tuple(scope[settings.side_of(seat)]
                                        for seat in settings.seats))

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Each side's points and its total after the hand; the pages say which points from
        the round's own record (the napola is stored with the option: its defaults filled)."""
        points = scored_of(round_).side_points
        return RoundExplanation(round_.number, tuple(
            PadScore(seat, settings.side_of(seat), round_.number,
                     points[settings.side_of(seat)],
                     before[settings.side_of(seat)] + points[settings.side_of(seat)])
            for seat in settings.seats), scored=round_)

    def round_json(self, settings: Settings, round_: Round) -> dict[str, Any]:
        own = round_.own
        if not isinstance(own, Scored):  # the hand still to come
            return {"eldest": round_.eldest, "hand": None, "result": None, "side_points": None}
        stored = own.hand.to_json()
        del stored["kind"]
        return {"eldest": round_.eldest, "hand": stored, "result": None,
                "side_points": list(own.side_points)}

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)


FAMILY = Scopa()

SCOPA = Ruleset(
    "scopa", "Scopa", FAMILY, 2, 6,
    frozen({
        "target": Option(TARGETS[0], TARGETS),
        "deal": Option(Deal.SCOPA.value, values(Deal)),
        "napola": Option(False, (False, True)),
        "deal_passes": DEAL_PASSES,
    }),
    frozen({}),
)
