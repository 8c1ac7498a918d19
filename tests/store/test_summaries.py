"""A game at a table keeps in its row what the table counts of it (``games.summary``, written
with its entries by every write and by an import), so that a table's first read adds summaries
up instead of folding every game: the summary after any write is the one a fold of the stored
entries gives. A game at no table keeps none."""

from __future__ import annotations

from flask import Flask
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.rules import Bids, table_games
from companion.storage import store, table_store
from companion.storage.caches import EXTENSION
from companion.storage.models import Game, db

from rules.strategies import Played, played_games  # tests/rules, a package on the path


def _kept(app: Flask, game_id: str) -> table_games.PlayedGame | None:
    """The row's summary, read back as a table reads it."""
    row = db.session.get(Game, game_id)
    assert row is not None
    db.session.expire(row)
    return table_games.from_summary(row.summary, row.id, row.created_at,
                                    table_store.counted_each_hand)


def _folded(app: Flask, game_id: str) -> table_games.PlayedGame:
    """The game folded again from its stored entries, nothing cached."""
    app.extensions[EXTENSION].clear()
    game = store.load_game(game_id)
    return table_games.played_game(game.state, game.id, game.created_at)


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(played=played_games(max_entries=30), undo_at=st.integers(0, 30))
def test_every_write_keeps_the_summary_a_fold_gives(app: Flask, played: Played,
                                                     undo_at: int) -> None:
    drawn = played.settings
    with app.app_context():
        options = {name: value for name, value in drawn.options.items()
                   if name in drawn.ruleset.options}  # not its presets
        table = table_store.create_table("Thursday cards")
        assert not isinstance(table, store.idempotency.Replayed)
        made = store.create_game(drawn.ruleset.id, list(drawn.players), drawn.first_dealer,
                                 options, table_id=table[0].id, title=drawn.title)
        assert not isinstance(made, store.idempotency.Replayed)
        game = made[0]
        assume(game.state.settings.to_json() == drawn.to_json())  # (a Seven-Up gift rule)
        assert _kept(app, game.id) is None  # a new game: nothing counted yet, folded if read
        for number, entry in enumerate(played.entries):
            game = store.add_entry(game, game.version, entry)
            if number == undo_at:  # an undo is a write too; the entry is then made again
                game = store.undo_entry(game, game.version)
                assert _kept(app, game.id) == _folded(app, game.id)
                game = store.add_entry(store.load_game(game.id), game.version, entry)
            assert _kept(app, game.id) == _folded(app, game.id)


def test_an_import_keeps_each_game_s_summary(app: Flask) -> None:
    client = app.test_client()
    game = client.post("/api/v1/games", json={"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]})
    game_id, token = game.get_json()["game"]["id"], game.get_json()["edit_token"]
    client.post(f"/api/v1/games/{game_id}/bids", json={"bids": [None, None, 0], "version": 1},
                headers={"Authorization": f"Bearer {token}"})
    document = client.get(f"/api/v1/games/{game_id}/export").get_data()
    imported = client.post("/api/v1/tables/import", data=document,
                           content_type="application/json")
    assert imported.status_code == 201, imported.get_json()
    with app.app_context():
        rows = db.session.execute(db.select(Game.id).where(
            Game.table_id == imported.get_json()["table"]["id"])).scalars().all()
        assert len(rows) == 1
        kept = _kept(app, rows[0])
        assert kept is not None and kept == _folded(app, rows[0])
        assert len(kept.rounds) == 0 and kept.names == ("Ana", "Ben", "Cleo")


def test_a_game_at_no_table_keeps_no_summary(app: Flask) -> None:
    with app.app_context():
        made = store.create_game("oh-hell", ["Ana", "Ben", "Cleo"])
        assert not isinstance(made, store.idempotency.Replayed)
        game = made[0]
        first = game.state.current.bidding_order[0] if game.state.current else 0
        bids: list[int | None] = [None, None, None]
        bids[first] = 0
        game = store.add_entry(game, game.version, Bids(tuple(bids)))
        assert len(game.state.entries) == 1
        assert _kept(app, game.id) is None
