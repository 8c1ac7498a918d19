"""A long game's board shows its last rounds (``web.shared.board.BOARD_ROUNDS``) and says how
many came before, linking to the score sheet that holds them all: a 2,000-round score pad's
page costs what a short game's does (docs/api.md, "Bounds"). A short game's board is whole."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.client import Api, Game
from tests.web.conftest import text

ROUNDS = 26


def _board_rounds(html: str) -> list[int]:
    """The round numbers of the board's rows, top (the newest) first."""
    board = html.split('id="scoreboard-title"', 1)[1].split("</section>", 1)[0]
    return [int(n) for n in re.findall(r'<th scope="row" class="round-col">\s*(\d+)', board)]


def _pad(client: FlaskClient, rounds: int) -> Game:
    api = Api(client)
    pad = api.create("score-pad", ["Ana", "Ben", "Cleo"], title="Rummy")
    for number in range(1, rounds + 1):
        api.write(pad, "points", {"points": [number, -number, 0]})
    return pad


def test_a_long_board_shows_its_last_rounds_and_links_to_the_sheet(client: FlaskClient) -> None:
    pad = _pad(client, ROUNDS)
    page = client.get(f"/g/{pad.id}")
    html = page.get_data(as_text=True)
    assert _board_rounds(html) == list(range(ROUNDS, ROUNDS - 20, -1))
    assert "6 earlier rounds are in the score sheet." in text(page)
    note = html.split('class="board-earlier', 1)[1].split("</p>", 1)[0]
    assert f'href="/api/v1/games/{pad.id}/scores.csv"' in note
    # Every round is in the sheet the note links to; the totals on top count them all.
    sheet = client.get(f"/api/v1/games/{pad.id}/scores.csv").get_data(as_text=True)
    assert len(sheet.strip().splitlines()) > ROUNDS
    assert f"<td class=\"num\">{sum(range(1, ROUNDS + 1))}</td>" in html.replace(
        ' is-leader"', '"')


def test_the_note_speaks_the_page_language(client: FlaskClient) -> None:
    pad = _pad(client, 21)
    french = text(client.get(f"/g/{pad.id}", headers={"Accept-Language": "fr"}))
    assert "1 manche précédente est dans la feuille de marque." in french
    italian = text(client.get(f"/g/{pad.id}", headers={"Accept-Language": "it"}))
    assert "1 round precedente è nel foglio dei punti." in italian


def test_a_short_board_is_whole(client: FlaskClient) -> None:
    pad = _pad(client, 20)
    html = client.get(f"/g/{pad.id}").get_data(as_text=True)
    assert _board_rounds(html) == list(range(20, 0, -1))
    assert "board-earlier" not in html
