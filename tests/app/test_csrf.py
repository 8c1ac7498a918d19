"""CSRF, with the check on as in production: every form post carries the session's token, as a
field or as htmx's X-CSRFToken header, and a post without it changes nothing.

The example forms are "Forget on this phone" on the home page, the new-game form and a bid. The
language switcher is the one post without a token: it is refused when the browser says it came
from another site (``Sec-Fetch-Site``, else ``Origin``), with the same answer as a forged form.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store
from tests.api.client import Api

FOREIGN = "https://evil.example"


@pytest.fixture
def guarded(make_app: Callable[..., Flask]) -> Flask:
    return make_app(WTF_CSRF_ENABLED=True)


def _listed(client: FlaskClient) -> str:
    """A game on this phone's list (opened by its share link): what "Forget" takes off it."""
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    assert client.get(f"/g/{game.id}").status_code == 200
    return game.id


def _token(client: FlaskClient, base_url: str = "http://localhost") -> str:
    page = client.get("/", base_url=base_url).get_data(as_text=True)
    meta = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert meta, "base.html has no csrf-token meta"
    # The forget forms carry the same token as a field, for browsers without JavaScript.
    assert f'name="csrf_token" value="{meta.group(1)}"' in page
    return meta.group(1)


def _recent(client: FlaskClient) -> list[str]:
    with client.session_transaction() as session:
        return list(session.get("recent", []))


def test_a_post_without_the_token_is_refused(guarded: Flask) -> None:
    client = guarded.test_client()
    game_id = _listed(client)
    _token(client)
    response = client.post(f"/g/{game_id}/forget")
    assert response.status_code == 400
    assert "text/html" in response.content_type
    assert "expired" in response.get_data(as_text=True)  # the friendly page, not a stack trace
    assert _recent(client) == [game_id]


def test_a_wrong_token_is_refused(guarded: Flask) -> None:
    client = guarded.test_client()
    game_id = _listed(client)
    _token(client)
    response = client.post(f"/g/{game_id}/forget", headers={"X-CSRFToken": "forged"})
    assert response.status_code == 400
    assert _recent(client) == [game_id]


def test_the_header_htmx_sends_passes(guarded: Flask) -> None:
    client = guarded.test_client()
    game_id = _listed(client)
    token = _token(client)
    response = client.post(f"/g/{game_id}/forget",
                           headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert response.status_code == 200
    assert _recent(client) == []


def test_the_form_field_passes_without_javascript(guarded: Flask) -> None:
    client = guarded.test_client()
    game_id = _listed(client)
    token = _token(client)
    response = client.post(f"/g/{game_id}/forget", data={"csrf_token": token})
    assert response.status_code == 303
    assert _recent(client) == []


def test_over_https_the_same_origin_referrer_passes_and_none_fails(guarded: Flask) -> None:
    # Flask-WTF checks the Referer over HTTPS; Referrer-Policy: same-origin still sends it.
    client = guarded.test_client()
    game_id = _listed(client)
    token = _token(client, "https://localhost")
    headers = {"X-CSRFToken": token}
    refused = client.post(f"/g/{game_id}/forget", headers=headers, base_url="https://localhost")
    assert refused.status_code == 400
    accepted = client.post(
        f"/g/{game_id}/forget", base_url="https://localhost",
        headers={**headers, "Referer": "https://localhost/"},
    )
    assert accepted.status_code == 303


def test_the_token_never_expires_during_a_long_game(app: Flask) -> None:
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None


def _field_token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found.group(1)


def test_a_game_s_forms_need_the_token(guarded: Flask) -> None:
    phone = guarded.test_client()
    form = {"ruleset": "oh-hell", "first_dealer": "0",
            "players-0": "Ana", "players-1": "Ben", "players-2": "Cleo"}
    assert phone.post("/new", data=form).status_code == 400
    token = _field_token(phone.get("/new").get_data(as_text=True))
    created = phone.post("/new", data={**form, "csrf_token": token})
    assert created.status_code == 303
    game_url = created.headers["Location"]
    game_id = game_url.rsplit("/", 1)[1]
    page = phone.get(game_url).get_data(as_text=True)
    bid_form = page.split('class="bid-form"')[1]
    token = _field_token(bid_form)
    assert phone.post(f"{game_url}/bid", data={"version": 1, "seat": 1, "bid": 2}).status_code == 400
    with guarded.app_context():
        assert store.load_game(game_id).version == 1
    ok = phone.post(f"{game_url}/bid", data={"version": 1, "seat": 1, "bid": 2,
                                             "csrf_token": token})
    assert ok.status_code == 303
    htmx = phone.post(f"{game_url}/bid", data={"version": 2, "seat": 2, "bid": 1},
                      headers={"HX-Request": "true", "X-CSRFToken": token})
    assert htmx.status_code == 200
    with guarded.app_context():
        assert store.load_game(game_id).state.current.bids == (None, 2, 1)


# --- the language switcher: no token, its origin checked -------------------------------------


def _language(client: FlaskClient) -> str | None:
    with client.session_transaction() as session:
        return session.get("lang")


def test_the_switcher_carries_no_token(guarded: Flask) -> None:
    page = guarded.test_client().get("/offline").get_data(as_text=True)
    switcher = page.split('<nav class="lang-switcher"')[1].split("</nav>")[0]
    assert switcher.count("<form") == 3 and 'method="post"' in switcher
    assert "csrf_token" not in switcher


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},  # a browser, without JS
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost", "HX-Request": "true"},
    {"Sec-Fetch-Site": "none"},  # the person's own doing (a bookmark, the address bar)
    {"Origin": "http://localhost"},  # a browser that sends no Sec-Fetch-Site
    {"Origin": "http://LOCALHOST"},
    {},  # no browser at all: nothing another site could lead it into
])
def test_a_language_change_from_this_site_passes(guarded: Flask, headers: dict[str, str]) -> None:
    client = guarded.test_client()
    client.get("/offline")
    response = client.post("/language", data={"lang": "fr", "next": "/offline"}, headers=headers)
    assert response.status_code == 303 and response.headers["Location"] == "/offline"
    assert _language(client) == "fr"
    assert '<html lang="fr">' in client.get("/offline").get_data(as_text=True)


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site", "Origin": FOREIGN},
    {"Sec-Fetch-Site": "same-site", "Origin": "http://games.localhost"},
    {"Sec-Fetch-Site": "cross-site"},
    # A browser's word wins over an Origin that could be this site's.
    {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},
    {"Origin": FOREIGN},  # a browser that sends no Sec-Fetch-Site
    {"Origin": "http://localhost.evil.example"},
    {"Origin": "null"},  # a sandboxed frame, a page opened from a file
    {"Origin": FOREIGN, "HX-Request": "true"},
])
def test_a_language_change_from_another_site_is_refused(guarded: Flask,
                                                        headers: dict[str, str]) -> None:
    client = guarded.test_client()
    client.get("/offline")
    response = client.post("/language", data={"lang": "fr", "next": "/offline"}, headers=headers)
    assert response.status_code == 400
    assert "text/html" in response.content_type
    assert "another site" in response.get_data(as_text=True)  # the friendly page of a forgery
    assert _language(client) is None


def test_over_https_a_language_change_passes_from_this_site_only(guarded: Flask) -> None:
    client = guarded.test_client()
    https = {"base_url": "https://localhost"}
    client.get("/offline", **https)
    refused = client.post("/language", data={"lang": "it"}, headers={"Origin": FOREIGN}, **https)
    assert refused.status_code == 400 and _language(client) is None
    accepted = client.post("/language", data={"lang": "it"},
                           headers={"Origin": "https://localhost"}, **https)
    assert accepted.status_code == 303 and _language(client) == "it"
