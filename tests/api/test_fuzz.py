"""Schemathesis over the OpenAPI description, against the WSGI app: no request makes a server
error, and every answer conforms to the description (status, content type, headers, schema).

Generated ids and tokens would only ever reach 404 and 401, so most cases are pointed at real,
part-played games with their real token and current version.

Each operation gets its own Hypothesis test built from ``operation.as_strategy``: schemathesis
4.32's lazy pytest loader (``schemathesis.pytest.from_fixture``) reads ``request.node._nodeid``,
which pytest 9 no longer has.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .client import Api, Game

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
EXAMPLES = 120
#: An import's body is a whole document (games of entries): drawing one costs a hundred times an
#: entry's, and 120 of them were a sixth of the suite's time. Its shapes are few (a document, a
#: game, an entry of each kind), and tests/tables/test_transfer.py and test_import_bounds.py take each apart by hand.
FEWER_EXAMPLES = {"/tables/import": 30}
MIN_PLAYERS = {"oh-seven": 2, "oh-hell": 3, "elevator": 3, "seven-up": 2, "score-pad": 2}
OPERATIONS = [("/rulesets", "GET"), ("/games", "POST"),
              ("/games/{game_id}", "GET"), ("/games/{game_id}/bids", "POST"),
              ("/games/{game_id}/tricks", "POST"), ("/games/{game_id}/hands", "POST"),
              ("/games/{game_id}/undo", "POST"), ("/games/{game_id}/rounds/{number}", "PUT"),
              ("/games/{game_id}/points", "POST"), ("/games/{game_id}/finish", "POST"),
              ("/games/{game_id}/statistics", "GET"),
              ("/games/{game_id}/scores.csv", "GET"),
              ("/tables", "POST"), ("/tables/{table_id}", "GET"),
              ("/tables/{table_id}", "DELETE"), ("/tables/{table_id}/statistics", "GET"),
              ("/tables/{table_id}/games.csv", "GET"), ("/tables/{table_id}/games", "POST"),
              ("/tables/{table_id}/players/rename", "POST"),
              ("/tables/{table_id}/export", "GET"), ("/games/{game_id}/export", "GET"),
              ("/tables/import", "POST"), ("/tables/{table_id}", "PATCH")]


def card(value: int, suit: str) -> dict[str, Any]:
    return {"value": value, "suit": suit}


def games_under_way(api: Api) -> list[Game]:
    """One game of each kind, part played, so that answers carry rounds, attempts, passing,
    teams and awards (and one finished game)."""
    oh_hell = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.play_turn_round(oh_hell)
    api.write(oh_hell, "bids", {"bids": [None, None, 1]})
    oh_seven = api.create("oh-seven", ["Ana", "Ben", "Cleo", "Dev", "Eve"],
                          options={"card_passing": True})
    api.write(oh_seven, "bids", {"bids": [card(1, "clubs"), card(1, "clubs"), card(0, "clubs"),
                                          card(2, "clubs"), card(3, "spades")]})
    api.write(oh_seven, "bids", {"bids": [card(7, "spades"), card(1, "hearts"), card(0, "hearts"),
                                          card(2, "hearts"), card(3, "hearts")]})
    api.write(oh_seven, "tricks", {"tricks": [7, 0, 0, 0, 0]})
    elevator = api.create("elevator", ["Ana", "Ben", "Cleo", "Dev"], options={"schedule": "down"})
    while elevator.body["current"] is not None:
        api.play_turn_round(elevator)
    teams = api.create("seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    api.write(teams, "hands", {"jacks_turned": 1, "beg": "run", "high": None, "low": None,
                               "jack": None, "game": None, "redeal": True})
    api.write(teams, "hands", {"jacks_turned": 0, "beg": "give", "high": 0, "low": 3, "jack": 2,
                               "game": "tie"})
    two = api.create("seven-up", ["Ana", "Ben"], options={"target": 10})
    api.write(two, "hands", {"jacks_turned": 0, "beg": "stand", "high": 1, "low": 0, "jack": None,
                             "game": 1})
    pad = api.create("score-pad", ["Ana", "Ben", "Cleo", "Dev"], title="Belote",
                     options={"teams": "pairs", "target": 1000})
    api.write(pad, "points", {"points": [162, 0]})
    hearts = api.create("score-pad", ["Ana", "Ben", "Cleo"], options={"winner": "lowest"})
    api.write(hearts, "points", {"points": [26, 0, 0]})
    api.write(hearts, "finish", {})
    return [oh_hell, oh_seven, elevator, teams, two, pad, hearts]


def a_table_under_way(api: Api, games: list[Game]) -> tuple[str, str]:
    """A table (its id and token) holding a played game and one in progress, and two score
    pads (its statistics then hold score_pads)."""
    made = api.client.post("/api/v1/tables", json={"name": "Fuzz"}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    for game in [*games[:2], *games[5:7]]:
        api.client.post(f"/api/v1/tables/{table_id}/games", json={
            "game": game.id, "edit_token": game.token}, headers={"Authorization": f"Bearer {token}"})
        game.body = api.get(game)
    return table_id, token


def aim_at_a_real_table(case: Any, table: tuple[str, str], chance: random.Random) -> None:
    """Point most cases at the real table, most writes with its token."""
    if "table_id" not in (case.path_parameters or {}) or chance.random() < 0.1:
        return
    case.path_parameters["table_id"] = table[0]
    if case.method.upper() != "GET" and chance.random() < 0.85:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {table[1]}"}


def aim_at_a_real_game(case: Any, app: Flask, games: list[Game], chance: random.Random,
                       positive: bool) -> None:
    """Point most cases at a real game with its token; valid bodies get its version and one
    value per seat, so that some writes succeed and the game moves on."""
    if "game_id" not in (case.path_parameters or {}) or chance.random() < 0.1:
        return
    game = chance.choice(games)
    case.path_parameters["game_id"] = game.id
    if case.method.upper() == "GET":
        return
    if chance.random() < 0.85:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {game.token}"}
    if not positive or not isinstance(case.body, dict):
        return
    current = app.test_client().get(f"/api/v1/games/{game.id}").get_json()
    if "version" in case.body and chance.random() < 0.8:
        case.body["version"] = current["version"]
    seats = len(current["players"])
    sides = len(current["teams"] or current["players"])  # a score pad in pairs: per side
    for name, count in (("bids", seats), ("tricks", seats), ("points", sides)):
        values = case.body.get(name)
        if isinstance(values, list) and chance.random() < 0.8:
            case.body[name] = (values + [0] * count)[:count]


def valid_players(case: Any, chance: random.Random) -> None:
    """Half the new games get a player list their ruleset takes, so 201 answers are checked."""
    body = case.body
    if isinstance(body, dict) and body.get("ruleset") in MIN_PLAYERS and chance.random() < 0.5:
        count = MIN_PLAYERS[body["ruleset"]]
        body["players"] = [f"{name[:20]} {i}" for i, name in
                           enumerate((body.get("players") or []) + ["P"] * count)][:count]


def test_the_description_is_valid_openapi_3_1(app: Flask) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    schema.validate()
    # Every operation but the description itself, which schemathesis leaves out.
    assert sorted((o.ok().path, o.ok().method.upper()) for o in schema.get_all_operations()) == \
        sorted(OPERATIONS)


@pytest.mark.slow
@pytest.mark.parametrize("path, method, mode", [
    (path, method, mode) for path, method in OPERATIONS
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode.is_positive or method != "GET"  # a GET's only input is any string: nothing to negate
])
def test_every_answer_conforms(app: Flask, path: str, method: str, mode: GenerationMode) -> None:
    api = Api(app.test_client())
    games = games_under_way(api)
    table = a_table_under_way(api, games) if path.startswith("/tables/") else None
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operation = schema[path][method]
    checks = CHECKS if mode.is_positive else [*CHECKS, negative_data_rejection]

    @settings(max_examples=FEWER_EXAMPLES.get(path, EXAMPLES), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode))
    def answer_conforms(case: Any) -> None:
        chance = random.Random(repr(case.body) + repr(case.path_parameters))
        aim_at_a_real_game(case, app, games, chance, positive=mode.is_positive)
        if table is not None and method != "DELETE":  # a deleted table would be gone for the rest
            aim_at_a_real_table(case, table, chance)
        if mode.is_positive and path == "/games":
            valid_players(case, chance)
        # Answers are compressed when the client accepts it; schemathesis' WSGI transport does
        # not undo a Content-Encoding as every HTTP client does, so ask for the plain body.
        case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
        case.call_and_validate(checks=checks)

    answer_conforms()
