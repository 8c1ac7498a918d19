"""The edit token a replayed creation answers with is kept sealed (``idempotency._seal``): AES-GCM
under a key derived from SECRET_KEY and the Idempotency-Key, the record's scope and key as
associated data. What does not open (altered, moved, another secret, the earlier format) is
never answered with a token, nor with a second game."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.storage import idempotency
from companion.storage.models import Game, IdempotencyKey, db

SCOPE = "/api/v1/games"
TOKEN = "an-edit-token-" + "x" * 30
BODY = {"ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"]}


def key() -> str:
    return secrets.token_urlsafe(16)


@pytest.fixture
def context(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def _raw(sealed: str) -> bytearray:
    assert sealed.startswith(idempotency.SEALED_FORMAT)
    return bytearray(base64.urlsafe_b64decode(sealed[len(idempotency.SEALED_FORMAT):]))


def _text(raw: bytearray) -> str:
    return idempotency.SEALED_FORMAT + base64.urlsafe_b64encode(bytes(raw)).decode("ascii")


def _earlier_seal(key_: str, token: str) -> str:
    """A token as the earlier release sealed it (HMAC-SHA256 as keystream and tag, no prefix)."""
    secret = hmac.new(key_.encode("ascii"), b"companion: creation answer", hashlib.sha256).digest()
    stream = b"".join(hmac.new(secret, b"stream" + i.to_bytes(4, "big"), hashlib.sha256).digest()
                      for i in range((len(token) + 31) // 32))
    cipher = bytes(a ^ b for a, b in zip(token.encode("utf-8"), stream))
    tag = hmac.new(secret, b"tag" + cipher, hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(tag + cipher).decode("ascii")


def test_a_sealed_token_opens_for_its_record(context: Flask) -> None:
    used = key()
    sealed = idempotency._seal(SCOPE, used, TOKEN)
    assert TOKEN not in sealed and used not in sealed
    assert idempotency._open(SCOPE, used, sealed) == TOKEN
    again = idempotency._seal(SCOPE, used, TOKEN)
    assert again != sealed and _raw(again)[:12] != _raw(sealed)[:12]  # a fresh nonce each time
    assert idempotency._open(SCOPE, used, again) == TOKEN


@pytest.mark.parametrize("where", ["nonce", "ciphertext", "tag"])
def test_an_altered_seal_does_not_open(context: Flask, where: str) -> None:
    used = key()
    raw = _raw(idempotency._seal(SCOPE, used, TOKEN))
    position = {"nonce": 0, "ciphertext": 12, "tag": len(raw) - 1}[where]
    raw[position] ^= 1
    assert idempotency._open(SCOPE, used, _text(raw)) is None


@pytest.mark.parametrize("sealed", ["v2.", "v2.AAAA", "v2.not base64!", "v2." + "A" * 36,
                                    "v2.\u00e9t\u00e9", "v3.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
def test_a_malformed_seal_does_not_open(context: Flask, sealed: str) -> None:
    assert idempotency._open(SCOPE, key(), sealed) is None


def test_a_seal_moved_to_another_record_does_not_open(context: Flask) -> None:
    used = key()
    sealed = idempotency._seal(SCOPE, used, TOKEN)
    assert idempotency._open("/new", used, sealed) is None  # another scope
    assert idempotency._open(SCOPE, key(), sealed) is None  # another key


def test_a_seal_made_under_another_secret_key_does_not_open(make_app: Callable[..., Flask]) -> None:
    used = key()
    with make_app(SECRET_KEY="one secret").app_context():
        sealed = idempotency._seal(SCOPE, used, TOKEN)
        assert idempotency._open(SCOPE, used, sealed) == TOKEN
    with make_app(SECRET_KEY="another secret").app_context():
        assert idempotency._open(SCOPE, used, sealed) is None
    with make_app(SECRET_KEY=b"one secret").app_context():  # the same secret, given as bytes
        assert idempotency._open(SCOPE, used, sealed) == TOKEN


def test_a_seal_of_the_earlier_format_does_not_open(context: Flask) -> None:
    used = key()
    assert idempotency._open(SCOPE, used, _earlier_seal(used, TOKEN)) is None


# --- through the API -------------------------------------------------------------------------

def _games(app: Flask) -> int:
    with app.app_context():
        return db.session.query(Game).count()


def _reseal(app: Flask, used: str, sealed: Callable[[str], str]) -> None:
    """The creation row of ``used`` with its seal replaced by ``sealed(token)``."""
    with app.app_context():
        row = db.session.get(IdempotencyKey, (SCOPE, hashlib.sha256(used.encode()).hexdigest()))
        assert row is not None and row.sealed is not None
        row.sealed = sealed(idempotency._open(SCOPE, used, row.sealed) or "")
        db.session.commit()


def test_a_creation_is_stored_in_the_current_format(app: Flask) -> None:
    used = key()
    first = app.test_client().post(SCOPE, json=BODY, headers={"Idempotency-Key": used})
    assert first.status_code == 201
    with app.app_context():
        (row,) = db.session.query(IdempotencyKey).filter_by(scope=SCOPE).all()
        assert row.sealed is not None and row.sealed.startswith(idempotency.SEALED_FORMAT)
        assert idempotency._open(SCOPE, used, row.sealed) == first.get_json()["edit_token"]


def test_a_replay_of_an_earlier_format_record_answers_404_and_makes_no_game(app: Flask) -> None:
    """Records sealed before the change are left to expire (their day): a replay of one is
    answered as for a game since gone, and never makes a second game under its key."""
    client = app.test_client()
    used = key()
    assert client.post(SCOPE, json=BODY, headers={"Idempotency-Key": used}).status_code == 201
    _reseal(app, used, lambda token: _earlier_seal(used, token))
    again = client.post(SCOPE, json=BODY, headers={"Idempotency-Key": used})
    assert again.status_code == 404 and again.get_json()["error"]["code"] == "not-found"
    assert "edit_token" not in again.get_data(as_text=True)
    assert _games(app) == 1


def test_a_replay_after_the_secret_key_changed_hands_out_no_token(
        make_app: Callable[..., Flask], tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    used = key()
    before = make_app(SQLALCHEMY_DATABASE_URI=database, SECRET_KEY="before")
    assert before.test_client().post(SCOPE, json=BODY,
                                     headers={"Idempotency-Key": used}).status_code == 201
    after = make_app(SQLALCHEMY_DATABASE_URI=database, SECRET_KEY="after")
    again = after.test_client().post(SCOPE, json=BODY, headers={"Idempotency-Key": used})
    assert again.status_code == 404 and "edit_token" not in again.get_data(as_text=True)
    assert _games(after) == 1


def test_a_seal_copied_onto_another_record_hands_out_no_token(app: Flask) -> None:
    client = app.test_client()
    first, second = key(), key()
    for used in (first, second):
        assert client.post(SCOPE, json=BODY, headers={"Idempotency-Key": used}).status_code == 201
    with app.app_context():
        rows = {row.key_hash: row for row in db.session.query(IdempotencyKey).all()}
        hashes = [hashlib.sha256(k.encode()).hexdigest() for k in (first, second)]
        rows[hashes[1]].sealed = rows[hashes[0]].sealed  # the first game's token, on the second
        db.session.commit()
    again = client.post(SCOPE, json=BODY, headers={"Idempotency-Key": second})
    assert again.status_code == 404 and "edit_token" not in again.get_data(as_text=True)
