"""The production server's 431 (a request's headers too large, companion/server/worker.py) says
what it is: headers, not "the body is larger than 64 KiB"; in the API's error shape under /api,
on the app's translated page elsewhere. Drawn by ``app_error`` as the worker draws it, without
starting a server (tests/server/test_error_answers.py does, for every refusal)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from flask import Flask
from werkzeug.test import EnvironBuilder

from companion.http.security import HEADERS
from companion.server.worker import app_error


def _refused(app: Flask, path: str, language: str = "en") -> tuple[str, dict[str, str], str]:
    environ = EnvironBuilder(path=path, headers={"Accept-Language": language}).get_environ()
    status, headers, body = app_error(app, 431, environ)
    return status, dict(headers), body.decode()


def test_under_the_api_a_431_says_the_headers_are_too_large(
        make_app: Callable[..., Flask]) -> None:
    status, headers, body = _refused(make_app(), "/api/v1/rulesets")
    assert status == "431 Request Header Fields Too Large"
    assert headers["Content-Type"] == "application/json"
    assert all(headers[name] == value for name, value in HEADERS.items())  # the app's answer
    error = json.loads(body)["error"]
    assert error == {"code": "too-large", "message": "The request headers are too large.",
                     "field": None}


@pytest.mark.parametrize("language, words", [
    ("en", "This request's headers are too large"),
    ("fr", "Les en-têtes de cette requête sont trop grands"),
    ("it", "Le intestazioni di questa richiesta sono troppo grandi"),
])
def test_a_pages_431_says_the_headers_are_too_large_in_the_visitors_language(
        make_app: Callable[..., Flask], language: str, words: str) -> None:
    status, headers, body = _refused(make_app(), "/new", language)
    assert status.startswith("431 ")
    assert headers["Content-Type"].startswith("text/html")
    assert all(headers[name] == value for name, value in HEADERS.items())
    assert words in body.replace("&#39;", "'")
    assert "What was sent is too large" not in body
