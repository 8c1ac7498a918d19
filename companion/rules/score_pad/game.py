"""The score pad declared: its ruleset (players, options) and its family, which the engine and
every generic module ask (``families.GameFamily``); ``rules/games.py`` registers it."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .. import entries
from ..candidates import Candidates
from ..entries import Entry, Finish, Points, ShapeError
from ..evolve import evolve
from ..explain import PadScore, RoundExplanation
from ..families import GameFamily, stopped_here
from ..options import Teams, Winner, values
from ..ruleset import IntRange, Option, Ruleset, frozen
from ..settings import Settings
from ..sheets import Rows
from ..state import GameState, Phase, Played, Round
from . import FAMILY_ID, POINTS_MOST, check_points, ended_by, side_list, start_round
from . import sheet, table


def _points(settings: Settings, side: int, points: int) -> Entry:
    """Side ``side`` scores ``points``, the others nothing (in a zero-sum game, the next side
    loses them)."""
    sides = [0] * len(settings.sides)
    sides[side] = points
    if settings.typed.zero_sum and len(sides) > 1:
        sides[(side + 1) % len(sides)] -= points
    return Points(tuple(sides))


#: What the phone may enter: a round's points (whether they end the game is looked up).
CANDIDATES = Candidates(points=_points, points_most=POINTS_MOST)


class ScorePad(GameFamily):
    """Any other game: one entry a round, every side's points."""

    id = FAMILY_ID
    entry_kinds: tuple[str, ...] = ("points", "finish")
    candidates: Candidates | None = CANDIDATES
    #: What the table calls the game ("Hearts").
    titled = True
    round_fields = frozenset({"points_per_side"})
    statistics_schemas = sheet.STATISTICS_SCHEMAS
    table_part = table.PART

    def total_rounds(self, settings: Settings) -> int | None:
        return settings.typed.rounds  # None: until a target, or the scorekeeper, ends it

    def start_round(self, settings: Settings, number: int) -> Round:
        return start_round(settings, number)

    def parse_entry(self, settings: Settings, kind: str, body: Mapping[str, Any]) -> Entry:
        if kind == "finish":
            return Finish()
        raw = side_list(settings, body.get("points"))
        return Points(tuple(entries.whole(v, f"points[{i}]") for i, v in enumerate(raw)))

    def apply(self, state: GameState, entry: Entry) -> Played:
        settings, current = state.settings, state.current
        assert current is not None
        if isinstance(entry, Finish):  # "we stop here"
            return stopped_here(state, "round")
        if not isinstance(entry, Points):
            kind = entries.field_of(entry)
            raise entries.wrong_kind(settings, kind)
        points = entry.points
        side_list(settings, list(points))
        for side, value in enumerate(points):
            if type(value) is not int:
                raise ShapeError(f"points[{side}]", f"points[{side}] must be a whole number")
        check_points(settings, points)
        per_seat = tuple(points[settings.side_of(seat)] for seat in settings.seats)
        side_scores = tuple(total + value for total, value in zip(state.side_scores, points))
        round_ = evolve(current, phase=Phase.DONE, points=per_seat, points_so_far=per_seat)
        return Played(round_, side_scores,
                      finished_by=ended_by(settings, current.number, side_scores))

    def result_entries(self, positions: Sequence[int]) -> Sequence[int]:
        return positions  # the round's one entry, its points

    def has_teams(self, settings: Settings) -> bool:
        return settings.typed.teams is Teams.PAIRS  # seat i with seat i + n/2

    def explain(self, settings: Settings, round_: Round,
                before: tuple[int, ...]) -> RoundExplanation:
        """Each side's points as entered, and its total after the round."""
        assert round_.points is not None
        after = [before[side] + round_.points[settings.seats_of(side)[0]]
                 for side in settings.sides]  # the round's points are per seat, its side's
        return RoundExplanation(round_.number, tuple(
            PadScore(seat, settings.side_of(seat), round_.number, round_.points[seat],
                     after[settings.side_of(seat)])
            for seat in settings.seats))

    def statistics_json(self, state: GameState) -> dict[str, Any]:
        return sheet.statistics_json(state)

    def sheet_rows(self, state: GameState) -> Rows:
        return sheet.sheet_rows(state)


FAMILY = ScorePad()


SCORE_PAD = Ruleset(
    "score-pad", "Score pad", FAMILY, 2, 12,
    frozen({
        "teams": Option(Teams.NONE.value, values(Teams)),
        "winner": Option(Winner.HIGHEST.value, values(Winner)),
        #: docs/rules.md section 8: the target and the number of rounds (``None``: none).
        "target": Option(None, IntRange(1, 1_000_000)),
        "rounds": Option(None, IntRange(1, 500)),
        "zero_sum": Option(False, (False, True)),
    }),
    frozen({}),
)
