"""The score pad's statistics (docs/rules.md section 8, "statistics"): each side's rounds,
points per round, best and worst round, and rounds won."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import GameState
from ..stats import rate
from . import FAMILY_ID


@dataclass(frozen=True)
class PadSideStats:
    """The score pad: one side's figures (a player, or both partners of a pair) over the scored
    rounds. Best and worst are read as the ``winner`` option reads totals; a round is won by the
    side whose points were its best, each of several sharing that best winning it."""

    side: int
    seats: tuple[int, ...]
    rounds: int
    points_per_round: float | None
    best_round: int | None
    worst_round: int | None
    rounds_won: int
    rounds_won_rate: float | None


@dataclass(frozen=True)
class PadStats:
    players: int
    rounds: int
    per_side: tuple[PadSideStats, ...]


def pad_statistics(state: GameState) -> PadStats | None:
    """The score pad's figures (docs/rules.md section 8, "statistics"); ``None`` for the card
    games.

    >>> from companion.rules import new_settings, fold, Points
    >>> s = new_settings("score-pad", ["Ana", "Ben"], options={"winner": "lowest"})
    >>> stats = pad_statistics(fold(s, [Points((3, 5)), Points((4, 4))]))
    >>> [(p.best_round, p.worst_round, p.rounds_won) for p in stats.per_side]
    [(3, 4, 2), (4, 5, 1)]
    """
    settings = state.settings
    if settings.family.id != FAMILY_ID:
        return None
    pick_best, pick_worst = (min, max) if settings.lowest_wins else (max, min)
    rounds = [r.points for r in state.rounds if r.points is not None]
    # Per round, per side: a side's points are its first seat's (partners hold the same).
    firsts = [settings.seats_of(side)[0] for side in settings.sides]
    by_side = [[points[seat] for seat in firsts] for points in rounds]
    best_of_round = [pick_best(points) for points in by_side]
    played = len(rounds)
    per_side = []
    for side in settings.sides:
        own = [points[side] for points in by_side]
        won = sum(points[side] == best for points, best in zip(by_side, best_of_round))
        per_side.append(PadSideStats(
            side=side, seats=settings.seats_of(side), rounds=played,
            points_per_round=sum(own) / played if played else None,
            best_round=pick_best(own) if own else None,
            worst_round=pick_worst(own) if own else None,
            rounds_won=won, rounds_won_rate=rate(won, played),
        ))
    return PadStats(players=len(settings.players), rounds=played, per_side=tuple(per_side))
