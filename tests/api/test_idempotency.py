"""Writes that are safe to repeat (docs/api.md): an ``Idempotency-Key`` sent again with
the same write is not applied again and answers as the first did, with the current game."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage.models import IdempotencyKey, db

from .client import Api, Game

PLAYERS = ["Ana", "Ben", "Cleo"]


def key() -> str:
    return secrets.token_urlsafe(16)  # 128 random bits, 22 characters


def keyed(api: Api, game: Game, path: str, body: dict[str, Any], idempotency_key: str,
          method: str = "POST") -> Any:
    return api.client.open(f"/api/v1/games/{game.id}/{path}", method=method, json=body, headers={
        "Authorization": f"Bearer {game.token}", "Idempotency-Key": idempotency_key})


def test_a_key_replayed_after_the_game_moved_on_is_not_applied_again(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    bids = {"version": game.version, "bids": [0, 0, 0]}
    first_key = key()
    first = keyed(api, game, "bids", bids, first_key)
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    game.body = first.get_json()
    tricks = [0, 0, 0]
    tricks[game.body["current"]["bidding_order"][0]] = game.body["current"]["hand_size"]
    api.write(game, "tricks", {"tricks": tricks})
    moved_on = api.get(game)
    assert moved_on["version"] == 3

    again = keyed(api, game, "bids", bids, first_key)  # its version is 1: still recognised
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == moved_on  # the game as it is now
    assert api.get(game) == moved_on  # nothing applied twice


def test_the_same_key_with_another_body_is_refused(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    used = key()
    assert keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, used).status_code == 200
    before = api.get(game)
    for body, path in (({"version": 1, "bids": [1, 0, 0]}, "bids"),
                       ({"version": 2}, "undo"),
                       ({"version": 2, "bids": [0, 0, 0]}, "bids")):  # same bids, other version
        other = keyed(api, game, path, body, used)
        assert other.status_code == 422
        assert other.get_json()["error"]["code"] == "idempotency-key"
        assert other.get_json()["error"]["field"] == "Idempotency-Key"
    assert api.get(game) == before


def test_equal_json_is_the_same_write_whatever_its_spelling(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    used = key()
    assert keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, used).status_code == 200
    spelled = api.client.post(f"/api/v1/games/{game.id}/bids",
                              data='{ "bids": [0, 0.0, 0e0], "version": 1.0 }',
                              content_type="application/json",
                              headers={"Authorization": f"Bearer {game.token}",
                                       "Idempotency-Key": used})
    assert spelled.status_code == 200 and spelled.headers["Idempotent-Replayed"] == "true"
    assert spelled.get_json()["version"] == 2


@pytest.mark.parametrize("bad", ["", "x" * 65, "has space", "é", "a/b", "a.b", "a+b"])
def test_a_malformed_key_is_refused_and_changes_nothing(api: Api, bad: str) -> None:
    game = api.create("oh-hell", PLAYERS)
    before = api.get(game)
    response = keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, bad)
    assert response.status_code == 400
    assert response.get_json()["error"] == {
        "code": "invalid", "field": "Idempotency-Key",
        "message": "the Idempotency-Key must be 1 to 64 characters of A-Z a-z 0-9 _ -"}
    assert api.get(game) == before


def test_every_short_key_is_well_formed_for_an_entry(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    assert keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, "a").status_code == 200
    assert keyed(api, game, "undo", {"version": 2}, "A-_9" * 16).status_code == 200


def test_the_key_is_checked_after_the_token_and_before_the_body(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    no_token = api.client.post(f"/api/v1/games/{game.id}/bids", json={"version": 1},
                               headers={"Idempotency-Key": "bad key"})
    assert no_token.status_code == 401
    wrong = api.client.post(f"/api/v1/games/{game.id}/bids", json={"version": 1},
                            headers={"Idempotency-Key": "bad key", "Authorization": "Bearer nope"})
    assert wrong.status_code == 403
    # A malformed key before a malformed body; the token before both.
    assert keyed(api, game, "bids", {"oops": 1}, "bad key").status_code == 400
    assert keyed(api, game, "bids", {"oops": 1}, "bad key").get_json()["error"]["field"] == (
        "Idempotency-Key")


def test_a_refused_write_leaves_its_key_unused(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)  # 10 cards: the dealer Ana may not bid 10 - 0 - 0
    used = key()
    hooked = keyed(api, game, "bids", {"version": 1, "bids": [10, 0, 0]}, used)
    assert hooked.status_code == 422 and hooked.get_json()["error"]["code"] == "hook"
    stale = keyed(api, game, "bids", {"version": 7, "bids": [0, 0, 0]}, used)
    assert stale.status_code == 409
    shape = keyed(api, game, "bids", {"version": 1, "bids": "none"}, used)
    assert shape.status_code == 400
    # The corrected body under the same key is a first write.
    fixed = keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, used)
    assert fixed.status_code == 200 and "Idempotent-Replayed" not in fixed.headers
    assert fixed.get_json()["version"] == 2


def test_undo_and_correction_keys_replay_and_leave_the_others_alone(api: Api) -> None:
    game = api.create("oh-hell", PLAYERS)
    entered = api.play_turn_round(game)
    round_one = entered["rounds"][0]
    bid_key, undo_key, fix_key = key(), key(), key()
    bids = {"version": game.version, "bids": [0, 0, 0]}
    game.body = keyed(api, game, "bids", bids, bid_key).get_json()
    undone = keyed(api, game, "undo", {"version": game.version}, undo_key)
    assert undone.status_code == 200 and undone.get_json()["current"]["bids"] is None
    tricks = list(round_one["tricks"])
    tricks[0], tricks[1] = tricks[1], tricks[0]
    correction = {"version": undone.get_json()["version"], "bids": round_one["bids"],
                  "tricks": tricks}
    fixed = keyed(api, game, "rounds/1", correction, fix_key, method="PUT")
    assert fixed.status_code == 200
    now = fixed.get_json()
    # Each key replays after the undo and the correction: none is applied again.
    for path, body, used, method in (("bids", bids, bid_key, "POST"),
                                     ("undo", {"version": 4}, undo_key, "POST"),
                                     ("rounds/1", correction, fix_key, "PUT")):
        again = keyed(api, game, path, body, used, method)
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json() == now
    assert api.get(game) == now


def test_a_key_belongs_to_its_game(api: Api) -> None:
    one, two = api.create("oh-hell", PLAYERS), api.create("oh-hell", PLAYERS)
    used = key()
    bids = {"version": 1, "bids": [0, 0, 0]}
    assert keyed(api, one, "bids", bids, used).status_code == 200
    other = keyed(api, two, "bids", bids, used)  # the other game: a write of its own
    assert other.status_code == 200 and "Idempotent-Replayed" not in other.headers
    assert api.get(two)["version"] == 2 and api.get(one)["version"] == 2


def test_a_key_of_a_deleted_game_is_404(api: Api, client: FlaskClient, app: Flask) -> None:
    game = api.create("oh-hell", PLAYERS)
    used = key()
    bids = {"version": 1, "bids": [0, 0, 0]}
    assert keyed(api, game, "bids", bids, used).status_code == 200
    client.get(f"/g/{game.id}/keep/{game.token}")
    assert client.post(f"/g/{game.id}/delete").status_code == 303
    assert keyed(api, game, "bids", bids, used).status_code == 404
    with app.app_context():  # its keys went with it
        assert db.session.query(IdempotencyKey).filter_by(scope=game.id).count() == 0


def test_keys_are_kept_as_hashes(api: Api, app: Flask) -> None:
    game = api.create("oh-hell", PLAYERS)
    used = key()
    assert keyed(api, game, "bids", {"version": 1, "bids": [0, 0, 0]}, used).status_code == 200
    with app.app_context():
        (row,) = db.session.query(IdempotencyKey).filter_by(scope=game.id).all()
        assert used not in (row.key_hash, row.fingerprint) and row.version == 2


# --- creation ------------------------------------------------------------------------------

def _create(client: FlaskClient, body: dict[str, Any], idempotency_key: str) -> Any:
    return client.post("/api/v1/games", json=body, headers={"Idempotency-Key": idempotency_key})


def test_a_replayed_creation_answers_in_full(api: Api, app: Flask) -> None:
    body = {"ruleset": "oh-hell", "players": PLAYERS}
    used = key()
    first = _create(api.client, body, used)
    assert first.status_code == 201
    created = first.get_json()
    game = Game(created["game"]["id"], created["edit_token"], created["game"])
    api.write(game, "bids", {"bids": [0, 0, 0]})

    again = _create(api.client, body, used)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    assert again.headers["Cache-Control"] == "no-store"
    replayed = again.get_json()
    assert replayed["edit_token"] == created["edit_token"]
    assert replayed["scorekeeper_url"] == created["scorekeeper_url"]
    assert replayed["game"] == api.get(game)  # the game as it is now
    with app.app_context():  # one game made; its token nowhere in the clear
        (row,) = db.session.query(IdempotencyKey).filter_by(scope="/api/v1/games").all()
        assert row.resource == game.id and row.version is None
        assert created["edit_token"] not in (row.sealed or "")
        assert used not in (row.sealed or "") + row.key_hash

    other = _create(api.client, {"ruleset": "oh-hell", "players": ["Ana", "Ben"]}, used)
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency-key"


@pytest.mark.parametrize("bad", ["a" * 21, "a" * 65, "a" * 21 + "!"])
def test_a_creation_key_holds_22_to_64_characters(client: FlaskClient, bad: str) -> None:
    response = _create(client, {"ruleset": "oh-hell", "players": PLAYERS}, bad)
    assert response.status_code == 400
    assert response.get_json()["error"]["message"] == (
        "the Idempotency-Key must be 22 to 64 characters of A-Z a-z 0-9 _ -")
    assert _create(client, {"ruleset": "oh-hell", "players": PLAYERS}, "a" * 22).status_code == 201
    assert _create(client, {"ruleset": "oh-hell", "players": PLAYERS}, "b" * 64).status_code == 201


def test_a_refused_creation_leaves_its_key_unused(client: FlaskClient) -> None:
    used = key()
    refused = _create(client, {"ruleset": "oh-hell", "players": ["Ana"]}, used)
    assert refused.status_code == 422
    made = _create(client, {"ruleset": "oh-hell", "players": PLAYERS}, used)
    assert made.status_code == 201 and "Idempotent-Replayed" not in made.headers


def test_a_creation_key_is_let_go_after_a_day(client: FlaskClient, app: Flask) -> None:
    body = {"ruleset": "oh-hell", "players": PLAYERS}
    used = key()
    first = _create(client, body, used).get_json()
    with app.app_context():
        row = db.session.query(IdempotencyKey).filter_by(scope="/api/v1/games").one()
        from datetime import timedelta
        row.created_at = row.created_at - timedelta(hours=25)
        db.session.commit()
    later = _create(client, body, used)
    assert later.status_code == 201 and "Idempotent-Replayed" not in later.headers
    assert later.get_json()["game"]["id"] != first["game"]["id"]
    with app.app_context():  # the expired row made way for the new one
        assert db.session.query(IdempotencyKey).filter_by(scope="/api/v1/games").count() == 1


# --- other servers, restarts ---------------------------------------------------------------

def test_a_key_is_known_to_a_second_server_and_after_a_restart(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    shared = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    first = Api(make_app(SQLALCHEMY_DATABASE_URI=shared).test_client())
    second = Api(make_app(SQLALCHEMY_DATABASE_URI=shared).test_client())
    creation_key, bid_key = key(), key()
    created = _create(first.client, {"ruleset": "oh-hell", "players": PLAYERS}, creation_key)
    answer = created.get_json()
    game = Game(answer["game"]["id"], answer["edit_token"], answer["game"])
    bids = {"version": 1, "bids": [0, 0, 0]}
    assert keyed(first, game, "bids", bids, bid_key).status_code == 200

    on_second = keyed(second, game, "bids", bids, bid_key)
    assert on_second.status_code == 200 and on_second.headers["Idempotent-Replayed"] == "true"
    assert on_second.get_json()["version"] == 2
    again = _create(second.client, {"ruleset": "oh-hell", "players": PLAYERS}, creation_key)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["edit_token"] == game.token

    restarted = Api(make_app(SQLALCHEMY_DATABASE_URI=shared).test_client())  # a new process
    after = keyed(restarted, game, "bids", bids, bid_key)
    assert after.status_code == 200 and after.headers["Idempotent-Replayed"] == "true"
    assert restarted.get(game)["version"] == 2


def test_the_same_write_sent_twice_at_once_is_applied_once(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    """Two servers get the same write at the same moment: one writes it, the other (which lost
    the version's race, or found the key) answers as a replay."""
    from tests.store.racing import at_once, redeal

    shared = f"sqlite:///{tmp_path / 'race.sqlite'}"
    phones = [Api(make_app(SQLALCHEMY_DATABASE_URI=shared).test_client()) for _ in range(2)]
    game = phones[0].create("seven-up", ["Ana", "Ben"])
    rounds = 12
    for version in range(1, rounds + 1):
        used, body = key(), {"version": version, **redeal("stand")}
        answers = at_once(keyed, *[(phone, game, "hands", body, used) for phone in phones])
        assert [a.status_code for a in answers] == [200, 200], [a.get_json() for a in answers]
        assert sorted(a.headers.get("Idempotent-Replayed", "") for a in answers) == ["", "true"]
    final = phones[1].get(game)
    assert final["version"] == rounds + 1 and final["current"]["redeals"] == rounds


def test_the_same_creation_sent_twice_at_once_makes_one_game(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    from tests.store.racing import at_once

    shared = f"sqlite:///{tmp_path / 'race.sqlite'}"
    phones = [make_app(SQLALCHEMY_DATABASE_URI=shared).test_client() for _ in range(2)]
    for _ in range(6):
        used = key()
        answers = at_once(_create, *[(phone, {"ruleset": "oh-hell", "players": PLAYERS}, used)
                                     for phone in phones])
        assert [a.status_code for a in answers] == [201, 201]
        one, two = (a.get_json() for a in answers)
        assert one["game"]["id"] == two["game"]["id"] and one["edit_token"] == two["edit_token"]


def test_a_replayed_table_creation_answers_in_full(client: FlaskClient, app: Flask) -> None:
    """docs/api.md, "Writes that are safe to repeat": POST /api/v1/tables too."""
    used = key()
    first = client.post("/api/v1/tables", json={"name": "Thursday cards"},
                        headers={"Idempotency-Key": used})
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    again = client.post("/api/v1/tables", json={"name": "Thursday cards"},
                        headers={"Idempotency-Key": used})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    made, replayed = first.get_json(), again.get_json()
    assert replayed["edit_token"] == made["edit_token"]
    assert replayed["scorekeeper_url"] == made["scorekeeper_url"]
    assert replayed["table"]["id"] == made["table"]["id"]
    with app.app_context():  # one table made; its token nowhere in the clear
        (row,) = db.session.query(IdempotencyKey).filter_by(scope="/api/v1/tables").all()
        assert row.resource == made["table"]["id"] and made["edit_token"] not in (row.sealed or "")
    other = client.post("/api/v1/tables", json={"name": "Friday cards"},
                        headers={"Idempotency-Key": used})
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency-key"
    assert client.post("/api/v1/tables", json={"name": "x"},
                       headers={"Idempotency-Key": "short"}).status_code == 400


def test_a_creation_replayed_after_its_game_was_deleted_is_404(api: Api, client: FlaskClient) -> None:
    """docs/api.md: a key of a game since deleted answers 404, as every request about that game
    (the creation's key used to go with the game, and the replay made the game again)."""
    body = {"ruleset": "oh-hell", "players": PLAYERS}
    used = key()
    first = _create(client, body, used)
    assert first.status_code == 201
    made = first.get_json()
    client.get(made["scorekeeper_url"])
    assert client.post(f"/g/{made['game']['id']}/delete").status_code == 303
    again = _create(client, body, used)
    assert again.status_code == 404, again.get_json()
    assert again.get_json()["error"]["code"] == "not-found"


def test_a_creation_at_a_table_asks_the_table_token_before_its_key(client: FlaskClient) -> None:
    """docs/api.md: the key is checked after the token, so a replay without the table's token
    (or with a wrong one) is refused as the first write would be, never answered in full."""
    table = client.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    body = {"ruleset": "oh-hell", "players": PLAYERS, "table": table["table"]["id"]}
    used = key()
    first = client.post("/api/v1/games", json=body, headers={
        "Authorization": f"Bearer {table['edit_token']}", "Idempotency-Key": used})
    assert first.status_code == 201
    alone = client.post("/api/v1/games", json=body, headers={"Idempotency-Key": used})
    wrong = client.post("/api/v1/games", json=body, headers={
        "Authorization": "Bearer not-the-token", "Idempotency-Key": used})
    assert (alone.status_code, wrong.status_code) == (401, 403)
    for refused in (alone, wrong):
        assert "edit_token" not in refused.get_data(as_text=True)
    again = client.post("/api/v1/games", json=body, headers={
        "Authorization": f"Bearer {table['edit_token']}", "Idempotency-Key": used})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["game"]["id"] == first.get_json()["game"]["id"]


def race_one_key(phones: list[FlaskClient], path: str, bodies: tuple[dict[str, Any], ...],
                 monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """The first phone's creation checks its key and finds nothing; before it writes, the
    second phone's creation under the same key and another body is written (the race, made
    certain). The answers of the second, then of the first."""
    import threading

    from companion.storage import store

    used, made = key(), store.new_edit_token
    answers: list[Any] = []

    def meanwhile() -> str:
        if not answers:
            answers.append(None)  # once
            other = threading.Thread(target=lambda: answers.append(phones[1].post(
                path, json=bodies[1], headers={"Idempotency-Key": used})))
            other.start()
            other.join()
        return made()

    monkeypatch.setattr(store, "new_edit_token", meanwhile)
    first = phones[0].post(path, json=bodies[0], headers={"Idempotency-Key": used})
    return answers[1], first


@pytest.mark.parametrize(("path", "bodies"), [
    ("/api/v1/games", ({"ruleset": "oh-hell", "players": PLAYERS},
                       {"ruleset": "oh-hell", "players": ["Dan", "Eve", "Fay"]})),
    ("/api/v1/tables", ({"name": "Thursday cards"}, {"name": "Friday cards"})),
])
def test_two_creations_racing_one_key_with_other_bodies_get_422(
        make_app: Callable[..., Flask], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        path: str, bodies: tuple[dict[str, Any], ...]) -> None:
    """The loser's key row is refused by the database (the winner's is there): the same answer
    as a moment later, 422 ``idempotency-key``, never a 500; one creation made."""
    shared = f"sqlite:///{tmp_path / 'race.sqlite'}"
    phones = [make_app(SQLALCHEMY_DATABASE_URI=shared).test_client() for _ in range(2)]
    won, lost = race_one_key(phones, path, bodies, monkeypatch)
    assert won.status_code == 201
    assert lost.status_code == 422, lost.get_data(as_text=True)
    assert lost.get_json()["error"]["code"] == "idempotency-key"
