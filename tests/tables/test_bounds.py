"""What a table may hold, and what each answer about it shows: at most ``PLAYERS_MAX`` distinct
players and ``RENAMES_MAX`` renames (422 ``players`` past them, said at the field in the page's
language), and the table page's long lists paged (players past a page, the head to head past
12 players), so that an answer costs what a screen shows."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from companion.rules import bounds, table_games

from .conftest import ONE_CARD, Tables


def _words(response: object) -> str:
    body = response.get_data(as_text=True)  # type: ignore[attr-defined]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _keep(client: FlaskClient, table_id: str, token: str) -> None:
    assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303


def test_a_table_refuses_players_past_its_bound(client: FlaskClient, at_table: Tables,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_games, "PLAYERS_MAX", 6)
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Ana", "Ben", "Cleo", "Dan"])
    at_table.game(table_id, token, ["ana", "Eve", "Fay"])  # Ana again: 6 players in all
    refused = at_table.new_game(table_id, token, ["Ana", "Gus", "Hal"])
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "players" and error["field"] == "players"
    assert "at most 6 players" in error["message"]
    assert at_table.get(table_id)["version"] == 3  # nothing recorded
    # Players the table has are always welcome.
    assert at_table.new_game(table_id, token, ["Fay", "Ben", "Dan"]).status_code == 201
    # A join of an earlier game is judged the same.
    alone = at_table.api.create("oh-hell", ["Ivy", "Jo", "Ana"])
    joined = at_table.post(table_id, "games", {"game": alone.id, "edit_token": alone.token}, token)
    assert joined.status_code == 422 and joined.get_json()["error"]["code"] == "players"
    # The page's new-game form says why, at the players, in the page's language.
    _keep(client, table_id, token)
    form = {"ruleset": "oh-hell", "players-0": "Ana", "players-1": "Gus", "players-2": "Hal",
            "table": table_id}
    page = client.post("/new", data={**form, "first_dealer": "0"},
                       headers={"Accept-Language": "fr"})
    assert page.status_code == 422
    assert "au plus 6 joueurs" in _words(page)


def test_a_table_refuses_renames_past_its_bound(client: FlaskClient, at_table: Tables,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_games, "RENAMES_MAX", 2)
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Ana", "Ben", "Cleo"])
    for source, target in (("Ana", "Anna"), ("Anna", "Annie")):
        done = at_table.post(table_id, "players/rename", {"from": source, "to": target}, token)
        assert done.status_code == 200
    refused = at_table.post(table_id, "players/rename", {"from": "Ben", "to": "Benny"}, token)
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "players" and "at most 2 renames" in error["message"]
    _keep(client, table_id, token)
    page = client.post(f"/t/{table_id}/rename", data={"from": "Ben", "to": "Benny"},
                       headers={"Accept-Language": "it"})
    assert page.status_code == 422 and "al massimo 2" in _words(page)


def _many_players(at_table: Tables, count: int) -> tuple[str, str]:
    """A table of ``count`` players in finished one-card games of 7 (wins spread about)."""
    table_id, token = at_table.create()
    names = [f"P{n:02d}" for n in range(count)]
    for start in range(0, count, 3):
        seats = [names[(start + k) % count] for k in range(7)]
        game = at_table.game(table_id, token, seats, options=ONE_CARD)
        at_table.play_one_card(game, start % 7)
    return table_id, token


def test_the_page_shows_a_page_of_players_and_of_pairs(client: FlaskClient,
                                                      at_table: Tables) -> None:
    table_id, _token = _many_players(at_table, 30)
    stats = at_table.statistics(table_id)
    assert len(stats["players"]) == 30 and len(stats["head_to_head"]) > 66
    body = client.get(f"/t/{table_id}").get_data(as_text=True)
    ahead = body[body.index('aria-labelledby="ahead-title"'):body.index("</section>",
                                                                         body.index("ahead-title"))]
    assert ahead.count('<th scope="row">') == 20
    words = _words(client.get(f"/t/{table_id}"))
    assert "Players 1 to 20 of 30" in words and "More players" in words
    pairs = len(stats["head_to_head"])
    assert f"Pairs 1 to 66 of {pairs}" in words and "More pairs" in words
    h2h = body[body.index('<ul class="h2h"'):body.index("</ul>", body.index('<ul class="h2h"'))]
    assert h2h.count("<li>") == 66
    # The next pages, each link keeping the other list's place; the live part polls the same.
    second = client.get(f"/t/{table_id}?players=20&pairs=66")
    words = _words(second)
    assert "Players 21 to 30 of 30" in words and "Previous players" in words
    assert "More players" not in words and "Previous pairs" in words
    assert "players=20" in second.get_data(as_text=True).split('hx-get="')[1].split('"')[0]
    # Nonsense offsets are the first page.
    assert "Players 1 to 20 of 30" in _words(client.get(f"/t/{table_id}?players=-4&pairs=x"))


def test_the_image_shares_a_place_between_equal_wins(client: FlaskClient,
                                                    at_table: Tables) -> None:
    """Ana, Ben and Cleo won once each, Ana in one finished game, Ben in two, Cleo in three:
    the page orders them by win rate, the image and the preview (which show wins alone) place
    them together, second after Dan, as a game's standings share a place between equal
    totals."""
    from companion.storage import table_store
    from companion.web.table import share

    table_id, token = at_table.create()
    for seats, taker in ((["Ana", "Cleo", "Dan"], 1), (["Ben", "Cleo", "Dan"], 1),
                         (["Ben", "Cleo", "Dan"], 0)):
        at_table.play_one_card(at_table.game(table_id, token, seats, options=ONE_CARD), taker)
    app = client.application
    with app.test_request_context():
        state = table_store.figures_of(table_id)
        places = {row.name.strip("\u2068\u2069"): row.rank for row in share.picture(state).rows}
        said = share.preview(state).description
    assert places == {"Dan": 1, "Ana": 2, "Ben": 2, "Cleo": 2}
    assert said.count("2. ") == 3 and "1. " in said and "3. " not in said


def test_a_score_pads_panel_shows_a_page_of_players(client: FlaskClient,
                                                   at_table: Tables) -> None:
    """A table's Hearts panel of 25 players shows them 20 at a time, as the card games' panels
    do (docs/rules.md section 7): the page of "who is ahead" is the page of every panel."""
    table_id, token = at_table.create()
    names = [f"P{n:02d}" for n in range(25)]
    for seats in (names[:12], names[12:24], names[24:] + names[:11]):
        game = at_table.game(table_id, token, seats, "score-pad", title="Hearts",
                             options={"winner": "lowest"})
        at_table.api.write(game, "points", {"points": list(range(len(seats)))})
        at_table.api.write(game, "finish", {})
    (hearts,) = at_table.statistics(table_id)["score_pads"]
    assert len(hearts["players"]) == 25

    def panel(query: str) -> list[str]:
        body = client.get(f"/t/{table_id}{query}").get_data(as_text=True)
        start = body.index('aria-labelledby="pad-1"')
        section = body[start:body.index("</section>", start)]
        return [html.unescape(re.sub(r"<[^>]+>", "", row)).strip().strip("\u2068\u2069")
                for row in re.findall(r'<th scope="row">(.*?)</th>', section, re.S)]

    assert panel("") == [p["name"] for p in hearts["players"][:20]]
    assert "Players 1 to 20 of 25" in _words(client.get(f"/t/{table_id}"))
    assert panel("?players=20") == [p["name"] for p in hearts["players"][20:]]


def test_a_table_refuses_games_past_its_bound(client: FlaskClient, at_table: Tables,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/api.md, "Bounds": the ``GAMES_MAX`` + 1st game, new at the table or joining it,
    is 422 ``table``; the pages say so in the page's language; nothing is recorded."""
    monkeypatch.setattr(bounds, "GAMES_MAX", 2)
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    refused = at_table.new_game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "table" and error["field"] == "table"
    assert "at most 2 games" in error["message"]
    alone = at_table.api.create("oh-hell", ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    joined = at_table.post(table_id, "games", {"game": alone.id, "edit_token": alone.token}, token)
    assert joined.status_code == 422 and joined.get_json()["error"]["code"] == "table"
    assert at_table.get(table_id)["version"] == 3  # nothing recorded
    # The pages: a new game at the table, and this game added to it.
    _keep(client, table_id, token)
    form = {"ruleset": "oh-hell", "players-0": "Ana", "players-1": "Ben", "players-2": "Cleo",
            "table": table_id, "first_dealer": "0"}
    page = client.post("/new", data=form, headers={"Accept-Language": "fr"})
    assert page.status_code == 422
    assert ("Cette table est pleine : une table garde au plus 2 parties. Crée une nouvelle "
            "table pour continuer.") in _words(page)
    assert client.get(f"/g/{alone.id}/keep/{alone.token}").status_code == 303
    page = client.post(f"/g/{alone.id}/join-table", data={"table": table_id},
                       headers={"Accept-Language": "it"})
    assert page.status_code == 422
    assert "Questo tavolo è pieno: un tavolo tiene al massimo 2 partite." in _words(page)
    assert at_table.get(table_id)["version"] == 3


def test_a_rematch_at_a_full_table_is_refused(client: FlaskClient, at_table: Tables,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A rematch is one more game at the table too: it meets the same bound."""
    monkeypatch.setattr(bounds, "GAMES_MAX", 1)
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    at_table.play_one_card(game, 0)
    _keep(client, table_id, token)
    version = at_table.get(table_id)["version"]
    page = client.post(f"/g/{game.id}/rematch", headers={"Accept-Language": "fr"})
    assert page.status_code == 422
    assert "Cette table est pleine : une table garde au plus 1 " in _words(page)
    assert at_table.get(table_id)["version"] == version  # no game made
    monkeypatch.setattr(bounds, "GAMES_MAX", 2)
    assert client.post(f"/g/{game.id}/rematch").status_code == 303
