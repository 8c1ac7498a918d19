"""A keyed write needs no request (docs/architecture.md, "The write path"): its Idempotency-Key
is an argument, and the same write again comes back as a value, ``idempotency.Replayed`` with
the first write's record, from the store itself. So an import job or a command, in an app
context alone, writes as the API and the pages do, and nothing of a key waits in ``flask.g``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import flask
import pytest
from flask import Flask

import companion
from companion.storage import idempotency, store, table_store, transfer
from companion.storage.models import Game, IdempotencyKey, Table, db

ROOT = Path(companion.__file__).parent
PLAYERS = ["Ana", "Ben", "Cleo"]

#: ``g.name``, ``g.get("name")`` / ``g.pop`` / ``g.setdefault``, ``getattr(g, "name")`` and the
#: like: the names a request's ``flask.g`` is read or written under.
G_ATTRIBUTE = re.compile(r"""(?<![\w.])g\.(?:(?:get|pop|setdefault)\(\s*["'](\w+)|(\w+))""")
G_BY_NAME = re.compile(r"""\b(?:get|set|has|del)attr\(\s*g\s*,\s*["'](\w+)""")


def g_names(text: str) -> set[str]:
    """Every name ``text`` reads or writes ``flask.g`` under."""
    found = {a or b for a, b in G_ATTRIBUTE.findall(text)}
    return found | set(G_BY_NAME.findall(text))


def test_no_idempotency_key_waits_in_flask_g() -> None:
    keyed = {f"{path.relative_to(ROOT.parent)}: g.{name}"
             for path in ROOT.rglob("*.py")
             for name in g_names(path.read_text(encoding="utf-8"))
             if "idempot" in name.lower()}
    assert keyed == set()


def test_the_search_finds_what_it_looks_for() -> None:
    # The check itself: how the pending key was kept, and a name ``g`` does hold today.
    assert g_names('g.companion_idempotency = pending\npending = g.pop("companion_idempotency", '
                   'None)\nx = g.get("companion_idempotency") if g else None\n'
                   'setattr(g, "idempotency_key", 1)') == {"companion_idempotency",
                                                            "idempotency_key"}
    assert g_names("e.g. a config.get('x') or msg.text") == set()
    sessions = (ROOT / "http" / "sessions.py").read_text(encoding="utf-8")
    assert "companion_session_read_only" in g_names(sessions)


def _key(scope: str, body: Any, status: int = 201, creation: bool = True) -> idempotency.Key:
    made = idempotency.key_for(scope, idempotency.new_key(),
                               lambda: idempotency.fingerprint("POST", scope, body),
                               status=status, creation=creation)
    assert made is not None
    return made


def _count(model: Any) -> int:
    return int(db.session.query(model).count())


def test_a_game_created_twice_under_one_key_outside_a_request_is_made_once(app: Flask) -> None:
    with app.app_context():
        assert not flask.has_request_context()
        key = _key("a job's games", PLAYERS)
        first = store.create_game("oh-hell", PLAYERS, key=key)
        assert not isinstance(first, idempotency.Replayed)
        game, token = first
        again = store.create_game("oh-hell", PLAYERS, key=key)
        assert again == idempotency.Replayed(idempotency.Record(201, game.id, token))
        assert idempotency.first_write(key) == again  # what the API and the pages ask first
        assert _count(Game) == 1 and _count(IdempotencyKey) == 1


def test_a_table_created_twice_under_one_key_outside_a_request_is_made_once(app: Flask) -> None:
    with app.app_context():
        assert not flask.has_request_context()
        key = _key("a job's tables", {"name": "Thursday"})
        first = table_store.create_table("Thursday", key=key)
        assert not isinstance(first, idempotency.Replayed)
        table, token = first
        again = table_store.create_table("Thursday", key=key)
        assert again == idempotency.Replayed(idempotency.Record(201, table.id, token))
        assert _count(Table) == 1 and _count(IdempotencyKey) == 1


def test_an_import_made_twice_under_one_key_outside_a_request_is_made_once(app: Flask) -> None:
    with app.app_context():
        game, _token = store.create_game("oh-hell", PLAYERS)
        document = transfer.game_export(game)
        key = _key("a job's imports", document)
        first = transfer.import_document(document, key=key)
        assert not isinstance(first, idempotency.Replayed)
        table, token = first
        again = transfer.import_document(document, key=key)
        assert again == idempotency.Replayed(idempotency.Record(201, table.id, token))
        assert _count(Table) == 1 and _count(Game) == 2  # the exported game and its one copy


def test_another_creation_under_a_used_key_is_refused_and_makes_nothing(app: Flask) -> None:
    with app.app_context():
        key = _key("a job's games", PLAYERS)
        store.create_game("oh-hell", PLAYERS, key=key)
        other = idempotency.Key(key.scope, key.key, "another body", key.status, creation=True)
        with pytest.raises(idempotency.KeyReused):
            store.create_game("oh-hell", ["Dan", "Eve", "Fay"], key=other)
        assert _count(Game) == 1


def test_a_rename_sent_again_under_its_key_outside_a_request_is_applied_once(app: Flask) -> None:
    with app.app_context():
        made = table_store.create_table("Thursday")
        assert not isinstance(made, idempotency.Replayed)
        table = made[0]
        key = _key(table.id, {"name": "Friday"}, status=200, creation=False)
        renamed = table_store.rename_table(table, "Friday", key)
        assert isinstance(renamed, table_store.StoredTable) and renamed.version == 2
        # The same rename, from the table as it was read before the first (its twin's view).
        again = table_store.rename_table(table, "Friday", key)
        assert again == idempotency.Replayed(idempotency.Record(200, None, None))
        assert table_store.load_table(table.id).version == 2
