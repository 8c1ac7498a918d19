"""One authorisation: a request's rights over a game or a table are worked out once, before the
page is drawn (``access.Rights``), and nothing checks a token again while drawing it. Counted
where every token is matched, ``store.token_matches``: one check per game or table a page shows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store

from .conftest import Tables

PLAYERS = ["Ana", "Ben", "Cleo"]


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """``with checks() as counted:`` the token checks made meanwhile, in ``counted[0]``."""
    counted = [0]
    compare = store.token_matches

    def counting(token: str | None, stored_hash: str | None) -> bool:
        counted[0] += 1
        return compare(token, stored_hash)

    monkeypatch.setattr(store, "token_matches", counting)
    yield counted


@contextmanager
def counting(counted: list[int]) -> Iterator[list[int]]:
    counted[0] = 0
    yield counted


def test_a_game_page_checks_the_phone_s_right_once(app: Flask, client: FlaskClient,
                                                   at_table: Tables, checks: list[int]) -> None:
    table_id, table_token = at_table.create()
    at_the_table = at_table.game(table_id, table_token, PLAYERS)
    alone = at_table.api.create("oh-hell", PLAYERS)
    keeper, table_keeper, watcher = app.test_client(), app.test_client(), app.test_client()
    assert keeper.get(f"/g/{alone.id}/keep/{alone.token}").status_code == 303
    assert table_keeper.get(f"/t/{table_id}/keep/{table_token}").status_code == 303

    with counting(checks):
        page = keeper.get(f"/g/{alone.id}")
    assert page.status_code == 200 and f"/keep/{alone.token}" in page.get_data(as_text=True)
    assert checks[0] == 1, "the scorekeeper's game page"

    with counting(checks):
        page = watcher.get(f"/g/{alone.id}")  # drawn for the first watcher: not cached yet
    assert page.status_code == 200 and 'name="bid"' not in page.get_data(as_text=True)
    assert checks[0] == 1, "a watcher's game page"

    with counting(checks):
        page = table_keeper.get(f"/g/{at_the_table.id}")
    assert page.status_code == 200 and 'name="bid"' in page.get_data(as_text=True)
    assert checks[0] == 1, "the table's scorekeeper on one of its games"


def test_the_table_page_checks_the_phone_s_right_once(client: FlaskClient, at_table: Tables,
                                                      checks: list[int]) -> None:
    table_id, token = at_table.create()
    assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303
    with counting(checks):
        page = client.get(f"/t/{table_id}")
    assert page.status_code == 200 and f"/keep/{token}" in page.get_data(as_text=True)
    assert checks[0] == 1


def test_the_home_page_checks_each_game_once(client: FlaskClient, at_table: Tables,
                                             checks: list[int]) -> None:
    """A game this phone keeps by its own token, one it keeps by its table's, one it watches."""
    table_id, table_token = at_table.create()
    at_the_table = at_table.game(table_id, table_token, PLAYERS)
    kept, watched = (at_table.api.create("oh-hell", PLAYERS) for _ in range(2))
    assert client.get(f"/g/{kept.id}/keep/{kept.token}").status_code == 303
    assert client.get(f"/t/{table_id}/keep/{table_token}").status_code == 303
    for game_id in (at_the_table.id, kept.id, watched.id):
        assert client.get(f"/g/{game_id}").status_code == 200  # on this phone's list
    with counting(checks):
        page = client.get("/")
    assert page.status_code == 200
    assert page.get_data(as_text=True).count("you keep score") == 3  # the table and 2 games
    assert checks[0] == 3
