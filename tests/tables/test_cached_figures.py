"""The figures a process caches and brings up to date game by game equal the figures added up
again from nothing, after every kind of change to the table's games."""

from __future__ import annotations

import random

import pytest
from flask import Flask

from companion.storage import store, table_store
from companion.storage.caches import cache

from .conftest import ONE_CARD, Tables

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]


def from_nothing(app: Flask, at_table: Tables, table_id: str) -> object:
    """The statistics and the table with every table cache of the process emptied."""
    with app.app_context():
        for name in ("table-games", "table-blocks", "table-figures", "table-latest", "table-api",
                     "table-rows"):
            cache(name).clear()
    return at_table.statistics(table_id), at_table.get(table_id)


def test_cached_figures_equal_figures_added_up_again(app: Flask, at_table: Tables,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_store, "BLOCK", 3)  # many small blocks
    moved: list[str] = []
    one_game_moved = table_store._one_game_moved

    def counted(previous: table_store.TableState, table: table_store.StoredTable,
                gid: str) -> table_store.TableState | None:
        moved.append(gid)
        return one_game_moved(previous, table, gid)

    monkeypatch.setattr(table_store, "_one_game_moved", counted)
    chance = random.Random(19)
    table_id, token = at_table.create()
    games = [at_table.game(table_id, token, chance.sample(NAMES, 3), options=ONE_CARD)
             for _ in range(12)]
    for step in range(60):
        game = chance.choice(games)
        kind = chance.choice(["play", "play", "undo", "correct", "new", "delete"])
        status = game.body["status"]
        if kind == "play" and status == "in_progress":
            if game.body["current"]["phase"] == "bidding":
                at_table.api.write(game, "bids", {"bids": [0, 0, 0]})
            else:
                tricks = [0, 0, 0]
                tricks[chance.randrange(3)] = 1
                at_table.api.write(game, "tricks", {"tricks": tricks})
        elif kind == "undo" and game.body["version"] > 1 and chance.random() < 0.5:
            at_table.api.write(game, "undo", {})
        elif kind == "correct" and status == "finished":
            tricks = [0, 0, 0]
            tricks[chance.randrange(3)] = 1
            at_table.api.write(game, "rounds/1", {"bids": [0, 0, 0], "tricks": tricks},
                               method="PUT")
        elif kind == "new":
            games.append(at_table.game(table_id, token, chance.sample(NAMES, 3), options=ONE_CARD))
        elif kind == "delete" and len(games) > 3:
            games.remove(game)
            with app.app_context():
                store.delete_game(game.id)
        cached = at_table.statistics(table_id), at_table.get(table_id)
        assert cached == from_nothing(app, at_table, table_id), step
    assert at_table.statistics(table_id)["games"] == len(games)
    assert len(moved) > 30  # most changes were brought in from the one game that changed


def test_a_cached_game_is_weighed_from_its_shape_erring_high() -> None:
    """A game of a table is weighed from its shape (``_CachedGame.__weight__``), not walked:
    at least what the walk counts of it (its fields' names are its class's, not counted), and
    not far above it."""
    from datetime import datetime
    from sys import getsizeof

    from companion.rules import memo
    from companion.rules.table_games import PlayedGame, PlayedRound

    for seats, rounds in ((2, 0), (5, 3), (7, 20)):
        game = PlayedGame(
            id="a1b2c3d4e5f6", ruleset="oh-hell", started=datetime(2026, 1, 1),
            names=tuple(f"Player {n:03d}" for n in range(seats)), sides=tuple(range(seats)),
            finished=True, scores=tuple(1000 + n for n in range(seats)),
            ranks=tuple(range(1, seats + 1)),
            rounds=tuple(PlayedRound(r, tuple(300 + n for n in range(seats)), (True,) * seats)
                         for r in range(1, rounds + 1)))
        values = list(game.__dict__.values())
        walked = (getsizeof(game) + getsizeof(game.__dict__) + memo.weight(values)
                  - getsizeof(values))
        assert walked <= table_store._CachedGame(game).__weight__() <= 2 * walked
