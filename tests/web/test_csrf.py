"""With CSRF on (as in production): every form carries the token; a post without it changes
nothing; htmx's X-CSRFToken header works too."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import store

from .conftest import HTMX, new_game_form


@pytest.fixture
def guarded(make_app: Callable[..., Flask]) -> Flask:
    return make_app(WTF_CSRF_ENABLED=True)


def _token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found.group(1)


def test_forms_need_the_token(guarded: Flask) -> None:
    phone: FlaskClient = guarded.test_client()
    form = new_game_form("oh-hell", ["Ana", "Ben", "Cleo"], 0)
    assert phone.post("/new", data=form).status_code == 400
    token = _token(phone.get("/new").get_data(as_text=True))
    created = phone.post("/new", data={**form, "csrf_token": token})
    assert created.status_code == 303
    game_url = created.headers["Location"]
    game_id = game_url.rsplit("/", 1)[1]
    page = phone.get(game_url).get_data(as_text=True)
    bid_form = page.split('class="bid-form"')[1]
    token = _token(bid_form)
    assert phone.post(f"{game_url}/bid", data={"version": 1, "seat": 1, "bid": 2}).status_code == 400
    with guarded.app_context():
        assert store.load_game(game_id).version == 1
    ok = phone.post(f"{game_url}/bid", data={"version": 1, "seat": 1, "bid": 2,
                                             "csrf_token": token})
    assert ok.status_code == 303
    htmx = phone.post(f"{game_url}/bid", data={"version": 2, "seat": 2, "bid": 1},
                      headers={**HTMX, "X-CSRFToken": token})
    assert htmx.status_code == 200
    with guarded.app_context():
        assert store.load_game(game_id).state.current.bids == (None, 2, 1)
