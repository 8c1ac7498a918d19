"""A game and its table on the pages: every viewer of a game sees the table it is at; its
scorekeeper keeps a finished game's players as a new table, or adds the game to one of the
phone's tables (both rights needed), each refusal at its field with nothing lost; a form sent
again under its key counts once; a rematch stays at the table."""

from __future__ import annotations

import html
import re
import secrets

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store, table_store
from companion.storage.models import Table, db
from companion.web.shared import access
from tests.api.client import Game

from .conftest import ONE_CARD, Tables

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def _words(response: object) -> str:
    body = response.get_data(as_text=True)  # type: ignore[attr-defined]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def _keeps_game(client: FlaskClient, game: Game) -> None:
    """This phone keeps the game's score (its scorekeeper link)."""
    assert client.get(f"/g/{game.id}/keep/{game.token}").status_code == 303


def _keeps_table(client: FlaskClient, table_id: str, token: str) -> None:
    assert client.get(f"/t/{table_id}/keep/{token}").status_code == 303


def _finished(at_table: Tables, players: list[str] = PLAYERS) -> Game:
    """A finished one-card Oh Hell game at no table (Ben takes the trick)."""
    game = at_table.api.create("oh-hell", players, options=ONE_CARD)
    at_table.play_one_card(game, 1)
    return game


def _tables(app: Flask) -> int:
    with app.app_context():
        return db.session.query(Table).count()


def _game_json(client: FlaskClient, game_id: str) -> dict[str, object]:
    return client.get(f"/api/v1/games/{game_id}").get_json()  # type: ignore[no-any-return]


def key() -> str:
    return secrets.token_urlsafe(16)


# --- the table a game is at -----------------------------------------------------------------

def test_every_viewer_of_a_game_sees_its_table(app: Flask, client: FlaskClient,
                                               at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    link = f'<a class="game-table-link" href="/t/{table_id}">'
    watcher = app.test_client()
    assert link in watcher.get(f"/g/{game.id}").get_data(as_text=True)  # the share page
    _keeps_table(client, table_id, token)
    page = client.get(f"/g/{game.id}")
    assert link in page.get_data(as_text=True)
    assert "At the table Thursday cards" in _words(page)
    at_table.play_one_card(game, 0)
    assert link in client.get(f"/g/{game.id}").get_data(as_text=True)  # finished too
    assert link in watcher.get(f"/g/{game.id}/live").get_data(as_text=True)  # and live
    french = watcher.get(f"/g/{game.id}", headers={"Accept-Language": "fr"})
    assert "À la table Thursday cards" in _words(french)
    alone = at_table.api.create("oh-hell", PLAYERS)
    assert "game-table-link" not in watcher.get(f"/g/{alone.id}").get_data(as_text=True)
    hands = at_table.game(table_id, token, ["Ana", "Ben"], ruleset="seven-up")
    assert link in watcher.get(f"/g/{hands.id}").get_data(as_text=True)  # every game's page


def test_joining_a_table_changes_the_game_page(app: Flask, client: FlaskClient,
                                              at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = _finished(at_table)
    watcher = app.test_client()
    before = watcher.get(f"/g/{game.id}")
    tag = before.headers["ETag"]
    assert watcher.get(f"/g/{game.id}", headers={"If-None-Match": tag}).status_code == 304
    joined = at_table.post(table_id, "games", {"game": game.id, "edit_token": game.token}, token)
    assert joined.status_code == 200
    after = watcher.get(f"/g/{game.id}", headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert "At the table Thursday cards" in _words(after)
    live = watcher.get(f"/g/{game.id}/live?v={game.version}")  # a watcher's poll catches up
    assert live.status_code == 200 and "At the table Thursday cards" in _words(live)


def test_a_scorekeeper_page_changes_with_the_phone_s_tables(client: FlaskClient,
                                                             at_table: Tables) -> None:
    game = _finished(at_table)
    _keeps_game(client, game)
    first = client.get(f"/g/{game.id}")
    tag = first.headers["ETag"]
    assert "Add this game to a table" not in _words(first)
    assert client.get(f"/g/{game.id}", headers={"If-None-Match": tag}).status_code == 304
    table_id, token = at_table.create("Sunday")
    _keeps_table(client, table_id, token)
    again = client.get(f"/g/{game.id}", headers={"If-None-Match": tag})
    assert again.status_code == 200 and "Add this game to a table" in _words(again)


# --- keep these players as a table ----------------------------------------------------------

def test_keep_a_finished_game_s_players_as_a_table(app: Flask, client: FlaskClient,
                                                   at_table: Tables) -> None:
    game = _finished(at_table)
    _keeps_game(client, game)
    page = client.get(f"/g/{game.id}")
    body = page.get_data(as_text=True)
    assert f'action="/g/{game.id}/keep-table"' in body
    assert 'value="Ana, Ben, Cleo, and Dan"' in body  # prefilled with the players' names
    assert "Keep these players as a table" in _words(page)
    french = client.get(f"/g/{game.id}", headers={"Accept-Language": "fr"})
    assert 'value="Ana, Ben, Cleo et Dan"' in french.get_data(as_text=True)
    assert "Garder ces joueurs comme table" in _words(french)

    answer = client.post(f"/g/{game.id}/keep-table", data={"name": " Thursday cards "})
    assert answer.status_code == 303
    table_page = answer.headers["Location"]
    table_id = table_page.rsplit("/", 1)[1]
    assert table_page.endswith(f"/t/{table_id}")
    with client.session_transaction() as session:
        assert table_id in dict(session[access.TABLE_TOKENS])  # this phone keeps the table
    words = _words(client.get(table_page))
    assert "Thursday cards" in words and "New game at this table" in words
    assert "1 game · 1 finished" in words  # its figures count the game
    assert at_table.statistics(table_id)["games"] == 1
    assert _game_json(client, game.id)["links"]["table"] == f"/t/{table_id}"  # type: ignore[index]
    # The game's page: at the table, no longer offered to keep or to add.
    words = _words(client.get(f"/g/{game.id}"))
    assert "At the table Thursday cards" in words
    assert "Keep these players as a table" not in words and "Add this game to a table" not in words
    assert _tables(app) == 1


def test_a_table_is_made_with_its_first_game_or_not_at_all(app: Flask,
                                                           at_table: Tables) -> None:
    game = _finished(at_table)
    with app.test_request_context():
        seen = store.load_game(game.id)
    at_table.api.write(game, "undo", {})  # the game moves on meanwhile
    with app.test_request_context():
        with pytest.raises(store.VersionConflict):
            table_store.create_table("Ours", seen)
        assert store.load_game(game.id).table_id is None
    assert _tables(app) == 0


def test_a_long_list_of_names_is_cut_to_a_table_s_name(client: FlaskClient,
                                                       at_table: Tables) -> None:
    game = _finished(at_table, ["Alessandra", "Bartholomew", "Cleopatra", "Devendra"])
    _keeps_game(client, game)
    value = re.search(r'id="keep-table-name"[^>]*value="([^"]*)"',
                      client.get(f"/g/{game.id}").get_data(as_text=True), re.S)
    assert value is not None
    assert value.group(1) == "Alessandra, Bartholomew, Cleopatra…"
    assert len(html.unescape(value.group(1))) <= 40


def test_keeping_as_a_table_is_refused_at_the_name(app: Flask, client: FlaskClient,
                                                   at_table: Tables) -> None:
    game = _finished(at_table)
    _keeps_game(client, game)
    assert 'maxlength="40"' in client.get(f"/g/{game.id}").get_data(as_text=True)
    for typed, reason in (("   ", "Give the table a name."),
                          ("x" * 41, "A table's name is 1 to 40 characters long.")):
        answer = client.post(f"/g/{game.id}/keep-table", data={"name": typed})
        assert answer.status_code == 422
        body = answer.get_data(as_text=True)
        assert 'id="keep-table-name-error"' in body and 'aria-invalid="true"' in body
        assert reason in _words(answer)
        assert f'value="{typed}"' in body  # what was typed is kept
        assert re.search(r'<input id="keep-table-name"[^>]* autofocus', body)
    french = client.post(f"/g/{game.id}/keep-table", data={"name": ""},
                         headers={"Accept-Language": "fr"})
    assert "Donne un nom à la table." in _words(french)
    italian = client.post(f"/g/{game.id}/keep-table", data={"name": ""},
                          headers={"Accept-Language": "it"})
    assert "Dai un nome al tavolo." in _words(italian)
    assert _tables(app) == 0 and "links" in _game_json(client, game.id)
    assert "table" not in _game_json(client, game.id)["links"]  # type: ignore[operator]


def test_keeping_as_a_table_needs_the_game_s_right_and_a_finished_game(
        app: Flask, client: FlaskClient, at_table: Tables) -> None:
    game = _finished(at_table)
    assert client.post(f"/g/{game.id}/keep-table", data={"name": "Ours"}).status_code == 403
    assert "Keep these players as a table" not in _words(client.get(f"/g/{game.id}"))
    playing = at_table.api.create("oh-hell", PLAYERS, options=ONE_CARD)
    _keeps_game(client, playing)
    assert "Keep these players as a table" not in _words(client.get(f"/g/{playing.id}"))
    assert client.post(f"/g/{playing.id}/keep-table", data={"name": "Ours"}).status_code == 409
    assert client.post("/g/no-such-game/keep-table", data={"name": "Ours"}).status_code == 404
    assert _tables(app) == 0


def test_a_game_at_a_table_is_not_kept_as_another(app: Flask, client: FlaskClient,
                                                  at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, PLAYERS, options=ONE_CARD)
    at_table.play_one_card(game, 1)
    _keeps_table(client, table_id, token)  # the table's right opens its game
    page = _words(client.get(f"/g/{game.id}"))
    assert "Keep these players as a table" not in page and "Rematch" in page
    answer = client.post(f"/g/{game.id}/keep-table", data={"name": "Another"})
    assert answer.status_code == 422
    assert "This game already belongs to a table." in _words(answer)
    assert 'value="Another"' in answer.get_data(as_text=True)
    assert _tables(app) == 1
    assert _game_json(client, game.id)["links"]["table"] == f"/t/{table_id}"  # type: ignore[index]


def test_keeping_as_a_table_sent_again_makes_one_table(app: Flask, client: FlaskClient,
                                                       at_table: Tables) -> None:
    game = _finished(at_table)
    _keeps_game(client, game)
    sent = key()
    first = client.post(f"/g/{game.id}/keep-table", data={"name": "Ours", "idempotency_key": sent})
    assert first.status_code == 303
    other = app.test_client()  # the first answer lost: the phone's cookie never got the table
    _keeps_game(other, game)
    again = other.post(f"/g/{game.id}/keep-table", data={"name": "Ours", "idempotency_key": sent})
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert _tables(app) == 1
    assert "New game at this table" in _words(other.get(again.headers["Location"]))
    reused = client.post(f"/g/{game.id}/keep-table", data={"name": "Theirs",
                                                           "idempotency_key": sent})
    assert reused.status_code == 422 and "safety key was already used" in _words(reused)
    assert _tables(app) == 1


# --- add this game to a table ---------------------------------------------------------------

def _both_rights(client: FlaskClient, at_table: Tables) -> tuple[str, str, Game]:
    table_id, token = at_table.create()
    _keeps_table(client, table_id, token)
    game = at_table.api.create("oh-hell", PLAYERS, options=ONE_CARD)
    _keeps_game(client, game)
    return table_id, token, game


def test_add_a_game_to_one_of_the_phone_s_tables(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, game = _both_rights(client, at_table)
    other_id, other_token = at_table.create("Sunday")
    _keeps_table(client, other_id, other_token)
    page = client.get(f"/g/{game.id}")  # in progress: offered too
    body = page.get_data(as_text=True)
    assert f'action="/g/{game.id}/join-table"' in body
    assert f'value="{table_id}"' in body and f'value="{other_id}"' in body
    radios = re.findall(r'<input type="radio" name="table" value="([^"]+)"( checked)?>', body)
    assert [checked for _value, checked in radios] == [" checked", ""]  # the first chosen
    assert {value for value, _checked in radios} == {table_id, other_id}
    assert "Add this game to a table" in _words(page)
    answer = client.post(f"/g/{game.id}/join-table", data={"table": table_id})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/g/{game.id}")
    words = _words(client.get(f"/g/{game.id}"))
    assert "This game is now at the table Thursday cards." in words
    assert "At the table Thursday cards" in words and "Add this game to a table" not in words
    at_table.play_one_card(Game(game.id, token, _game_json(client, game.id)), 1)  # its right
    assert at_table.statistics(table_id)["finished"] == 1
    assert "1 game · 1 finished" in _words(client.get(f"/t/{table_id}"))


def test_no_table_right_no_form(client: FlaskClient, at_table: Tables) -> None:
    at_table.create()
    game = _finished(at_table)
    _keeps_game(client, game)
    words = _words(client.get(f"/g/{game.id}"))
    assert "Add this game to a table" not in words and "Keep these players as a table" in words


def test_adding_needs_both_rights(client: FlaskClient, at_table: Tables, app: Flask) -> None:
    table_id, token = at_table.create()
    game = _finished(at_table)
    nobody = app.test_client()
    assert nobody.post(f"/g/{game.id}/join-table", data={"table": table_id}).status_code == 403
    _keeps_game(client, game)  # the game's right only
    assert client.post(f"/g/{game.id}/join-table", data={"table": table_id}).status_code == 403
    table_only = app.test_client()
    _keeps_table(table_only, table_id, token)  # the table's right only
    assert "Add this game to a table" not in _words(table_only.get(f"/g/{game.id}"))
    assert table_only.post(f"/g/{game.id}/join-table",
                           data={"table": table_id}).status_code == 403
    with client.session_transaction() as session:  # a token that is not the table's
        session[access.TABLE_TOKENS] = {table_id: "not-the-token"}
    assert client.post(f"/g/{game.id}/join-table", data={"table": table_id}).status_code == 403
    assert "table" not in _game_json(client, game.id)["links"]  # type: ignore[operator]
    assert at_table.get(table_id)["games"] == []


def test_a_game_at_another_table_is_refused(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, game = _both_rights(client, at_table)
    other_id, other_token = at_table.create("Sunday")
    joined = at_table.post(other_id, "games", {"game": game.id, "edit_token": game.token},
                           other_token)  # another phone, meanwhile
    assert joined.status_code == 200
    answer = client.post(f"/g/{game.id}/join-table", data={"table": table_id})
    assert answer.status_code == 422
    body = answer.get_data(as_text=True)
    assert 'id="join-table-error"' in body and 'aria-invalid="true"' in body
    assert "This game already belongs to a table." in _words(answer)
    assert "At the table Sunday" in _words(answer)
    assert _game_json(client, game.id)["links"]["table"] == f"/t/{other_id}"  # type: ignore[index]
    assert at_table.get(table_id)["games"] == []


def test_two_seats_one_player_of_the_table_is_refused(client: FlaskClient,
                                                      at_table: Tables) -> None:
    table_id, token = at_table.create()
    at_table.game(table_id, token, ["Nonna", "Ben", "Cleo"])
    renamed = at_table.post(table_id, "players/rename", {"from": "Nonna", "to": "Grandma"}, token)
    assert renamed.status_code == 200
    _keeps_table(client, table_id, token)
    game = at_table.api.create("oh-hell", ["Grandma", "Ben", "Nonna"])
    _keeps_game(client, game)
    version = _game_json(client, game.id)["version"]
    answer = client.post(f"/g/{game.id}/join-table", data={"table": table_id})
    assert answer.status_code == 422
    assert ("Grandma and Nonna are one player at this table: give one another name."
            in _words(answer))
    assert f'value="{table_id}" checked' in answer.get_data(as_text=True)  # the choice kept
    italian = client.post(f"/g/{game.id}/join-table", data={"table": table_id},
                          headers={"Accept-Language": "it"})
    assert "sono lo stesso giocatore a questo tavolo" in _words(italian)
    assert _game_json(client, game.id)["version"] == version
    assert len(at_table.get(table_id)["games"]) == 1


def test_a_deleted_table_is_refused_and_forgotten(client: FlaskClient, at_table: Tables) -> None:
    table_id, token, game = _both_rights(client, at_table)
    assert at_table.client.delete(f"/api/v1/tables/{table_id}",
                                  headers={"Authorization": f"Bearer {token}"}).status_code == 204
    answer = client.post(f"/g/{game.id}/join-table", data={"table": table_id})
    assert answer.status_code == 422
    assert "That table was deleted." in _words(answer)
    with client.session_transaction() as session:
        assert table_id not in dict(session.get(access.TABLE_TOKENS, []))
    assert "Add this game to a table" not in _words(client.get(f"/g/{game.id}"))


def test_no_table_chosen_is_refused(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token, game = _both_rights(client, at_table)
    answer = client.post(f"/g/{game.id}/join-table", data={})
    assert answer.status_code == 422 and "Choose a table." in _words(answer)
    assert client.post(f"/g/{game.id}/join-table",
                       data={"table": "bad id"}).status_code == 403
    assert at_table.get(table_id)["games"] == []


def test_adding_sent_again_counts_once(client: FlaskClient, at_table: Tables) -> None:
    table_id, _token, game = _both_rights(client, at_table)
    other_id, other_token = at_table.create("Sunday")
    _keeps_table(client, other_id, other_token)
    sent = key()
    first = client.post(f"/g/{game.id}/join-table", data={"table": table_id,
                                                          "idempotency_key": sent})
    assert first.status_code == 303
    version = _game_json(client, game.id)["version"]
    again = client.post(f"/g/{game.id}/join-table", data={"table": table_id,
                                                          "idempotency_key": sent})
    assert again.status_code == 303 and again.headers["Idempotent-Replayed"] == "true"
    assert _game_json(client, game.id)["version"] == version
    reused = client.post(f"/g/{game.id}/join-table", data={"table": other_id,
                                                           "idempotency_key": sent})
    assert reused.status_code == 422 and "safety key was already used" in _words(reused)
    assert _game_json(client, game.id)["links"]["table"] == f"/t/{table_id}"  # type: ignore[index]


def test_the_forms_carry_a_key_drawn_with_the_page(client: FlaskClient, at_table: Tables) -> None:
    """Posted twice as drawn (a double tap, scripts off), a form is one write."""
    _table_id, _token, game = _both_rights(client, at_table)
    at_table.play_one_card(game, 1)
    body = client.get(f"/g/{game.id}").get_data(as_text=True)
    drawn = re.compile(r'<input type="hidden" name="idempotency_key" value="[A-Za-z0-9_-]{22,64}">')
    forms = dict(re.findall(r'<form[^>]*action="([^"]+)"(.*?)</form>', body, flags=re.S))
    for action in (f"/g/{game.id}/keep-table", f"/g/{game.id}/join-table"):
        assert drawn.search(forms[action]) and 'name="csrf_token"' in forms[action]


# --- a rematch ------------------------------------------------------------------------------

def test_a_rematch_of_a_game_added_to_a_table_stays_at_it(app: Flask, client: FlaskClient,
                                                         at_table: Tables) -> None:
    table_id, token, game = _both_rights(client, at_table)
    assert client.post(f"/g/{game.id}/join-table", data={"table": table_id}).status_code == 303
    at_table.play_one_card(Game(game.id, token, _game_json(client, game.id)), 1)
    phone = app.test_client()  # a phone holding the game's right alone
    _keeps_game(phone, game)
    answer = phone.post(f"/g/{game.id}/rematch")
    assert answer.status_code == 303
    rematch = answer.headers["Location"].rsplit("/", 1)[1]
    assert _game_json(phone, rematch)["links"]["table"] == f"/t/{table_id}"  # type: ignore[index]
    assert "At the table Thursday cards" in _words(phone.get(f"/g/{rematch}"))
    assert len(at_table.get(table_id)["games"]) == 2
