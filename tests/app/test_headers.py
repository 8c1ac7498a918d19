"""Security headers on every kind of response, and cookies marked Secure exactly over HTTPS."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from companion.security import CONTENT_SECURITY_POLICY

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
    cookies = [v for v in response.headers.getlist("Set-Cookie") if v.startswith("session=")]
    assert len(cookies) == 1, cookies
    return cookies[0]


def test_cookie_over_http_is_httponly_lax_and_not_secure(client: FlaskClient) -> None:
    cookie = _session_cookie(client.get("/offline"))
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie
    assert "Secure" not in cookie


def test_cookie_over_https_is_secure_and_hsts_is_sent(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/offline", base_url="https://localhost")
    cookie = _session_cookie(response)
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    # The same server, the next request over plain HTTP: neither.
    response = app.test_client().get("/offline")
    assert "Secure" not in _session_cookie(response)
    assert "Strict-Transport-Security" not in response.headers


def test_force_https_marks_cookies_secure_even_over_http(make_app: Callable[..., Flask]) -> None:
    response = make_app(FORCE_HTTPS=True).test_client().get("/offline")
    assert "Secure" in _session_cookie(response)
    assert "Strict-Transport-Security" in response.headers


def test_trust_proxy_takes_the_scheme_from_x_forwarded_proto(make_app: Callable[..., Flask]) -> None:
    app = make_app(TRUST_PROXY=True)

    @app.get("/api/test-remote-address")
    def remote_address() -> dict[str, object]:
        from flask import request

        return {"address": request.remote_addr, "secure": request.is_secure}

    client = app.test_client()
    response = client.get("/offline", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in _session_cookie(response)
    assert "Strict-Transport-Security" in response.headers
    # One hop only: the address the proxy saw, not what the client claimed before it.
    answer = client.get(
        "/api/test-remote-address",
        headers={"X-Forwarded-For": "203.0.113.9, 198.51.100.7", "X-Forwarded-Proto": "https"},
    ).get_json()
    assert answer == {"address": "198.51.100.7", "secure": True}


def test_without_trust_proxy_x_forwarded_proto_is_ignored(client: FlaskClient) -> None:
    response = client.get("/offline", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" not in _session_cookie(response)
    assert "Strict-Transport-Security" not in response.headers
