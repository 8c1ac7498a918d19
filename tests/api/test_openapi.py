"""The OpenAPI description names exactly the routes the server has, with their methods, and
every body it describes as closed is closed on the server too."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from .client import Api

PREFIX = "/api/v1"


def served_operations(app: Flask) -> set[tuple[str, str]]:
    operations = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith(PREFIX + "/"):
            path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule[len(PREFIX):])
            operations |= {(path, m.lower()) for m in rule.methods or () if m not in ("HEAD", "OPTIONS")}
    return operations


def test_description_names_every_route_and_method(app: Flask, client: FlaskClient) -> None:
    response = client.get(f"{PREFIX}/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    description = response.get_json()
    assert description["openapi"].startswith("3.1")
    assert description["servers"] == [{"url": PREFIX}]
    described = {(path, method) for path, item in description["paths"].items() for method in item}
    assert described == served_operations(app)
    assert description["components"]["securitySchemes"]["edit_token"] == {
        "type": "http", "scheme": "bearer",
        "description": description["components"]["securitySchemes"]["edit_token"]["description"]}


def test_writes_need_the_token_and_document_every_status(client: FlaskClient) -> None:
    paths = client.get(f"{PREFIX}/openapi.json").get_json()["paths"]
    for path, item in paths.items():
        for method, operation in item.items():
            writes = (method in ("post", "put", "patch", "delete")
                      and path not in ("/games", "/tables", "/tables/import"))
            assert ("security" in operation) == writes, (path, method)
            # Every operation that reaches the database: 503 while it cannot be reached.
            assert ("503" in operation["responses"]) == (path not in ("/openapi.json",
                                                                      "/rulesets")), path
            if "503" in operation["responses"]:
                assert "Retry-After" in operation["responses"]["503"]["headers"], path
            # Every write: 507 when the disk is full (nothing written, not to send again).
            assert ("507" in operation["responses"]) == (method != "get"), (path, method)
            if method == "delete":
                assert set(operation["responses"]) == {"204", "401", "403", "404", "503", "507"}
            elif path == "/tables/{table_id}/games":  # a join: 409 when its game kept moving
                assert set(operation["responses"]) == {"200", "400", "401", "403", "404",
                                                       "409", "413", "422", "429", "503", "507"}
            elif writes and path.startswith("/tables"):  # no version: no 409; limited
                assert set(operation["responses"]) == {"200", "400", "401", "403", "404",
                                                       "413", "422", "429", "503", "507"}
            elif writes:
                assert set(operation["responses"]) == {"200", "400", "401", "403", "404", "409",
                                                       "413", "422", "503", "507"}
                schema = operation["responses"]["409"]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Conflict"}
    game = paths["/games/{game_id}"]["get"]["responses"]
    assert set(game) == {"200", "304", "404", "503"}
    assert set(game["200"]["headers"]) == {"ETag", "Cache-Control"}
    assert set(paths["/games"]["post"]["responses"]) == {"201", "400", "401", "403", "413", "422",
                                                         "429", "503", "507"}
    assert set(paths["/tables/import"]["post"]["responses"]) == {"201", "400", "413", "422",
                                                                 "429", "503", "507"}


def test_closed_bodies_refuse_unknown_fields(api: Api, client: FlaskClient) -> None:
    schemas = client.get(f"{PREFIX}/openapi.json").get_json()["components"]["schemas"]
    for name in ("NewGame", "BidsBody", "TricksBody", "HandBody", "UndoBody", "CardBid",
                 "PointsBody", "FinishBody"):
        assert schemas[name]["additionalProperties"] is False, name
    response = client.post(f"{PREFIX}/games", json={"ruleset": "oh-hell", "players": ["A", "B", "C"],
                                                    "surprise": 1})
    assert response.status_code == 400
    game = api.create("seven-up", ["Ana", "Ben"])
    for path, body in (("bids", {"bids": [1, 1]}), ("tricks", {"tricks": [1, 1]}),
                       ("hands", {"jacks_turned": 0, "beg": "stand", "high": None, "low": None,
                                  "jack": None, "game": 0}),
                       ("undo", {}), ("rounds/1", {"game": 0})):
        method = "PUT" if path.startswith("rounds") else "POST"
        response = api.send(game, path, {"version": 1, **body, "surprise": 1}, method=method)
        assert response.status_code == 400
        assert response.get_json()["error"]["field"] == "surprise"
