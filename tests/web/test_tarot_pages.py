"""Tarot on the pages: the hand form (taker, contract, bouts, points, partner at 5, the primes
folded), a hand saved and said as the table says it, a refusal at its field with what was typed
kept, the board's why, a hand corrected, the statistics, the rules and new-game pages."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from companion.rules.tarot import margins
from tests.api.client import Api, Game

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _kept(client: FlaskClient, game: Game) -> str:
    client.get(f"/g/{game.id}/keep/{game.token}")
    return client.get(f"/g/{game.id}").get_data(as_text=True)


def _post(client: FlaskClient, api: Api, game: Game, url: str, **fields: str) -> tuple[int, str]:
    body = api.get(game)
    current = body["current"]["number"] if body["current"] else 0
    answer = client.post(url, data={"version": body["version"], "round": current, **fields},
                         headers={"HX-Request": "true"})
    return answer.status_code, answer.get_data(as_text=True)


def test_a_hand_as_the_table_says_it(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("tarot", FOUR)
    html = _kept(client, game)
    for label in ("Taker", "Contract", "Bouts of the attack", "Card points of the attack",
                  "Petit au bout, poignées, chelem", "Garde contre", "Everybody passed"):
        assert label in html, label
    # The engine's margins, shipped for the script to look "made by 8" up as points are typed.
    shipped = re.search(r'data-margins="([^"]*)"', html)
    assert shipped is not None and json.loads(shipped.group(1)) == [list(r) for r in margins()]
    assert "Partner (the called king)" not in html  # only at 5
    status, said = _post(client, api, game, f"/g/{game.id}/tarot/hand", taker="0",
                         contract="garde", bouts="2", points="49", petit_au_bout="taker",
                         poignees_0="simple")
    assert status == 200, said
    assert ("Garde, 2 bouts: 49 of 41, made by 8: (25 + 8) × 2 = 66 · poignée Simple (Ana) +20 "
            "· Petit au bout for the attack +10 × 2 · 106 from each defender: Ana +318") in said
    assert [p["score"] for p in api.get(game)["players"]] == [318, -106, -106, -106]
    board = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "made by 8" in board and "106 from each defender: Ana +318" in board


def test_a_refusal_at_its_field_keeps_what_was_typed(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("tarot", FOUR)
    _kept(client, game)
    status, html = _post(client, api, game, f"/g/{game.id}/tarot/hand", taker="1",
                         contract="prise", bouts="0", points="40,5", petit_au_bout="taker")
    assert status == 422
    assert "Petit au bout for the attack needs the Petit: the attack has no bout." in html
    assert 'value="40,5"' in html
    assert re.search(r'value="prise"\s+checked', html)
    status, html = _post(client, api, game, f"/g/{game.id}/tarot/hand", taker="1",
                         contract="prise", bouts="0")
    assert status == 422 and "How many card points did the attack make?" in html


def test_five_players_a_partner_a_correction_and_the_figures(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("tarot", [*FOUR, "Eli"])
    html = _kept(client, game)
    assert "Partner (the called king)" in html
    status, _html = _post(client, api, game, f"/g/{game.id}/tarot/hand", taker="0",
                          contract="prise", bouts="0", points="59", partner="1")
    assert status == 200
    assert [p["score"] for p in api.get(game)["players"]] == [56, 28, -28, -28, -28]
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    assert re.search(r'value="59"', page) and re.search(r'name="partner" value="1"\s+checked', page)
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": "1", "taker": "0", "contract": "garde",
        "bouts": "0", "points": "59", "partner": "0"})
    assert answer.status_code == 303
    assert [p["score"] for p in api.get(game)["players"]] == [224, -56, -56, -56, -56]
    stats = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "Garde sans 0" in stats
    assert client.get("/rules/tarot").status_code == 200
    new = client.get("/new").get_data(as_text=True)
    assert re.search(r'value="tarot"\s*data-deals-right', new)  # the deal goes right, said once
    assert "this game deals counter-clockwise, so the deal passes to the right" in new
    assert not re.search(r'value="spades"\s*data-deals-right', new)
