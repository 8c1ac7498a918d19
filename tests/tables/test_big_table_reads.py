"""A table larger than a worker's caches (10,000 games is legal, docs/api.md "Bounds") is read
from its games' summaries (kept with each game's entries), folding none of them; a game written
before summaries were kept is folded once. Its figures and its chart's steps are counted in the
same pass, its games are not weighed into the games' cache only to be pushed out again, and a
second read folds nothing (bench/bench_big_reads.py times it)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.storage import store
from companion.storage.caches import EXTENSION, cache
from companion.storage.models import Game, db

from .conftest import ONE_CARD, Tables

GAMES = 40


def _table(app: Flask, at_table: Tables) -> str:
    # A worker whose caches hold 24 of the table's 40 games (a page of the list and more), as
    # a worker's hold 4,096 of a 10,000-game table's.
    app.config["TABLE_CACHE_SIZE"] = app.config["STATE_CACHE_SIZE"] = 24
    table_id, token = at_table.create()
    for number in range(GAMES):
        game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
        at_table.play_one_card(game, number % 3)
    app.extensions[EXTENSION].clear()  # a worker's first read of the table
    return table_id


def _counting_folds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    folded: list[str] = []
    fold = store._fold

    def counted(row: Any, *rest: Any) -> Any:
        folded.append(row.id)
        return fold(row, *rest)

    monkeypatch.setattr(store, "_fold", counted)
    return folded


def test_a_table_is_read_from_its_games_summaries(
        app: Flask, at_table: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = _table(app, at_table)
    folded = _counting_folds(monkeypatch)
    page = at_table.client.get(f"/t/{table_id}")
    assert page.status_code == 200
    assert at_table.statistics(table_id)["games"] == GAMES
    assert len(folded) <= 2  # a record's game, or the newest, may be read on its own


def test_games_without_a_summary_are_each_folded_once(
        app: Flask, at_table: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    table_id = _table(app, at_table)
    with app.app_context():  # as a database migrated from before summaries holds them
        db.session.execute(db.update(Game).values(summary=None))
        db.session.commit()
    folded = _counting_folds(monkeypatch)
    page = at_table.client.get(f"/t/{table_id}")
    assert page.status_code == 200
    assert 'id="wins-chart-heading"' in page.get_data(as_text=True)  # the chart is drawn
    assert len(set(folded)) == GAMES
    # The chart's steps read no game again (a record's game may be read on its own).
    assert len(folded) <= GAMES + 2
    folded.clear()
    assert at_table.client.get(f"/t/{table_id}").status_code == 200
    assert at_table.statistics(table_id)["games"] == GAMES
    assert folded == []  # the table's next reads fold nothing


def test_counting_a_table_leaves_the_games_cache_to_the_games_played(
        app: Flask, at_table: Tables) -> None:
    table_id = _table(app, at_table)
    assert at_table.statistics(table_id)["games"] == GAMES
    with app.app_context():
        kept = list(cache("games")._items)
    assert len(kept) <= 1  # at most the newest, read on its own
