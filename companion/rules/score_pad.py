"""The score pad: any other game (docs/rules.md section 8). It knows no rule of the game itself:
each round is one entry, every side's points as the table announces them, and the pad enforces
only what its options say (the range of a round's points, zero-sum, the end by a target or a
number of rounds, "we stop here" after a round).

A side is a player, or with ``teams: pairs`` seat *i* with seat *i + n/2*; points are entered
and totalled per side, and a round's ``points`` hold, per seat, its side's (as Seven-Up's).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from . import entries, seating
from .candidates import Candidates
from .entries import Entry, Finish, Points, ShapeError
from .errors import RuleError
from .evolve import evolve
from .settings import Settings
from .state import FinishedBy, GameState, Phase, Played, Round

#: The most a side may score, or lose, in one round (docs/rules.md section 8, "a round").
POINTS_MOST = 100_000


def start_round(settings: Settings, number: int) -> Round:
    """Round ``number`` awaiting its points; the dealer is shown, never enforced."""
    return Round(
        number=number,
        hand_size=0,
        dealer=seating.dealer(settings, number),
        phase=Phase.POINTS,
        bidding_order=(),
        points_so_far=(0,) * len(settings.players),
    )


def side_list(settings: Settings, value: object, field: str = "points") -> list[object]:
    """A list with one value per side (per seat without teams), or a ``ShapeError``."""
    sides = len(settings.sides)
    what = "side" if settings.has_teams else "seat"
    if not isinstance(value, list):
        raise ShapeError(field, f"{field} must be a list with one value per {what}")
    if len(value) != sides:
        raise ShapeError(field, f"{field} has {len(value)} values; this game has {sides} {what}s")
    return value


def check_points(settings: Settings, points: Sequence[int]) -> None:
    """The round's points against the pad's rules: each within ±100,000 (``points-range``, at
    the first side out of range), and with ``zero_sum`` adding up to 0 (``points-total``,
    naming the sum)."""
    for side, value in enumerate(points):
        if not -POINTS_MOST <= value <= POINTS_MOST:
            seat = settings.seats_of(side)[0]
            raise RuleError(
                "points-range",
                f"{settings.players[seat]}'s points {value} are out of range: a round's points "
                f"run from {-POINTS_MOST} to {POINTS_MOST}",
                reason="points-range", field="points", seat=seat, side=side, value=value,
                least=-POINTS_MOST, most=POINTS_MOST,
            )
    if settings.typed.zero_sum and sum(points) != 0:
        total = sum(points)
        raise RuleError(
            "points-total",
            f"these points add up to {total}; in a zero-sum game they must add up to 0",
            reason="points-total", field="points", total=total,
        )


def ended_by(settings: Settings, number: int, side_scores: Sequence[int]) -> FinishedBy | None:
    """What ends the game with round ``number`` scored: a total at the target or beyond (for a
    lowest-wins game too), else the last of its rounds; the target first when both come at
    once. ``None`` while it goes on."""
    typed = settings.typed
    if typed.pad_target is not None and max(side_scores) >= typed.pad_target:
        return FinishedBy.TARGET
    if typed.rounds is not None and number >= typed.rounds:
        return FinishedBy.ROUNDS
    return None


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


class ScorePad:
    """Any other game: one entry a round, every side's points (a ``GameFamily``)."""

    entry_kinds: tuple[str, ...] = ("points", "finish")
    candidates: Candidates | None = CANDIDATES

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
        if isinstance(entry, Finish):
            if not state.rounds:
                raise RuleError("phase", "the game can be finished only after its first round",
                                reason="finish-before-round", field="finish")
            return Played(current, state.side_scores, finished_by=FinishedBy.SCOREKEEPER)
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

    def replay(self, settings: Settings, played: Sequence[Entry]) -> GameState | None:
        return None  # no fast path: fold applies the entries one by one


FAMILY = ScorePad()
