"""What the production server answers by itself (a request it cannot hand to the app) is the
app's answer all the same: JSON in the API's error shape under /api, the app's error page
elsewhere, each with the app's security headers; a body that stalls is cut off after the
deadline with a 408, a chunked body cut off midway is a 400, never a 500."""

from __future__ import annotations

import json

import pytest

from companion.http.security import HEADERS

from .running import Running, raw

pytestmark = pytest.mark.server


def _request(line: str, *headers: str) -> bytes:
    return ("\r\n".join([line, "Host: 127.0.0.1", *headers]) + "\r\n\r\n").encode("latin-1")


LONG = "a" * 9000
CASES = [
    # (what, request bytes, status)
    ("a request line over 8,190 bytes", _request(f"GET /api/v1/games/{LONG} HTTP/1.1"), 414),
    ("headers too large", _request("GET /api/v1/rulesets HTTP/1.1", f"X-Big: {LONG}"), 431),
    ("a control byte in a header", _request("GET /api/v1/rulesets HTTP/1.1", "X-Bad: a\x01b"), 400),
    ("a header name with a space", _request("GET /api/v1/rulesets HTTP/1.1", "X Bad: 1"), 400),
    ("a malformed request line", _request("GET /api/v1/rulesets HTTP/9"), 400),
]


@pytest.mark.parametrize(("what", "data", "status"), CASES, ids=[c[0] for c in CASES])
def test_under_the_api_the_server_answers_json(server: Running, what: str, data: bytes,
                                               status: int) -> None:
    got, headers, body = raw(server.port, data)
    assert got == status, body
    assert headers["content-type"] == "application/json"
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message", "field"}
    assert error["code"] == ("too-large" if status in (413, 414, 431) else "invalid")
    for name, value in HEADERS.items():
        assert headers[name.lower()] == value, name


@pytest.mark.parametrize(("what", "data", "status"), CASES[:3], ids=[c[0] for c in CASES[:3]])
def test_elsewhere_the_server_answers_the_apps_error_page(server: Running, what: str, data: bytes,
                                                          status: int) -> None:
    page = data.replace(b"/api/v1/games/", b"/g/").replace(b"/api/v1/rulesets", b"/new")
    got, headers, body = raw(server.port, page)
    assert got == status
    assert headers["content-type"].startswith("text/html")
    assert b"error-page" in body and b"<h1" in body
    for name, value in HEADERS.items():
        assert headers[name.lower()] == value, name


def test_the_error_page_speaks_the_readers_language(server: Running) -> None:
    got, _, body = raw(server.port, _request("GET /new HTTP/1.1", "Accept-Language: fr",
                                             "X-Bad: a\x01b"))
    assert got == 400
    assert b'lang="fr"' in body


def test_a_long_line_under_the_limit_is_still_the_apps_404(server: Running) -> None:
    got, _, body = raw(server.port, _request(f"GET /api/v1/games/{'a' * 8000} HTTP/1.1",
                                             "Connection: close"))
    assert got == 404 and json.loads(body)["error"]["code"] == "not-found"


def test_a_chunked_body_cut_off_midway_is_a_400(server: Running) -> None:
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
        s.sendall(_request("POST /api/v1/games HTTP/1.1", "Content-Type: application/json",
                           "Transfer-Encoding: chunked") + b'5\r\n{"rul')
        s.shutdown(socket.SHUT_WR)
        answer = b""
        while more := s.recv(65536):
            answer += more
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["code"] == "invalid"
