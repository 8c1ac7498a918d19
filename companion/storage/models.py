"""The database's four kinds of row, typed: a game (its settings, its entries and its version), a
table of players (its name, renames and version), a deleted game's id, and the key of a write
safe to repeat. No rules and no queries live here."""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


#: Now, in UTC: every time stored. (A partial, not a function of ours: it runs on every write.)
utcnow = partial(datetime.now, timezone.utc)


class Game(db.Model):  # type: ignore[name-defined,misc]
    """One game. State is never stored: the rules engine folds ``entries`` into it.

    ``version`` grows by one with every write; writes name the version they were based on, so
    two phones entering the same round cannot both succeed (optimistic concurrency).
    """

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    #: ``Settings.to_json()``: ruleset, players, first dealer, options.
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: ``entry_to_json()`` of each entry, in the order the table made them.
    entries: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer)
    #: SHA-256 of the edit token; the token itself is never stored.
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The table the game is played at (docs/rules.md section 7), if any.
    table_id: Mapped[str | None] = mapped_column(String(32), ForeignKey("tables.id"), index=True,
                                                 nullable=True, default=None)
    #: The id of the latest rematch of this game, once one is made: its watchers follow it there.
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    #: What a table counts of the game at this version (``rules.table_games.summary``), written
    #: with its entries: a table's first read adds these up instead of folding every game. Null
    #: for a game not written since (its table folds it).
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)


class Table(db.Model):  # type: ignore[name-defined,misc]
    """A table: the people who play together, game after game. ``version`` moves with every
    change of the table or of any of its games (``companion.storage.table_store``)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    #: SHA-256 of the table's edit token; the token itself is never stored.
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)
    #: The renames, in the order made: ``[[from, to], …]``.
    renames: Mapped[list[list[str]]] = mapped_column(JSON)
    #: The game whose change made this version (``None``: the table itself changed).
    changed_game: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: When ``version`` last moved: the time of the table's last change, whatever changed (its
    #: name, a player's name, a game joining, written to or deleted). An export is dated by it.
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DeletedGame(db.Model):  # type: ignore[name-defined,misc]
    """The id of a game its scorekeeper deleted, and when: only so that a phone still watching
    it is told the game was deleted, not that its link is wrong. Nothing of the game is stored."""

    __tablename__ = "deleted_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    deleted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class IdempotencyKey(db.Model):  # type: ignore[name-defined,misc]
    """A write made under an ``Idempotency-Key`` (docs/api.md, "Writes that are safe to
    repeat"): what a replay of the same key is compared with and answered from.

    ``scope`` is the game (or table) a write is about, or the path of a creation; the key itself
    is stored only as its SHA-256, since a creation's edit token is sealed under it. A game's keys
    go with the game (``ON DELETE CASCADE``).
    """

    __tablename__ = "idempotency_keys"

    scope: Mapped[str] = mapped_column(String(100), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: SHA-256 of the method, the path and the parsed body: "the same write".
    fingerprint: Mapped[str] = mapped_column(String(64))
    #: The status the first answer had (201 or 200).
    status: Mapped[int] = mapped_column(Integer)
    #: The game written (a creation's key names what it made in ``resource`` only).
    game_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=True, index=True)
    #: The version the write made (``None`` for a creation): the oldest are let go.
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: What a creation made (a game's or a table's id), and its edit token sealed under the key.
    resource: Mapped[str | None] = mapped_column(String(64), nullable=True)
    sealed: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
