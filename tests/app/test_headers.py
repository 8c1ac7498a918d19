"""Security headers on every kind of response, and cookies marked Secure exactly over HTTPS.

The headers are added as each response leaves the app (``security.SecurityHeaders``): the kinds
below cover every way an answer is made (a page, a 304 or 204 from the version alone, an error
page, a JSON error, a static file and its 304, a redirect after a post).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.http.security import CONTENT_SECURITY_POLICY
from tests.api.client import Api

EXPECTED = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}

# An HTML page, an error page, a static file, the PWA files, a JSON answer and a JSON error.
URLS = [
    "/offline",
    "/no-such-page",
    "/static/css/app.css",
    "/static/js/app.js",
    "/manifest.webmanifest",
    "/sw.js",
    "/api/v1/rulesets",
    "/api/v1/no-such-route",
]


@pytest.mark.parametrize("url", URLS)
def test_every_response_carries_the_security_headers(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (url, name)
    policy = response.headers["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy
    assert "Strict-Transport-Security" not in response.headers  # plain HTTP


def test_a_post_and_its_redirect_carry_them_too(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "fr", "next": "/offline"})
    assert response.status_code == 303
    for name, value in EXPECTED.items():
        assert response.headers[name] == value


def test_the_policy_allows_nothing_inline_or_evaluated() -> None:
    assert "unsafe" not in CONTENT_SECURITY_POLICY
    assert "*" not in CONTENT_SECURITY_POLICY
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"


def _session_cookie(response: TestResponse) -> str:
    """The session cookie a page sets (``/new``: its form makes the CSRF token; the offline
    page sets none, test_pwa.py)."""
    cookies = [v for v in response.headers.getlist("Set-Cookie") if v.startswith("session=")]
    assert len(cookies) == 1, cookies
    return cookies[0]


def test_cookie_over_http_is_httponly_lax_and_not_secure(client: FlaskClient) -> None:
    cookie = _session_cookie(client.get("/new"))
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Secure" not in cookie


def test_cookie_over_https_is_secure_and_hsts_is_sent(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/new", base_url="https://localhost")
    cookie = _session_cookie(response)
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    # The same server, the next request over plain HTTP: neither.
    response = app.test_client().get("/new")
    assert "Secure" not in _session_cookie(response)
    assert "Strict-Transport-Security" not in response.headers


def test_force_https_marks_cookies_secure_even_over_http(make_app: Callable[..., Flask]) -> None:
    response = make_app(FORCE_HTTPS=True).test_client().get("/new")
    assert "Secure" in _session_cookie(response)
    assert "Strict-Transport-Security" in response.headers


def test_trust_proxy_takes_the_scheme_from_x_forwarded_proto(make_app: Callable[..., Flask]) -> None:
    app = make_app(TRUST_PROXY=True)

    @app.get("/api/test-remote-address")
    def remote_address() -> dict[str, object]:
        from flask import request

        return {"address": request.remote_addr, "secure": request.is_secure}

    client = app.test_client()
    response = client.get("/new", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in _session_cookie(response)
    assert "Strict-Transport-Security" in response.headers
    # One hop only: the address the proxy saw, not what the client claimed before it.
    answer = client.get(
        "/api/test-remote-address",
        headers={"X-Forwarded-For": "203.0.113.9, 198.51.100.7", "X-Forwarded-Proto": "https"},
    ).get_json()
    assert answer == {"address": "198.51.100.7", "secure": True}


def test_without_trust_proxy_x_forwarded_proto_is_ignored(client: FlaskClient) -> None:
    response = client.get("/new", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in _session_cookie(response)
    assert "Strict-Transport-Security" not in response.headers


def _every_kind(client: FlaskClient, base_url: str = "http://localhost") -> dict[str, TestResponse]:
    """One response of every kind, by what it is."""
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    page = client.get(f"/g/{game.id}", base_url=base_url)
    api = client.get(f"/api/v1/games/{game.id}", base_url=base_url)
    static = client.get("/static/css/app.css", base_url=base_url)
    answers = {
        "game page 200": page,
        "game page 304": client.get(f"/g/{game.id}", base_url=base_url,
                                    headers={"If-None-Match": page.headers["ETag"]}),
        "live 204": client.get(f"/g/{game.id}/live?v={game.version}", base_url=base_url),
        "live 200": client.get(f"/g/{game.id}/live?v=0", base_url=base_url),
        "API 200": api,
        "API 304": client.get(f"/api/v1/games/{game.id}", base_url=base_url,
                              headers={"If-None-Match": api.headers["ETag"]}),
        "API 404": client.get("/api/v1/games/no-such-game", base_url=base_url),
        "page 404": client.get("/g/no-such-game", base_url=base_url),
        "page 405": client.post("/rules/oh-hell", base_url=base_url),
        "static 200": static,
        "static 304": client.get("/static/css/app.css", base_url=base_url,
                                 headers={"If-None-Match": static.headers["ETag"]}),
        "redirect 303": client.post("/language", data={"lang": "fr"}, base_url=base_url),
        "created 201": client.post("/api/v1/games", base_url=base_url,
                                   json={"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}),
    }
    statuses = {"200": 200, "304": 304, "204": 204, "404": 404, "405": 405, "303": 303, "201": 201}
    for kind, response in answers.items():
        assert response.status_code == statuses[kind.split()[-1]], kind
    return answers


def test_every_kind_of_response_carries_each_header_once(client: FlaskClient) -> None:
    for kind, response in _every_kind(client).items():
        for name, value in EXPECTED.items():
            assert response.headers.getlist(name) == [value], (kind, name)
        assert len(response.headers.getlist("Permissions-Policy")) == 1, kind
        # Ignored over plain HTTP, where Chromium logs an error for COOP on every page.
        assert "Cross-Origin-Opener-Policy" not in response.headers, kind
        assert "Strict-Transport-Security" not in response.headers, kind


def test_over_https_every_kind_carries_hsts_and_coop_too(client: FlaskClient) -> None:
    for kind, response in _every_kind(client, "https://localhost").items():
        assert response.headers.getlist("Strict-Transport-Security") == ["max-age=31536000"], kind
        assert response.headers.getlist("Cross-Origin-Opener-Policy") == ["same-origin"], kind
        assert response.headers["Content-Security-Policy"] == EXPECTED["Content-Security-Policy"]


def test_the_apps_policy_replaces_a_views_own(app: Flask) -> None:
    @app.get("/api/test-own-headers")
    def own_headers() -> tuple[str, int, dict[str, str]]:
        return "", 200, {"X-Frame-Options": "SAMEORIGIN", "content-security-policy": "default-src *"}

    response = app.test_client().get("/api/test-own-headers")
    assert response.headers.getlist("X-Frame-Options") == ["DENY"]
    assert response.headers.getlist("Content-Security-Policy") == [EXPECTED["Content-Security-Policy"]]


def test_answers_vary_by_what_they_depend_on(client: FlaskClient) -> None:
    answers = _every_kind(client)
    for kind, response in answers.items():
        vary = [part.strip() for part in response.headers.get("Vary", "").split(",")]
        assert len(vary) == len(set(vary)), (kind, vary)  # each once
        assert "Accept-Encoding" in vary, kind  # as Flask-Compress says on every answer
        if response.mimetype == "text/html":
            assert "Accept-Language" in vary, kind
    for kind in ("game page 200", "game page 304", "live 200"):
        assert "Cookie" in answers[kind].headers["Vary"], kind


def test_a_request_that_leaves_the_session_alone_writes_no_cookie(client: FlaskClient) -> None:
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    fresh = client.application.test_client()
    for url in (f"/api/v1/games/{game.id}", f"/g/{game.id}/live?v={game.version}",
                "/static/css/app.css", "/api/v1/rulesets"):
        response = fresh.get(url)
        assert response.status_code in (200, 204), url
        assert "Set-Cookie" not in response.headers, url
        assert "Cookie" not in response.headers.get("Vary", ""), url


def test_a_204_names_no_type(client: FlaskClient) -> None:
    """A 204 has no content, so no ``Content-Type``: the live poll's (still ``no-store`` and
    varying as the HTML it stands for), the redirect-follower's and a table's delete."""
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    live = client.get(f"/g/{game.id}/live?v={game.version}")
    followed = client.get("/", headers={"Companion-Follow": "1"})
    created = client.post("/api/v1/tables", json={"name": "Thursdays"}).get_json()
    deleted = client.delete(f"/api/v1/tables/{created['table']['id']}",
                            headers={"Authorization": f"Bearer {created['edit_token']}"})
    for kind, answer in {"live": live, "followed": followed, "deleted": deleted}.items():
        assert answer.status_code == 204, kind
        assert "Content-Type" not in answer.headers, kind
        assert answer.get_data() == b"", kind
    assert live.headers["Cache-Control"] == "no-store"
    assert "Accept-Language" in live.headers["Vary"]
