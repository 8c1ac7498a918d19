"""Errors: JSON in docs/api.md's shape under /api/, a friendly translated page elsewhere."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask, abort, request
from flask.testing import FlaskClient
from werkzeug.exceptions import TooManyRequests


@pytest.fixture
def failing(make_app: Callable[..., Flask]) -> Flask:
    """The app with extra routes that fail on purpose, under /api/ and elsewhere."""
    app = make_app(PROPAGATE_EXCEPTIONS=False)

    def boom() -> str:
        raise RuntimeError("a bug")

    def bad() -> str:
        abort(400)

    def forbidden() -> str:
        abort(403)

    def limited() -> str:
        raise TooManyRequests(retry_after=60)

    def upload() -> str:
        return str(len(request.get_data()))

    for prefix in ("/api/test", "/test"):
        app.add_url_rule(f"{prefix}/boom", f"{prefix}-boom", boom)
        app.add_url_rule(f"{prefix}/bad", f"{prefix}-bad", bad)
        app.add_url_rule(f"{prefix}/forbidden", f"{prefix}-forbidden", forbidden)
        app.add_url_rule(f"{prefix}/limited", f"{prefix}-limited", limited)
        app.add_url_rule(f"{prefix}/upload", f"{prefix}-upload", upload, methods=["POST"])
    return app


CASES = [
    ("GET", "bad", 400, "invalid"),
    ("GET", "forbidden", 403, "forbidden"),
    ("GET", "no-such-thing", 404, "not-found"),
    ("DELETE", "boom", 405, "method-not-allowed"),
    ("POST", "upload", 413, "too-large"),
    ("GET", "limited", 429, "rate-limited"),
    ("GET", "boom", 500, "server-error"),
]


@pytest.mark.parametrize(("method", "name", "status", "code"), CASES)
def test_api_errors_are_json(failing: Flask, method: str, name: str, status: int, code: str) -> None:
    response = failing.test_client().open(
        f"/api/test/{name}", method=method, data=b"x" * (65 * 1024) if method == "POST" else None
    )
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert body["error"]["field"] is None
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert "a bug" not in body["error"]["message"]  # never the exception's own words


@pytest.mark.parametrize(("method", "name", "status", "code"), CASES)
def test_page_errors_are_friendly_pages(failing: Flask, method: str, name: str, status: int, code: str) -> None:
    response = failing.test_client().open(
        f"/test/{name}", method=method, data=b"x" * (65 * 1024) if method == "POST" else None
    )
    assert response.status_code == status
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert '<a class="btn btn-primary" href="/">' in page
    assert "Traceback" not in page and "a bug" not in page


def test_what_the_error_says_about_itself_is_kept(failing: Flask) -> None:
    client = failing.test_client()
    assert client.get("/api/test/limited").headers["Retry-After"] == "60"
    assert "GET" in client.delete("/test/boom").headers["Allow"]


def test_unknown_api_routes_answer_json_404(client: FlaskClient) -> None:
    for path in ("/api/v1/no-such-route", "/api/v2/games", "/api/"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.get_json()["error"]["code"] == "not-found"


def test_unknown_pages_answer_a_translated_page(client: FlaskClient) -> None:
    response = client.get("/no/such/page", headers={"Accept-Language": "fr"})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert '<html lang="fr">' in page
    assert "<h1" in page and "404" in page
