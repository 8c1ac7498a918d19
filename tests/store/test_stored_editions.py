"""A game stored before a rule changed plays on under the rule it began with (docs/rules.md
section 4, the gift's editions): its row, written byte for byte as the code before the change
wrote it, still loads, and the next hand is judged by the old rule; a new game gets the new one.
"""

from __future__ import annotations

import hashlib
import sqlite3

from flask import Flask

from companion import rules
from companion.storage import store
from tests.api.client import Api, Game

#: A three-player Seven-Up game's settings as ``Settings.to_json`` wrote them before a game named
#: the edition of the gift's rule: no ``gift_rule``.
OLD_SETTINGS = ('{"ruleset": "seven-up", "players": ["Ana", "Ben", "Cleo"], "first_dealer": 0, '
                '"options": {"target": 7, "game_tie": "nobody", "low_to": "holder"}}')
#: A hand where only game was scored, by Cleo (seat 2), as ``entry_to_json`` writes it.
CLEO_MAKES_GAME = ('{"kind": "hand", "jacks_turned": 0, "beg": "stand", "high": null, "low": null, '
                   '"jack": null, "game": 2, "redeal": false}')
OLD_ID, OLD_TOKEN = "old-game-from-before-editions", "the-old-games-edit-token"


def hand(**fields: object) -> dict[str, object]:
    return {"jacks_turned": 0, "beg": "stand", "high": None, "low": None, "jack": None,
            "game": "tie", **fields}


def _database(app: Flask) -> str:
    return str(app.config["SQLALCHEMY_DATABASE_URI"]).removeprefix("sqlite:///")


def _store_the_old_way(app: Flask) -> None:
    """The row as the code before the change stored it: six hands, Cleo at 6 of 7, Ana to deal
    (Ben is the eldest, Cleo the gift's other receiver)."""
    entries = "[" + ", ".join([CLEO_MAKES_GAME] * 6) + "]"
    with sqlite3.connect(_database(app)) as connection:
        connection.execute(
            "INSERT INTO games (id, ruleset, settings, entries, version, edit_token_hash, "
            "created_at, updated_at, table_id, rematch_id) VALUES (?, 'seven-up', ?, ?, 7, ?, "
            "'2026-01-10 20:15:00.000000', '2026-01-10 20:41:00.000000', NULL, NULL)",
            (OLD_ID, OLD_SETTINGS, entries, hashlib.sha256(OLD_TOKEN.encode()).hexdigest()))


def _settings_text(app: Flask, game_id: str) -> str:
    with sqlite3.connect(_database(app)) as connection:
        row = connection.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
    return str(row[0])


def test_a_game_stored_before_the_change_keeps_the_gift_rule_it_began_with(
        app: Flask) -> None:
    _store_the_old_way(app)
    with app.app_context():
        stored = store.load_game(OLD_ID)
    assert stored.settings.gift_rule is rules.GiftRule.ELDEST_SIDE
    assert stored.state.side_scores == (0, 0, 6) and stored.version == 7
    api = Api(app.test_client())
    old = Game(OLD_ID, OLD_TOKEN, {})
    old.body = api.get(old)
    assert "gift_rule" not in str(old.body)  # the API's game body is as it was
    # Under the first edition only Ben, the eldest, is looked at: Ana may give one, and
    # Cleo's gift point (counted after Ben's) wins the game before play.
    api.write(old, "hands", hand(beg="give"))
    assert old.body["status"] == "finished" and old.body["winners"] == [2]
    assert old.body["winning_point"] == {"point": "gift", "seat": 2, "team": None, "counted": True}
    # The write changed the entries, never the settings: the game stays in its edition.
    assert _settings_text(app, OLD_ID) == OLD_SETTINGS


def test_a_new_game_stores_the_new_rule_and_plays_it(app: Flask) -> None:
    api = Api(app.test_client())
    new = api.create("seven-up", ["Ana", "Ben", "Cleo"])
    for _ in range(6):
        api.write(new, "hands", hand(game=2))
    assert '"gift_rule": "every-receiver"' in _settings_text(app, new.id)
    assert "gift_rule" not in str(new.body)
    error = api.refused(new, "hands", hand(beg="give"), 422, "gift-would-win")
    assert error["message"] == (
        "the dealer may not give one: it would put Cleo out at 7; the cards must be run")


def test_other_games_store_their_settings_as_before(app: Flask) -> None:
    api = Api(app.test_client())
    game = api.create("oh-hell", ["Ana", "Ben", "Cleo"])
    assert _settings_text(app, game.id) == (
        '{"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "first_dealer": 0, '
        '"options": {"scoring": "exact", "schedule": "down-up", "hook": "always", '
        '"max_hand": null, "zero_bid": "standard"}}')
