"""CSRF: every form post carries the session's token, as a field or as htmx's X-CSRFToken header."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def guarded(make_app: Callable[..., Flask]) -> Flask:
    return make_app(WTF_CSRF_ENABLED=True)


def _token(client: FlaskClient, base_url: str = "http://localhost") -> str:
    page = client.get("/offline", base_url=base_url).get_data(as_text=True)
    meta = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert meta, "base.html has no csrf-token meta"
    # The switcher's forms carry the same token as a field, for browsers without JavaScript.
    assert f'name="csrf_token" value="{meta.group(1)}"' in page
    return meta.group(1)


def test_a_post_without_the_token_is_refused(guarded: Flask) -> None:
    client = guarded.test_client()
    _token(client)
    response = client.post("/language", data={"lang": "fr", "next": "/"})
    assert response.status_code == 400
    assert "text/html" in response.content_type
    assert "expired" in response.get_data(as_text=True)  # the friendly page, not a stack trace
    with client.session_transaction() as session:
        assert "lang" not in session


def test_a_wrong_token_is_refused(guarded: Flask) -> None:
    client = guarded.test_client()
    _token(client)
    response = client.post("/language", data={"lang": "fr"}, headers={"X-CSRFToken": "forged"})
    assert response.status_code == 400


def test_the_header_htmx_sends_passes(guarded: Flask) -> None:
    client = guarded.test_client()
    token = _token(client)
    response = client.post("/language", data={"lang": "fr", "next": "/"}, headers={"X-CSRFToken": token})
    assert response.status_code == 303
    with client.session_transaction() as session:
        assert session["lang"] == "fr"


def test_the_form_field_passes_without_javascript(guarded: Flask) -> None:
    client = guarded.test_client()
    token = _token(client)
    response = client.post("/language", data={"lang": "it", "csrf_token": token})
    assert response.status_code == 303


def test_over_https_the_same_origin_referrer_passes_and_none_fails(guarded: Flask) -> None:
    # Flask-WTF checks the Referer over HTTPS; Referrer-Policy: same-origin still sends it.
    client = guarded.test_client()
    token = _token(client, "https://localhost")
    headers = {"X-CSRFToken": token}
    refused = client.post("/language", data={"lang": "fr"}, headers=headers, base_url="https://localhost")
    assert refused.status_code == 400
    accepted = client.post(
        "/language", data={"lang": "fr"}, base_url="https://localhost",
        headers={**headers, "Referer": "https://localhost/offline"},
    )
    assert accepted.status_code == 303


def test_the_token_never_expires_during_a_long_game(app: Flask) -> None:
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
