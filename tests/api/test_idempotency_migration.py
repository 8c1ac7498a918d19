"""The migration ``s22_idempotency_rematch``: from the schema before it, with a game in it, up
(the game stays, playable, with no rematch and no keys) and down again (the game still there)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from companion import create_app
from companion.storage import store
from companion.storage.models import db

BEFORE = "s22_deleted_games"


def test_upgrade_keeps_a_game_and_downgrade_takes_it_back(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}",
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        upgrade(revision=BEFORE)
        with db.engine.begin() as connection:
            connection.execute(sa.text(
                "INSERT INTO games (id, ruleset, settings, entries, version, edit_token_hash, "
                "created_at, updated_at) VALUES ('old-game', 'oh-hell', :settings, '[]', 1, "
                "'0000', '2026-11-30 20:00:00', '2026-11-30 20:00:00')"),
                {"settings": '{"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], '
                             '"first_dealer": 0, "options": {}}'})
        upgrade()
        columns = {c["name"] for c in sa.inspect(db.engine).get_columns("games")}
        assert "rematch_id" in columns
        assert "idempotency_keys" in sa.inspect(db.engine).get_table_names()
        game = store.load_game("old-game")
        assert game.rematch_id is None and game.version == 1
        assert game.settings.players == ("Ana", "Ben", "Cleo")

        downgrade(revision=BEFORE)
        inspector = sa.inspect(db.engine)
        assert "idempotency_keys" not in inspector.get_table_names()
        assert "rematch_id" not in {c["name"] for c in inspector.get_columns("games")}
        with db.engine.connect() as connection:
            assert connection.execute(sa.text("SELECT id, version FROM games")).all() == [
                ("old-game", 1)]
