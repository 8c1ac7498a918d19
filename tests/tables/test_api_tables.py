"""The Tables endpoints of docs/api.md, as a client sees them: every answer and every error."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store
from companion.storage.models import Game as GameRow
from companion.storage.models import Table, db

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo"]


def rows(app: Flask) -> tuple[int, int]:
    """How many games and tables the database holds."""
    with app.app_context():
        return (db.session.query(GameRow).count(), db.session.query(Table).count())


def error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_json()
    found = response.get_json()["error"]
    assert found["code"] == code, found
    return found  # type: ignore[no-any-return]


def test_create_a_table(client: FlaskClient, at_table: Tables) -> None:
    response = client.post("/api/v1/tables", json={"name": "  Thursday cards  "})
    assert response.status_code == 201
    answer = response.get_json()
    table = answer["table"]
    assert response.headers["Location"] == f"/api/v1/tables/{table['id']}"
    assert response.headers["Cache-Control"] == "no-store"
    assert len(table["id"]) >= 16  # 128 random bits, URL-safe
    assert (table["name"], table["version"], table["players"], table["games"]) == (
        "Thursday cards", 1, [], [])
    assert table["links"] == {"share": f"/t/{table['id']}"}
    assert answer["scorekeeper_url"] == f"/t/{table['id']}/keep/{answer['edit_token']}"
    assert at_table.get(table["id"]) == table


def test_a_table_name_is_one_to_forty_characters(app: Flask, client: FlaskClient) -> None:
    # Blank to a person is empty: spaces, a zero-width space, a joiner (as a player's name).
    for name in ("", "   ", "x" * 41, "\u200b", " \u200d\u200b "):
        error(client.post("/api/v1/tables", json={"name": name}), 422, "table")
    # A character that cannot be shown (PostgreSQL would refuse a NUL outright).
    for name in ("a\u0000b", "Thursday\ncards", "a\u2028b"):
        assert "cannot be shown" in error(client.post("/api/v1/tables", json={"name": name}),
                                          422, "table")["message"]
    error(client.post("/api/v1/tables", json={"name": 7}), 400, "invalid")
    error(client.post("/api/v1/tables", json={}), 400, "invalid")
    assert rows(app) == (0, 0)
    assert client.post("/api/v1/tables", json={"name": "x" * 40}).status_code == 201


def test_no_such_table_is_404_everywhere(client: FlaskClient, at_table: Tables) -> None:
    _, token = at_table.create()
    for path in ("", "/statistics", "/games.csv"):
        error(client.get(f"/api/v1/tables/nosuchtable{path}"), 404, "not-found")
    error(client.get("/api/v1/tables/bad%20id"), 404, "not-found")
    error(at_table.post("nosuchtable", "games", {"game": "x", "edit_token": "y"}, token),
          404, "not-found")
    error(at_table.post("nosuchtable", "players/rename", {"from": "a", "to": "b"}, token),
          404, "not-found")
    error(client.delete("/api/v1/tables/nosuchtable", headers={"Authorization": f"Bearer {token}"}),
          404, "not-found")


def test_a_new_game_at_the_table(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    response = at_table.new_game(table_id, token, PLAYERS, options=ONE_CARD)
    assert response.status_code == 201
    answer = response.get_json()
    assert set(answer) == {"game", "edit_token", "scorekeeper_url"}
    game = answer["game"]
    assert game["links"] == {"share": f"/g/{game['id']}", "table": f"/t/{table_id}"}
    table = at_table.get(table_id)
    assert table["version"] == 2
    assert [g["id"] for g in table["games"]] == [game["id"]]
    assert table["games"][0]["players"] == PLAYERS
    assert table["games"][0]["status"] == "in_progress"
    assert table["players"] == [{"name": n, "games": 1} for n in PLAYERS]
    # A game at no table has no table link.
    alone = at_table.api.create("oh-hell", PLAYERS)
    assert alone.body["links"] == {"share": f"/g/{alone.id}"}


def test_a_new_game_needs_the_table_token_and_a_table(app: Flask, client: FlaskClient,
                                                      at_table: Tables) -> None:
    table_id, token = at_table.create()
    other_id, other_token = at_table.create("Other")
    before = rows(app)
    body = {"ruleset": "oh-hell", "players": PLAYERS, "table": table_id}
    error(client.post("/api/v1/games", json=body), 401, "unauthorized")
    error(at_table.new_game(table_id, other_token, PLAYERS), 403, "forbidden")
    error(at_table.new_game("nosuchtable", token, PLAYERS), 422, "table")
    error(at_table.new_game(table_id, token, ["Ana", "Ben"]), 422, "players")
    # The table's token is checked before the rules: a wrong one is 403 whatever the players.
    error(at_table.new_game(table_id, other_token, ["Ana", "Ben"]), 403, "forbidden")
    error(client.post("/api/v1/games", json={**body, "table": 3},
                      headers={"Authorization": f"Bearer {token}"}), 400, "invalid")
    assert rows(app) == before
    assert at_table.get(table_id)["version"] == 1
    assert other_id != table_id


def test_two_seats_that_are_one_player_are_refused(app: Flask, at_table: Tables) -> None:
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Nonna", "Ben", "Cleo"])
    at_table.game(table_id, token, ["Grandma", "Ben", "Cleo"])
    renamed = at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Grandma"}, token)
    assert renamed.status_code == 200
    before = rows(app)
    found = error(at_table.new_game(table_id, token, ["nonna", "GRANDMA", "Ben"]), 422, "players")
    assert found["field"] == "players"
    assert rows(app) == before


def test_the_table_token_keeps_score_of_every_game(at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.api.write(game, "bids", {"bids": [0, 0, 0]})
    at_table.api.write(game, "undo", {})
    _, other_token = at_table.create("Other")
    refused = at_table.api.send(game, "bids", {"version": game.version, "bids": [0, 0, 0]},
                                token=other_token)
    assert refused.status_code == 403
    assert at_table.get(table_id)["version"] == 4  # made, the game, a bid, its undo


def test_etag_and_304_follow_every_change_of_a_game(app: Flask, client: FlaskClient,
                                                    at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    seen: list[str] = []

    def etag_moved() -> None:
        for path in ("", "/statistics", "/games.csv"):
            response = client.get(f"/api/v1/tables/{table_id}{path}")
            assert response.status_code == 200
            tag = response.headers["ETag"]
            assert response.headers["Cache-Control"] == "no-cache"
            again = client.get(f"/api/v1/tables/{table_id}{path}", headers={"If-None-Match": tag})
            assert again.status_code == 304 and again.headers["ETag"] == tag
        assert tag not in seen
        seen.append(tag)

    etag_moved()
    at_table.api.write(game, "bids", {"bids": [0, 0, 0]})
    etag_moved()
    at_table.api.write(game, "tricks", {"tricks": [0, 1, 0]})
    etag_moved()
    assert at_table.statistics(table_id)["finished"] == 1
    at_table.api.write(game, "rounds/1", {"bids": [0, 0, 0], "tricks": [1, 0, 0]}, method="PUT")
    etag_moved()
    wins = {p["name"]: p["wins"] for p in at_table.statistics(table_id)["players"]}
    assert wins == {"Ana": 0, "Ben": 1, "Cleo": 1}  # the correction moved the win
    at_table.api.write(game, "undo", {})
    etag_moved()
    assert at_table.statistics(table_id)["finished"] == 0
    assert at_table.post(table_id, "players/rename", {"from": "Ana", "to": "Anna"},
                         token).status_code == 200
    etag_moved()
    alone = at_table.api.create("oh-hell", ["X", "Y", "Z"])
    assert at_table.post(table_id, "games", {"game": alone.id, "edit_token": alone.token},
                         token).status_code == 200
    etag_moved()
    with app.app_context():
        store.delete_game(game.id)
    etag_moved()
    assert at_table.statistics(table_id)["games"] == 1  # the deleted game is gone


def test_join_an_earlier_game(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    earlier = at_table.api.create("oh-hell", PLAYERS, options=ONE_CARD)
    version = earlier.version
    response = at_table.post(table_id, "games", {"game": earlier.id, "edit_token": earlier.token},
                             token)
    assert response.status_code == 200
    table = response.get_json()
    assert [g["id"] for g in table["games"]] == [earlier.id]
    after = at_table.api.get(earlier)
    assert after["version"] == version + 1
    assert after["links"]["table"] == f"/t/{table_id}"
    # Already here: 200, unchanged.
    again = at_table.post(table_id, "games", {"game": earlier.id, "edit_token": earlier.token},
                          token)
    assert again.status_code == 200 and again.get_json() == table
    assert at_table.api.get(earlier)["version"] == version + 1
    # The table's token is the game's edit token too, now that it is at the table.
    assert at_table.post(table_id, "games", {"game": earlier.id, "edit_token": token},
                         token).get_json() == table
    # The table's token now writes to it.
    earlier.body = after
    earlier.token = token
    at_table.api.write(earlier, "bids", {"bids": [0, 0, 0]})


def test_a_join_racing_a_write_is_judged_again(app: Flask, at_table: Tables,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A bid lands between the join's read of the game and its write: the join is tried again
    on the game as it now is (a join carries no version), 200, never a 409."""
    table_id, token = at_table.create()
    earlier = at_table.api.create("oh-hell", PLAYERS, options=ONE_CARD)
    bidder = app.test_client()
    loads, read = [], store.load_game

    def meanwhile(game_id: str) -> store.StoredGame:
        found = read(game_id)
        if not loads:
            loads.append(bidder.post(f"/api/v1/games/{earlier.id}/bids",
                                     json={"version": earlier.version, "bids": [0, 0, 0]},
                                     headers={"Authorization": f"Bearer {earlier.token}"}))
        return found

    monkeypatch.setattr(store, "load_game", meanwhile)
    joined = at_table.post(table_id, "games", {"game": earlier.id, "edit_token": earlier.token},
                           token)
    monkeypatch.undo()
    assert loads[0].status_code == 200  # the bid, written first
    assert joined.status_code == 200, joined.get_json()
    assert [g["id"] for g in joined.get_json()["games"]] == [earlier.id]
    after = at_table.api.get(earlier)
    assert after["version"] == earlier.version + 2  # the bid, then the join
    assert after["links"]["table"] == f"/t/{table_id}"


def test_join_refusals(app: Flask, at_table: Tables) -> None:
    table_id, token = at_table.create()
    other_id, other_token = at_table.create("Other")
    earlier = at_table.api.create("oh-hell", PLAYERS)
    body = {"game": earlier.id, "edit_token": earlier.token}
    error(at_table.post(table_id, "games", body, None), 401, "unauthorized")
    error(at_table.post(table_id, "games", body, other_token), 403, "forbidden")
    error(at_table.post(table_id, "games", {**body, "edit_token": "wrong"}, token), 403,
          "forbidden")
    error(at_table.post(table_id, "games", {**body, "game": "nosuchgame"}, token), 404,
          "not-found")
    error(at_table.post(table_id, "games", {"game": earlier.id}, token), 400, "invalid")
    assert at_table.get(table_id)["games"] == []
    assert at_table.api.get(earlier)["version"] == earlier.version
    assert at_table.post(other_id, "games", body, other_token).status_code == 200
    error(at_table.post(table_id, "games", body, token), 422, "table")
    # Two seats that are one player of the table (after a merge) cannot join it.
    at_table.game(table_id, token, ["Nonna", "Ben", "Cleo"])
    at_table.game(table_id, token, ["Grandma", "Ben", "Cleo"])
    assert at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Grandma"},
                         token).status_code == 200
    both = at_table.api.create("oh-hell", ["Nonna", "Grandma", "Ben"])
    error(at_table.post(table_id, "games", {"game": both.id, "edit_token": both.token}, token),
          422, "players")
    assert len(at_table.get(table_id)["games"]) == 2


def test_rename_and_merge(at_table: Tables) -> None:
    table_id, token = at_table.create()
    g1 = at_table.game(table_id, token, ["Nonna", "Ben", "Cleo"], options=ONE_CARD)
    at_table.play_one_card(g1, 1)  # Nonna and Cleo win
    g2 = at_table.game(table_id, token, ["grandma", "Ben", "Cleo"], options=ONE_CARD)
    at_table.play_one_card(g2, 2)  # grandma and Ben win
    response = at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Grandma"},
                             token)
    assert response.status_code == 200
    table = response.get_json()
    assert table["players"] == [{"name": n, "games": 2} for n in ("Ben", "Cleo", "Grandma")]
    assert [g["players"][0] for g in table["games"]] == ["Grandma", "Grandma"]
    stats = at_table.statistics(table_id)
    assert {p["name"]: p["wins"] for p in stats["players"]} == {"Grandma": 2, "Ben": 1, "Cleo": 1}
    # The games keep their names as typed.
    assert at_table.api.get(g1)["players"][0]["name"] == "Nonna"


def test_rename_refusals(at_table: Tables) -> None:
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Nonna", "Grandma", "Cleo"])
    version = at_table.get(table_id)["version"]
    for body in ({"from": "Nonna", "to": "grandma"},  # one game has both
                 {"from": "Zed", "to": "Zack"},  # not a player of the table
                 {"from": "Nonna", "to": "  "},  # not a valid name
                 {"from": "Nonna", "to": "x" * 25}):
        error(at_table.post(table_id, "players/rename", body, token), 422, "players")
    error(at_table.post(table_id, "players/rename", {"from": "Nonna"}, token), 400, "invalid")
    for body in ({"from": 5, "to": "Gran"}, {"from": "Nonna", "to": 5},
                 {"from": ["Nonna"], "to": "Gran"}):  # not text: the wrong shape
        found = error(at_table.post(table_id, "players/rename", body, token), 400, "invalid")
        assert found["field"] == next(k for k, v in body.items() if not isinstance(v, str))
    error(at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Gran"}, None), 401,
          "unauthorized")
    error(at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Gran"}, "wrong"),
          403, "forbidden")
    assert at_table.get(table_id)["version"] == version


def test_seven_up_partners_stand_as_both(at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo", "Dev"], "seven-up")
    row = at_table.get(table_id)["games"][0]
    assert [s["name"] for s in row["standings"]] == ["Ana", "Cleo", "Ben", "Dev"]
    assert {s["rank"] for s in row["standings"]} == {1}
    stats = at_table.statistics(table_id)["rulesets"]["seven-up"]
    assert stats["records"] is None
    assert stats["players"][0] == {"name": "Ana", "games": 1, "finished": 0, "wins": 0,
                                   "win_rate": None, "hands": 0, "points": 0}
    assert game.body["teams"] is not None


def test_paging_past_fifty_games(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    made = [at_table.game(table_id, token, PLAYERS).id for _ in range(55)]
    first = at_table.get(table_id)
    assert [g["id"] for g in first["games"]] == made[::-1][:50]
    started = first["games"][-1]["started"]
    assert first["links"]["next"] == (f"/api/v1/tables/{table_id}?before={made[5]}"
                                      f"&started={started}")
    second = client.get(first["links"]["next"]).get_json()
    assert [g["id"] for g in second["games"]] == made[4::-1]
    assert "next" not in second["links"]
    assert second["players"] == first["players"] == [{"name": n, "games": 55} for n in PLAYERS]


def test_paging_goes_on_past_a_deleted_game(client: FlaskClient, at_table: Tables) -> None:
    """The game that starts the next page is deleted between two pages: the next link still
    leads to the games after it (its start says where it stood), none skipped, none twice;
    a ``before`` that names no game and says no start is a 400, never a silently empty page."""
    table_id, token = at_table.create()
    made = [at_table.game(table_id, token, PLAYERS) for _ in range(53)]
    first = at_table.get(table_id)
    assert first["games"][-1]["id"] == made[3].id
    deleted = made[3]
    with client.application.app_context():
        store.delete_game(deleted.id)
    second = client.get(first["links"]["next"])
    assert second.status_code == 200
    assert [g["id"] for g in second.get_json()["games"]] == [g.id for g in made[2::-1]]
    unknown = client.get(f"/api/v1/tables/{table_id}?before={deleted.id}")
    assert unknown.status_code == 400
    assert unknown.get_json()["error"]["field"] == "before"
    bad = client.get(f"/api/v1/tables/{table_id}?before={deleted.id}&started=yesterday")
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "started"
    # The table's page pages the same way: its "Older games" link carries the start too.
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    older = re.search(r'href="(/t/[^"]*before=[^"]*)"', page)
    assert older is not None and "started=" in older.group(1)


def test_games_csv_is_formula_safe(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    g1 = at_table.game(table_id, token, ["=SUM(A1)", "Ben", "a;b"], options=ONE_CARD)
    at_table.play_one_card(g1, 1)
    at_table.game(table_id, token, ["Ben", "Dev", "-x"])
    response = client.get(f"/api/v1/tables/{table_id}/games.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    text = response.get_data(as_text=True)
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["started", "ruleset", "title", "status", "players", "winners",
                        "Ben score", "'-x score", "'=SUM(A1) score", "a;b score", "Dev score"]
    newest, oldest = lines[1], lines[2]
    assert newest[1:6] == ["oh-hell", "", "in_progress", "Ben · Dev · '-x", ""]
    assert newest[6:] == ["0", "0", "", "", "0"]
    assert oldest[3:6] == ["finished", "'=SUM(A1) · Ben · a;b", "'=SUM(A1) · a;b"]
    assert oldest[6:] == ["0", "", "10", "10", ""]
    assert '"a;b score"' in text.splitlines()[0]  # every text cell quoted


def test_delete_a_table(app: Flask, client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS)
    before = at_table.api.get(game)
    path = f"/api/v1/tables/{table_id}"
    error(client.delete(path), 401, "unauthorized")
    error(client.delete(path, headers={"Authorization": "Bearer wrong"}), 403, "forbidden")
    assert rows(app) == (1, 1)
    response = client.delete(path, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 204
    error(client.get(path), 404, "not-found")
    after = at_table.api.get(game)
    assert after["links"] == {"share": f"/g/{game.id}"}
    assert after["version"] == before["version"] + 1
    assert rows(app) == (1, 0)
    # The table's token opens the game no more.
    refused = at_table.api.send(game, "bids", {"version": after["version"], "bids": [0, 0, 0]})
    assert refused.status_code == 403


def test_the_pages_ask_the_service(app: Flask, at_table: Tables) -> None:
    table_id, token = at_table.create()
    made = [at_table.game(table_id, token, PLAYERS).id for _ in range(25)]
    with app.test_request_context():
        from companion.storage import table_store

        state = table_store.figures_of(table_id)
        assert state.figures.games == 25
        first = table_store.games_of(table_id)
        assert [g.id for g in first.games] == made[::-1][:20]
        second = table_store.games_of(table_id, first.before)
        assert [g.id for g in second.games] == made[4::-1] and second.before is None
