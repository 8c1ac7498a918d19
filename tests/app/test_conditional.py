"""Conditional GETs decided in one module (``companion.http.conditional``) for the pages and the API:
its decisions, and every 304 and live 204 of the app made by it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from companion.http import conditional
from tests.api.client import Api


@pytest.mark.parametrize(("sent", "held"), [
    (None, False),
    ('W/"g1-3"', True),
    ('"g1-3"', True),  # weak comparison: a strong tag of the same value holds it
    ('W/"g1-2"', False),
    ('W/"g1-2", W/"g1-3"', True),
    ("*", True),
])
def test_a_client_holds_the_tag_its_if_none_match_names(
        app: Flask, sent: str | None, held: bool) -> None:
    headers = {} if sent is None else {"If-None-Match": sent}
    with app.test_request_context("/", headers=headers):
        assert conditional.client_holds("g1-3") is held


def test_a_strong_etag_is_held_only_strongly(app: Flask) -> None:
    with app.test_request_context("/", headers={"If-None-Match": 'W/"img.3.en"'}):
        assert conditional.client_holds("img.3.en", weak=False) is False
    with app.test_request_context("/", headers={"If-None-Match": '"img.3.en"'}):
        assert conditional.client_holds("img.3.en", weak=False) is True


@pytest.mark.parametrize(("query", "current"), [
    ("v=7", True), ("v=07", True), ("x=1&v=7", True), ("v=6", False), ("v=seven", False),
    ("", False), ("v=", False),
])
def test_a_poll_is_current_when_it_names_the_version(app: Flask, query: str, current: bool) -> None:
    with app.test_request_context(f"/g/x/live?{query}"):
        assert conditional.poll_is_current(7) is current


def test_a_304_carries_the_200s_etag_type_and_caching(app: Flask) -> None:
    with app.test_request_context("/"):
        answer = conditional.not_modified("g1-3", "application/json", conditional.API_REVALIDATE)
        assert answer.status_code == 304
        assert answer.headers["ETag"] == 'W/"g1-3"'
        assert answer.headers["Cache-Control"] == "no-cache"
        assert answer.mimetype == "application/json"
        assert conditional.nothing_new().status_code == 204


@pytest.fixture
def decided(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Which of the module's decisions each request asked."""
    asked: list[str] = []
    holds, current = conditional.client_holds, conditional.poll_is_current

    def counted_holds(tag: str, weak: bool = True) -> bool:
        asked.append("holds")
        return holds(tag, weak)

    def counted_current(version: int) -> bool:
        asked.append("current")
        return current(version)

    monkeypatch.setattr(conditional, "client_holds", counted_holds)
    monkeypatch.setattr(conditional, "poll_is_current", counted_current)
    return asked


def test_pages_and_api_answer_304_and_204_through_it(
        make_app: Callable[..., Flask], decided: list[str]) -> None:
    client = make_app().test_client()
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    table = client.post("/api/v1/tables", json={"name": "Thursdays"}).get_json()["table"]
    for url in (f"/api/v1/games/{game.id}", f"/api/v1/games/{game.id}/statistics",
                f"/g/{game.id}", f"/api/v1/tables/{table['id']}",
                f"/g/{game.id}/standings.png"):
        first = client.get(url)
        assert first.status_code == 200, url
        decided.clear()
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, url
        assert "holds" in decided, url
        assert again.headers["ETag"] == first.headers["ETag"], url
        assert again.headers["Cache-Control"] == first.headers["Cache-Control"], url
    for url, version in ((f"/g/{game.id}/live", game.version), (f"/t/{table['id']}/live", 1)):
        decided.clear()
        assert client.get(f"{url}?v={version}").status_code == 204, url
        assert decided == ["current"], url
