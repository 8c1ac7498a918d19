"""Reads as cheap as the database allows, and never stale.

The 304 and 204 answers read the version alone (the SQL is counted); states, API bodies and
watchers' pages are cached per process by (game id, version), so two app instances on one
database always agree: a write through one is seen by the other at once, after an undo and a
correction too. The HTML 304 is per language, per role and per session.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from companion import rules
from companion.storage import store
from companion.storage.models import db

from .client import Api


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement the app runs inside the block, as SQLite itself traces them (the
    version read of a poll goes to the driver, on a connection held outside the pool)."""
    seen: list[str] = []
    recording = True

    def record(statement: str) -> None:
        if recording:
            seen.append(statement)

    def trace(dbapi_connection: Any, *_args: Any) -> None:
        dbapi_connection.set_trace_callback(record)

    with app.app_context():
        engine = db.engine
    assert engine.dialect.name == "sqlite"
    engine.dispose()  # every connection, pooled or held out, is closed: the block's are traced anew
    event.listen(engine, "connect", trace)
    try:
        yield seen
    finally:
        recording = False
        event.remove(engine, "connect", trace)


@pytest.fixture
def no_fold(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to make any fold from then on fail the test."""

    def forbid() -> None:
        def fold(*_args: Any) -> Any:
            raise AssertionError("folded on a read")

        monkeypatch.setattr(rules, "fold", fold)

    return forbid


def _played(api: Api) -> Any:
    game = api.create("elevator", ["Ana", "Ben", "Cleo", "Dev", "Eli"])
    for _ in range(3):
        api.play_turn_round(game)
    return game


def test_the_api_304_reads_the_version_alone(app: Flask, client: FlaskClient,
                                             no_fold: Callable[[], None]) -> None:
    api = Api(client)
    game = _played(api)
    etag = client.get(f"/api/v1/games/{game.id}").headers["ETag"]
    store_cache = app.extensions["companion.storage.caches"]
    for cache in store_cache.values():
        cache.clear()  # a fresh process: nothing cached, and still nothing folded for a 304
    no_fold()
    with statements(app) as seen:
        response = client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert len(seen) == 1, seen
    assert "version" in seen[0] and "entries" not in seen[0] and "settings" not in seen[0]


def test_the_api_304_varies_as_its_200(client: FlaskClient) -> None:
    """A cache keys what it holds by the 200's Vary; the 304 that revalidates it says the same
    (RFC 9110, 15.4.5): the JSON does not follow the browser's language."""
    game = _played(Api(client))
    first = client.get(f"/api/v1/games/{game.id}")
    again = client.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.headers.get("Vary") == first.headers.get("Vary") == "Accept-Encoding"
    assert "Content-Type" not in again.headers


def test_a_state_read_again_reads_the_version_alone(app: Flask, client: FlaskClient,
                                                   no_fold: Callable[[], None]) -> None:
    api = Api(client)
    game = _played(api)
    first = client.get(f"/api/v1/games/{game.id}")
    no_fold()
    with statements(app) as seen:
        again = client.get(f"/api/v1/games/{game.id}")
    assert again.status_code == 200 and again.get_json() == first.get_json()
    assert again.headers["ETag"] == first.headers["ETag"]
    assert len(seen) == 1, seen
    assert "version" in seen[0] and "entries" not in seen[0] and "created_at" not in seen[0]


def test_the_watchers_204_reads_the_version_alone(app: Flask, client: FlaskClient,
                                                  no_fold: Callable[[], None]) -> None:
    game = _played(Api(client))
    for cache in app.extensions["companion.storage.caches"].values():
        cache.clear()
    no_fold()
    with statements(app) as seen:
        response = client.get(f"/g/{game.id}/live?v={game.version}")
    assert response.status_code == 204
    assert len(seen) == 1 and "entries" not in seen[0], seen


def test_a_read_of_a_cached_version_folds_nothing_and_skips_the_entries(
        app: Flask, client: FlaskClient, no_fold: Callable[[], None]) -> None:
    api = Api(client)
    game = _played(api)
    watcher = app.test_client()
    assert watcher.get(f"/g/{game.id}").status_code == 200  # cached by the write and this read
    no_fold()
    for url in (f"/api/v1/games/{game.id}", f"/g/{game.id}", f"/g/{game.id}/live?v=1"):
        with statements(app) as seen:
            assert watcher.get(url).status_code == 200, url
        assert seen and not any("entries" in s for s in seen), (url, seen)


def test_a_write_applies_its_entry_to_the_cached_state(client: FlaskClient,
                                                       no_fold: Callable[[], None]) -> None:
    api = Api(client)
    game = _played(api)
    api.get(game)
    no_fold()
    api.write(game, "bids", {"bids": [0] * 5})  # one apply, no fold of the twenty entries before
    assert api.get(game)["version"] == game.version


@pytest.fixture
def two_servers(tmp_path: Path, make_app: Callable[..., Flask]) -> tuple[FlaskClient, FlaskClient]:
    """Two app instances (as two app servers) on one database, each with its own caches."""
    shared = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    first, second = make_app(SQLALCHEMY_DATABASE_URI=shared), make_app(SQLALCHEMY_DATABASE_URI=shared)
    return first.test_client(), second.test_client()


def test_two_app_servers_on_one_database_never_serve_a_stale_version(
        two_servers: tuple[FlaskClient, FlaskClient]) -> None:
    one, other = two_servers
    writer, reader = Api(one), Api(other)
    game = writer.create("oh-hell", ["Ana", "Ben", "Cleo"])
    seen = reader.get(game)  # the other server caches version 1
    assert seen["version"] == 1
    etag = other.get(f"/api/v1/games/{game.id}").headers["ETag"]
    page = other.get(f"/g/{game.id}")
    page_tag = page.headers["ETag"]

    writer.write(game, "bids", {"bids": _first_bid(seen)})
    assert reader.get(game) == game.body  # seen at once, not the cached version 1
    assert other.get(f"/api/v1/games/{game.id}", headers={"If-None-Match": etag}).status_code == 200
    assert other.get(f"/g/{game.id}/live?v=1").status_code == 200
    assert other.get(f"/g/{game.id}", headers={"If-None-Match": page_tag}).status_code == 200

    writer.write(game, "undo", {})
    assert reader.get(game) == game.body and game.body["version"] == 3
    assert reader.get(game)["current"]["bids"] is None

    writer.play_turn_round(game)
    before = reader.get(game)
    number = before["rounds"][0]["number"]
    bids, tricks = before["rounds"][0]["bids"], before["rounds"][0]["tricks"]
    corrected = [tricks[-1], *tricks[:-1]]  # the same total, someone else took them
    writer.write(game, f"rounds/{number}", {"bids": bids, "tricks": corrected}, method="PUT")
    after = reader.get(game)
    assert after == game.body and after["rounds"][0]["tricks"] == corrected != tricks
    assert other.get(f"/g/{game.id}/live?v={before['version']}").status_code == 200


def _first_bid(game: dict[str, Any]) -> list[int | None]:
    bids: list[int | None] = [None] * len(game["players"])
    bids[game["current"]["bidding_order"][0]] = 0
    return bids


def _cache_game(client: FlaskClient, game: Any) -> None:
    assert client.get(f"/g/{game.id}/keep/{game.token}").status_code == 303


def test_the_html_304_is_per_version_language_and_role(app: Flask) -> None:
    owner = app.test_client()
    api = Api(owner)
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    watcher = app.test_client()
    first = watcher.get(f"/g/{game.id}", headers={"Accept-Language": "en"})
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "private, no-cache"
    assert "Cookie" in first.headers["Vary"] and "Accept-Language" in first.headers["Vary"]
    tag = first.headers["ETag"]
    again = watcher.get(f"/g/{game.id}", headers={"If-None-Match": tag, "Accept-Language": "en"})
    assert again.status_code == 304 and again.headers["ETag"] == tag and not again.get_data()
    assert "Cookie" in again.headers["Vary"] and "Accept-Language" in again.headers["Vary"]

    # Another language: another page.
    french = watcher.get(f"/g/{game.id}", headers={"If-None-Match": tag, "Accept-Language": "fr"})
    assert french.status_code == 200 and '<html lang="fr">' in french.get_data(as_text=True)
    assert french.headers["ETag"] != tag
    # Chosen with the switcher rather than by the browser: the same.
    chooser = app.test_client()
    chooser.post("/language", data={"lang": "fr"})
    chosen = chooser.get(f"/g/{game.id}", headers={"If-None-Match": tag, "Accept-Language": "en"})
    assert chosen.status_code == 200 and chosen.headers["ETag"] == french.headers["ETag"]

    # The scorekeeper on the same browser: another page (forms, the scorekeeper link).
    _cache_game(watcher, game)
    keeper = watcher.get(f"/g/{game.id}", headers={"If-None-Match": tag, "Accept-Language": "en"})
    assert keeper.status_code == 200 and keeper.headers["ETag"] != tag
    assert "/keep/" in keeper.get_data(as_text=True)
    keeper_tag = keeper.headers["ETag"]
    assert watcher.get(f"/g/{game.id}", headers={"If-None-Match": keeper_tag,
                                                 "Accept-Language": "en"}).status_code == 304
    # Another scorekeeper's phone holding that ETag: its own session, its own CSRF token in the
    # forms, a page of its own.
    other_keeper = app.test_client()
    _cache_game(other_keeper, game)
    assert other_keeper.get(f"/g/{game.id}", headers={"If-None-Match": keeper_tag,
                                                      "Accept-Language": "en"}).status_code == 200

    # Another watching phone holding the watcher's ETag: the same page, so 304, with or
    # without a session of its own.
    for stranger in (app.test_client(), app.test_client()):
        stranger.get("/")
        assert stranger.get(f"/g/{game.id}", headers={"If-None-Match": tag,
                                                      "Accept-Language": "en"}).status_code == 304
        assert stranger.get(f"/g/{game.id}", headers={"Accept-Language": "en"}).data == first.data

    # A new version: a new page.
    api.write(game, "bids", {"bids": _first_bid(game.body)})
    assert watcher.get(f"/g/{game.id}", headers={"If-None-Match": keeper_tag,
                                                 "Accept-Language": "en"}).status_code == 200
    assert app.test_client().get(f"/g/{game.id}", headers={
        "If-None-Match": tag, "Accept-Language": "en"}).status_code == 200


def test_a_watchers_page_holds_nothing_of_the_session(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    game = Api(app.test_client()).create("elevator", ["Ana", "Ben", "Cleo"])
    pages = []
    for _ in range(2):
        phone = app.test_client()  # a new phone: no cookie
        response = phone.get(f"/g/{game.id}")
        page = response.get_data(as_text=True)
        assert "\x00" not in page
        assert "csrf" not in page.lower()  # no meta, no field: nothing of this session
        assert 'name="lang" value="fr"' in page  # the switcher is there all the same
        with phone.session_transaction() as session:
            assert "csrf_token" not in session  # no CSRF secret was made for it
            assert session["recent"] == [game.id]  # the game is still on this phone's list
        assert f'href="/g/{game.id}"' in phone.get("/").get_data(as_text=True)
        pages.append((response.data, response.headers["ETag"]))
    assert pages[0] == pages[1]
    assert len(app.extensions["companion.storage.caches"]["pages"]) == 1  # rendered once for both


def test_a_scorekeepers_page_keeps_its_forms_and_csrf_token(make_app: Callable[..., Flask]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    phone = app.test_client()
    game = Api(phone).create("elevator", ["Ana", "Ben", "Cleo"])
    _cache_game(phone, game)
    page = phone.get(f"/g/{game.id}").get_data(as_text=True)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert token
    assert set(re.findall(r'name="csrf_token" value="([^"]+)"', page)) == {token.group(1)}
    assert 'class="bid-form"' in page
    assert not app.extensions["companion.storage.caches"].get("pages")  # never cached for others


def test_a_flashed_message_is_never_answered_304(app: Flask) -> None:
    game = Api(app.test_client()).create("elevator", ["Ana", "Ben", "Cleo"])
    phone = app.test_client()
    tag = phone.get(f"/g/{game.id}").headers["ETag"]
    with phone.session_transaction() as session:
        session["_flashes"] = [("message", "Saved")]
    shown = phone.get(f"/g/{game.id}", headers={"If-None-Match": tag})
    assert shown.status_code == 200 and "Saved" in shown.get_data(as_text=True)


def test_the_state_cache_agrees_with_a_fold(app: Flask, client: FlaskClient) -> None:
    game = _played(Api(client))
    with app.app_context():
        cached = store.load_game(game.id)
        for cache in app.extensions["companion.storage.caches"].values():
            cache.clear()
        folded = store.load_game(game.id)
    assert cached.state == folded.state and cached.version == folded.version


def _one_round(api: Api, game: Any) -> None:
    """A quiet round (or Seven-Up hand): the first seat takes every trick."""
    body = game.body
    seats = len(body["players"])
    if body["ruleset"] == "seven-up":
        api.write(game, "hands", {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 0,
                                  "jack": 0, "game": 0})
        return
    if body["ruleset"] == "oh-seven":
        cards = [{"value": value, "suit": suit} for value in (0, 1)
                 for suit in ("spades", "hearts", "diamonds", "clubs")][:seats]
        api.write(game, "bids", {"bids": cards})
    else:
        api.write(game, "bids", {"bids": [0] * seats})
    api.write(game, "tricks", {"tricks": [body["current"]["hand_size"]] + [0] * (seats - 1)})


@pytest.mark.parametrize("ruleset, players", [
    ("oh-hell", ["Ana", "Ben", "Cleo"]),
    ("elevator", ["Ana", "Ben", "Cleo"]),
    ("oh-seven", ["Ana", "Ben", "Cleo", "Dev"]),
    ("seven-up", ["Ana", "Ben"]),
    ("seven-up", ["Ana", "Ben", "Cleo", "Dev"]),
])
def test_every_watchers_page_is_kept_none_draws_a_csrf_token(
        make_app: Callable[..., Flask], ruleset: str, players: list[str]) -> None:
    app = make_app(WTF_CSRF_ENABLED=True)
    api = Api(app.test_client())
    game = api.create(ruleset, players)
    for stage in ("new", "played", "finished"):
        if stage == "played":
            _one_round(api, game)
        elif stage == "finished":
            while game.body["status"] != "finished":
                _one_round(api, game)
        for url, headers in ((f"/g/{game.id}", {}), (f"/g/{game.id}/live?v=0", {}),
                             (f"/g/{game.id}", {"HX-Request": "true"})):
            phone = app.test_client()
            response = phone.get(url, headers=headers)
            assert response.status_code == 200, (stage, url)
            assert "csrf" not in response.get_data(as_text=True).lower(), (stage, url)
            assert response.headers["ETag"] and response.headers["Cache-Control"] == "private, no-cache"
            with phone.session_transaction() as session:
                assert "csrf_token" not in session, (stage, url)
        pages = app.extensions["companion.storage.caches"]["pages"]
        assert len(pages) == 2 * (1 + ("new", "played", "finished").index(stage)), stage
