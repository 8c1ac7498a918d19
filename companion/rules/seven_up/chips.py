"""Seven-Up's scoreboard as the table keeps it: each side's chips, every hand's points, and how
the last hand was counted out (docs/rules.md section 4, "win")."""

from __future__ import annotations

from dataclasses import dataclass

from ..entries import Hand
from ..state import Award, GameState, Round
from . import PLAY_POINTS


@dataclass(frozen=True)
class Chips:
    """One side's chips (the seed keeps score with them): one per point still to score, the
    others in the pot."""

    side: int
    left: int  # chips still in front of the side
    scored: int  # chips it put in the pot
    new: int  # of those, the ones the last entry scored


def chips(state: GameState) -> tuple[Chips, ...]:
    target = state.settings.typed.target
    current = state.current
    latest: tuple[Award, ...] = ()
    if current is not None and current.awards:
        latest = current.awards  # the redeals of the hand being played
    elif state.rounds:
        latest = state.rounds[-1].awards
    return tuple(
        Chips(side, max(target - score, 0), score,
              sum(1 for a in latest if a.counted and a.side == side))
        for side, score in enumerate(state.side_scores)
    )


@dataclass(frozen=True)
class HandRow:
    """One scored hand on the scoreboard."""

    round: Round
    hand: Hand  # the hand that was played (or the turned jacks that ended the game)
    played: bool  # False when turned jacks ended the game before the beg or play
    jacks: tuple[Award, ...]  # every jack turned for the dealer, redeals included
    gift: tuple[Award, ...]
    points: dict[str, tuple[Award, ...]]  # high, low, jack, game
    gained: tuple[int, ...]  # per side
    totals: tuple[int, ...]  # per side, after the hand


def hand_rows(state: GameState, last: int | None = None) -> tuple[HandRow, ...]:
    """Every scored hand, oldest first (with ``last``, the last ``last`` of them)."""
    settings = state.settings
    rows = []
    scored = len(state.running_totals)
    first = 0 if last is None else max(0, scored - last)
    for round_, totals in zip(state.rounds[first:scored], state.running_totals[first:]):
        gained = tuple(sum(1 for a in round_.awards if a.counted and a.side == side)
                       for side in settings.sides)
        hand = round_.hands[-1]

        def of(point: str, awards: tuple[Award, ...] = round_.awards) -> tuple[Award, ...]:
            return tuple(a for a in awards if a.point == point)

        rows.append(HandRow(round_, hand, hand.game is not None, of("jack-turned"), of("gift"),
                            {point: of(point) for point in PLAY_POINTS}, gained, totals))
    return tuple(rows)


@dataclass(frozen=True)
class CountStep:
    award: Award
    score: int | None  # the side's score after it; None: not counted
    wins: bool


def counting_out(state: GameState) -> tuple[CountStep, ...]:
    """Once the game is won, the last hand's points in the order they were counted, each with
    its side's score after it, up to the one that won and past it (not counted)."""
    if not state.finished or not state.rounds:
        return ()
    awards = state.rounds[-1].awards
    before = state.running_totals[-2] if len(state.running_totals) > 1 else (0,) * len(
        state.side_scores)
    scores = list(before)
    steps = []
    for award in awards:
        score = None
        if award.counted:
            scores[award.side] += 1
            score = scores[award.side]
        steps.append(CountStep(award, score, award == state.winning_award))
    return tuple(steps)
