"""Requests the router cannot take answer 400, never a 500 with a traceback: a malformed Host
(on every kind of path: pages, static files, the standings image, the API), and a request body
that breaks off halfway (a chunked body cut off, on every API write)."""

from __future__ import annotations

import io
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from gunicorn.http.errors import NoMoreData
from werkzeug.test import EnvironBuilder, run_wsgi_app

from tests.api.client import Api, Game
from tests.api.live import start_server, stop_server

#: A label over 63 characters, an empty label: IDNA cannot encode either.
BAD_HOSTS = ["a" * 64 + ".example", "a..b", "a..b:8000", "." + "b" * 64, "a" * 64]


@pytest.fixture
def game(client: FlaskClient) -> Game:
    return Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=0)


def _paths(game: Game) -> list[str]:
    return ["/", "/new", "/rules/oh-hell", "/offline", "/static/css/site.css",
            "/manifest.webmanifest", f"/g/{game.id}", f"/g/{game.id}/standings.png",
            f"/g/{game.id}/keep/{game.token}", "/nowhere", "/api/v1/rulesets",
            f"/api/v1/games/{game.id}", f"/api/v1/games/{game.id}/scores.csv"]


@pytest.mark.parametrize("host", BAD_HOSTS)
def test_a_malformed_host_is_a_400_everywhere(make_app: Any, host: str,
                                              caplog: pytest.LogCaptureFixture) -> None:
    # TESTING off: an error in the error page would be a 500 (or escape the app), as served.
    app: Flask = make_app(TESTING=False)
    client = app.test_client()
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=0)
    for path in _paths(game):
        response = client.get(path, headers={"Host": host})
        assert response.status_code == 400, (path, response.status_code)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert "Content-Security-Policy" in response.headers
        if path.startswith("/api/"):
            assert response.get_json()["error"]["code"] == "invalid"
        else:
            assert response.mimetype == "text/html"
            page = response.get_data(as_text=True)
            assert "Something is wrong with that request" in page
            assert game.token not in page
    for method in ("POST", "PUT"):
        response = client.open(f"/api/v1/games/{game.id}/bids", method=method,
                                json={"version": 1, "bids": [1, None, None]},
                                headers={"Host": host, "Authorization": f"Bearer {game.token}"})
        assert response.status_code in (400, 405)
    assert "Traceback" not in caplog.text and "Exception on" not in caplog.text


def test_a_good_host_still_works(client: FlaskClient, game: Game) -> None:
    for host in ("localhost", "localhost:8000", "192.168.1.20:8000", "[::1]:8000",
                 "companion.example", "xn--bcher-kva.example", "bücher.example"):
        assert client.get(f"/g/{game.id}", headers={"Host": host}).status_code == 200, host


# --- a body that breaks off -----------------------------------------------------------------


class CutOff(io.RawIOBase):
    """A chunked request body as gunicorn reads it when the client stops halfway: a few bytes,
    then gunicorn's own error."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.data:
            raise NoMoreData(b"")
        n = min(len(buffer), len(self.data))
        buffer[:n], self.data = self.data[:n], self.data[n:]
        return n


def _writes(game: Game) -> list[tuple[str, str, dict[str, Any]]]:
    return [("POST", "/api/v1/games", {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}),
            ("POST", f"/api/v1/games/{game.id}/bids", {"version": 1, "bids": [1, None, None]}),
            ("POST", f"/api/v1/games/{game.id}/tricks", {"version": 1, "tricks": [1, 0, 0]}),
            ("POST", f"/api/v1/games/{game.id}/hands", {"version": 1}),
            ("POST", f"/api/v1/games/{game.id}/undo", {"version": 1}),
            ("PUT", f"/api/v1/games/{game.id}/rounds/1", {"version": 1, "bids": [1, 0, 0]})]


def test_a_chunked_body_cut_off_is_a_400_on_every_write(make_app: Any,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    app: Flask = make_app(TESTING=False)
    game = Api(app.test_client()).create("oh-hell", ["Ana", "Ben", "Cleo"], first_dealer=0)
    for method, path, body in _writes(game):
        environ = EnvironBuilder(path=path, method=method, headers={
            "Content-Type": "application/json", "Transfer-Encoding": "chunked",
            "Authorization": f"Bearer {game.token}"}).get_environ()
        environ.pop("CONTENT_LENGTH", None)
        environ["wsgi.input"] = io.BufferedReader(CutOff(json.dumps(body).encode()[:10]))
        environ["wsgi.input_terminated"] = True  # as gunicorn says of a chunked body
        chunks, status, headers = run_wsgi_app(app, environ)
        answer = json.loads(b"".join(chunks))
        assert status.startswith("400"), (path, status, answer)
        assert answer["error"]["code"] == "invalid"
    assert "Traceback" not in caplog.text and "Exception on" not in caplog.text


def _status_of(port: int, head: str, body: bytes) -> bytes:
    """Send ``head`` and part of a chunked ``body``, close the sending side, read the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head.encode() + b"%x\r\n" % (len(body) + 40) + body)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer.split(b"\r\n", 1)[0]


@pytest.mark.server
def test_a_chunked_body_cut_off_on_a_real_server(tmp_path: Path) -> None:
    server = start_server(tmp_path, workers=1)
    try:
        port = int(server.url.rsplit(":", 1)[1])
        import urllib.request

        request = urllib.request.Request(
            server.url + "/api/v1/games", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}).encode())
        with urllib.request.urlopen(request, timeout=10) as response:
            created = json.loads(response.read())
        game = Game(created["game"]["id"], created["edit_token"], created["game"])
        for method, path, body in _writes(game):
            head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                    f"Authorization: Bearer {game.token}\r\n\r\n")
            assert _status_of(port, head, json.dumps(body).encode()[:10]).startswith(
                b"HTTP/1.1 400"), path
    finally:
        stop_server(server.process)
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in log and "Exception on" not in log, log
