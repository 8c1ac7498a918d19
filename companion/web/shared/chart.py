"""The score chart: each side's running total after every round, as an accessible SVG line chart.

The engine says the totals and who led after each round (``GameState.running_totals`` and
``leaders_after``); this module only places them on a grid and says in one sentence how the
lead went ("Ana led from round 12 to the end"). ``game/_chart.html`` draws it, server-side:
no script, and no inline style (colours come from classes in ``game.css``, so they follow the
dark mode). Lines differ by colour, by dash and by marker, so no one needs to tell colours apart.
Every point sits exactly on its value: where totals are equal the lines share their course (their
dashes let each other through) and the markers there are drawn one inside another, the first
seat's largest, so every side is seen at its true total and none is hidden under another.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.rules import GameState
from companion.web.shared.declaration import of
from companion.web.shared.names import names_list, side_names

#: The chart's drawing box, in SVG user units (it scales to the page's width).
WIDTH, HEIGHT = 360, 230
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 34
#: One look per side, told apart without colour: a stroke pattern and a marker shape.
DASHES = (None, "7 4", "2 3", "9 3 2 3", None, "7 4", "2 3", "9 3 2 3", None)
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross", "plus", "bar", "ring")


@dataclass(frozen=True)
class Series:
    """One side's line: its look, its points (round 0 is the start at 0), its last total."""

    side: int
    name: str
    look: int  # 0..8: the colour class, dash and marker
    dash: str | None
    marker: str
    path: str
    points: tuple[tuple[float, float], ...]
    total: int
    #: The markers after the start, ``(x, y, scale)``: a point shared with other sides is drawn
    #: larger (scale above 1) when this side comes earlier among them, so that one inside another
    #: every marker shows.
    markers: tuple[tuple[float, float, float], ...] = ()


@dataclass(frozen=True)
class Chart:
    title: str
    summary: str
    description: str
    series: tuple[Series, ...]
    x_ticks: tuple[tuple[float, int], ...]
    y_ticks: tuple[tuple[float, int], ...]
    x_label: str
    zero: float  # the y of the 0 line
    left: float = LEFT
    right: float = WIDTH - RIGHT
    top: float = TOP
    bottom: float = HEIGHT - BOTTOM
    width: int = WIDTH
    height: int = HEIGHT
    #: The legend's order: best first, the lowest in a lowest-wins score pad.
    lowest_first: bool = False


def _nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that cuts ``span`` into at most ``most`` steps."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * magnitude
            if span / step <= most:
                return step
        magnitude *= 10


def summary(leaders_after: tuple[tuple[int, ...], ...], finished: bool,
            names: tuple[str, ...], sizes: tuple[int, ...], by_hand: bool) -> str:
    """How the lead went, in one sentence: who led and since when, or who is level on top.
    ``names`` and ``sizes`` are per side (a Seven-Up team is two players: "have led")."""
    last = leaders_after[-1]
    if len(last) > 1:
        players = names_list([names[side] for side in last])
        if finished:
            return _("%(players)s finished level at the top.", players=players)
        return _("%(players)s share the lead.", players=players)
    since = len(leaders_after)
    while since > 1 and leaders_after[since - 2] == last:
        since -= 1
    player, n = names[last[0]], sizes[last[0]]
    if finished:
        if since == 1:
            return ngettext("%(player)s led from start to finish.",
                            "%(player)s led from start to finish.", n, player=player)
        if by_hand:
            return ngettext("%(player)s led from hand %(number)s to the end.",
                            "%(player)s led from hand %(number)s to the end.", n,
                            player=player, number=since)
        return ngettext("%(player)s led from round %(number)s to the end.",
                        "%(player)s led from round %(number)s to the end.", n,
                        player=player, number=since)
    if since == 1:
        return ngettext("%(player)s has led from the start.",
                        "%(player)s have led from the start.", n, player=player)
    if by_hand:
        return ngettext("%(player)s has led since hand %(number)s.",
                        "%(player)s have led since hand %(number)s.", n,
                        player=player, number=since)
    return ngettext("%(player)s has led since round %(number)s.",
                    "%(player)s have led since round %(number)s.", n,
                    player=player, number=since)


#: How much larger each marker is than the next one drawn on the same point (equal totals).
LEVEL_GROWTH = 0.6


def marker_scale(row: tuple[int, ...], side: int) -> float:
    """The size of a side's marker where others share its total: the sides level on one total
    are drawn in seat order, each smaller than the one before and on top of it, so all of them
    show at the true value (1 for the last one, and for a total nobody shares)."""
    level = [other for other, total in enumerate(row) if total == row[side]]
    growth = min(LEVEL_GROWTH, 2.4 / max(1, len(level) - 1))  # never above 3.4 times
    return round(1 + (len(level) - 1 - level.index(side)) * growth, 1)


def lines(rows: Sequence[tuple[int, ...]], numbers: Sequence[int],
          names: Sequence[str]) -> tuple[tuple[Series, ...], tuple[tuple[float, int], ...],
                                          tuple[tuple[float, int], ...], float]:
    """Each side's line through ``rows`` (one value per side at each of ``numbers``, the first
    row the start), on the chart's grid: the series, the x and y ticks and the y of the 0 line.
    The game's chart has a row per round, the table's a row per game (or every few games)."""
    low = min(0, *(min(row) for row in rows))
    high = max(1, *(max(row) for row in rows))
    y_step = _nice_step(high - low, 5)
    low = math.floor(low / y_step) * y_step
    high = math.ceil(high / y_step) * y_step
    bottom, top = HEIGHT - BOTTOM, TOP
    right = WIDTH - RIGHT
    first, last = numbers[0], max(numbers[-1], numbers[0] + 1)

    def x(number: int) -> float:
        return round(LEFT + (right - LEFT) * (number - first) / (last - first), 1)

    def y(value: int) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    series = []
    for look, name in enumerate(names):
        points = tuple((x(number), y(row[look])) for number, row in zip(numbers, rows))
        path = "M" + " L".join(f"{px:g} {py:g}" for px, py in points)
        markers = tuple((px, py, marker_scale(row, look))
                        for (px, py), row in zip(points[1:], rows[1:]))
        series.append(Series(look, name, look % len(MARKERS), DASHES[look % len(DASHES)],
                             MARKERS[look % len(MARKERS)], path, points, rows[-1][look],
                             markers))
    x_step = _nice_step(last - first, 8)
    x_ticks = tuple((x(n), n) for n in range(first + x_step, last + 1, x_step))
    y_ticks = tuple((y(v), v) for v in range(low, high + 1, y_step))
    return tuple(series), x_ticks, y_ticks, y(0)


def totals_text(series: Sequence[Series], lowest_first: bool = False) -> str:
    """"Ana 42, Ben 30": each line's last value, best first (the description's end): the
    highest, or the lowest in a lowest-wins score pad."""
    sign = 1 if lowest_first else -1
    return ", ".join(f"{s.name} {s.total}" for s in sorted(series, key=lambda s: sign * s.total))


#: At most this many rounds a game's chart draws a point for (a longer game: every few rounds).
CHART_ROUNDS = 200


def score_chart(state: GameState) -> Chart | None:
    """The chart of a game with at least one scored round, else None."""
    totals = state.running_totals
    if not totals:
        return None
    settings = state.settings
    by_hand = of(settings).hands
    names = side_names(settings)
    rounds = len(totals)
    # Round 0, everyone at 0, then every round; a long game every few rounds and its last (a
    # line of 2,000 points weighed 700 KB and shows no more on a phone than one of 200).
    step = -(-rounds // CHART_ROUNDS)
    numbers = [*range(0, rounds, step), rounds]
    start = (0,) * len(settings.sides)
    rows = [totals[n - 1] if n else start for n in numbers]
    series, x_ticks, y_ticks, zero = lines(rows, numbers,
                                           [names[side] for side in settings.sides])
    sizes = tuple(len(settings.seats_of(side)) for side in settings.sides)
    said = summary(state.leaders_after, state.finished, names, sizes, by_hand)
    last = (_("Totals after hand %(number)s:", number=rounds) if by_hand
            else _("Totals after round %(number)s:", number=rounds))
    title = _("Running totals, hand by hand") if by_hand else _("Running totals, round by round")
    return Chart(
        title=title,
        summary=said,
        description=f"{said} {last} {totals_text(series, settings.lowest_wins)}.",
        series=series,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        x_label=_("Hand") if by_hand else _("Round"),
        zero=zero,
        lowest_first=settings.lowest_wins,
    )
