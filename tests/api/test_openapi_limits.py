"""The description says what the server refuses, so that a client built from it is never
surprised: names are never empty (``minLength: 1``), and every integer a body holds has the
``maximum`` past which a whole number written as a JSON float (``1e16``, an integer to JSON
Schema) is refused."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from companion.api.bodies import WHOLE_DIGITS
from companion.api.openapi import WHOLE_MAX, description

from .client import Api

BODIES = ("NewGame", "BidsBody", "TricksBody", "HandBody", "UndoBody", "RoundBody", "CardBid")


def _integers(schema: Any, schemas: dict[str, Any], seen: set[str]) -> list[dict[str, Any]]:
    """Every integer schema reachable from ``schema`` (following $ref)."""
    found: list[dict[str, Any]] = []
    if isinstance(schema, dict):
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[1]
            if name not in seen:
                seen.add(name)
                found += _integers(schemas[name], schemas, seen)
        kind = schema.get("type")
        if kind == "integer" or (isinstance(kind, list) and "integer" in kind):
            found.append(schema)
        for value in schema.values():
            found += _integers(value, schemas, seen)
    elif isinstance(schema, list):
        for value in schema:
            found += _integers(value, schemas, seen)
    return found


def test_every_integer_of_a_body_has_its_maximum() -> None:
    schemas = description()["components"]["schemas"]
    for body in BODIES:
        integers = _integers(schemas[body], schemas, set())
        assert integers, body
        for schema in integers:
            assert schema.get("maximum") == WHOLE_MAX, (body, schema)
    assert WHOLE_MAX == 10**WHOLE_DIGITS - 1
    number = description()["paths"]["/games/{game_id}/rounds/{number}"]["put"]["parameters"][1]
    assert number["schema"]["maximum"] == WHOLE_MAX


def test_names_are_never_empty() -> None:
    players = description()["components"]["schemas"]["NewGame"]["properties"]["players"]
    assert players["items"] == {"type": "string", "minLength": 1}


def test_the_server_agrees(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=0)
    # The largest whole number written as a float is read as an integer: a stale version.
    at_most = api.send(game, "undo", {"version": float(WHOLE_MAX)})
    assert at_most.status_code == 409, at_most.get_json()
    past = client.post(f"/api/v1/games/{game.id}/undo", data=f'{{"version": {WHOLE_MAX + 1}.0}}',
                       content_type="application/json",
                       headers={"Authorization": f"Bearer {game.token}"})
    assert past.status_code == 400 and past.get_json()["error"]["field"] == "version"
    empty = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": ["", "Ben", "Cleo"]})
    assert empty.status_code == 422
