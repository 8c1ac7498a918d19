"""Sharing a table (docs/rules.md section 7), as a game is shared (``share``): its chart of wins
over time, its standings image and its link preview, each saying who is ahead.

Who is ahead and the running wins are the engine's (``table_stats.ahead``,
``table_stats.wins_over_time``); the chart is drawn by the game's ``chart.lines`` and its
template, the image by ``standings_image``, answered and cached by ``share.image_answer``.

The chart counts finished games only (``table_store.winners``): a game in progress has won
nobody yet and is no step of it. It changes only when a game's winners do, not with every bid:
drawn, it is cached (``table-charts``) by the winners of each block's finished games (the same
objects while the block is unchanged), who is shown and the language, so a write in a game in
progress draws nothing.
"""

from __future__ import annotations

from flask import get_template_attribute, url_for
from flask_babel import format_date, get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from companion.http import downloads
from companion.rules import table_games, table_stats
from companion.rules.table_stats import PlayerFigures, TableFigures
from companion.storage import table_store
from companion.storage.caches import cache
from companion.web.shared.chart import MARKERS, Chart, lines, totals_text
from companion.web.shared.names import isolate, names_list
from companion.web.sharing.share import LazyQR, Preview
from companion.web.sharing.standings_image import Picture, Row

#: At most this many points per line (a long table's chart counts every few games).
CHART_POINTS = 40
#: Lines the chart tells apart (one look each), and rows the image has room for.
CHART_PLAYERS = len(MARKERS)
IMAGE_ROWS = 10


def wins(count: int) -> str:
    return str(ngettext("%(num)s win", "%(num)s wins", count))


def headline(figures: TableFigures) -> str | None:
    """"Ana is ahead with 3 wins", "Ana and Ben share the lead with 2 wins"; None before
    anyone has won."""
    placed = table_stats.ahead(figures.players)
    top = [player for rank, player in placed if rank == 1]
    if not top or not top[0].wins:
        return None
    count = top[0].wins
    if len(top) > 1:
        return str(ngettext("%(players)s share the lead with %(num)s win",
                            "%(players)s share the lead with %(num)s wins", count,
                            players=names_list([p.name for p in top])))
    return str(ngettext("%(player)s is ahead with %(num)s win",
                        "%(player)s is ahead with %(num)s wins", count,
                        player=isolate(top[0].name)))


def status(figures: TableFigures) -> str:
    """"3 games · 2 finished"."""
    return (str(ngettext("%(num)s game", "%(num)s games", figures.games)) + " · "
            + str(ngettext("%(num)s finished", "%(num)s finished", figures.finished)))


def wins_chart(state: table_store.TableState) -> Markup | None:
    """The chart of wins over time as the page shows it (the game's chart template), cached
    while the games' winners are the same; None before the first win."""
    figures = state.figures
    said = headline(figures)
    if said is None:
        return None
    shown = [player for _rank, player in table_stats.ahead(figures.players)][:CHART_PLAYERS]
    key_of = {name: key for key, name in figures.names.items()}
    keys = tuple(key_of.get(p.name) or table_games.player_key(p.name) for p in shown)
    won = table_store.winners(state)
    cached = cache("table-charts")
    key = (won, keys, tuple(p.name for p in shown), said, len(figures.players),
           str(get_locale() or "en"))
    found = cached.get(key)
    if isinstance(found, Markup):
        return found
    counted = table_stats.wins_over_time((w for block in won for w in block), keys,
                                         CHART_POINTS)
    drawn = get_template_attribute("game/_chart.html", "score_chart")(
        _chart(counted, [isolate(p.name) for p in shown], said, len(figures.players)),
        "wins-chart")
    cached.put(key, drawn)
    return Markup(drawn)


def _chart(counted: table_stats.WinsOverTime, names: list[str], said: str,
           players: int) -> Chart:
    """Each player's wins counted finished game by finished game (a game in progress is no
    step), the newest right: the players most ahead, as many as the chart has looks for."""
    series, x_ticks, y_ticks, zero = lines(counted.rows, counted.numbers, names)
    last = counted.numbers[-1]
    fewer = (_("The %(num)s players with the most wins are drawn.", num=len(names))
             + " " if len(names) < players else "")
    after = ngettext("Wins after %(num)s finished game:", "Wins after %(num)s finished games:",
                     last)
    return Chart(
        title=_("Wins, game by game"),
        summary=said + ".",
        description=f"{said}. {fewer}{after} {totals_text(series)}.",
        series=series, x_ticks=x_ticks, y_ticks=y_ticks, x_label=_("Finished games"),
        zero=zero)


def _placed(figures: TableFigures) -> tuple[tuple[int, PlayerFigures], ...]:
    """Who is ahead in the table's order, each placed by wins alone, as the image and the
    preview show them ("4. Ana 3 wins · 4. Ben 3 wins"): equal wins share a place, as equal
    totals do in a game's standings, whatever the win rates that order them."""
    placed: list[tuple[int, PlayerFigures]] = []
    for index, (_rank, player) in enumerate(table_stats.ahead(figures.players)):
        same = placed and placed[-1][1].wins == player.wins
        placed.append((placed[-1][0] if same else index + 1, player))
    return tuple(placed)


def _date(state: table_store.TableState) -> str:
    """The day of the newest game (of the table's making, before any)."""
    newest = table_store.played_games(state.versions[-1:])
    moment = table_store.started(newest[0]) if newest else table_store.started_at(state.table)
    return str(format_date(moment, "long"))


def picture(state: table_store.TableState) -> Picture:
    figures = state.figures
    placed = _placed(figures)[:IMAGE_ROWS]
    top_wins = placed[0][1].wins if placed else 0
    rows = tuple(
        Row(rank=rank, name=isolate(player.name),
            fallback=_("Player %(number)s", number=index + 1), score=wins(player.wins),
            winner=rank == 1 and player.wins == top_wins > 0, seat=str(index + 1))
        for index, (rank, player) in enumerate(placed))
    return Picture(game=state.table.name, status=status(figures), date=_date(state),
                   headline=headline(figures), rows=rows, footer="Companion")


def preview(state: table_store.TableState) -> Preview:
    """The table page's Open Graph and Twitter-card tags: who is ahead, and the image."""
    table, figures = state.table, state.figures
    name = isolate(table.name)
    said = headline(figures)
    title = f"{name} · {said}" if said else name
    places = " · ".join(f"{rank}. {isolate(player.name)} {wins(player.wins)}"
                        for rank, player in _placed(figures)[:IMAGE_ROWS])
    description = f"{status(figures)}: {places}" if places else status(figures)
    return Preview(
        title=title,
        description=f"{description} · {_date(state)}",
        image=url_for("web.table_standings_image", table_id=table.id, v=table.version,
                      lang=str(get_locale() or "en"), _external=True),
        url=url_for("web.table", table_id=table.id, _external=True))


def context(state: table_store.TableState) -> dict[str, object]:
    """What the share panel (``game/_share.html``, for the table's share link alone: its
    scorekeeper link is the one this phone was given, not shown again), the image's buttons
    and the page's head need."""
    table = state.table
    share_url = url_for("web.table", table_id=table.id, _external=True)
    return {"share_url": share_url, "share_qr": LazyQR(share_url), "scorekeeper_url": None,
            "preview": preview(state),
            "image_url": url_for("web.table_standings_image", table_id=table.id,
                                 v=table.version, lang=str(get_locale() or "en")),
            "image_name": downloads.table_file_name(state, "png"),  # as the games' sheet
            "wins_chart": wins_chart(state)}
