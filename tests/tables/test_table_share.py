"""Sharing a table as a game is shared: its chart of wins over time, its standings image
``/t/<id>/standings.png`` (1200×630, ETag'd by the table's version), the Open Graph tags of its
page, the link to its ``games.csv``; names that carry bidi controls stay isolated."""

from __future__ import annotations

import html
import io
import re
import threading
import xml.etree.ElementTree as ET

import pytest
from flask.testing import FlaskClient
from PIL import Image

from companion.rules.table_stats import PlayerFigures, ahead, wins_over_time
from tests.web.test_bidi import CONTROLS, check

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
SVG = ""  # inline SVG in HTML: no namespace written


def _table(at_table: Tables, takers: tuple[int, ...] = (1, 0, 3),
           players: list[str] = PLAYERS) -> tuple[str, str]:
    """One-card Oh Hell games, everyone bidding 0: whoever takes the trick loses it, the
    others win. (1, 0, 3): Ana, Cleo, Dan win the first, Ben, Cleo, Dan the second, Ana, Ben,
    Cleo the third: Cleo 3 wins, the others 2."""
    table_id, token = at_table.create()
    for taker in takers:
        game = at_table.game(table_id, token, players, options=ONE_CARD)
        at_table.play_one_card(game, taker)
    return table_id, token


def _chart(body: str) -> ET.Element:
    start = body.index('<svg class="chart-svg"')
    return ET.fromstring(body[start:body.index("</svg>", start) + len("</svg>")])


def _meta(body: str, key: str) -> str:
    match = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', body)
    assert match, key
    return html.unescape(match.group(1))


# --- the chart of wins -----------------------------------------------------------------------


def test_who_is_ahead_by_wins_then_win_rate_then_games() -> None:
    ana = PlayerFigures("Ana", games=4, finished=4, wins=2, win_rate=0.5)
    ben = PlayerFigures("Ben", games=3, finished=2, wins=2, win_rate=1.0)  # the better rate
    cleo = PlayerFigures("Cleo", games=5, finished=4, wins=2, win_rate=0.5)  # more games
    dev = PlayerFigures("Dev", games=5, finished=4, wins=2, win_rate=0.5)  # level with Cleo
    eve = PlayerFigures("Eve", games=1, finished=0, wins=0, win_rate=None)  # none: lowest
    fay = PlayerFigures("Fay", games=2, finished=2, wins=0, win_rate=0.0)
    assert [(rank, p.name) for rank, p in ahead([eve, ana, cleo, dev, ben, fay])] == [
        (1, "Ben"), (2, "Cleo"), (2, "Dev"), (4, "Ana"), (5, "Fay"), (6, "Eve")]


def test_running_wins_count_every_game_and_every_few_of_a_long_table() -> None:
    won = [("a", "b"), ("b",), ("c",), ("a",)]  # the third game's winner is not charted
    counted = wins_over_time(won, ["b", "a"], 40)
    assert counted.numbers == (0, 1, 2, 3, 4)
    assert counted.rows == ((0, 0), (1, 1), (2, 1), (2, 1), (2, 2))
    long = wins_over_time([("a",)] * 100, ["a"], 40)
    assert long.numbers == (0, 3, 6, *range(9, 100, 3), 100)  # every 3rd game, and the last
    assert long.rows[-1] == (100,) and len(long.numbers) <= 41


def test_the_chart_draws_each_players_wins(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token = _table(at_table)
    body = client.get(f"/t/{table_id}").get_data(as_text=True)
    svg = _chart(body)  # well-formed SVG
    assert svg.get("role") == "img"
    assert svg.get("aria-labelledby") == "wins-chart-title"
    assert svg.find(f"{SVG}title").text == "Wins, game by game"
    desc = svg.find(f"{SVG}desc").text
    assert desc == ("Cleo is ahead with 3 wins. Wins after 3 finished games: "
                    "Cleo 3, Ana 2, Ben 2, Dan 2.")
    # One line a player, from the start through each of the three games.
    series = svg.findall(f"{SVG}g[@class]")
    lines = [g for g in series if "series" in g.get("class", "")]
    assert len(lines) == 4
    for line in lines:
        assert len(line.find(f"{SVG}path").get("d").split("L")) == 4
    # The text beside it: the summary and each player's wins.
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
    assert "Wins over time" in words and "Cleo is ahead with 3 wins." in words
    start = body.index('class="chart-legend"')
    legend = body[start:body.index("</ul>", start)]
    shown = re.findall(r'<span class="who">(.*?)</span> <span class="num">(\d+)</span>', legend)
    assert shown == [("Cleo", "3"), ("Ana", "2"), ("Ben", "2"), ("Dan", "2")]


def test_equal_wins_are_drawn_at_their_counts(client: FlaskClient, at_table: Tables) -> None:
    """Ana, Ben and Dan have 2 wins each: their lines end exactly on 2 (no nudge that reads as
    2.03), and every point of every line is a whole number of wins."""
    table_id, _token = _table(at_table)
    svg = _chart(client.get(f"/t/{table_id}").get_data(as_text=True))
    grid = svg.find(f"{SVG}g[@class='grid']")
    at = {int(t.text): float(line.get("y1")) for line, t in zip(
        grid.findall(f"{SVG}line"), grid.findall(f"{SVG}text[@text-anchor='end']"))}
    lines = [g for g in svg.findall(f"{SVG}g[@class]") if "series" in g.get("class", "")]
    wins_after: list[list[float]] = []
    for line in lines:
        points = [step.strip().lstrip("M").split() for step in
                  line.find(f"{SVG}path").get("d").split("L")]
        wins_after.append([float(y) for _x, y in points])
    assert sorted(ys[-1] for ys in wins_after) == [at[3], at[2], at[2], at[2]]  # exactly 2
    assert {y for ys in wins_after for y in ys} <= set(at.values())  # whole wins, every point


def test_the_chart_counts_finished_games_only(client: FlaskClient, at_table: Tables) -> None:
    """A game in progress has won nobody yet: the chart's axis, lines and summary count the
    three finished games, as the figures above it do (4 games, 3 finished); the game's last
    round moves them by one."""
    table_id, token = _table(at_table)
    playing = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)

    def drawn() -> tuple[str, list[int], str, list[str]]:
        body = client.get(f"/t/{table_id}").get_data(as_text=True)
        svg = _chart(body)
        lines = [g for g in svg.findall(f"{SVG}g[@class]") if "series" in g.get("class", "")]
        points = {len(g.find(f"{SVG}path").get("d").split("L")) for g in lines}
        grid = svg.find(f"{SVG}g[@class='grid']")
        x_ticks = [t.text for t in grid.findall(f"{SVG}text[@text-anchor='middle']")]
        words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
        return words, sorted(points), svg.find(f"{SVG}desc").text, x_ticks

    words, points, desc, x_ticks = drawn()
    assert "4 games · 3 finished" in words
    assert points == [4]  # the start, then each finished game
    assert desc == ("Cleo is ahead with 3 wins. Wins after 3 finished games: "
                    "Cleo 3, Ana 2, Ben 2, Dan 2.")
    assert x_ticks[-1] == "3"
    at_table.play_one_card(playing, 0)  # Ana takes the trick: Ben, Cleo and Dan win
    words, points, desc, x_ticks = drawn()
    assert "4 games · 4 finished" in words
    assert points == [5]
    assert desc == ("Cleo is ahead with 4 wins. Wins after 4 finished games: "
                    "Cleo 4, Ben 3, Dan 3, Ana 2.")
    assert x_ticks[-1] == "4"


def test_no_chart_before_a_win_and_it_speaks_french(client: FlaskClient,
                                                     at_table: Tables) -> None:
    table_id, token = at_table.create()
    at_table.game(table_id, token, PLAYERS, options=ONE_CARD)  # in progress
    assert "chart-svg" not in client.get(f"/t/{table_id}").get_data(as_text=True)
    table_id, _token = _table(at_table, (1,))
    body = client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    svg = _chart(body)
    assert svg.find(f"{SVG}title").text == "Victoires, partie après partie"
    assert "Victoires au fil des parties" in body
    assert "partagent la tête avec 1 victoire" in svg.find(f"{SVG}desc").text


def test_the_chart_is_in_the_live_part(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token = _table(at_table)
    assert "Wins, game by game" in client.get(f"/t/{table_id}/live").get_data(as_text=True)


# --- the standings image -----------------------------------------------------------------------


def test_the_standings_image_is_1200_by_630_etagged_by_the_table_version(
        client: FlaskClient, at_table: Tables) -> None:
    table_id, token = _table(at_table, (1,))
    version = at_table.get(table_id)["version"]
    first = client.get(f"/t/{table_id}/standings.png")
    assert first.status_code == 200 and first.mimetype == "image/png"
    assert Image.open(io.BytesIO(first.data)).size == (1200, 630)
    etag = first.headers["ETag"]
    assert etag == f'"t.{table_id}.{version}.en"'
    assert first.headers["Cache-Control"] == "public, no-cache"
    again = client.get(f"/t/{table_id}/standings.png", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    # A game more at the table: a new version, another image.
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 2)
    moved = client.get(f"/t/{table_id}/standings.png", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert moved.data != first.data
    french = client.get(f"/t/{table_id}/standings.png?lang=fr")
    assert french.headers["ETag"].endswith('.fr"') and french.data != moved.data


def test_a_miss_draws_the_image_on_another_thread(client: FlaskClient, at_table: Tables,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """As a game's: the request waits while another thread draws (under gevent, the worker's
    other requests go on), so a miss never holds them for the drawing's 100–250 ms."""
    from companion.web.sharing import standings_image

    drawn_on: list[int] = []

    def spy(picture: standings_image.Picture) -> bytes:
        drawn_on.append(threading.get_ident())
        return b"png"

    monkeypatch.setattr(standings_image, "render", spy)
    table_id, _token = _table(at_table, (1,))
    answer = client.get(f"/t/{table_id}/standings.png?lang=it")
    assert answer.status_code == 200 and answer.data == b"png"
    assert drawn_on and drawn_on[0] != threading.get_ident()


def test_the_image_of_an_unknown_or_deleted_table_is_404(client: FlaskClient,
                                                         at_table: Tables) -> None:
    assert client.get("/t/no-such-table/standings.png").status_code == 404
    assert client.get("/t/not%20an%20id/standings.png").status_code == 404
    table_id, token = _table(at_table, (1,))
    assert client.get(f"/t/{table_id}/standings.png").status_code == 200
    gone = client.delete(f"/api/v1/tables/{table_id}", headers={"Authorization": f"Bearer {token}"})
    assert gone.status_code == 204
    assert client.get(f"/t/{table_id}/standings.png").status_code == 404


def test_what_the_image_says(app: object, client: FlaskClient, at_table: Tables) -> None:
    from companion.storage import table_store
    from companion.web.table import share as table_share

    table_id, _token = _table(at_table)
    with app.test_request_context():  # type: ignore[attr-defined]
        drawn = table_share.picture(table_store.figures_of(table_id))
    assert drawn.game == "Thursday cards" and drawn.status == "3 games · 3 finished"
    assert drawn.headline == "Cleo is ahead with 3 wins"
    assert [(r.rank, r.name, r.score, r.winner) for r in drawn.rows] == [
        (1, "Cleo", "3 wins", True), (2, "Ana", "2 wins", False), (2, "Ben", "2 wins", False),
        (2, "Dan", "2 wins", False)]


# --- the page's link preview, the CSV, names with bidi controls --------------------------------


def test_the_table_page_has_open_graph_tags_with_absolute_urls(client: FlaskClient,
                                                              at_table: Tables) -> None:
    table_id, _token = _table(at_table)
    version = at_table.get(table_id)["version"]
    body = client.get(f"/t/{table_id}", base_url="http://192.168.1.20:8000").get_data(as_text=True)
    assert _meta(body, "og:title") == "Thursday cards · Cleo is ahead with 3 wins"
    assert _meta(body, "og:description").startswith(
        "3 games · 3 finished: 1. Cleo 3 wins · 2. Ana 2 wins · 2. Ben 2 wins · "
        "2. Dan 2 wins · ")
    image = _meta(body, "og:image")
    assert image == f"http://192.168.1.20:8000/t/{table_id}/standings.png?v={version}&lang=en"
    assert _meta(body, "og:url") == f"http://192.168.1.20:8000/t/{table_id}"
    assert _meta(body, "twitter:card") == "summary_large_image"
    assert _meta(body, "twitter:image") == image
    assert _meta(body, "og:image:width") == "1200" and _meta(body, "og:image:height") == "630"
    # The image is offered to share or download, at the table's version.
    assert f'href="/t/{table_id}/standings.png?v={version}&amp;lang=en"' in body
    assert "Download the standings image" in body


def test_the_table_page_links_its_games_csv(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token = _table(at_table, (1,))
    body = client.get(f"/t/{table_id}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    link = re.search(r'<a class="table-csv" href="([^"]+)" download>([^<]+)</a>', body)
    assert link and link.group(1) == f"/api/v1/tables/{table_id}/games.csv"
    assert link.group(2) == "Scarica le partite (CSV)"
    csv = client.get(link.group(1))
    assert csv.status_code == 200 and csv.mimetype == "text/csv"


def test_names_with_bidi_controls_stay_isolated(app: object, client: FlaskClient,
                                                at_table: Tables) -> None:
    from companion.storage import table_store
    from companion.web.sharing.standings_image import drawable
    from companion.web.table import share as table_share

    # U+202A–U+202E and U+2066–U+2069, each in a name, one left open, one closing nothing.
    names = ["Ana\u2069\u202eboB", "\u202eBob", *(f"{c}Ed{i}{c}x" for i, c in enumerate(CONTROLS))]
    players = [names[:4], names[4:8], [names[0], *names[8:]]]
    table_id, token = at_table.create("\u202eCards\u2066")
    for seats in players:
        game = at_table.game(table_id, token, seats, options=ONE_CARD)
        at_table.play_one_card(game, 1)
    body = check(client.get(f"/t/{table_id}"), "the table page")
    assert "og:title" in body and "chart-svg" in body
    # Thirteen players: the nine most ahead are drawn, and the description says so.
    assert "The 9 players with the most wins are drawn." in _chart(body).find("desc").text
    assert len(re.findall(r'class="series look-', body)) == 9
    check(client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}), "the page, French")
    check(client.get(f"/t/{table_id}/live"), "the live part")
    image = client.get(f"/t/{table_id}/standings.png")
    assert image.status_code == 200 and Image.open(io.BytesIO(image.data)).size == (1200, 630)
    # The image draws none of the controls (as a game's: left out, each name isolated).
    with app.test_request_context():  # type: ignore[attr-defined]
        drawn = table_share.picture(table_store.figures_of(table_id))
    assert len(drawn.rows) == 10
    for text in (drawn.game, drawn.headline or "", *(row.name for row in drawn.rows)):
        assert not set(drawable(text)) & set(CONTROLS), text
