"""A Seven-Up hand's "why", in the table's words: the points each side won, one by one, and
the whole hand in one line ("High: Ben · Low: Ana · Jack: Cleo · Game: Dev"), from the
engine's ``rules.explain``.
"""

from __future__ import annotations

from itertools import groupby
from typing import Iterable, Mapping

from flask_babel import LazyString, ngettext
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion import rules
from companion.rules import HandScore, Point, PointWon
from companion.web.shared.names import isolate, side_names

#: A point's name, as the table says it (the hands table, the rules page's counting order).
POINT_NAMES: Mapping[Point, LazyString] = {
    Point.JACK_TURNED: _l("Turned jack"),
    Point.GIFT: _l("Gift"),
    Point.HIGH: _l("High"),
    Point.LOW: _l("Low"),
    Point.JACK: _l("Jack"),
    Point.GAME: _l("Game"),
}


def _winner(settings: rules.Settings, won: PointWon) -> str:
    """Who won a point: its player; a team's Game is the side's, both partners ("Ana & Cleo"),
    as the board and the score sheet name it (the engine keeps one seat of the side for it)."""
    if won.point is Point.GAME and settings.has_teams:
        return side_names(settings)[won.side]  # each name isolated there
    return isolate(settings.players[won.seat])


def _point(settings: rules.Settings, won: PointWon, dealer: int, times: int = 1) -> str:
    name = str(POINT_NAMES[won.point])
    player = _winner(settings, won)
    if won.point is Point.JACK_TURNED and times > 1:
        text = ngettext("%(num)s turned jack: %(player)s deals",
                        "%(num)s turned jacks: %(player)s deals", times, player=player)
    elif won.point is Point.JACK_TURNED:
        text = _("%(point)s: %(player)s deals", point=name, player=player)
    elif won.on_tie:
        text = _("%(point)s: %(player)s (a tie, to the eldest)", point=name, player=player)
    else:
        text = _("%(point)s: %(player)s", point=name, player=player)
    if not won.counted:
        text = _("%(point)s (not counted: the game was already won)", point=text)
    return text


def _points(settings: rules.Settings, points: Iterable[PointWon], dealer: int) -> list[str]:
    """Each point in words, the dealer's turned jacks said once with their number ("2 turned
    jacks: Ana deals"), not once a jack."""
    said: list[str] = []
    for _key, group in groupby(points, key=lambda p: (p.point, p.seat, p.counted)):
        same = list(group)
        if same[0].point is Point.JACK_TURNED:
            said.append(_point(settings, same[0], dealer, times=len(same)))
        else:
            said += [_point(settings, won, dealer) for won in same]
    return said


#: The four points of play, in counting order, as the hand's summary line names them.
PLAYED = (Point.HIGH, Point.LOW, Point.JACK, Point.GAME)


def hand_summary(settings: rules.Settings, summary: rules.HandSummary) -> str | None:
    """The whole hand in one line, "High: Ben · Low: Ana · Jack: Cleo · Game: Dev" (names only:
    the app records no cards for Seven-Up); None for a hand that ended before play."""
    if not summary.played:
        return None
    parts = []
    for point in PLAYED:
        name = str(POINT_NAMES[point])
        won = [w for w in summary.points if w.point is point]
        if won:
            parts += _points(settings, won, summary.dealer)
        elif point in (Point.HIGH, Point.LOW) and summary.no_trump:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("no trump")))
        elif point is Point.JACK and summary.jack_out:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("not in play")))
        elif point is Point.GAME and summary.game_tied:
            parts.append(_("%(point)s: %(player)s", point=name, player=_("tie")))
    return _("The hand: %(points)s", points=" · ".join(parts)) if parts else None


def hand_saved(state: rules.GameState) -> str:
    """What the page says once a Seven-Up hand is saved: who scored in the last hand, its
    counted points in counting order ("Saved. High: Ben · Low: Ana · Game: Ben & Dev")."""
    last = rules.explain(state)[-1].hand if state.rounds else None
    if last is None or not any(won.counted for won in last.points):
        return _("Saved.")
    counted = [won for won in last.points if won.counted]
    return _("Saved. %(points)s", points=" · ".join(_points(state.settings, counted, last.dealer)))


def hand_lines(settings: rules.Settings, score: HandScore, summary: rules.HandSummary) -> list[str]:
    """The sentences of one Seven-Up side's cell: the points it won, one by one, then its gain,
    then what the whole hand gave (so one cell says who took high, low, jack and game)."""
    whole = hand_summary(settings, summary)
    if not score.won:
        lines = [_("No point this hand.")]
    else:
        points = " · ".join(_points(settings, score.won, summary.dealer))
        lines = [points, _("This hand: +%(points)s", points=score.total)]
    return lines + ([whole] if whole else [])


def explain_round(settings: rules.Settings, round_: rules.RoundExplanation) -> tuple[list[str], ...]:
    """Each side's cell of a hand, indexed by side."""
    assert round_.hand is not None
    by_side: dict[int, list[str]] = {}
    for seat in round_.seats:
        assert isinstance(seat, HandScore)
        by_side.setdefault(seat.side, hand_lines(settings, seat, round_.hand))
    return tuple(by_side[side] for side in settings.sides)
