"""The store on PostgreSQL: migrations apply, games round-trip, and of several app servers
racing to write the same version exactly one wins (the bigger deployment of README)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from companion import rules
from companion.storage import store
from companion.storage.models import Game, db

pytestmark = pytest.mark.server



@pytest.fixture
def pg_app(postgres_app: Callable[[], Flask], tmp_path) -> Iterator[Flask]:  # type: ignore[no-untyped-def]
    app = postgres_app()
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        downgrade(revision="base")


def test_migrations_build_the_schema_on_postgresql(pg_app: Flask) -> None:
    with pg_app.app_context():
        columns = db.session.execute(text(
            "select column_name from information_schema.columns where table_name = 'games'"
        )).scalars().all()
    assert {"id", "settings", "entries", "version", "edit_token_hash"} <= set(columns)


def test_a_game_round_trips_through_postgresql(pg_app: Flask) -> None:
    with pg_app.app_context():
        game, token = store.create_game("oh-seven", ["Ana", "Bén", "Cleo 🂡"], 0, {"card_passing": True})
        cards = [{"value": 3, "suit": "spades"}, {"value": 2, "suit": "hearts"},
                 {"value": 2, "suit": "clubs"}]  # sums to 7: a forced rebid and a +1 for Ana
        entry = rules.parse_entry(game.settings, "bids", {"bids": cards})
        game = store.add_entry(game, game.version, entry)
        reloaded = store.load_game(game.id)
    assert reloaded.version == game.version == store.VERSION_FIRST + 1
    assert reloaded.state.current is not None
    assert reloaded.state.current.rebid_bonus == (1, 0, 0)
    assert reloaded.settings.players[2] == "Cleo 🂡"
    assert reloaded.token_matches(token) and not reloaded.token_matches(token + "x")


def test_racing_writers_on_postgresql_leave_exactly_one_entry(pg_app: Flask) -> None:
    with pg_app.app_context():
        game, _ = store.create_game("oh-hell", ["Ana", "Ben", "Cleo", "Dev"])
        first_bidder = game.state.current.bidding_order[0]  # type: ignore[union-attr]
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def write(bid: int) -> None:
        with pg_app.app_context():
            bids = [None] * 4
            bids[first_bidder] = bid
            entry = rules.Bids(tuple(bids))
            barrier.wait(timeout=10)
            try:
                store.add_entry(game, game.version, entry)
                outcomes.append("won")
            except store.VersionConflict:
                outcomes.append("conflict")
            finally:
                db.session.remove()

    threads = [threading.Thread(target=write, args=(i % 3,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["conflict"] * 7 + ["won"]
    with pg_app.app_context():
        final = store.load_game(game.id)
    assert final.version == game.version + 1
    assert len(final.state.entries) == 1


def test_the_polls_kept_connections_see_each_write_and_hold_no_transaction(
        pg_app: Flask, postgres_app: Callable[[], Flask]) -> None:
    """The version read's connections are held out of the pool in autocommit: another server's
    write is seen at once, and none of them sits "idle in transaction" (which would hold back
    vacuum and every schema change, the teardown's downgrade among them)."""
    other = postgres_app()  # another app server: its own caches and connections
    with pg_app.app_context():
        game, _ = store.create_game("oh-hell", ["Ana", "Ben", "Cleo"])
    for _ in range(3):
        with pg_app.app_context():
            head = store.game_head(game.id)
            assert head is not None and head.version == game.version
            idle_in_transaction = db.session.execute(text(
                "select count(*) from pg_stat_activity where datname = current_database()"
                " and state like 'idle in transaction%' and pid <> pg_backend_pid()")).scalar()
            db.session.remove()
        assert idle_in_transaction == 0
        with other.app_context():
            current = store.load_game(game.id)
            bidder = current.state.current.next_bidder  # type: ignore[union-attr]
            bids: list[int | None] = [None] * 3
            bids[bidder] = 0  # type: ignore[index]
            game = store.add_entry(current, current.version, rules.Bids(tuple(bids)))
            db.session.remove()
    with pg_app.app_context():
        head = store.game_head(game.id)
    assert head is not None and head.version == game.version == store.VERSION_FIRST + 3
    with other.app_context():
        db.engine.dispose()


def test_another_app_server_reads_the_row_as_the_orm_does_and_folds_only_what_it_missed(
        pg_app: Flask, postgres_app: Callable[[], Flask]) -> None:
    other = postgres_app()  # its own caches, the same database
    with pg_app.app_context():
        game, _ = store.create_game("oh-hell", ["Ana", "Bén", "Cleo"])
        game = store.add_entry(game, game.version, rules.Bids((None, 1, None)))
    with other.app_context():
        known = store.load_game(game.id)  # the whole row, straight from the driver
        row = db.session.get(Game, game.id)
        assert row is not None
        assert (known.created_at, known.updated_at) == (row.created_at, row.updated_at)
        assert known._entries_json == row.entries and known.state == game.state
    with pg_app.app_context():
        game = store.add_entry(game, game.version, rules.Bids((None, None, 0)))
    with other.app_context():
        caught_up = store.load_game(game.id)
        db.session.remove()
        db.engine.dispose()  # its connections closed before the schema is dropped
    assert caught_up.state == game.state and caught_up._entries_json == game._entries_json
    # Built on the state it knew (its entry the very same object), the one entry after applied.
    assert caught_up.state.entries[0] is known.state.entries[0]
