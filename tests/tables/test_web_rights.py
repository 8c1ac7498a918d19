"""A device holding a table's right may keep score of every game of the table on the pages;
a rematch of a table's game belongs to the table."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion import store
from companion.web import access

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo"]


def test_the_table_right_opens_its_games(app: Flask, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS)
    alone = at_table.api.create("oh-hell", PLAYERS)
    with app.test_request_context():
        stored = store.load_game(game.id)
        head = store.game_head(game.id)
        assert head is not None
        assert not access.may_edit(stored) and not access.may_edit(head)
        access.grant_table(table_id, token)
        assert access.may_edit(stored) and access.may_edit(head)
        assert not access.may_edit(store.load_game(alone.id))
        access.grant_table(table_id, "not-the-token")
        assert not access.may_edit(stored)


def test_a_rematch_stays_at_the_table(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 1)
    assert client.post(f"/g/{game.id}/rematch").status_code == 403  # no right on this device
    with client.session_transaction() as session:
        session[access.TABLE_TOKENS] = {table_id: token}
    answer = client.post(f"/g/{game.id}/rematch")
    assert answer.status_code == 303
    games = at_table.get(table_id)["games"]
    assert len(games) == 2
    rematch = at_table.api.client.get(f"/api/v1/games/{games[0]['id']}").get_json()
    assert rematch["links"]["table"] == f"/t/{table_id}"
    assert answer.headers["Location"].endswith(f"/g/{games[0]['id']}")
