"""Belote and Coinche declared: their rulesets (players, options) and their family, which the
engine and every generic module ask (``families.GameFamily``); ``rules/games.py`` registers
them."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import entries, seating
from ..candidates import Candidates
from ..entries import Entry, Finish
from ..evolve import evolve
from ..explain import PadScore, RoundExplanation
from ..families import GameFamily, stopped_here
from ..options import values
from ..ruleset import Option, Ruleset, frozen
from ..schema import OwnBody
from ..settings import Settings
from ..sheets import Rows
from ..state import FinishedBy, GameState, Phase, Played, Round
from ..table_games import HandFigures
from . import (CAPOT_VALUES, FAMILY_ID, PLAYERS, REDEAL_BY, TARGET_RANGE, BeloteHand,
               CoincheScoring, Litige, RedealBy, Result, Rounding, Scored, check_hand,
               options_of, parse_hand, score_hand)
from . import sheet


def scored(round_: Round) -> Scored:
    """A scored round's own record."""
    assert isinstance(round_.own, Scored)
    return round_.own


def pot(state: GameState) -> tuple[int, int | None]:
    """The litige pot waiting now, and the round whose litige started it."""
    if not state.rounds:
        return 0, None
    last = scored(state.rounds[-1])
    return last.held, last.held_since


def _round(settings: Settings, number: int, dealer: int) -> Round:
    way = seating.passes(settings)
    eldest = seating.eldest(dealer, PLAYERS, way)
    return Round(number=number, hand_size=8, dealer=dealer, phase=Phase.HAND,
                 bidding_order=seating.bidding_order(dealer, PLAYERS, way),
                 points_so_far=(0,) * PLAYERS, leader=eldest, eldest=eldest)


def winner(settings: Settings, side_scores: tuple[int, ...]) -> bool:
    """Whether the game ends: a team at or above the target with more than the other (equal
    best totals at the target play another hand)."""
    best = max(side_scores)
    return best >= options_of(settings).target and side_scores.count(best) == 1


def _hands(settings: Settings, round_: Round) -> tuple[BeloteHand, ...]:
    """The kinds of hand a table enters (``Candidates.hands``): one taken by eldest and made
    (at 80 in Coinche), one nobody took (the same dealer deals again when the table says so)."""
    coinche = options_of(settings).coinche
    taker = round_.eldest if round_.eldest is not None else round_.dealer
    return (BeloteHand(taker=taker, points=100, contract=80 if coinche else None,
                       coinche_game=coinche),
            BeloteHand(taker=None, coinche_game=coinche))


class Belote(GameFamily):
    """Belote and Coinche: one hand after another, to the target."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("hand", "finish")
    round_fields = frozenset({"eldest"})
    statistics_schemas = sheet.STATISTICS_SCHEMAS
    own_bodies: Mapping[str, OwnBody] = {"hand": sheet.HAND_BODY}
    #: Every hand is the same blank form: the phone goes on offline (``hands_ahead``).
    candidates: Candidates | None = Candidates(hands=_hands)
    # A table counts each hand: the taker's contract made or not (docs/rules.md section 11).
    table_hands = True
    table_contracts = True

    def total_rounds(self, settings: Settings) -> int | None:
        return None  # played to a target

    def start_round(self, settings: Settings, number: int) -> Round:
        return _round(settings, number, seating.dealer(settings, number))

    def next_round(self, settings: Settings, done: Round) -> Round:
        same = (options_of(settings).redeal_by is RedealBy.SAME
                and scored(done).result is Result.PASSED)
        dealer = done.dealer if same else seating.next_dealer(
            done.dealer, PLAYERS, seating.passes(settings))
        return _round(settings, done.number + 1, dealer)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "finish":
            return Finish()
        return parse_hand(settings, body)

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Finish):  # "we stop here"
            return stopped_here(state)
        if not isinstance(entry, BeloteHand):
            raise entries.wrong_kind(settings, entries.field_of(entry))
        options = options_of(settings)
        check_hand(options, entry)
        held, since = pot(state)
        result = score_hand(options, entry, current.number, held, since)
        per_seat = tuple(result.scores[seat % 2] for seat in settings.seats)
        side_scores = tuple(total + points for total, points in
                            zip(state.side_scores, result.scores))
        done = evolve(current, phase=Phase.DONE, points=per_seat, points_so_far=per_seat,
                      own=result)
        return Played(done, side_scores,
                      finished_by=FinishedBy.TARGET if winner(settings, side_scores) else None)

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # a round is its one hand

    def has_teams(self, settings: Settings) -> bool:
        return True  # seats 0 and 2 against 1 and 3

    def table_hand(self, settings: Settings, round_: Round) -> HandFigures:
        """The taker's contract: made, or not (dedans, failed, or a litige: a tie is no
        contract made)."""
        own = scored(round_)
        return HandFigures(own.hand.taker, own.result is Result.MADE)

    def round_json(self, settings: Settings, round_: Round) -> dict[str, Any]:
        return sheet.round_json(settings, round_)

    def game_json(self, state: GameState) -> dict[str, Any]:
        if state.current is None or options_of(state.settings).coinche:
            return {}
        held, since = pot(state)
        return {"current": {"held": {"points": held, "since": since} if held else None}}

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Each team's points for the hand (``scored``: the hand's record says why)."""
        assert round_.points is not None
        return RoundExplanation(round_.number, tuple(
            PadScore(seat, seat % 2, round_.number, round_.points[seat],
                     before[seat % 2] + round_.points[seat])
            for seat in settings.seats), scored=round_)

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)


FAMILY = Belote()

#: The options both games share, with Belote's defaults.
_SHARED = {
    "target": Option(1000, TARGET_RANGE),
    "announcements": Option(True, (True, False)),
    "capot": Option(CAPOT_VALUES[0], CAPOT_VALUES),
}
_SEATING = {"deal_passes": seating.DEAL_PASSES, "redeal_by": REDEAL_BY}

BELOTE = Ruleset(
    "belote", "Belote", FAMILY, PLAYERS, PLAYERS,
    frozen({
        **_SHARED,
        "litige": Option(Litige.HELD.value, values(Litige)),
        "rounding": Option(Rounding.NONE.value, values(Rounding)),
        **_SEATING,
    }),
    frozen({}),
)

COINCHE = Ruleset(
    "coinche", "Coinche", FAMILY, PLAYERS, PLAYERS,
    frozen({
        "target": Option(2000, TARGET_RANGE),
        "announcements": Option(False, (False, True)),
        "capot": _SHARED["capot"],
        "rounding": Option(Rounding.TENS.value, values(Rounding.TENS, Rounding.NONE)),
        "scoring": Option(CoincheScoring.MADE_PLUS_CONTRACT.value, values(CoincheScoring)),
        "belote_for_contract": Option(True, (True, False)),
        **_SEATING,
    }),
    frozen({}),
)

#: Both, in the order they are offered: ``rules/games.py`` lists them in one line.
RULESETS = (BELOTE, COINCHE)
