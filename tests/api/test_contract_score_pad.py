"""docs/api.md, "The score pad": the ruleset and its options, the title, points and finish,
undo and corrections, teams in pairs, the statistics and the score sheet, and every status and
code a pad's write can answer (400, 401/403, 404, 409, 422 points-range, points-total, phase,
ruleset with field title, players, replays under an Idempotency-Key)."""

from __future__ import annotations

import csv
import io
import secrets
from typing import Any

import pytest
from flask.testing import FlaskClient

from .client import Api, Game

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


def pad(api: Api, players: list[str] | None = None, title: str | None = None,
        **options: Any) -> Game:
    fields: dict[str, Any] = {"options": options}
    if title is not None:
        fields["title"] = title
    return api.create("score-pad", players or PLAYERS, **fields)


def create(client: FlaskClient, **body: Any) -> Any:
    return client.post("/api/v1/games", json={"ruleset": "score-pad", "players": PLAYERS, **body})


def test_the_ruleset_is_listed_with_its_options(client: FlaskClient) -> None:
    listed = {r["id"]: r for r in client.get("/api/v1/rulesets").get_json()}
    assert listed["score-pad"] == {
        "id": "score-pad", "name": "Score pad", "min_players": 2, "max_players": 12,
        "options": {
            "teams": {"default": "none", "choices": ["none", "pairs"]},
            "winner": {"default": "highest", "choices": ["highest", "lowest"]},
            "target": {"default": None, "choices": {"min": 1, "max": 1_000_000}},
            "rounds": {"default": None, "choices": {"min": 1, "max": 500}},
            "zero_sum": {"default": False, "choices": [False, True]},
        },
    }


def test_a_pad_is_created_with_its_title_and_options(api: Api) -> None:
    game = pad(api, title="  Hearts ", winner="lowest", target=100)
    body = game.body
    assert (body["ruleset"], body["title"], body["status"], body["finished_by"]) == (
        "score-pad", "Hearts", "in_progress", None)
    assert body["options"] == {"teams": "none", "winner": "lowest", "target": 100,
                               "rounds": None, "zero_sum": False}
    assert body["current"]["number"] == 1 and body["current"]["dealer"] == 0
    assert body["current"]["phase"] == "points"
    for field in ("hand_size", "bidding_order", "forbidden_bid", "passing", "bids", "trump",
                  "leader", "tricks", "points"):
        assert body["current"][field] is None, field
    assert api.get(game)["title"] == "Hearts"
    untitled = pad(api)
    assert untitled.body["title"] is None


def test_the_card_games_carry_title_and_finished_by_as_null(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    assert game.body["title"] is None and game.body["finished_by"] is None


@pytest.mark.parametrize(("body", "status", "code", "field"), [
    pytest.param({"title": "x" * 41}, 422, "ruleset", "title", id="title-too-long"),
    pytest.param({"title": "   "}, 422, "ruleset", "title", id="title-blank"),
    pytest.param({"title": "Hearts", "ruleset": "oh-hell", "players": ["A", "B", "C"]}, 422,
                 "ruleset", "title", id="title-for-a-card-game"),
    pytest.param({"title": 7}, 400, "invalid", "title", id="title-not-text"),
    pytest.param({"options": {"teams": "pairs"}, "players": ["A", "B", "C"]}, 422, "players",
                 "players", id="pairs-with-3"),
    pytest.param({"options": {"winner": "most"}}, 422, "ruleset", "options.winner", id="winner"),
    pytest.param({"options": {"target": 0}}, 422, "ruleset", "options.target", id="target"),
    pytest.param({"options": {"rounds": 501}}, 422, "ruleset", "options.rounds", id="rounds"),
    pytest.param({"players": ["A"] }, 422, "players", "players", id="one-player"),
    pytest.param({"players": [f"P{i}" for i in range(13)]}, 422, "players", "players",
                 id="thirteen-players"),
])
def test_creation_refused(client: FlaskClient, body: dict[str, Any], status: int, code: str,
                          field: str) -> None:
    response = create(client, **body)
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == (code, field)


def test_twelve_players_and_pairs_of_eight(api: Api) -> None:
    names = [f"P{i}" for i in range(12)]
    assert len(pad(api, names).body["players"]) == 12
    eight = pad(api, names[:8], teams="pairs")
    assert [t["seats"] for t in eight.body["teams"]] == [[0, 4], [1, 5], [2, 6], [3, 7]]


def test_rounds_points_and_the_end_by_target_lowest_wins(api: Api) -> None:
    game = pad(api, title="Hearts", winner="lowest", target=100)
    api.write(game, "points", {"points": [26, 0, 0, 0]})
    api.write(game, "points", {"points": [60, 13, 13, 0]})
    body = game.body
    assert body["rounds"][1] == {
        "number": 2, "hand_size": None, "dealer": 1, "phase": "done", "bidding_order": None,
        "forbidden_bid": None, "passing": None, "attempts": None, "redeals": None, "bids": None,
        "trump": None, "leader": None, "tricks": None, "points": [60, 13, 13, 0]}
    assert [p["score"] for p in body["players"]] == [86, 13, 13, 0]
    assert body["standings"] == [
        {"seat": 3, "name": "Dev", "score": 0, "rank": 1},
        {"seat": 1, "name": "Ben", "score": 13, "rank": 2},
        {"seat": 2, "name": "Cleo", "score": 13, "rank": 2},
        {"seat": 0, "name": "Ana", "score": 86, "rank": 4}]
    api.write(game, "points", {"points": [20, 3, 3, 0]})
    assert (game.body["status"], game.body["finished_by"], game.body["current"]) == (
        "finished", "target", None)
    assert game.body["winners"] == [3]
    api.refused(game, "points", {"points": [0, 0, 0, 0]}, 422, "phase")
    api.refused(game, "finish", {}, 422, "phase")


def test_the_end_by_rounds_and_by_both(api: Api) -> None:
    game = pad(api, ["Ana", "Ben"], rounds=2, target=50)
    api.write(game, "points", {"points": [10, 5]})
    api.write(game, "points", {"points": [5, 5]})
    assert game.body["finished_by"] == "rounds" and game.body["total_rounds"] == 2
    both = pad(api, ["Ana", "Ben"], rounds=1, target=50)
    api.write(both, "points", {"points": [50, 5]})
    assert both.body["finished_by"] == "target"


def test_we_stop_here_and_its_undo(api: Api) -> None:
    game = pad(api, ["Ana", "Ben"])
    error = api.refused(game, "finish", {}, 422, "phase")
    assert "first round" in error["message"]
    api.write(game, "points", {"points": [3, -4]})
    api.write(game, "finish", {})
    assert (game.body["status"], game.body["finished_by"], game.body["version"]) == (
        "finished", "scorekeeper", 3)
    assert game.body["winners"] == [0]
    api.write(game, "undo", {})
    assert (game.body["status"], game.body["finished_by"]) == ("in_progress", None)
    assert game.body["current"]["number"] == 2


def test_shapes_are_400(api: Api) -> None:
    game = pad(api, ["Ana", "Ben", "Cleo"])
    for points, field in (([1, 2], "points"), ([1, 2, 2.5], "points[2]"),
                          ([1, 2, True], "points[2]"), ("1,2,3", "points"),
                          ([1, 2, None], "points[2]")):
        error = api.refused(game, "points", {"points": points}, 400, "invalid")
        assert error["field"] == field
    error = api.refused(game, "points", {}, 400, "invalid")
    assert error["field"] == "points"
    api.refused(game, "points", {"points": [1, 2, 3], "tricks": [1]}, 400, "invalid")
    api.refused(game, "finish", {"points": [1, 2, 3]}, 400, "invalid")


def test_points_range_and_total(api: Api) -> None:
    game = pad(api, ["Ana", "Ben", "Cleo"], zero_sum=True)
    error = api.refused(game, "points", {"points": [100_001, -100_001, 0]}, 422, "points-range")
    assert error["field"] == "points"
    error = api.refused(game, "points", {"points": [30, -10, -15]}, 422, "points-total")
    assert error["field"] == "points" and "5" in error["message"]
    api.write(game, "points", {"points": [100_000, -100_000, 0]})
    assert [p["score"] for p in game.body["players"]] == [100_000, -100_000, 0]


def test_card_games_refuse_points_and_finish_and_pads_refuse_bids(api: Api) -> None:
    card = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.refused(card, "points", {"points": [1, 2, 3]}, 422, "phase")
    api.refused(card, "finish", {}, 422, "phase")
    game = pad(api, ["Ana", "Ben", "Cleo"])
    api.refused(game, "bids", {"bids": [0, 0, 0]}, 422, "phase")
    api.refused(game, "tricks", {"tricks": [0, 0, 0]}, 422, "phase")


def test_pairs_points_per_side(api: Api) -> None:
    game = pad(api, teams="pairs", target=1000)
    api.refused(game, "points", {"points": [1, 2, 3, 4]}, 400, "invalid")
    api.write(game, "points", {"points": [162, 0]})
    body = game.body
    assert body["teams"] == [{"team": 0, "seats": [0, 2], "score": 162},
                             {"team": 1, "seats": [1, 3], "score": 0}]
    assert [p["team"] for p in body["players"]] == [0, 1, 0, 1]
    assert [p["score"] for p in body["players"]] == [162, 0, 162, 0]
    assert body["rounds"][0]["points"] == [162, 0]
    assert body["standings"] == [{"team": 0, "seats": [0, 2], "score": 162, "rank": 1},
                                 {"team": 1, "seats": [1, 3], "score": 0, "rank": 2}]


def test_corrections(api: Api) -> None:
    game = pad(api, ["Ana", "Ben"], target=50)
    api.write(game, "points", {"points": [20, 10]})
    api.write(game, "points", {"points": [10, 10]})
    api.write(game, "finish", {})
    assert game.body["finished_by"] == "scorekeeper"
    # The last round corrected to reach the target: ended by the target, the finish kept.
    api.write(game, "rounds/2", {"points": [30, 10]}, method="PUT")
    assert (game.body["finished_by"], game.body["version"]) == ("target", 5)
    assert [p["score"] for p in game.body["players"]] == [50, 20]
    # Back below the target: the kept finish ends it again, by the scorekeeper.
    api.write(game, "rounds/2", {"points": [10, 10]}, method="PUT")
    assert game.body["finished_by"] == "scorekeeper"
    api.write(game, "undo", {})  # the finish: open again
    assert game.body["status"] == "in_progress"
    api.write(game, "points", {"points": [5, 5]})  # round 3: 35, 25
    error = api.refused(game, "rounds/1", {"points": [40, 10]}, 422, "phase", method="PUT")
    assert "round 3" in error["message"]  # it would end the game before round 3
    api.refused(game, "rounds/1", {"points": [100_001, 0]}, 422, "points-range", method="PUT")
    api.refused(game, "rounds/1", {"points": [1]}, 400, "invalid", method="PUT")
    api.refused(game, "rounds/1", {}, 400, "invalid", method="PUT")
    api.refused(game, "rounds/1", {"bids": [0, 0], "tricks": [0, 0]}, 422, "phase", method="PUT")
    api.refused(game, "rounds/4", {"points": [1, 1]}, 422, "phase", method="PUT")  # being played
    response = api.send(game, "rounds/9", {"version": game.version, "points": [1, 1]},
                        method="PUT")
    assert response.status_code == 404
    # A correction that reopens a game the target ended.
    api.write(game, "points", {"points": [20, 0]})  # 55: ended by the target
    assert game.body["finished_by"] == "target"
    api.write(game, "rounds/4", {"points": [10, 0]}, method="PUT")
    assert (game.body["status"], game.body["finished_by"]) == ("in_progress", None)


def test_tokens_and_versions(api: Api) -> None:
    game = pad(api, ["Ana", "Ben"])
    before = api.get(game)
    for path, fields in (("points", {"points": [1, 2]}), ("finish", {})):
        response = api.send(game, path, {"version": 1, **fields}, token=None)
        assert response.status_code == 401
        assert response.get_json()["error"]["code"] == "unauthorized"
        response = api.send(game, path, {"version": 1, **fields}, token="not-the-token")
        assert response.status_code == 403
        assert response.get_json()["error"]["code"] == "forbidden"
    assert api.get(game) == before
    api.write(game, "points", {"points": [1, 2]})
    for path, fields in (("points", {"points": [1, 2]}), ("finish", {})):
        response = api.send(game, path, {"version": 1, **fields})
        assert response.status_code == 409
        answer = response.get_json()
        assert answer["error"]["code"] == "version-conflict"
        assert answer["game"]["version"] == 2
    response = api.client.post("/api/v1/games/nosuchgame/points",
                               json={"version": 1, "points": [1, 2]},
                               headers={"Authorization": f"Bearer {game.token}"})
    assert response.status_code == 404


def test_idempotency_key_replays(api: Api) -> None:
    game = pad(api, ["Ana", "Ben"])
    key, finish_key = secrets.token_urlsafe(16), secrets.token_urlsafe(16)

    def keyed(path: str, body: dict[str, Any], used: str) -> Any:
        return api.client.post(f"/api/v1/games/{game.id}/{path}", json=body, headers={
            "Authorization": f"Bearer {game.token}", "Idempotency-Key": used})

    first = keyed("points", {"version": 1, "points": [4, 5]}, key)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    again = keyed("points", {"version": 1, "points": [4, 5]}, key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["version"] == 2 and len(again.get_json()["rounds"]) == 1
    other = keyed("points", {"version": 1, "points": [4, 6]}, key)
    assert other.status_code == 422
    assert other.get_json()["error"]["code"] == "idempotency-key"
    # A refused write leaves its key unused.
    refused = keyed("points", {"version": 2, "points": [100_001, 0]}, finish_key)
    assert refused.status_code == 422
    done = keyed("finish", {"version": 2}, finish_key)
    assert done.status_code == 200 and done.get_json()["finished_by"] == "scorekeeper"
    replay = keyed("finish", {"version": 2}, finish_key)
    assert replay.headers["Idempotent-Replayed"] == "true" and replay.get_json()["version"] == 3
    bad = keyed("finish", {"version": 3}, "not a key!")
    assert bad.status_code == 400


def test_a_creation_is_replayed_with_its_title(client: FlaskClient) -> None:
    key = secrets.token_urlsafe(16)
    body = {"ruleset": "score-pad", "players": ["Ana", "Ben"], "title": "Rummy"}
    first = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": key})
    again = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": key})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["game"]["title"] == "Rummy"
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]


def test_statistics(api: Api, client: FlaskClient) -> None:
    game = pad(api, ["Ana", "Ben", "Cleo"])
    for points in ([10, 10, 4], [-2, 7, 7], [0, 0, 0], [5, 1, 9]):
        api.write(game, "points", {"points": points})
    stats = client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert stats["table"] == {"players": 3, "rounds": 4}
    assert stats["players"][0] == {
        "seat": 0, "name": "Ana", "team": None, "rounds": 4, "points_per_round": 3.25,
        "best_round": 10, "worst_round": -2, "rounds_won": 2, "rounds_won_rate": 0.5}
    assert [p["rounds_won"] for p in stats["players"]] == [2, 3, 3]
    teams = pad(api, teams="pairs", winner="lowest")
    api.write(teams, "points", {"points": [3, 8]})
    stats = client.get(f"/api/v1/games/{teams.id}/statistics").get_json()
    assert stats["players"] == [
        {"seats": [0, 2], "name": "Ana & Cleo", "team": 0, "rounds": 1, "points_per_round": 3.0,
         "best_round": 3, "worst_round": 3, "rounds_won": 1, "rounds_won_rate": 1.0},
        {"seats": [1, 3], "name": "Ben & Dev", "team": 1, "rounds": 1, "points_per_round": 8.0,
         "best_round": 8, "worst_round": 8, "rounds_won": 0, "rounds_won_rate": 0.0}]
    empty = client.get(f"/api/v1/games/{pad(api).id}/statistics").get_json()
    assert empty["players"][0]["points_per_round"] is None


def test_score_sheet(api: Api, client: FlaskClient) -> None:
    game = pad(api, ["=Ana", "Ben", "Cleo", "Dev"], teams="pairs")
    api.write(game, "points", {"points": [10, -3]})
    api.write(game, "points", {"points": [-4, 7]})
    response = client.get(f"/api/v1/games/{game.id}/scores.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows == [
        ["round", "dealer", "'=Ana & Cleo points", "'=Ana & Cleo total", "Ben & Dev points",
         "Ben & Dev total"],
        ["1", "'=Ana", "10", "10", "-3", "-3"],
        ["2", "Ben", "-4", "6", "7", "4"],
    ]
    text = response.get_data(as_text=True)
    assert '"Ben",-4,6,7,4' in text  # numbers plain, text quoted


def test_a_table_counts_each_title_and_winner_apart(client: FlaskClient) -> None:
    """docs/api.md: games[] and games.csv carry the title; the statistics' score_pads hold one
    entry per title (two spellings of one title are one) and winner option; rulesets never
    holds score-pad; the table's players and head to head count the pads' finished games."""
    from tests.tables.conftest import Tables
    tables = Tables(client, Api(client))
    table_id, token = tables.create()

    def played(title: str | None, rounds: list[list[int]], finish: bool = True,
               **options: Any) -> Game:
        fields: dict[str, Any] = {"options": options}
        if title is not None:
            fields["title"] = title
        game = tables.game(table_id, token, ["Ana", "Ben", "Cleo", "Dev"], "score-pad", **fields)
        for points in rounds:
            tables.api.write(game, "points", {"points": points})
        if finish and game.body["status"] != "finished":
            tables.api.write(game, "finish", {})
        return game

    h1 = played("Hearts", [[26, 0, 0, 0], [0, 13, 13, 0]], winner="lowest")
    h2 = played("hearts ", [[0, 26, 0, 0]], winner="lowest")
    played("Hearts", [[5, 6, 7, 8]])  # highest wins: another game
    played(None, [[1, 1]], finish=False, teams="pairs")
    belote = played("Belote", [[162, 0]], teams="pairs")
    stats = tables.statistics(table_id)
    assert "score-pad" not in stats["rulesets"] and stats["rulesets"] == {}
    assert [(p["title"], p["winner"], p["games"], p["finished"]) for p in stats["score_pads"]] == [
        ("hearts", "lowest", 2, 2), ("Belote", "highest", 1, 1), ("Hearts", "highest", 1, 1),
        (None, "highest", 1, 0)]
    hearts = stats["score_pads"][0]
    # h1: Ana 26, Ben 13, Cleo 13, Dev 0 (Dev wins); h2: Ben 26, the others 0 (three win).
    assert hearts["players"][0] == {"name": "Ana", "games": 2, "finished": 2, "wins": 1,
                                    "win_rate": 0.5, "rounds": 3, "points_per_round": 26 / 3,
                                    "best_score": {"game": h2.id, "score": 0}}
    assert hearts["records"] == {
        "best_score": {"name": "Dev", "game": h1.id, "score": 0},
        # 0 is first scored in h1's round 1, by Ben (seat 1): who set it first holds it.
        "best_round": {"name": "Ben", "game": h1.id, "round": 1, "points": 0}}
    assert [h["players"] for h in hearts["head_to_head"]][0] == ["Ana", "Ben"]
    assert stats["score_pads"][1]["records"]["best_score"] == {
        "name": "Ana & Cleo", "game": belote.id, "score": 162}
    wins = {p["name"]: p["wins"] for p in stats["players"]}
    # h1 Dev; h2 Ana, Cleo, Dev; Hearts highest Dev (8); Belote Ana & Cleo; the untitled: open.
    assert wins == {"Ana": 2, "Ben": 0, "Cleo": 2, "Dev": 3}
    assert stats["finished"] == 4 and stats["games"] == 5
    table = tables.get(table_id)
    assert [g["title"] for g in table["games"]] == ["Belote", None, "Hearts", "hearts", "Hearts"]
    sheet = client.get(f"/api/v1/tables/{table_id}/games.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(sheet)))
    assert rows[0][:4] == ["started", "ruleset", "title", "status"]
    assert [row[2] for row in rows[1:]] == ["Belote", "", "Hearts", "hearts", "Hearts"]
