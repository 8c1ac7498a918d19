"""The score pad: any other game (docs/rules.md section 8). It knows no rule of the game itself:
each round is one entry, every side's points as the table announces them, and the pad enforces
only what its options say (the range of a round's points, zero-sum, the end by a target or a
number of rounds, "we stop here" after a round).

A side is a player, or with ``teams: pairs`` seat *i* with seat *i + n/2*; points are entered
and totalled per side, and a round's ``points`` hold, per seat, its side's (as Seven-Up's).

The game's own files: its rules here; ``game`` declares it (its ruleset and family, registered
in ``rules/games.py``); ``statistics``; ``sheet`` (the API's statistics and score sheet).
"""

from __future__ import annotations

from typing import Sequence

from .. import seating
from ..entries import ShapeError
from ..errors import RuleError
from ..settings import Settings
from ..state import FinishedBy, Phase, Round

#: The family's id (``GameFamily.id``): any other game, its points as the table announces them.
FAMILY_ID = "score-pad"

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
