"""Bodies at the edges of JSON: nested any depth in any field, integers written as floats, other
encodings than UTF-8. Each gets a clean answer in the API's shape, never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from .client import Api, Game
from .test_robustness import assert_error

HAND = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 1, "jack": None, "game": 0}


def nested(depth: int, kind: str) -> str:
    """A JSON value ``depth`` containers deep: lists, or objects of one field."""
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a": ' * depth + "0" + "}" * depth


def with_value(body: dict[str, Any], field: str, value: str) -> str:
    """``body`` as JSON text, with ``value`` (JSON text) as ``field``."""
    return json.dumps({**body, field: "@value@"}).replace('"@value@"', value)


def games(api: Api) -> dict[str, Game]:
    return {"oh-hell": api.create("oh-hell", ["Ana", "Ben", "Cleo"]),
            "oh-seven": api.create("oh-seven", ["Ana", "Ben"]),
            "seven-up": api.create("seven-up", ["Ana", "Ben"])}


#: Every endpoint that reads a body, the game it writes to, a good body and the fields it reads.
ENDPOINTS: list[tuple[str, str | None, str, dict[str, Any]]] = [
    ("POST", None, "", {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "first_dealer": 0,
                        "options": {}}),
    ("POST", "oh-hell", "bids", {"bids": [None, 1, None]}),
    ("POST", "oh-seven", "bids", {"bids": [{"value": 1, "suit": "clubs"}] * 2}),
    ("POST", "oh-hell", "tricks", {"tricks": [0, 0, 0]}),
    ("POST", "seven-up", "hands", {**HAND, "redeal": False}),
    ("POST", "oh-hell", "undo", {}),
    ("PUT", "seven-up", "rounds/1", {**HAND, "bids": None, "tricks": None}),
]


def send(client: FlaskClient, game: Game | None, method: str, path: str, text: str) -> Any:
    url = "/api/v1/games" + (f"/{game.id}/{path}" if game else "")
    headers = {"Authorization": f"Bearer {game.token}"} if game else {}
    return client.open(url, method=method, data=text, content_type="application/json",
                       headers=headers)


@pytest.mark.parametrize("kind", ["list", "object"])
@pytest.mark.parametrize("method, ruleset, path, body", ENDPOINTS)
def test_any_nesting_in_any_field_is_400(api: Api, client: FlaskClient, method: str,
                                         ruleset: str | None, path: str, body: dict[str, Any],
                                         kind: str) -> None:
    played = games(api)
    game = played[ruleset] if ruleset else None
    if game and path.startswith("rounds/"):
        api.write(game, "hands", HAND)
    fields = [*body, "version"] if game else list(body)
    for field in fields:
        good = {**body, "version": game.version} if game else body
        for depth in (10, 100, 999, 1000, 1001, 5000):
            response = send(client, game, method, path, with_value(good, field, nested(depth, kind)))
            assert_error(response, 400, "invalid")
        # Inside a list of values, too.
        if isinstance(body.get(field), list):
            inner = json.dumps(good[field][1:]).lstrip("[")
            text = with_value(good, field, "[" + nested(1000, kind) + ("," + inner if inner != "]" else "]"))
            assert_error(send(client, game, method, path, text), 400, "invalid")


@pytest.mark.parametrize("kind", ["list", "object"])
def test_every_depth_near_the_recursion_limit_is_400(api: Api, client: FlaskClient,
                                                     kind: str) -> None:
    """About 980 deep, ``repr`` of the value used to raise RecursionError (a 500) where the
    parser had not: every depth around Python's recursion limit, in every Seven-Up point."""
    game = api.create("seven-up", ["Ana", "Ben"])
    for field in ("high", "low", "jack", "game"):
        for depth in range(900, 1010):
            text = with_value({**HAND, "version": game.version}, field, nested(depth, kind))
            assert_error(send(client, game, "POST", "hands", text), 400, "invalid")
    assert api.get(game)["version"] == 1


def test_shallow_nesting_is_named_in_the_message(api: Api) -> None:
    game = api.create("seven-up", ["Ana", "Ben"])
    error = api.refused(game, "hands", {**HAND, "high": [[1]]}, 400, "invalid")
    assert error["field"] == "high"
    assert "[[1]]" in error["message"]
    error = api.refused(game, "hands", {**HAND, "high": ["x" * 1000] * 50}, 400, "invalid")
    assert len(error["message"]) < 300  # the value is shown, cut short


# --- integers written as floats: the OpenAPI description (JSON Schema) counts 1.0 as an integer.

def test_integral_floats_are_integers_everywhere(api: Api, client: FlaskClient) -> None:
    response = client.post("/api/v1/games", json={
        "ruleset": "seven-up", "players": ["Ana", "Ben"], "first_dealer": 1.0,
        "options": {"target": 1e1}})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()["game"]
    assert created["options"]["target"] == 10 and created["current"]["dealer"] == 1
    seven_up = Game(created["id"], response.get_json()["edit_token"], created)
    hand = {"version": 1.0, "jacks_turned": 0.0, "beg": "stand", "high": 0.0, "low": 1.0,
            "jack": None, "game": 0.0}
    assert api.send(seven_up, "hands", hand).status_code == 200
    assert api.send(seven_up, "rounds/1", {**hand, "version": 2.0, "high": 1.0}, method="PUT").status_code == 200
    assert api.send(seven_up, "undo", {"version": 3e0}).status_code == 200

    oh_hell = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    body = api.send(oh_hell, "bids", {"version": 1.0, "bids": [0.0, 0.0, 0.0]}).get_json()
    assert body["current"]["bids"] == [0, 0, 0]
    cards = float(body["current"]["hand_size"])
    body = api.send(oh_hell, "tricks", {"version": 2.0, "tricks": [0.0, cards, 0.0]}).get_json()
    assert body["rounds"][0]["tricks"] == [0, int(cards), 0]
    oh_seven = api.create("oh-seven", ["Ana", "Ben"])
    card = {"value": 1.0, "suit": "clubs"}
    assert api.send(oh_seven, "bids", {"version": 1, "bids": [card, {**card, "value": 2.0}]}).status_code == 200


@pytest.mark.parametrize("number", ["1.5", "1.0000000000000001", "1e-400", "1e400", "-1e400",
                                    "1e999999999", "1e15", "NaN", "Infinity", "-Infinity", "true"])
def test_other_numbers_are_not_integers(api: Api, client: FlaskClient, number: str) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    text = with_value({"version": 1, "bids": [None, 1, None]}, "version", number)
    response = send(client, game, "POST", "bids", text)
    assert_error(response, 400, "invalid")
    if number in ("NaN", "Infinity", "-Infinity"):  # not JSON at all
        assert response.get_json()["error"]["field"] is None
    else:
        assert response.get_json()["error"]["field"] == "version"


# --- UTF-8 only (docs/api.md) ------------------------------------------------------------------------

NEW_GAME = {"ruleset": "oh-hell", "players": ["Ana", "Zoë", "Cleo"]}


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
                                      "latin-1"])
def test_bodies_in_other_encodings_are_400(client: FlaskClient, encoding: str) -> None:
    data = json.dumps(NEW_GAME, ensure_ascii=False).encode(encoding)
    response = client.post("/api/v1/games", data=data, content_type="application/json")
    assert_error(response, 400, "invalid")


@pytest.mark.parametrize("charset", ["utf-16", "latin-1", "iso-8859-1"])
def test_a_charset_other_than_utf_8_is_400(client: FlaskClient, charset: str) -> None:
    response = client.post("/api/v1/games", data=json.dumps(NEW_GAME),
                           content_type=f"application/json; charset={charset}")
    assert_error(response, 400, "invalid")


@pytest.mark.parametrize("charset", ["", "; charset=utf-8", "; charset=UTF-8", "; charset=us-ascii"])
def test_utf_8_is_accepted_with_or_without_its_byte_order_mark(client: FlaskClient,
                                                               charset: str) -> None:
    data = json.dumps(NEW_GAME, ensure_ascii=False).encode()
    for body in (data, b"\xef\xbb\xbf" + data):
        response = client.post("/api/v1/games", data=body, content_type="application/json" + charset)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["game"]["players"][1]["name"] == "Zoë"


def test_messages_show_values_as_json_writes_them(client: FlaskClient) -> None:
    """The client sent JSON: a message says null, true, "4", never Python's None, True, '4'."""
    def message(body: dict[str, Any]) -> str:
        return str(client.post("/api/v1/games", json=body).get_json()["error"]["message"])

    passing = message({"ruleset": "oh-seven", "players": ["Ana", "Ben"],
                       "options": {"card_passing": "yes"}})
    assert 'may not be "yes": choose one of false, true' in passing, passing
    game = client.post("/api/v1/games", json={"ruleset": "oh-hell",
                                              "players": ["Ana", "Ben", "Cleo"]}).get_json()
    refused = client.post(f"/api/v1/games/{game['game']['id']}/bids",
                          json={"version": 1, "bids": [True, None, None]},
                          headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert "true" in refused.get_json()["error"]["message"], refused.get_json()
    assert "True" not in refused.get_json()["error"]["message"]
