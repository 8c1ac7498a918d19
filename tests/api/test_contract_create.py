"""docs/api.md: GET /rulesets and POST /games, for every ruleset, and the game object's shape."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .client import Api

PLAYERS = {"oh-seven": ["Ana", "Ben", "Cleo"], "oh-hell": ["Ana", "Ben", "Cleo", "Dev"],
           "elevator": ["Ana", "Ben", "Cleo"], "seven-up": ["Ana", "Ben", "Cleo", "Dev"]}
GAME_FIELDS = {"id", "ruleset", "options", "version", "links", "status", "players", "teams",
               "current", "rounds", "standings"}
ROUND_FIELDS = {"number", "hand_size", "dealer", "phase", "bidding_order", "forbidden_bid",
                "passing", "attempts", "redeals", "bids", "trump", "leader", "tricks", "points"}


def test_rulesets_name_every_ruleset_with_its_options(client: FlaskClient) -> None:
    response = client.get("/api/v1/rulesets")
    assert response.status_code == 200
    rulesets = {r["id"]: r for r in response.get_json()}
    assert set(rulesets) == {"oh-seven", "oh-hell", "elevator", "wizard", "seven-up", "score-pad",
                             "spades", "belote", "coinche", "scopa", "tarot"}
    assert rulesets["oh-seven"]["options"] == {"card_passing": {"default": False,
                                                                "choices": [False, True]}}
    assert rulesets["oh-hell"]["options"]["scoring"]["default"] == "exact"
    assert rulesets["oh-hell"]["options"]["hook"]["choices"] == ["always", "never", "not-last"]
    assert rulesets["oh-hell"]["options"]["scoring"]["choices"] == [
        "exact", "tricks-plus-bonus", "tricks-plus-five", "squared"]
    assert rulesets["oh-hell"]["options"]["schedule"] == {
        "default": "down-up", "choices": ["down-up", "down", "up", "up-down"]}
    assert set(rulesets["elevator"]["options"]) == {"schedule", "hook", "max_hand", "zero_bid"}
    assert set(rulesets["oh-hell"]["options"]) == {"scoring", "schedule", "hook", "max_hand",
                                                   "zero_bid"}
    assert rulesets["seven-up"]["options"]["target"] == {"default": 7, "choices": [7, 10]}
    assert set(rulesets["seven-up"]["options"]) == {"target", "game_tie", "low_to"}
    assert (rulesets["oh-seven"]["min_players"], rulesets["oh-seven"]["max_players"]) == (2, 9)
    assert (rulesets["oh-hell"]["min_players"], rulesets["oh-hell"]["max_players"]) == (3, 7)
    assert (rulesets["seven-up"]["min_players"], rulesets["seven-up"]["max_players"]) == (2, 4)
    for ruleset in rulesets.values():
        assert isinstance(ruleset["name"], str) and ruleset["name"]


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_create_answers_201_with_the_game_token_and_links(client: FlaskClient, ruleset: str) -> None:
    response = client.post("/api/v1/games", json={"ruleset": ruleset, "players": PLAYERS[ruleset]})
    assert response.status_code == 201
    answer = response.get_json()
    game = answer["game"]
    assert response.headers["Location"] == f"/api/v1/games/{game['id']}"
    assert answer["scorekeeper_url"] == f"/g/{game['id']}/keep/{answer['edit_token']}"
    assert len(answer["edit_token"]) >= 22  # at least 128 random bits, URL-safe base64
    assert len(game["id"]) >= 16  # at least 96 bits
    assert set(game) >= GAME_FIELDS
    assert set(game["current"]) >= ROUND_FIELDS
    assert game["ruleset"] == ruleset
    assert game["version"] == 1
    assert game["links"] == {"share": f"/g/{game['id']}"}
    assert game["status"] == "in_progress"
    assert game["rounds"] == []
    assert [p["name"] for p in game["players"]] == PLAYERS[ruleset]
    assert [p["seat"] for p in game["players"]] == list(range(len(PLAYERS[ruleset])))
    assert all(p["score"] == 0 for p in game["players"])
    assert answer["edit_token"] not in str(game)
    # The game reads back the same from its Location.
    assert client.get(response.headers["Location"]).get_json() == game


def test_default_options_and_first_dealer(api: Api) -> None:
    house = {"hook": "always", "max_hand": None, "zero_bid": "standard"}
    assert api.create("oh-hell", PLAYERS["oh-hell"]).body["options"] == {
        "scoring": "exact", "schedule": "down-up", **house}
    assert api.create("elevator", PLAYERS["elevator"]).body["options"] == {
        "schedule": "down-up", **house}
    assert api.create("oh-seven", PLAYERS["oh-seven"]).body["options"] == {"card_passing": False}
    seven_up = api.create("seven-up", ["Ana", "Ben"]).body
    assert seven_up["options"] == {"target": 7, "game_tie": "nobody", "low_to": "holder"}
    game = api.create("oh-hell", PLAYERS["oh-hell"], first_dealer=2,
                      options={"scoring": "tricks-plus-bonus", "schedule": "up"}).body
    assert game["options"] == {"scoring": "tricks-plus-bonus", "schedule": "up", **house}
    assert game["current"]["dealer"] == 2
    assert game["current"]["hand_size"] == 1
    assert game["current"]["bidding_order"] == [3, 0, 1, 2]


def test_oh_hell_round_object_as_api_md_shows_it(api: Api) -> None:
    current = api.create("oh-hell", PLAYERS["oh-hell"], first_dealer=2).body["current"]
    assert {k: current[k] for k in ROUND_FIELDS} == {
        "number": 1, "hand_size": 10, "dealer": 2, "phase": "bidding",
        "bidding_order": [3, 0, 1, 2], "forbidden_bid": None, "passing": None, "attempts": [],
        "redeals": 0, "bids": None, "trump": None, "leader": None, "tricks": None, "points": None,
    }


def test_seven_up_with_four_players_plays_in_teams(api: Api) -> None:
    game = api.create("seven-up", PLAYERS["seven-up"]).body
    assert game["teams"] == [{"team": 0, "seats": [0, 2], "score": 0},
                             {"team": 1, "seats": [1, 3], "score": 0}]
    assert [p["team"] for p in game["players"]] == [0, 1, 0, 1]
    assert {s["team"] for s in game["standings"]} == {0, 1}
    assert all(set(s) >= {"team", "seats", "score", "rank"} for s in game["standings"])
    assert game["current"]["phase"] == "hand"
    three = api.create("seven-up", ["Ana", "Ben", "Cleo"]).body
    assert three["teams"] is None
    assert [p["team"] for p in three["players"]] == [None, None, None]


@pytest.mark.parametrize("body, field", [
    ({"ruleset": "bridge", "players": ["Ana", "Ben", "Cleo"]}, "ruleset"),
    ({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "options": {"scoring": "fast"}},
     "options.scoring"),
    ({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "options": {"speed": 1}},
     "options.speed"),
    ({"ruleset": "seven-up", "players": ["Ana", "Ben"], "options": {"target": True}},
     "options.target"),
    ({"ruleset": "oh-seven", "players": ["Ana", "Ben"], "options": {"card_passing": 1}},
     "options.card_passing"),
])
def test_unknown_ruleset_or_option_is_422_ruleset(client: FlaskClient, body: dict[str, object],
                                                  field: str) -> None:
    response = client.post("/api/v1/games", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "ruleset"
    assert response.get_json()["error"]["field"] == field


@pytest.mark.parametrize("ruleset, count", [
    ("oh-seven", 1), ("oh-seven", 10), ("oh-hell", 2), ("oh-hell", 8), ("elevator", 2),
    ("elevator", 8), ("seven-up", 1), ("seven-up", 5),
])
def test_wrong_player_count_is_422_players(client: FlaskClient, ruleset: str, count: int) -> None:
    players = [f"P{i}" for i in range(count)]
    response = client.post("/api/v1/games", json={"ruleset": ruleset, "players": players})
    assert response.status_code == 422
    assert response.get_json()["error"] == {
        "code": "players", "message": response.get_json()["error"]["message"], "field": "players"}


def test_first_dealer_outside_the_table_is_422_seat(client: FlaskClient) -> None:
    for seat in (3, -1, 99):
        response = client.post("/api/v1/games", json={"ruleset": "oh-hell", "first_dealer": seat,
                                                      "players": ["Ana", "Ben", "Cleo"]})
        assert response.status_code == 422
        assert response.get_json()["error"]["code"] == "seat"
        assert response.get_json()["error"]["field"] == "first_dealer"


def test_game_creation_is_rate_limited_per_address(make_app: Callable[..., Flask]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="2 per hour")
    client = app.test_client()
    body = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}
    assert [client.post("/api/v1/games", json=body).status_code for _ in range(2)] == [201, 201]
    refused = client.post("/api/v1/games", json=body)
    assert refused.status_code == 429
    assert refused.get_json()["error"]["code"] == "rate-limited"
    assert refused.get_json()["error"]["message"] == (
        "too many games and tables created from this address; try again later")
    other = client.post("/api/v1/games", json=body, environ_base={"REMOTE_ADDR": "127.0.0.2"})
    assert other.status_code == 201  # another address has its own budget
    assert client.get("/api/v1/rulesets").status_code == 200  # reading is not limited
