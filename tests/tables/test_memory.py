"""A worker's caches hold at most ``CACHE_BYTES`` together, whatever the games and tables: a
long table read and written again and again (each write a new version of its figures, its
pages and its JSON) never grows them past it, and the newest is still cached."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from companion.rules.memo import weight
from tests.api.client import Api

from .conftest import ONE_CARD, Tables

BUDGET = 8 * 1024 * 1024


def _held(app: Flask) -> tuple[int, int]:
    """The bytes the app's caches say they hold, and what their values weigh again."""
    caches = app.extensions["companion.storage.caches"]
    said = sum(memo.bytes for memo in caches.values())
    weighed = sum(weight(value) for memo in caches.values()
                  for value in list(memo._items.values()))  # noqa: SLF001 - checked from outside
    return said, weighed


def test_the_caches_stay_within_their_budget(make_app: Callable[..., Flask]) -> None:
    app = make_app(CACHE_BYTES=BUDGET)
    client = app.test_client()
    at_table = Tables(client, Api(client))
    table_id, token = at_table.create()
    names = [f"A long-named player {n:03d}" for n in range(60)]
    games: list[Any] = []
    for start in range(0, 60, 2):
        seats = [names[(start + k) % 60] for k in range(7)]
        games.append(at_table.game(table_id, token, seats, options=ONE_CARD))
    most = 0
    for round_, game in enumerate(games):
        at_table.play_one_card(game, round_ % 7)
        for path in (f"/t/{table_id}", f"/t/{table_id}/live",
                     f"/api/v1/tables/{table_id}", f"/api/v1/tables/{table_id}/statistics",
                     f"/api/v1/tables/{table_id}/games.csv"):
            assert client.get(path).status_code == 200
        said, weighed = _held(app)
        most = max(most, said)
        assert said <= BUDGET and weighed <= BUDGET, (said, weighed)
    assert most > BUDGET // 10  # the caches were used, not left empty
    # The newest version's figures are still cached: a read costs no fold.
    with app.app_context():
        from companion.storage import table_store
        from companion.storage.caches import cache

        table = table_store.load_table(table_id)
        assert cache("table-figures").get((table.id, table.version)) is not None
