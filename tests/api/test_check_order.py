"""The order of the checks on a write (docs/api.md): no such game or round (404), then the token
(401/403), then the body's shape (400), then the version (409), then the rules (422). Each
refusal changes nothing."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

from .client import Api
from .live import Server


def test_a_bad_shape_is_400_even_when_the_version_is_stale(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.write(game, "bids", {"bids": [None, 1, None]})
    old = game.version - 1
    for path, body in (("bids", {"bids": "x"}), ("tricks", {"tricks": "x"}),
                       ("bids", {"bids": [None, None, "2"]})):
        response = api.send(game, path, {"version": old, **body})
        assert response.status_code == 400, response.get_json()
        assert response.get_json()["error"]["code"] == "invalid"


def test_a_rule_broken_on_a_stale_version_is_409(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    api.write(game, "bids", {"bids": [None, 1, None]})
    response = api.send(game, "bids", {"version": game.version - 1, "bids": [None, None, 99]})
    assert response.status_code == 409
    assert response.get_json()["game"]["version"] == game.version


def test_an_unplayed_round_is_404_before_token_shape_or_version(api: Api) -> None:
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    for token, body in ((None, {"version": 1, "bids": [1, 1, 1], "tricks": [10, 0, 0]}),
                        ("", {"version": 99, "bids": [1, 1, 1], "tricks": [10, 0, 0]}),
                        ("", {"version": 1, "bids": "x", "tricks": [1]})):
        response = api.send(game, "rounds/99", body, token=token, method="PUT")
        assert response.status_code == 404, response.get_json()
        assert response.get_json()["error"]["code"] == "not-found"


@pytest.mark.parametrize("missing", ["jacks_turned", "beg", "high", "low", "jack", "game"])
def test_a_seven_up_hand_names_every_field(api: Api, missing: str) -> None:
    """docs/api.md: `{version, jacks_turned, beg, high, low, jack, game, redeal?}`."""
    game = api.create("seven-up", ["Ana", "Ben"])
    hand = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0, "jack": None, "game": 0}
    del hand[missing]
    error = api.refused(game, "hands", hand, 400, "invalid")
    assert error["field"] == missing


def send_chunked(server: Server, body: bytes) -> tuple[int, dict[str, object]]:
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    try:
        middle = len(body) // 2
        connection.request("POST", "/api/v1/games", body=iter([body[:middle], body[middle:]]),
                           headers={"Content-Type": "application/json"}, encode_chunked=True)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


@pytest.mark.server
def test_a_chunked_body_is_measured_as_it_is_read_on_a_real_server(server: Server) -> None:
    """A body sent in chunks has no Content-Length: over 64 KiB it is 413, not cut short."""
    game = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}
    status, answer = send_chunked(server, json.dumps(game).encode())
    assert status == 201, answer
    padded = {**game, "options": {"padding": "x" * 70_000}}
    status, answer = send_chunked(server, json.dumps(padded).encode())
    assert status == 413, answer
    assert answer["error"] == {"code": "too-large", "message": answer["error"]["message"],
                               "field": None}
