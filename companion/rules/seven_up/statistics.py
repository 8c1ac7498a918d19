"""Seven-Up's statistics (docs/rules.md section 4): each side's points won, by kind."""

from __future__ import annotations

from dataclasses import dataclass

from ..entries import Beg
from ..state import Award, GameState
from ..stats import rate
from . import FAMILY_ID


@dataclass(frozen=True)
class SideStats:
    """Seven-Up: the points a side won, by kind (counted points only, so they add up to its
    score); ``seats`` are the side's players."""

    side: int
    seats: tuple[int, ...]
    high: int
    low: int
    jack: int
    game: int
    gifts: int
    jacks_turned: int


@dataclass(frozen=True)
class SevenUpStats:
    players: int
    #: Hands played (a redeal is no hand: it is counted in ``redeals``).
    hands: int
    redeals: int
    #: The share of hands played in which the eldest begged; ``None`` before any hand.
    beg_rate: float | None
    per_side: tuple[SideStats, ...]


def seven_up_statistics(state: GameState) -> SevenUpStats | None:
    """Seven-Up's figures over every hand recorded (the redeals of the hand being played too,
    since their turned jacks are scored); ``None`` for the other games.

    >>> from companion.rules import new_settings, fold, Hand, Beg
    >>> state = fold(new_settings("seven-up", ["Ana", "Ben"]), [Hand(0, Beg.GIVE, 0, 1, None, 0)])
    >>> stats = seven_up_statistics(state)
    >>> stats.hands, stats.beg_rate, stats.per_side[1].gifts
    (1, 1.0, 1)
    """
    settings = state.settings
    if settings.family.id != FAMILY_ID:
        return None
    recorded = list(state.rounds) + ([state.current] if state.current else [])
    hands = [h for r in recorded for h in r.hands]
    played = [h for h in hands if not h.redeal]
    awards: list[Award] = [a for r in recorded for a in r.awards if a.counted]

    def won(side: int, point: str) -> int:
        return sum(1 for a in awards if a.side == side and a.point == point)

    return SevenUpStats(
        players=len(settings.players),
        hands=len(played),
        redeals=len(hands) - len(played),
        beg_rate=rate(sum(h.beg is not Beg.STAND for h in played), len(played)),
        per_side=tuple(
            SideStats(
                side=side,
                seats=settings.seats_of(side),
                high=won(side, "high"), low=won(side, "low"), jack=won(side, "jack"),
                game=won(side, "game"), gifts=won(side, "gift"),
                jacks_turned=won(side, "jack-turned"),
            )
            for side in settings.sides
        ),
    )


