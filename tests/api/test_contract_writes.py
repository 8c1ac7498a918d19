"""docs/api.md's write rules: undo, corrections of past rounds, tokens (401/403), versions (409),
ETag and 304, and the share link that reads but cannot write."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from .client import Api, Game


def hand(**fields: Any) -> dict[str, Any]:
    return {"jacks_turned": 0, "beg": "stand", "high": None, "low": None, "jack": None,
            "game": None, **fields}


def test_undo_removes_the_last_entry(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2)
    api.refused(game, "undo", {}, 422, "phase")  # nothing to undo
    api.write(game, "bids", {"bids": [1, None, None]})
    api.write(game, "bids", {"bids": [1, 2, None]})
    api.write(game, "undo", {})
    assert game.body["version"] == 4
    assert game.body["current"]["bids"] == [1, None, None]
    assert game.body["current"]["next_bidder"] == 1
    api.write(game, "undo", {})
    assert game.body["current"]["bids"] is None
    api.write(game, "bids", {"bids": [2, 2, 2]})
    api.write(game, "tricks", {"tricks": [2, 2, 6]})
    assert game.body["rounds"][0]["points"] == [12, 12, 0]
    api.write(game, "undo", {})
    assert game.body["rounds"] == []
    assert game.body["current"]["phase"] == "tricks"
    assert [p["score"] for p in game.body["players"]] == [0, 0, 0]


def test_correct_a_past_round_recomputes_everything_after(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2)  # order 0, 1, 2
    api.write(game, "bids", {"bids": [2, 2, 2]})
    api.write(game, "tricks", {"tricks": [2, 2, 6]})
    api.write(game, "bids", {"bids": [1, 1, 1]})
    api.write(game, "tricks", {"tricks": [1, 1, 7]})
    assert [p["score"] for p in game.body["players"]] == [12 + 11, 12 + 11, 0]
    version = game.version
    api.write(game, "rounds/1", {"bids": [2, 2, 5], "tricks": [2, 2, 6]}, method="PUT")
    assert game.body["version"] == version + 1
    assert game.body["rounds"][0]["bids"] == [2, 2, 5]
    assert game.body["rounds"][0]["points"] == [12, 12, 0]
    assert len(game.body["rounds"]) == 2  # round 2 kept
    api.write(game, "rounds/1", {"bids": [2, 2, 3], "tricks": [2, 2, 6]}, method="PUT")
    assert game.body["rounds"][0]["points"] == [12, 12, 0]
    api.write(game, "rounds/2", {"bids": [1, 1, 1], "tricks": [1, 1, 7]}, method="PUT")
    assert [p["score"] for p in game.body["players"]] == [23, 23, 0]
    api.write(game, "rounds/1", {"bids": [2, 3, 2], "tricks": [2, 3, 5]}, method="PUT")
    assert [p["score"] for p in game.body["players"]] == [12 + 11, 13 + 11, 0]


def test_refused_corrections_change_nothing(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2)
    api.write(game, "bids", {"bids": [2, 2, 2]})
    api.write(game, "tricks", {"tricks": [2, 2, 6]})
    put = {"method": "PUT"}
    api.refused(game, "rounds/1", {"bids": [2, 2, 2], "tricks": [2, 2, 2]}, 422, "tricks-total", **put)
    api.refused(game, "rounds/1", {"bids": [2, 2, 6], "tricks": [2, 2, 6]}, 422, "hook", **put)
    api.refused(game, "rounds/2", {"bids": [1, 1, 1], "tricks": [1, 1, 7]}, 422, "phase", **put)
    api.refused(game, "rounds/9", {"bids": [1, 1, 1], "tricks": [1, 1, 7]}, 404, "not-found", **put)
    api.refused(game, "rounds/0", {"bids": [1, 1, 1], "tricks": [1, 1, 7]}, 404, "not-found", **put)
    api.refused(game, "rounds/one", {"bids": [1, 1, 1], "tricks": [1, 1, 7]}, 404, "not-found", **put)
    api.refused(game, "rounds/1", {"bids": [2, 2, 2]}, 400, "invalid", **put)
    api.refused(game, "rounds/1", {"high": 0, "low": 0, "game": 0}, 422, "phase", **put)


def test_correct_oh_seven_keeps_failed_bids_and_their_bonus(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben"])
    spades, hearts = "spades", "hearts"
    api.write(game, "bids", {"bids": [{"value": 4, "suit": spades}, {"value": 3, "suit": hearts}]})
    api.write(game, "bids", {"bids": [{"value": 5, "suit": spades}, {"value": 1, "suit": hearts}]})
    api.write(game, "tricks", {"tricks": [5, 2]})
    assert game.body["rounds"][0]["points"] == [5 + 2 + 1, -1]
    api.write(game, "rounds/1", {"bids": [{"value": 6, "suit": spades}, {"value": 0, "suit": hearts}],
                                 "tricks": [6, 1]}, method="PUT")
    scored = game.body["rounds"][0]
    assert len(scored["attempts"]) == 1
    assert scored["points"] == [6 + 2 + 1, -1]
    assert scored["trump"] == "spades"


def test_correct_seven_up_and_refuse_one_that_breaks_a_later_hand(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    api.write(game, "hands", hand(high=1, low=1, jack=1, game=1))  # Ben 4
    api.write(game, "hands", hand(high=1, low=1, game=0))  # Ben 6, Ana 1
    api.write(game, "rounds/1", hand(high=0, low=1, game=1), method="PUT")
    assert [p["score"] for p in game.body["players"]] == [2, 4]
    # Ana (dealing) at 7 after round 1 would end the game before round 2 was played.
    api.refused(game, "rounds/1", hand(jacks_turned=3, beg="run", high=0, low=0, jack=0, game=0),
                422, "phase", method="PUT")
    api.refused(game, "rounds/1", {"bids": [1, 1], "tricks": [1, 5]}, 422, "phase", method="PUT")


def test_tokens_401_403_change_nothing(api: Api, client: FlaskClient) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    other = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    before = api.get(game)
    body = {"version": 1, "bids": [None, 1, None]}
    cases = [
        (None, 401, "unauthorized"),
        ("Basic " + game.token, 401, "unauthorized"),
        ("Bearer", 401, "unauthorized"),
        ("Bearer " + other.token, 403, "forbidden"),
        ("Bearer " + game.token[:-1], 403, "forbidden"),
        ("Bearer " + game.id, 403, "forbidden"),  # the share link is not a token
    ]
    for path in ("bids", "tricks", "hands", "undo", "rounds/1"):
        for authorization, status, code in cases:
            headers = {} if authorization is None else {"Authorization": authorization}
            method = "PUT" if path.startswith("rounds") else "POST"
            response = client.open(f"/api/v1/games/{game.id}/{path}", method=method, json=body,
                                   headers=headers)
            assert response.status_code == status, (path, authorization)
            error = response.get_json()["error"]
            assert error["code"] == code
            assert game.token not in response.get_data(as_text=True)
            assert other.token not in response.get_data(as_text=True)
    # The token is checked before the version and the rules.
    response = api.send(game, "bids", {"version": 99, "bids": [None, 99, None]}, token=None)
    assert response.status_code == 401
    response = api.send(game, "bids", {"version": 99, "bids": "x"}, token=other.token)
    assert response.status_code == 403
    assert api.get(game) == before
    # The bearer scheme is case-insensitive.
    response = client.post(f"/api/v1/games/{game.id}/bids", json=body,
                           headers={"Authorization": "bearer " + game.token})
    assert response.status_code == 200


def test_stale_version_is_409_with_the_current_game(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2)
    api.write(game, "bids", {"bids": [1, None, None]})
    current = api.get(game)
    for version in (1, 0, -5, 3, 10**30):
        response = api.send(game, "bids", {"version": version, "bids": [1, 2, None]})
        assert response.status_code == 409
        answer = response.get_json()
        assert answer["error"]["code"] == "version-conflict"
        assert answer["game"] == current
    for path, fields, method in (("tricks", {"tricks": [1, 1, 8]}, "POST"), ("undo", {}, "POST"),
                                 ("rounds/1", {"bids": [1, 1, 1], "tricks": [1, 1, 8]}, "PUT")):
        response = api.send(game, path, {"version": 1, **fields}, method=method)
        assert response.status_code == 409
        assert response.get_json()["game"]["version"] == 2
    assert api.get(game) == current


def test_versions_grow_by_one_per_write(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=2)
    versions = [game.version]
    for fields in ({"bids": [1, None, None]}, {"bids": [1, 1, 1]}, {"tricks": [1, 1, 8]}):
        api.write(game, "bids" if "bids" in fields else "tricks", fields)
        versions.append(game.version)
    api.write(game, "undo", {})
    versions.append(game.version)
    assert versions == [1, 2, 3, 4, 5]


def test_etag_and_304(api: Api, client: FlaskClient) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    first = client.get(f"/api/v1/games/{game.id}")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    assert etag == client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    unchanged = client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.data == b""
    assert unchanged.headers["ETag"] == etag
    assert client.get(f"/api/v1/games/{game.id}",
                      headers={"If-None-Match": f'"other", {etag}'}).status_code == 304
    api.write(game, "bids", {"bids": [None, 1, None]})
    changed = client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert changed.get_json()["version"] == 2


def test_share_link_reads_but_cannot_write(api: Api, client: FlaskClient) -> None:
    game: Game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    share = game.body["links"]["share"]
    assert share == f"/g/{game.id}"
    assert game.token not in share
    reader = client.application.test_client()  # another device: only the id
    assert reader.get(f"/api/v1/games/{game.id}").status_code == 200
    response = reader.post(f"/api/v1/games/{game.id}/bids",
                           json={"version": 1, "bids": [None, 1, None]})
    assert response.status_code == 401
    assert api.get(game)["version"] == 1


def test_unknown_games_are_404(client: FlaskClient) -> None:
    for game_id in ("nope", "A" * 22, "x" * 300, "%00", "..", "a.b"):
        response = client.get(f"/api/v1/games/{game_id}")
        assert response.status_code == 404, game_id
        assert response.get_json()["error"]["code"] == "not-found"
        response = client.post(f"/api/v1/games/{game_id}/undo", json={"version": 1},
                               headers={"Authorization": "Bearer x"})
        assert response.status_code == 404
        assert response.get_json()["error"] == {"code": "not-found", "message": "no game has that id",
                                                "field": None}
