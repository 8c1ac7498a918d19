"""Languages: the session's choice, else the browser's, else English; the switcher; <html lang>."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import get_locale

from companion.http.i18n import safe_next


def _lang(client: FlaskClient, **headers: str) -> str:
    page = client.get("/offline", headers=headers).get_data(as_text=True)
    found = re.search(r'<html lang="([a-z]+)">', page)
    assert found
    return found.group(1)


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("it-IT", "it"),
        ("de-DE,it;q=0.5,fr;q=0.4", "it"),
        ("de-DE", "en"),
        ("", "en"),
    ],
)
def test_language_from_accept_language(client: FlaskClient, accept: str, expected: str) -> None:
    assert _lang(client, **{"Accept-Language": accept}) == expected


def test_the_switcher_choice_wins_over_the_browser(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "it", "next": "/offline?x=1"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/offline?x=1"
    assert _lang(client, **{"Accept-Language": "fr"}) == "it"
    client.post("/language", data={"lang": "en"})
    assert _lang(client, **{"Accept-Language": "fr"}) == "en"


def test_the_choice_outlives_the_browser_session(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "fr"})
    cookie = next(v for v in response.headers.getlist("Set-Cookie") if v.startswith("session="))
    assert "Expires=" in cookie


def test_an_unknown_language_is_refused(client: FlaskClient) -> None:
    assert client.post("/language", data={"lang": "de"}).status_code == 400
    assert client.post("/language", data={}).status_code == 400
    assert client.get("/language").status_code == 405


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/",
        "https://evil.example/",
        "http:evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "/\t/evil.example",
        "evil",
        "",
    ],
)
def test_next_never_leaves_the_site(client: FlaskClient, target: str) -> None:
    response = client.post("/language", data={"lang": "fr", "next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_next_keeps_a_path_on_this_site() -> None:
    assert safe_next("/g/abc") == "/g/abc"
    assert safe_next("/new?ruleset=oh-hell") == "/new?ruleset=oh-hell"
    assert safe_next(None) == "/"


def test_the_switcher_marks_the_current_language_and_comes_back_here(client: FlaskClient) -> None:
    page = client.get("/offline?from=test", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert re.search(r'value="fr" lang="fr" title="Français"\s*aria-current="true"', page)
    assert 'aria-current="true"' not in page.split('value="it"')[1].split("</button>")[0]
    assert 'name="next" value="/offline?from=test"' in page
    for code in ("en", "fr", "it"):
        assert f'name="lang" value="{code}"' in page


def test_the_locale_selector_outside_the_session(app: Flask) -> None:
    with app.test_request_context(headers={"Accept-Language": "it"}):
        assert str(get_locale()) == "it"


def test_html_pages_vary_by_language(client: FlaskClient) -> None:
    assert "Accept-Language" in client.get("/offline").headers["Vary"]
