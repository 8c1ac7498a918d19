"""Tables in the database (docs/rules.md section 7): create, read, join, rename, delete, and
the table's figures, which the engine adds up (``rules.table_stats``).

A table's ``version`` moves with every change of the table (a join, a rename) and, in the same
transaction, with every write to any of its games (``store``: write, undo, correction,
deletion, a new game at the table), so ``(table id, version)`` names one state of the table
and its answers can be kept by it.

Its figures are never folded from all its games on a request. Each game is kept as the
``PlayedGame`` of its ``(id, version)``; the table's games, oldest first, are cut into blocks
whose ends depend on the games' ids alone (a game ends a block when its id hashes to 0 mod
``BLOCK``), and each block's ``Tally`` is kept by its games' ``(id, version)`` and the table's
renames. A write to one game makes one block new: the figures are that block's tally again
plus the others', kept (``companion.caches``: ``table-games``, ``table-blocks``,
``table-figures``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import select, update

from . import store
from .caches import cache
from .models import Game, Table, db, utcnow
from .rules import table_stats
from .rules.table_stats import PlayedGame, Renames, TableFigures, Tally

NAME_MAX = 40
#: Games per block of the figures' partial sums, on average.
BLOCK = 32

_GAMES = Game.__table__
_TABLES = Table.__table__


class TableNotFound(LookupError):
    """No table has that id."""


class TableRefused(ValueError):
    """Against the table's rules (docs/api.md's 422 code ``table``): a game at another table,
    or a table's name empty or too long. ``field`` names the input at fault."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_table_id() -> str:
    """128 random bits, URL-safe: the table's id is its read-only share capability."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class StoredTable:
    id: str
    name: str
    version: int
    renames: Renames
    created_at: datetime
    _token_hash: str

    def token_matches(self, token: str | None) -> bool:
        """True when ``token`` is this table's edit token (compared in constant time)."""
        if not token:
            return False
        return hmac.compare_digest(_hash(token), self._token_hash)


def clean_table_name(raw: object) -> str:
    """1–40 characters after trimming, or ``TableRefused``."""
    if not isinstance(raw, str):
        raise TableRefused("a table's name must be text", "name")
    name = raw.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise TableRefused(f"a table's name is 1–{NAME_MAX} characters long, not {len(name)}",
                           "name")
    return name


def create_table(name: object) -> tuple[StoredTable, str]:
    """A new table and its edit token (returned once; only its hash is kept)."""
    clean = clean_table_name(name)
    token = store.new_edit_token()
    table = Table(id=new_table_id(), name=clean, edit_token_hash=_hash(token), version=1,
                  renames=[], created_at=utcnow())
    db.session.add(table)
    db.session.commit()
    return _stored(table.id, clean, 1, [], table.created_at, table.edit_token_hash), token


def _stored(table_id: str, name: str, version: int, renames: list[list[str]],
            created_at: datetime, token_hash: str) -> StoredTable:
    return StoredTable(table_id, name, version,
                       Renames(tuple((str(a), str(b)) for a, b in renames)),
                       created_at, token_hash)


def table_version(table_id: str) -> int | None:
    """The table's version alone (what a 304 needs), or ``None`` for no such table."""
    return db.session.execute(select(_TABLES.c.version).where(_TABLES.c.id == table_id)
                              ).scalar_one_or_none()


def load_table(table_id: str) -> StoredTable:
    row = db.session.execute(
        select(_TABLES.c.name, _TABLES.c.version, _TABLES.c.renames, _TABLES.c.created_at,
               _TABLES.c.edit_token_hash).where(_TABLES.c.id == table_id)).first()
    db.session.commit()  # end the read: the next one sees what was written since
    if row is None:
        raise TableNotFound(table_id)
    return _stored(table_id, *row)


def token_opens(game: store.StoredGame, token: str | None) -> bool:
    """True when ``token`` is the edit token of the game's table: it may do in the game all
    that the game's own token may."""
    if game.table_id is None or not token:
        return False
    found = db.session.execute(select(_TABLES.c.edit_token_hash)
                               .where(_TABLES.c.id == game.table_id)).scalar_one_or_none()
    db.session.commit()
    return found is not None and hmac.compare_digest(_hash(token), found)


# --- the games of a table -------------------------------------------------------------------

def game_versions(table_id: str) -> list[tuple[str, int]]:
    """The table's games as ``(id, version)``, oldest first (read after the table's row: a
    write between the two makes the games newer than the version, never older)."""
    rows = db.session.execute(
        select(_GAMES.c.id, _GAMES.c.version).where(_GAMES.c.table_id == table_id)
        .order_by(_GAMES.c.created_at, _GAMES.c.id)).all()
    db.session.commit()
    return [(gid, version) for gid, version in rows]


def _utc(moment: datetime) -> datetime:
    """Naive UTC (SQLite hands datetimes back without their zone; they were stored in UTC)."""
    return moment if moment.tzinfo is None else moment.astimezone(timezone.utc).replace(tzinfo=None)


def played(game: store.StoredGame) -> PlayedGame:
    """The game as the table counts it, kept by its ``(id, version)``."""
    kept = cache("table-games")
    found = kept.get((game.id, game.version))
    if isinstance(found, PlayedGame):
        return found
    made = table_stats.played_game(game.state, game.id, _utc(game.created_at))
    kept.put((game.id, game.version), made)
    return made


def played_games(versions: Sequence[tuple[str, int]]) -> list[PlayedGame]:
    """Each game of ``versions`` as the table counts it: kept ones from the cache, the others
    read in one query and folded (a game since deleted is left out)."""
    kept = cache("table-games")
    found: dict[str, PlayedGame] = {}
    missing = []
    for key in versions:
        hit = kept.get(key)
        if isinstance(hit, PlayedGame):
            found[key[0]] = hit
        else:
            missing.append(key[0])
    for game in store.load_games(missing):
        found[game.id] = played(game)
    db.session.commit()
    return [found[gid] for gid, _version in versions if gid in found]


def _blocks(versions: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The games cut where a game's id hashes to 0 mod ``BLOCK``: a game added, changed or
    deleted changes its own block alone."""
    blocks: list[list[tuple[str, int]]] = [[]]
    for key in versions:
        blocks[-1].append(key)
        if zlib.crc32(key[0].encode()) % BLOCK == 0:
            blocks.append([])
    return [block for block in blocks if block]


def _block_tally(block: list[tuple[str, int]], renames: Renames) -> Tally:
    kept = cache("table-blocks")
    key = (renames, tuple(block))
    found = kept.get(key)
    if isinstance(found, Tally):
        return found
    tally = table_stats.total(table_stats.game_tally(game, renames)
                              for game in played_games(block))
    kept.put(key, tally)
    return tally


@dataclass(frozen=True)
class TableState:
    """The table at one version: its games (``(id, version)``, oldest first) and figures."""

    table: StoredTable
    versions: tuple[tuple[str, int], ...]
    figures: TableFigures


def table_state(table: StoredTable) -> TableState:
    """The table's figures, kept by its version; on a miss, added up from the blocks."""
    kept = cache("table-figures")
    found = kept.get((table.id, table.version))
    if isinstance(found, TableState) and found.table == table:
        return found
    versions = game_versions(table.id)
    tally = table_stats.total(_block_tally(block, table.renames) for block in _blocks(versions))
    state = TableState(table, tuple(versions), table_stats.figures(tally, table.renames))
    kept.put((table.id, table.version), state)
    return state


@dataclass(frozen=True)
class Page:
    """A page of the table's games, newest first; ``before`` names the next page's start."""

    games: list[PlayedGame]
    before: str | None


def games_page(state: TableState, before: str | None = None, count: int = 50) -> Page:
    """The ``count`` games started before the game ``before`` (or the newest), newest first."""
    ids = [gid for gid, _version in state.versions]
    end = len(ids)
    if before is not None:
        end = ids.index(before) if before in ids else 0
    start = max(0, end - count)
    games = played_games(state.versions[start:end])[::-1]
    return Page(games, ids[start] if start > 0 and games else None)


def table_names(state: TableState, game: PlayedGame) -> list[str]:
    """The game's names as the table shows them (a rename's, else the latest spelling)."""
    renames = state.table.renames
    return [state.figures.names.get(renames.key(name), name) for name in game.names]


# --- changes --------------------------------------------------------------------------------

def _move(table_id: str, **values: Any) -> None:
    db.session.execute(update(_TABLES).where(_TABLES.c.id == table_id)
                       .values(version=_TABLES.c.version + 1, **values))


def check_seats(table: StoredTable, names: Sequence[str]) -> None:
    """A ``RuleError`` (players) when two seats would be one player of the table."""
    refused = table_stats.seats_refused(names, table.renames)
    if refused is not None:
        raise refused


def join(table: StoredTable, game: store.StoredGame) -> bool:
    """Put an earlier game at the table (``False``: it is here already). Refused with a
    ``TableRefused`` when it is at another table, a ``RuleError`` (players) when two of its
    seats would be one player. The game's version moves (its JSON links to the table)."""
    if game.table_id == table.id:
        return False
    if game.table_id is not None:
        raise TableRefused("this game already belongs to another table", "game")
    check_seats(table, game.settings.players)
    result = db.session.execute(
        update(_GAMES).where(_GAMES.c.id == game.id, _GAMES.c.version == game.version,
                             _GAMES.c.table_id.is_(None))
        .values(table_id=table.id, version=_GAMES.c.version + 1, updated_at=utcnow()))
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise store.VersionConflict(store.load_game(game.id))
    _move(table.id)
    db.session.commit()
    return True


def rename(table: StoredTable, source: object, target: object) -> None:
    """Rename (or merge) a player of the table; a ``RuleError`` (players) when refused. Two
    renames at once: the second is judged again on the table as the first left it."""
    for _attempt in range(5):
        games = played_games(game_versions(table.id))
        renames = table_stats.renamed(games, table.renames, source, target)
        result = db.session.execute(
            update(_TABLES).where(_TABLES.c.id == table.id, _TABLES.c.version == table.version)
            .values(version=_TABLES.c.version + 1,
                    renames=[list(pair) for pair in renames.pairs]))
        db.session.commit()
        if result.rowcount == 1:  # type: ignore[attr-defined]
            return
        table = load_table(table.id)
    raise RuntimeError("the table kept changing during a rename")


def delete_table(table: StoredTable) -> None:
    """The table is gone; its games stay, at no table (each game's version moves)."""
    db.session.execute(update(_GAMES).where(_GAMES.c.table_id == table.id)
                       .values(table_id=None, version=_GAMES.c.version + 1,
                               updated_at=utcnow()))
    db.session.execute(_TABLES.delete().where(_TABLES.c.id == table.id))
    db.session.commit()


def started(game: PlayedGame) -> datetime:
    """When the game started, in UTC."""
    return game.started.replace(tzinfo=timezone.utc)


def started_at(table: StoredTable) -> datetime:
    """When the table was made, in UTC."""
    moment = table.created_at
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment

