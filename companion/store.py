"""Games in the database, below both the API and the pages: create, load, and write entries
with optimistic concurrency. Every rule is the engine's; this module only stores entries.

A write reads the game, lets the engine check the change, then updates the row only if its
version is still the one the writer saw (``UPDATE … WHERE version = :seen``). Of two phones
entering the same round, exactly one wins; the other gets ``VersionConflict`` with the game as
it now is. Nothing is cached in process memory, so any number of app servers can share the
database.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Mapping, Sequence

from sqlalchemy import update

from . import rules
from .models import Game, db, utcnow

VERSION_FIRST = 1


class GameNotFound(LookupError):
    """No game has that id."""


class VersionConflict(Exception):
    """The game moved on since the version the writer saw; ``game`` is the game now."""

    def __init__(self, game: StoredGame) -> None:
        super().__init__(f"game {game.id} is at version {game.version}")
        self.game = game


@dataclass(frozen=True)
class StoredGame:
    id: str
    version: int
    state: rules.GameState
    created_at: datetime
    updated_at: datetime
    _token_hash: str

    @property
    def settings(self) -> rules.Settings:
        return self.state.settings

    def token_matches(self, token: str | None) -> bool:
        """True when ``token`` is this game's edit token (compared in constant time)."""
        if not token:
            return False
        return hmac.compare_digest(_hash(token), self._token_hash)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_game_id() -> str:
    """128 random bits, URL-safe: the game id is the read-only share capability."""
    return secrets.token_urlsafe(16)


def new_edit_token() -> str:
    """192 random bits: the capability to write."""
    return secrets.token_urlsafe(24)


def _stored(row: Game) -> StoredGame:
    settings = rules.settings_from_json(row.settings)
    entries = [rules.entry_from_json(settings, e) for e in row.entries]
    return StoredGame(
        id=row.id,
        version=row.version,
        state=rules.fold(settings, entries),
        created_at=row.created_at,
        updated_at=row.updated_at,
        _token_hash=row.edit_token_hash,
    )


def create_game(
    ruleset: object,
    players: object,
    first_dealer: object = 0,
    options: Mapping[str, object] | None = None,
) -> tuple[StoredGame, str]:
    """A new game and its edit token (returned once; only its hash is kept)."""
    settings = rules.new_settings(ruleset, players, first_dealer, options)
    token = new_edit_token()
    now = utcnow()
    row = Game(
        id=new_game_id(),
        ruleset=settings.ruleset.id,
        settings=settings.to_json(),
        entries=[],
        version=VERSION_FIRST,
        edit_token_hash=_hash(token),
        created_at=now,
        updated_at=now,
    )
    db.session.add(row)
    db.session.commit()
    return _stored(row), token


def load_game(game_id: str) -> StoredGame:
    row = db.session.get(Game, game_id, populate_existing=True) if game_id else None
    if row is None:
        raise GameNotFound(game_id)
    return _stored(row)


def load_games(game_ids: Sequence[str]) -> list[StoredGame]:
    """The games that exist among ``game_ids``, in that order (for a device's game list)."""
    if not game_ids:
        return []
    rows = {row.id: row for row in db.session.scalars(db.select(Game).where(Game.id.in_(game_ids)))}
    return [_stored(rows[i]) for i in game_ids if i in rows]


def delete_game(game_id: str) -> None:
    """Remove a game and its entries for good (``GameNotFound`` if there is none)."""
    result = db.session.execute(db.delete(Game).where(Game.id == game_id))
    db.session.commit()
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise GameNotFound(game_id)


def _write(game_id: str, version: int, change: Callable[[rules.GameState], rules.GameState]) -> StoredGame:
    current = load_game(game_id)
    if current.version != version:
        raise VersionConflict(current)
    new_state = change(current.state)  # a RuleError here leaves the game as it was
    now = utcnow()
    result = db.session.execute(
        update(Game)
        .where(Game.id == game_id, Game.version == version)
        .values(
            entries=[rules.entry_to_json(e) for e in new_state.entries],
            version=version + 1,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise VersionConflict(load_game(game_id))
    db.session.commit()
    return StoredGame(game_id, version + 1, new_state, current.created_at, now, current._token_hash)


def add_entry(game_id: str, version: int, entry: rules.Entry) -> StoredGame:
    """Record one entry (bids, tricks or a Seven-Up hand) after the engine accepts it."""
    return _write(game_id, version, lambda state: rules.apply(state, entry))


def undo_entry(game_id: str, version: int) -> StoredGame:
    """Remove the last entry."""
    return _write(game_id, version, rules.undo)


def correct_round(game_id: str, version: int, number: int, entries: Sequence[rules.Entry]) -> StoredGame:
    """Replace a scored round's result; everything after it is folded again."""
    return _write(game_id, version, lambda state: rules.correct_round(state, number, entries))
