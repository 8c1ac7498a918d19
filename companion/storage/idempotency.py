"""Writes that are safe to repeat (docs/api.md, "Writes that are safe to repeat"): a phone on
poor Wi-Fi sends a write again under the same ``Idempotency-Key``, and it is applied once.

Every write that takes a key takes it as an argument, a value, and answers a replay as a value:
nothing waits in the request, nothing is raised for a success.

- ``key_for`` checks a key as sent (``MalformedKey``: 400) into a ``Key``, after the write's token
  and before its body; ``first_write`` is the first answer's ``Record`` when that key was used
  with this very write (``KeyReused`` with another: 422 ``idempotency-key``). A game's entry,
  undo or correction hands its key to ``storage.writes.open``, which does both (``check``).
- The store records a new key in the very transaction of its write (``rows_for`` for a write
  of a game or a table, ``add_creation`` for a new game or table), so a write and its key are
  committed together or not at all, and a refused write (409, 422) leaves its key unused.
- A write that lost its race to the same write under the same key (the phone sent it twice at
  once) returns ``Replayed`` with the winner's record (``after_race``), from the store itself.

What a ``Record`` becomes (the game or table as it is now, the first status, the header
``Idempotent-Replayed: true``) is for the HTTP layer to say: this module is data.

A key is stored as its SHA-256 (never in the clear): a creation's edit token is sealed with
AES-GCM under a key derived from ``SECRET_KEY`` and the Idempotency-Key, so neither the database
nor the secret alone opens it ("the sealed edit token", below). A game's keys stay as long as
its last ``KEY_VERSIONS`` versions (at least its last 256 writes), and go with the game;
creation keys are stored ``CREATION_HOURS``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import secrets
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.sql.dml import UpdateBase

from companion.storage import database
from companion.storage.models import IdempotencyKey, utcnow

#: 1 to 64 characters of ``A-Z a-z 0-9 _ -``; a creation's at least 22 (128 random bits).
KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
CREATION_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")
#: How many of a game's last versions keep their keys (pruned every ``PRUNE_EVERY`` versions).
KEY_VERSIONS = 512
PRUNE_EVERY = 64
CREATION_HOURS = 24


class MalformedKey(ValueError):
    """Not 1 to 64 characters of ``A-Z a-z 0-9 _ -`` (a creation's: 22 to 64)."""

    def __init__(self, creation: bool) -> None:
        super().__init__("the Idempotency-Key must be " + (
            "22 to 64" if creation else "1 to 64") + " characters of A-Z a-z 0-9 _ -")
        self.creation = creation


class KeyReused(Exception):
    """The key was used already, with another write."""


@dataclass(frozen=True)
class Record:
    """What the first write under a key answered: its status and, for a creation, what it made
    and its edit token (opened with the key)."""

    status: int
    resource: str | None
    token: str | None


@dataclass(frozen=True)
class Replayed:
    """The write was made before under its key (a second tap, a resend, or its twin that won
    the race): ``record`` says what the first answered. Not an error: a value."""

    record: Record


@dataclass(frozen=True)
class Key:
    """A checked key of a write about ``scope`` (a game's or a table's id, or a creation's
    path): what is compared (``fingerprint``) and recorded with it (the first answer's
    ``status``; a creation's key also seals what it made)."""

    scope: str
    key: str
    fingerprint: str
    status: int = 200
    creation: bool = False


def new_key() -> str:
    """A fresh key (192 random bits, a creation's shape too), for a form to carry from the page
    that drew it: a second post of that very form, by a double tap or by the browser itself, is
    then the first one again, with scripts or without."""
    return secrets.token_urlsafe(24)


def fingerprint(method: str, path: str, body: Any) -> str:
    """The same write: method, path and parsed body equal (objects compared whatever the order
    of their fields)."""
    text = json.dumps([method.upper(), path, body], sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def checked_key(sent: str | None, creation: bool = False) -> str | None:
    """The key as sent (``None``: no key), or ``MalformedKey``."""
    if sent is None:
        return None
    if not (CREATION_KEY if creation else KEY).fullmatch(sent):
        raise MalformedKey(creation)
    return sent


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode("ascii")).hexdigest()


def key_for(scope: str, sent: str | None, fingerprint_: Callable[[], str], *, status: int = 200,
        creation: bool = False) -> Key | None:
    """The key sent with a write about ``scope``, checked (``MalformedKey``), or ``None`` for no
    key; ``fingerprint_`` is asked only for a well-formed key."""
    checked = checked_key(sent, creation)
    return None if checked is None else Key(scope, checked, fingerprint_(), status, creation)


def first_write(key: Key | None) -> Replayed | None:
    """The first write under ``key`` when it was this very one (``KeyReused`` if another),
    else ``None``: the write goes on, its key recorded with it."""
    if key is None:
        return None
    record = _found(key.scope, key.key, key.fingerprint, key.creation)
    return None if record is None else Replayed(record)


def after_race(key: Key) -> Replayed | None:
    """After a creation under ``key`` lost its race (its key's row refused by the database):
    the winner's record when it was the very same creation (the phone sent it twice at once),
    else ``None``: the refusal stands. Another creation that won under the key raises
    ``KeyReused``, as it would have a moment later."""
    return first_write(key)


def won_by_twin(key: Key) -> Replayed | None:
    """After a write under ``key`` found its version gone: the winner's record when it was the
    very same write under the same key (the phone sent it twice at once), else ``None``: the
    conflict stands, whoever won (another write under the key included)."""
    try:
        return first_write(key)
    except KeyReused:
        return None


def check(scope: str, sent: str, fingerprint_: Callable[[], str],
          status: int = 200) -> tuple[Key, Record | None]:
    """The key sent with a write of the game ``scope`` (``MalformedKey``), and the first
    answer's record when it was used with this very write (``KeyReused`` with another);
    ``fingerprint_`` is asked only for a well-formed key."""
    key = Key(scope, checked_key(sent) or "", fingerprint_(), status)
    return key, _found(scope, key.key, key.fingerprint, creation=False)


#: A key's first write, by scope and the key's hash (Core, as the store reads).
_FOUND = select(IdempotencyKey.fingerprint, IdempotencyKey.status, IdempotencyKey.resource,
                IdempotencyKey.sealed, IdempotencyKey.created_at).where(
    IdempotencyKey.scope == bindparam("scope"), IdempotencyKey.key_hash == bindparam("key_hash"))


def _found(scope: str, key: str, fingerprint_: str, creation: bool) -> Record | None:
    """The record of ``key``'s first write, if it was this one (``KeyReused`` if another)."""
    found = database.read_one(_FOUND, {"scope": scope, "key_hash": _hash(key)})
    if found is None:
        return None
    fingerprint_found, status, resource, sealed, created_at = found
    if creation and _expired(created_at):
        return None  # past its 24 hours: a new creation (the old row goes at the next one)
    if fingerprint_found != fingerprint_:
        raise KeyReused()
    return Record(status, resource, _open(scope, key, sealed) if sealed else None)


def _expired(created_at: Any) -> bool:
    moment = created_at if created_at.tzinfo else created_at.replace(tzinfo=utcnow().tzinfo)
    return bool(moment < utcnow() - timedelta(hours=CREATION_HOURS))


# --- what the store writes with the write --------------------------------------------------

_TABLE = IdempotencyKey.__table__
_INSERT = insert(_TABLE).values(
    scope=bindparam("scope"), key_hash=bindparam("key_hash"), fingerprint=bindparam("fingerprint"),
    status=bindparam("status"), game_id=bindparam("key_game_id"), version=bindparam("version"),
    resource=bindparam("resource"), sealed=bindparam("sealed"), created_at=bindparam("created_at"))
_PRUNE = delete(_TABLE).where(_TABLE.c.scope == bindparam("scope"),
                              _TABLE.c.version <= bindparam("oldest"))


def rows_for(key: Key | None, version: int, game_id: str | None = None
             ) -> Sequence[tuple[UpdateBase, Mapping[str, Any]]]:
    """The statements that record ``key`` (none without one) with the write of its scope
    making ``version`` (``game_id``: the game the key goes with, and is deleted with), to run
    in the write's own transaction."""
    if key is None:
        return ()
    statements: list[tuple[UpdateBase, Mapping[str, Any]]] = [(_INSERT, {
        "scope": key.scope, "key_hash": _hash(key.key), "fingerprint": key.fingerprint,
        "status": key.status, "key_game_id": game_id, "version": version,
        "resource": None, "sealed": None, "created_at": utcnow()})]
    if version % PRUNE_EVERY == 0 and version > KEY_VERSIONS:
        statements.append((_PRUNE, {"scope": key.scope, "oldest": version - KEY_VERSIONS}))
    return statements


def add_creation(session: Any, key: Key | None, resource: str, token: str) -> None:
    """Add a creation's key (none without one) to ``session`` before its commit: what was made,
    and its edit token sealed under the key; older than a day, the scope's others go. The key
    belongs to no game: deleting the game must not delete it, or a replay after the deletion
    would make the game again (docs/api.md: a key of a game since deleted answers 404)."""
    if key is None:
        return
    now = utcnow()
    session.execute(delete(_TABLE).where(
        _TABLE.c.scope == key.scope, _TABLE.c.created_at < now - timedelta(hours=CREATION_HOURS)))
    session.add(IdempotencyKey(
        scope=key.scope, key_hash=_hash(key.key), fingerprint=key.fingerprint,
        status=key.status, game_id=None, version=None, resource=resource,
        sealed=_seal(key.scope, key.key, token), created_at=now))


# --- the sealed edit token -----------------------------------------------------------------
#
# AES-256-GCM from the ``cryptography`` package: a random 96-bit nonce for each seal; the key
# derived with HKDF-SHA256 from the app's SECRET_KEY, salted with the Idempotency-Key (which the
# database keeps only as its hash); the record's identity (scope and key hash) as associated
# data, so a sealed token moved to another record does not open. Stored as ``v2.`` and the
# URL-safe base64 of nonce, ciphertext and tag.
#
# Records sealed by the earlier construction (HMAC-SHA256 as keystream and tag, no prefix) are
# left to expire, not migrated: their key came from the Idempotency-Key alone, which the
# database does not hold, so no migration could seal them again, and a creation key lives only
# ``CREATION_HOURS``. Until then the opener refuses one as it refuses any seal it cannot open
# (another SECRET_KEY, a tampered row): a replay of it answers as for a game since gone (404),
# never with a second game under the same key.

#: The prefix of the current format (base64 never holds a ``.``, so an older seal never has it).
SEALED_FORMAT = "v2."
_NONCE_BYTES = 12
_TAG_BYTES = 16
_INFO = b"companion: sealed creation token, v2"


def _aead(key: str) -> AESGCM:
    secret = database.app_config()["SECRET_KEY"]
    material = secret if isinstance(secret, bytes) else str(secret).encode("utf-8")
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=key.encode("ascii"),
                   info=_INFO).derive(material)
    return AESGCM(derived)


def _identity(scope: str, key: str) -> bytes:
    """The associated data: which record the seal belongs to."""
    return json.dumps([scope, _hash(key)], separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8", "surrogatepass")


def _seal(scope: str, key: str, token: str) -> str:
    """``token`` encrypted and authenticated for the record of ``key`` in ``scope``."""
    nonce = secrets.token_bytes(_NONCE_BYTES)
    sealed = _aead(key).encrypt(nonce, token.encode("utf-8"), _identity(scope, key))
    return SEALED_FORMAT + base64.urlsafe_b64encode(nonce + sealed).decode("ascii")


def _open(scope: str, key: str, sealed: str) -> str | None:
    """The token sealed for the record of ``key`` in ``scope``; ``None`` for a seal that does
    not open: of the earlier format, under another SECRET_KEY, for another record, altered."""
    if not sealed.startswith(SEALED_FORMAT):
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed[len(SEALED_FORMAT):].encode("ascii"))
    except (binascii.Error, UnicodeEncodeError):
        return None
    if len(raw) < _NONCE_BYTES + _TAG_BYTES:
        return None
    nonce, ciphertext = raw[:_NONCE_BYTES], raw[_NONCE_BYTES:]
    try:
        plain = _aead(key).decrypt(nonce, ciphertext, _identity(scope, key))
    except InvalidTag:
        return None
    return plain.decode("utf-8")
