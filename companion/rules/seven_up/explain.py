"""Why each side scored what it did in a Seven-Up hand: every point in counting order, who won
it, whether it counted (``explain.py`` holds the shapes; docs/rules.md section 4)."""

from __future__ import annotations

from ..entries import TIE, Hand
from ..explain import HandScore, HandSummary, Point, PointWon, RoundExplanation
from ..settings import Settings
from ..state import Round
from . import stages


def _stages(settings: Settings, round_: Round, hand: Hand) -> list[list[tuple[Point, int, bool]]]:
    """The points of one recorded hand, as the game counted them (``stages``)."""
    return [[(Point(point), seat, on_tie) for point, seat, on_tie in stage]
            for stage in stages(settings, round_, hand)]


def explain_hand(settings: Settings, round_: Round,
                 before: tuple[int, ...]) -> tuple[tuple[HandScore, ...], HandSummary]:
    """Each seat's side's points in a Seven-Up hand, and the hand's summary, given the side
    scores ``before`` it. Counting stops at the point that reaches the target (docs/rules.md 4)."""
    target = settings.typed.target
    scores = list(before)
    won_game = False
    played = False
    points: list[PointWon] = []
    for hand in round_.hands:
        for stage, stage_points in enumerate(_stages(settings, round_, hand)):
            if won_game:
                break  # won before this stage: the gift was never given, the hand never played
            played = stage == 2
            for point, seat, on_tie in stage_points:
                side = settings.side_of(seat)
                counted = not won_game
                if counted:
                    scores[side] += 1
                    won_game = scores[side] >= target
                points.append(PointWon(point, seat, side, counted, on_tie, hand.redeal))
    last = round_.hands[-1]
    seats = tuple(
        HandScore(
            seat=seat, side=settings.side_of(seat),
            won=tuple(p for p in points if p.side == settings.side_of(seat)),
            total=sum(1 for p in points if p.counted and p.side == settings.side_of(seat)),
        )
        for seat in settings.seats
    )
    assert round_.eldest is not None
    summary = HandSummary(
        points=tuple(points), beg=last.beg, dealer=round_.dealer, eldest=round_.eldest,
        redeals=sum(h.redeal for h in round_.hands), played=played,
        no_trump=played and last.high is None,
        jack_out=played and last.jack is None,
        game_tied=played and last.game == TIE,
    )
    return seats, summary


def explain(settings: Settings, round_: Round, before: tuple[int, ...]) -> RoundExplanation:
    seats, summary = explain_hand(settings, round_, before)
    return RoundExplanation(round_.number, seats, summary)
