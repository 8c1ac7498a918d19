"""Tarot declared: its ruleset (players, options) and its family, which the engine and every
generic module ask (``families.GameFamily``); ``rules/games.py`` registers it."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import seating
from ..candidates import Candidates
from ..entries import Entry, Finish, field_of, wrong_kind
from ..evolve import evolve
from ..explain import PadScore, RoundExplanation
from ..families import GameFamily, stopped_here
from ..options import TypedOptions
from ..ruleset import IntRange, Option, Ruleset, frozen
from ..schema import WHOLE_MAX, OwnBody, Schema
from ..settings import Settings
from ..sheets import Rows
from ..state import FinishedBy, GameState, Phase, Played, Round
from ..table_games import HandFigures
from . import (FAMILY_ID, PASSED, Camp, Contract, Mark, Size, TarotHand, check, mark, parse,
               played_hands, start_round)
from . import sheet


_SEAT: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": WHOLE_MAX}
_CAMP: Schema = {"type": ["string", "null"], "enum": [c.value for c in Camp] + [None],
                 "description": "taker (the attack), defence, or null"}

#: ``POST …/hands`` for Tarot (docs/api.md, "More games"): every field but ``taker`` may be left
#: out when empty; with a taker, ``contract``, ``bouts`` and ``points`` are needed (400).
HAND_BODY = OwnBody("TarotHandBody", {
    "taker": {**_SEAT, "description": "the seat that took; null: everybody passed (or a petit "
              "sec), no points"},
    "contract": {"type": ["string", "null"], "enum": [c.value for c in Contract] + [None],
                 "description": "needed with a taker"},
    "bouts": {"type": ["integer", "null"], "maximum": WHOLE_MAX,
              "description": "the taking side's bouts, 0-3 (else 422 hand); needed with a taker"},
    "points": {"type": ["number", "null"], "description": "the taking side's card points, 0-91 "
               "in half points (else 422 points-range); needed with a taker"},
    "partner": {**_SEAT, "description": "5 players: the seat that held the called card, the "
                "taker's own when alone; otherwise null (else 422 hand)"},
    "petit_au_bout": _CAMP,
    "poignees": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["seat", "size"],
        "properties": {"seat": {"type": "integer", "minimum": 0, "maximum": WHOLE_MAX},
                       "size": {"type": "string", "enum": [z.value for z in Size]}}}},
    "chelem": {**_CAMP, "description": "the side that took every trick, or null"},
    "chelem_announced": {"type": "boolean"},
}, required=("taker",))


def _hands(settings: Settings, round_: Round) -> tuple[TarotHand, ...]:
    """The kinds of hand a table enters (``Candidates.hands``): one taken (a prise made by
    eldest, alone at 5), one everybody passed."""
    taker = round_.eldest if round_.eldest is not None else round_.dealer
    alone = taker if len(settings.players) == 5 else None
    return (TarotHand(taker=taker, contract=Contract.PRISE, bouts=1, half_points=2 * 51,
                      partner=alone), PASSED)


class Tarot(GameFamily):
    """Tarot: one hand after another, each entered once played; the scorekeeper finishes the
    game ("We stop here"), or the number of hands the table chose."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("hand", "finish")
    round_fields = frozenset({"eldest"})
    statistics_schemas = sheet.STATISTICS_SCHEMAS
    own_bodies: Mapping[str, OwnBody] = {"hand": HAND_BODY}
    #: Every hand is the same blank form: the phone goes on offline (``hands_ahead``).
    candidates: Candidates | None = Candidates(hands=_hands)
    # A table counts each hand: the taker's contract made or not (docs/rules.md section 12).
    table_hands = True
    table_contracts = True

    def total_rounds(self, settings: Settings) -> int | None:
        return None  # passed hands do not count toward ``rounds``: ``apply`` ends the game

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "finish":
            return Finish()
        return parse(body)

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Finish):  # "we stop here"
            return stopped_here(state)
        if not isinstance(entry, TarotHand):
            raise wrong_kind(settings, field_of(entry))
        if entry.taker is not None:
            check(settings, entry)
        scored = mark(settings, entry)
        done = evolve(current, phase=Phase.DONE, points=scored.points,
                      points_so_far=scored.points, own=scored)
        side_scores = tuple(total + gained for total, gained
                            in zip(state.side_scores, scored.points))
        rounds = settings.options.get("rounds")
        ends = (isinstance(rounds, int) and scored.result != "passed"
                and played_hands(state.rounds) + 1 >= rounds)
        return Played(done, side_scores, finished_by=FinishedBy.ROUNDS if ends else None)

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # the hand's one entry

    def table_hand(self, settings: Settings, round_: Round) -> HandFigures:
        """The taker's contract, made or not (the called partner takes none)."""
        scored = round_.own
        assert isinstance(scored, Mark)
        return HandFigures(scored.hand.taker, scored.result == "made")

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Each seat's points and total after the hand; the pages say why from the round's
        mark (``Round.own``, ``tarot.explain``)."""
        assert round_.points is not None
        return RoundExplanation(round_.number, tuple(
            PadScore(seat, seat, round_.number, round_.points[seat],
                     before[seat] + round_.points[seat])
            for seat in settings.seats), scored=round_)

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)

    def round_json(self, settings: Settings, round_: Round) -> dict[str, Any]:
        """docs/api.md, "More games": the hand as accepted, its result, and the mark's parts."""
        scored = round_.own
        if not isinstance(scored, Mark):
            return {"hand": None, "result": None, "needed": None, "margin": None, "unit": None}
        hand = {name: value for name, value in scored.hand.to_json().items() if name != "kind"}
        return {"hand": hand, "result": scored.result,
                "needed": scored.needed, "margin": scored.margin, "unit": scored.unit}


FAMILY = Tarot()

TAROT = Ruleset(
    "tarot", "Tarot", FAMILY, 3, 5,
    frozen({
        #: ``None``: the scorekeeper finishes the game (FFT "donnes libres").
        "rounds": Option(None, IntRange(1, 200)),
        "deal_passes": seating.DEAL_PASSES,
    }),
    frozen({}),
)


def settings_for(players: Sequence[str], first_dealer: int = 0,
                 options: Mapping[str, object] | None = None) -> Settings:
    """A Tarot game's settings made from this ruleset directly (names trusted as given), for
    the engine's own examples and tests; a game is started with ``new_settings``."""
    resolved = TAROT.resolve_options(options)
    return Settings(TAROT, tuple(players), first_dealer, resolved, TypedOptions.parse(resolved))
