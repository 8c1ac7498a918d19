"""Bad input of every kind answers 4xx in the API's error shape, never a 500, and changes
nothing: wrong JSON, wrong content type, wrong types, bodies over 64 KiB, bad names, unknown
seats and games, writes to finished games."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from .client import Api

NEW_GAME = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


def assert_error(response: Any, status: int, code: str, field: str | None = "*") -> None:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/json"
    error = response.get_json()["error"]
    assert set(error) == {"code", "message", "field"}
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    if field != "*":
        assert error["field"] == field


@pytest.mark.parametrize("data", [
    b"", b"{", b"not json", b"\xff\xfe", b"[1, 2]", b"null", b"7", b'"text"',
    b"[" * 30_000, b"[" * 20_000 + b"]" * 20_000,
    b'{"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "first_dealer": ' + b"9" * 5000 + b"}",
])
def test_bodies_that_are_not_a_json_object_are_400(client: FlaskClient, data: bytes) -> None:
    response = client.post("/api/v1/games", data=data, content_type="application/json")
    assert_error(response, 400, "invalid")


def test_wrong_content_type_is_400(client: FlaskClient) -> None:
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        response = client.post("/api/v1/games", data=json.dumps(NEW_GAME), content_type=content_type)
        assert_error(response, 400, "invalid")
    response = client.post("/api/v1/games", data=json.dumps(NEW_GAME))
    assert_error(response, 400, "invalid")
    response = client.post("/api/v1/games", data=json.dumps(NEW_GAME),
                           content_type="application/json; charset=utf-8")
    assert response.status_code == 201


@pytest.mark.parametrize("body, field", [
    ({"players": ["Ana", "Ben", "Cleo"]}, "ruleset"),
    ({"ruleset": "oh-hell"}, "players"),
    ({**NEW_GAME, "ruleset": 7}, "ruleset"),
    ({**NEW_GAME, "players": "Ana, Ben, Cleo"}, "players"),
    ({**NEW_GAME, "players": {"0": "Ana"}}, "players"),
    ({**NEW_GAME, "players": ["Ana", 2, "Cleo"]}, "players[1]"),
    ({**NEW_GAME, "players": ["Ana", None, "Cleo"]}, "players[1]"),
    ({**NEW_GAME, "first_dealer": "1"}, "first_dealer"),
    ({**NEW_GAME, "first_dealer": True}, "first_dealer"),
    ({**NEW_GAME, "first_dealer": 1.5}, "first_dealer"),
    ({**NEW_GAME, "options": ["exact"]}, "options"),
    ({**NEW_GAME, "colour": "red"}, "colour"),
])
def test_wrong_types_on_creation_are_400(client: FlaskClient, body: dict[str, Any],
                                         field: str) -> None:
    assert_error(client.post("/api/v1/games", json=body), 400, "invalid", field)


@pytest.mark.parametrize("players", [
    ["Ana", "Ben", "x" * 25],
    ["Ana", "Ben", "x" * 20_000],
    ["Ana", "Ben", ""],
    ["Ana", "Ben", "   "],
    ["Ana", "Ben", "ana"],
    ["Ana", "Ben", "Ana "],
    ["Ana", "Ben", "Cl\x00eo"],
    ["Ana", "Ben", "Cl\ud800eo"],
    ["Ana", "Ben", "Cl\neo"],
])
def test_bad_names_are_422_players(client: FlaskClient, players: list[str]) -> None:
    response = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": players})
    assert_error(response, 422, "players", "players")


def test_markup_in_names_is_stored_as_given_and_escaped(api: Api, client: FlaskClient) -> None:
    names = ["<script>alert(1)</script", "<img src=x onerror=a()>", "Ben & Jerry", "🂡 Zoë"]
    game = api.create("oh-seven", names)
    assert [p["name"] for p in game.body["players"]] == names
    raw = client.get(f"/api/v1/games/{game.id}").get_data(as_text=True)
    assert "<script>" not in raw and "&" not in raw
    assert [p["name"] for p in json.loads(raw)["players"]] == names


def test_body_over_64_kib_is_413(api: Api, client: FlaskClient) -> None:
    padding = "x" * (65 * 1024)
    big = json.dumps({**NEW_GAME, "players": ["Ana", "Ben", padding]})
    assert_error(client.post("/api/v1/games", data=big, content_type="application/json"),
                 413, "too-large")
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    body = json.dumps({"version": 1, "bids": [None, 1, None], "pad": padding})
    for token in (game.token, None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.post(f"/api/v1/games/{game.id}/bids", data=body,
                               content_type="application/json", headers=headers)
        assert_error(response, 413, "too-large")
        assert response.get_json()["error"]["message"] == "the body is larger than 64 KiB"
    assert api.get(game)["version"] == 1
    just_under = json.dumps({**NEW_GAME, "players": ["Ana", "Ben", "x" * (60 * 1024)]})
    assert_error(client.post("/api/v1/games", data=just_under, content_type="application/json"),
                 422, "players")


WRONG_WRITES: list[tuple[str, dict[str, Any], str | None]] = [
    ("bids", {"bids": "1"}, "bids"),
    ("bids", {"bids": [1, 2]}, "bids"),
    ("bids", {"bids": [1, 2, 3, 4]}, "bids"),
    ("bids", {"bids": [None, "1", None]}, "bids[1]"),
    ("bids", {"bids": [None, True, None]}, "bids[1]"),
    ("bids", {"bids": [None, 1.5, None]}, "bids[1]"),
    ("bids", {"bids": [None, 1, None], "tricks": [1, 2, 3]}, "tricks"),
    ("bids", {}, "bids"),
    ("tricks", {"tricks": None}, "tricks"),
    ("tricks", {"tricks": [1, "2", 3]}, "tricks[1]"),
    ("undo", {"extra": 1}, "extra"),
]


@pytest.mark.parametrize("path, fields, field", WRONG_WRITES)
def test_wrong_types_on_writes_are_400(api: Api, path: str, fields: dict[str, Any],
                                       field: str | None) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    error = api.refused(game, path, fields, 400, "invalid")
    if field is not None:
        assert error["field"] == field


@pytest.mark.parametrize("fields, field", [
    ({"high": "0"}, "high"), ({"game": "both"}, "game"), ({"game": 0.5}, "game"),
    ({"beg": "maybe"}, "beg"), ({"beg": None}, "beg"), ({"redeal": "yes"}, "redeal"),
    ({"jacks_turned": "1"}, "jacks_turned"), ({"jacks_turned": None}, "jacks_turned"),
    ({"pass": True}, "pass"),
])
def test_wrong_types_in_seven_up_hands_are_400(api: Api, fields: dict[str, Any], field: str) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    hand = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0, "jack": None, "game": 0}
    error = api.refused(game, "hands", {**hand, **fields}, 400, "invalid")
    assert error["field"] == field


@pytest.mark.parametrize("version", ["1", None, True, 1.5, [1], {"v": 1}])
def test_version_must_be_a_whole_number(api: Api, version: Any) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    response = api.send(game, "bids", {"version": version, "bids": [None, 1, None]})
    assert_error(response, 400, "invalid", "version")
    response = api.send(game, "bids", {"bids": [None, 1, None]})
    assert_error(response, 400, "invalid", "version")
    assert api.get(game)["version"] == 1


def test_oh_seven_card_shapes(api: Api) -> None:
    game = api.create("oh-seven", ["Ana", "Ben"])
    good = {"value": 1, "suit": "clubs"}
    for bad, field in ((3, "bids[0]"), (None, "bids[0]"), ({"value": "3", "suit": "spades"},
                                                           "bids[0].value"),
                       ({"value": 3, "suit": 1}, "bids[0].suit"),
                       ({"value": 3, "suit": "spades", "face": "up"}, "bids[0]")):
        error = api.refused(game, "bids", {"bids": [bad, good]}, 400, "invalid")
        assert error["field"] == field


def test_unknown_seats_are_422_seat(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben", "Cleo"])
    for seat in (3, -1, 10**20):
        for point in ("high", "low", "jack", "game"):
            fields = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0, "jack": None,
                      "game": 0, point: seat}
            error = api.refused(game, "hands", fields, 422, "seat")
            assert error["field"] == point


def test_huge_numbers_are_rule_errors_not_crashes(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.refused(game, "bids", {"bids": [None, 10**40, None]}, 422, "bid-range")
    api.refused(game, "bids", {"bids": [None, -(10**40), None]}, 422, "bid-range")
    seven_up = api.create("seven-up", ["Ana", "Ben"])
    api.refused(seven_up, "hands", {"jacks_turned": 10**40, "beg": "run", "high": 0, "low": 0,
                                    "jack": None, "game": 0}, 422, "hand")


def test_writes_to_finished_games_are_422_phase(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    api.write(game, "hands", {"jacks_turned": 4, "beg": "run", "high": 0, "low": 0, "jack": 0,
                              "game": 0})
    assert game.body["status"] == "finished"
    played = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0, "jack": None, "game": 0}
    api.refused(game, "hands", played, 422, "phase")
    api.refused(game, "hands", {**played, "jacks_turned": 1, "redeal": True}, 422, "phase")
    api.refused(game, "bids", {"bids": [1, 1]}, 422, "phase")


def test_methods_and_routes_outside_the_contract(client: FlaskClient, api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    assert client.delete(f"/api/v1/games/{game.id}").status_code == 405
    assert client.get(f"/api/v1/games/{game.id}/bids").status_code == 405
    assert client.post("/api/v1/rulesets", json={}).status_code == 405
    assert client.get("/api/v1/no-such-thing").status_code == 404
    assert client.get(f"/api/v1/games/{game.id}/rounds/1").status_code == 405
    assert api.get(game)["version"] == 1
