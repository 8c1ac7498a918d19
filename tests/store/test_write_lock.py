"""A write that finds another process holding SQLite's write lock waits for it in short,
cooperative sleeps (so a gevent worker keeps serving its other requests), then goes through;
it gives up only after the busy timeout, and nothing is half-written either way."""

from __future__ import annotations

import sqlite3
import time
from typing import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.exc import OperationalError

from companion import rules
from companion.storage import database, store
from tests.api.client import Api


@pytest.fixture
def other_writer(app: Flask) -> Iterator[sqlite3.Connection]:
    """Another process's connection to the same file, holding the write lock."""
    path = str(app.config["SQLALCHEMY_DATABASE_URI"]).removeprefix("sqlite:///")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield holder
    if holder.in_transaction:
        holder.rollback()
    holder.close()


def test_a_write_waits_for_the_lock_in_sleeps_that_yield_then_goes_through(
        client: FlaskClient, other_writer: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    api = Api(client)
    other_writer.rollback()  # create the game first, then take the lock again
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    other_writer.execute("BEGIN IMMEDIATE")
    pauses: list[float] = []

    def pause(seconds: float) -> None:  # as gevent's sleep would: others run meanwhile
        pauses.append(seconds)
        if len(pauses) == 4:
            other_writer.rollback()  # the other writer finishes

    monkeypatch.setattr(database.time, "sleep", pause)
    bids: list[int | None] = [None, 1, None]  # Ben, left of the dealer, bids first
    api.write(game, "bids", {"bids": bids})
    assert len(pauses) == 4 and all(0 < p <= 0.01 for p in pauses), pauses
    assert api.get(game)["version"] == 2


def test_a_write_gives_up_after_the_busy_timeout_and_leaves_the_game_as_it_was(
        app: Flask, client: FlaskClient, other_writer: sqlite3.Connection,
        monkeypatch: pytest.MonkeyPatch) -> None:
    other_writer.rollback()
    game = Api(client).create("oh-hell", ["Ana", "Ben", "Cleo"])
    other_writer.execute("BEGIN IMMEDIATE")
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 30)
    started = time.monotonic()
    with app.app_context():
        found = store.load_game(game.id)
        with pytest.raises(OperationalError, match="locked"):
            store.add_entry(found, found.version, rules.Bids((None, 1, None)))
    assert time.monotonic() - started < 5  # the timeout set here, not the driver's 10 s
    other_writer.rollback()
    with app.app_context():
        assert store.load_game(game.id).version == 1
