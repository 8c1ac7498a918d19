"""Games in the database, below both the API and the pages: the one door through which every
read and write of a game's row passes. Every rule is the engine's; this module only stores
entries.

Its interface, one style for each need:

- **read the head** (``game_head``: the version and the edit token's hash, what a 304 or 204
  needs: a Core ``select`` compiled once and run on the driver's cursor, ``database.read_plain``)
  and **read the row** (``load_game``, ``load_games``, ``table_game_versions``: Core ``select``
  on a pooled connection, ``database.read_one``, ``database.read_all``);
- **write an entry** (``add_entry``, ``undo_entry``, ``correct_round``, ``record_rematch``): one
  Core ``UPDATE … WHERE version = :seen`` in a transaction of its own (``database.write``),
  with what must commit with it (the write's Idempotency-Key, the table's version);
- **create** (``create_game``) and **delete** (``delete_game``, and a table's games leaving it,
  ``leave_table``; ``join_table``): the app's ORM session, which the creation's key (an
  argument, ``idempotency.Key``) and the table's change join; a creation whose key's row is
  refused (its twin won the race) returns the winner's ``idempotency.Replayed``.

A write reads the game, lets the engine check the change, then updates the row only if its
version is still the one the writer saw. Of two phones entering the same round, exactly one
wins; the other gets ``VersionConflict`` with the game as it now is.

Reads cost what they must: ``load_game`` reads the head and takes the game from the
per-process cache of ``(id, version)`` (``companion.storage.caches``), reading the whole row and folding
its entries only on a miss. A write applies its one change to the state of the version it read.
The database stays the only truth: a version, once written, never changes meaning, so any number
of app servers can share the database, each with its own cache. A game stores, beside its state,
the JSON of its entries as the row holds them, so that a miss (another worker wrote the versions
since) compares the row's list with the latest state this process knows and folds only the
entries past it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

from sqlalchemy import bindparam, insert, literal_column, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, scoped_session

from companion import rules
from companion.rules import table_games
from companion.rules.memo import WeighsOnce, memoized
from companion.storage import database, idempotency, turns
from companion.storage.caches import cache
from companion.storage.models import DeletedGame, Game, Table, db, utcnow

VERSION_FIRST = 1


class GameNotFound(LookupError):
    """No game has that id."""


class VersionConflict(Exception):
    """The game moved on since the version the writer saw; ``game`` is the game now."""

    def __init__(self, game: StoredGame) -> None:
        super().__init__(f"game {game.id} is at version {game.version}")
        self.game = game


@dataclass(frozen=True)
class StoredGame(WeighsOnce):
    """A game at one version, as cached: weighed once for every cache it is put in."""

    id: str
    version: int
    state: rules.GameState
    created_at: datetime
    updated_at: datetime
    _token_hash: str
    #: The settings and ``entry_to_json`` of each entry of ``state``, as the row holds them:
    #: what the next fold compares. Shared, never changed.
    _settings_json: Mapping[str, Any] = field(compare=False, repr=False)
    _entries_json: list[dict[str, Any]] = field(compare=False, repr=False)
    #: The table the game is played at (joining or leaving one makes a new version).
    table_id: str | None = None
    #: The latest rematch of this game (its id), once one was made.
    rematch_id: str | None = None

    @property
    def settings(self) -> rules.Settings:
        return self.state.settings

    def token_matches(self, token: str | None) -> bool:
        """True when ``token`` is this game's edit token (compared in constant time)."""
        return token_matches(token, self._token_hash)


def token_hash(token: str) -> str:
    """What is stored of an edit token, a game's or a table's: its SHA-256."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """True when ``token`` is the edit token whose hash is ``stored_hash`` (a game's or a
    table's), compared in constant time: the one place a token is matched."""
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


#: What an id is, as they are made (``secrets.token_urlsafe``: URL-safe base64): a game's or a
#: table's id, or an edit token. The one rule, checked before any query by the storage's doors
#: (``is_id``, here and in ``table_store``) and by the address converter of every route
#: (``companion.http.security.IdConverter``): anything else (a NUL, a line break, 65
#: characters) is no game and no table, on SQLite and PostgreSQL alike, whatever the driver
#: would make of it.
ID_PATTERN = r"[A-Za-z0-9_-]{1,64}"
_ID = re.compile(ID_PATTERN)


def is_id(text: object) -> bool:
    """Whether ``text`` can be an id: anything else names nothing stored."""
    return isinstance(text, str) and _ID.fullmatch(text) is not None


def new_game_id() -> str:
    """128 random bits, URL-safe: the game id is the read-only share capability."""
    return secrets.token_urlsafe(16)


def new_edit_token() -> str:
    """192 random bits: the capability to write."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class GameHead:
    """What a game's row says without its entries: enough to answer "has anything changed?",
    and who may write (the game's token hash, and its table's when it is at one)."""

    id: str
    version: int
    _token_hash: str
    _table_token_hash: str | None = None

    def token_matches(self, token: str | None) -> bool:
        return token_matches(token, self._token_hash)

    def opens(self, token: str | None, table_token: str | None) -> bool:
        """Whether ``token`` is the game's edit token or ``table_token`` its table's: the one
        check of the right to write to a game."""
        return (token_matches(token, self._token_hash)
                or token_matches(table_token, self._table_token_hash))


_GAMES = Game.__table__
_TABLES = Table.__table__
#: The version and who may write (the game's token hash, its table's): what a 304, a 204 or a
#: write's check needs, in one read.
_HEAD = (select(_GAMES.c.version, _GAMES.c.edit_token_hash, _TABLES.c.edit_token_hash)
         .select_from(_GAMES.outerjoin(_TABLES, _TABLES.c.id == _GAMES.c.table_id))
         .where(_GAMES.c.id == bindparam("game_id")))


def cached_state(game_id: str, version: int) -> rules.GameState | None:
    found = cache("games").get((game_id, version))
    return found.state if isinstance(found, StoredGame) else None


def _cache_game(game: StoredGame) -> None:
    """Cache the game at this version (its state, times and token hash never change) and note it
    as the latest this process knows, for the next fold to start from."""
    cache("games").put((game.id, game.version), game)
    latest = cache("latest")
    known = latest.get(game.id)
    if not isinstance(known, StoredGame) or known.version < game.version:
        latest.put(game.id, game)


class _Row(NamedTuple):
    """A game's row as ``_ROW`` reads it (the model's attribute names)."""

    id: str
    settings: dict[str, Any]
    entries: list[dict[str, Any]]
    version: int
    created_at: datetime
    updated_at: datetime
    edit_token_hash: str
    table_id: str | None = None
    rematch_id: str | None = None


def _fold(row: _Row, rewrite: bool = True) -> tuple[rules.GameState, list[dict[str, Any]]]:
    """The row's state and its entries' JSON. When this process knows an older state of the game
    whose entries start the row's (another app server or worker wrote the newer ones), only the
    rest is parsed and applied: the JSON lists are compared, not the entries; after an undo or a
    correction elsewhere, everything is folded again."""
    known = cache("latest").get(row.id)
    if (isinstance(known, StoredGame) and known.version < row.version
            and known._settings_json == row.settings):
        start = len(known._entries_json)
        if row.entries[:start] == known._entries_json:
            state = known.state
            for data in row.entries[start:]:
                state = rules.apply(state, rules.entry_from_json(state.settings, data))
            return state, known._entries_json + _json(state.entries[start:])
    settings = _settings(json.dumps(row.settings, sort_keys=True))
    state = rules.fold(settings, [rules.entry_from_json(settings, e) for e in row.entries])
    # Without ``rewrite`` (a game folded to be counted, not kept), the row's own list stands in.
    return state, _json(state.entries) if rewrite else row.entries


#: Key: a game's stored settings as JSON text; bound: 1,024 (a table's games share a few).
@memoized(1024)
def _settings(text: str) -> rules.Settings:
    """Stored settings, checked and made once per process: a table's thousands of games are
    played by the same few players, and checking them was a third of each game's fold."""
    return rules.settings_from_json(json.loads(text))


def _json(entries: Sequence[rules.Entry]) -> list[dict[str, Any]]:
    # As written again: the stored list is always the engine's JSON of the state's entries.
    return [rules.entry_to_json(e) for e in entries]


def _stored(row: _Row) -> StoredGame:
    found = cache("games").get((row.id, row.version))
    if isinstance(found, StoredGame):
        return found
    game = _made(row)
    _cache_game(game)
    return game


def _folded(row: _Row) -> StoredGame:
    """The game of ``row``, from the cache or folded, not put in it."""
    found = cache("games").get((row.id, row.version))
    return found if isinstance(found, StoredGame) else _made(row, rewrite=False)


def _made(row: _Row, rewrite: bool = True) -> StoredGame:
    state, entries_json = _fold(row, rewrite)
    return StoredGame(
        id=row.id,
        version=row.version,
        state=state,
        created_at=row.created_at,
        updated_at=row.updated_at,
        _token_hash=row.edit_token_hash,
        _settings_json=row.settings,
        _entries_json=entries_json,
        table_id=row.table_id,
        rematch_id=row.rematch_id,
    )


#: A write: only if the version is still the one the writer saw (optimistic concurrency).
_WRITE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("seen"))
    .values(entries=bindparam("entries"), summary=bindparam("summary"), version=bindparam("next"),
            updated_at=bindparam("now"))
)

#: The whole row: what a miss folds (``_Row``'s fields, in order).
_ROW = select(*(_GAMES.c[name] for name in _Row._fields))
_ROW_BY_ID = _ROW.where(_GAMES.c.id == bindparam("game_id"))


def game_head(game_id: str) -> GameHead | None:
    """The game's version and token hash, or ``None`` for no such game: no entries, no fold.
    What cannot be an id is none, before any query."""
    if not is_id(game_id):
        return None
    row = database.read_plain(_HEAD, {"game_id": game_id})
    return None if row is None else GameHead(game_id, row[0], row[1], row[2])


def create_game(
    ruleset: object,
    players: object,
    first_dealer: object = 0,
    options: Mapping[str, object] | None = None,
    table_id: str | None = None,
    title: object = None,
    key: idempotency.Key | None = None,
    room: Callable[[], None] | None = None,
) -> tuple[StoredGame, str] | idempotency.Replayed:
    """A new game and its edit token (returned once; only its hash is stored), at the table
    ``table_id`` if one is named; a score pad's ``title`` is kept in its settings. Its ``key``,
    if it has one, is recorded with it; the same creation under that key, made meanwhile (the
    phone sent it twice at once), is returned instead: ``Replayed``. ``room``, at a table: run
    in the creation's transaction before the game's row is added, it holds the table's row and
    checks that one more game has room there (``table_store.hold_seats``; its refusal is
    raised, nothing written)."""
    settings = rules.new_settings(ruleset, players, first_dealer, options, title)
    if room is not None:
        room()
    token = new_edit_token()
    now = utcnow()
    row = _Row(new_game_id(), settings.to_json(), [], VERSION_FIRST, now, now, token_hash(token),
               table_id)
    db.session.add(Game(ruleset=settings.ruleset.id, **row._asdict()))
    if table_id is not None:
        db.session.execute(_MOVE_TABLE, {"table_id": table_id, "game_id": row.id, "now": now})
    idempotency.add_creation(db.session, key, row.id, token)
    replayed = commit_creation(key)
    return replayed if replayed is not None else (_stored(row), token)


def commit_creation(key: idempotency.Key | None) -> idempotency.Replayed | None:
    """Commit a creation made in the session with its ``key``'s row (``idempotency.add_creation``,
    added last). When the database refuses that row, the same key won a moment before: rolled
    back, the winner's record if it was this very creation (another raises ``KeyReused``); any
    other refusal is raised as it is."""
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        replayed = None if key is None else idempotency.after_race(key)
        if replayed is None:
            raise
        return replayed
    return None


#: An imported game as its row is written: its settings, its entries (``entry_to_json``,
#: already replayed by the engine), its start and its summary (``table_games.summary``).
Imported = tuple[rules.Settings, list[dict[str, Any]], datetime, dict[str, Any]]


def add_imported(session: Session | scoped_session[Any], table_id: str,
                 games: Sequence[Imported]) -> None:
    """Rows for an import's games at the table ``table_id``, in ``session`` (the caller
    commits), each with a new id and an edit token nobody holds (the table's opens them)."""
    now = utcnow()
    rows = [_Row(new_game_id(), settings.to_json(), entries, VERSION_FIRST, started, now,
                 token_hash(new_edit_token()), table_id)._asdict()
            | {"ruleset": settings.ruleset.id, "summary": summary}
            for settings, entries, started, summary in games]
    if rows:
        session.execute(insert(_GAMES), rows)


def load_game(game_id: str) -> StoredGame:
    """The game at its latest version: from the cache by its version alone, else the whole row
    read and folded (and cached)."""
    head = game_head(game_id)
    if head is None:
        raise GameNotFound(game_id)
    return game_at(head)


def game_at(head: GameHead) -> StoredGame:
    """The game whose head was just read: from the cache by its version, else the whole row
    read and folded (it may have moved on since the head: taken as it is now)."""
    found = cache("games").get((head.id, head.version))
    if isinstance(found, StoredGame):
        return found
    row = database.read_one(_ROW_BY_ID, {"game_id": head.id})
    if row is None:
        raise GameNotFound(head.id)
    return _stored(_Row(*row))


def load_games(game_ids: Sequence[str], keep: bool = True) -> list[StoredGame]:
    """The games that exist among ``game_ids``, in that order (for a device's game list).
    Without ``keep``, the games folded are not put in the games' cache: a table's thousands of
    games, read once to be counted, would each be weighed (the dearer part of a short game's
    read) only to push every other game out of a cache that holds a few hundred."""
    game_ids = [gid for gid in game_ids if is_id(gid)]
    if not game_ids:
        return []
    made = _stored if keep else _folded
    found = []
    for at in range(0, len(game_ids), _BATCH):  # a bounded query: SQLite's variables, memory
        batch = game_ids[at:at + _BATCH]
        rows = {row[0]: _Row(*row) for row in database.read_all(
            _ROW.where(_GAMES.c.id.in_(batch)), {})}
        for game_id in batch:
            if game_id in rows:
                turns.turn()  # a table's thousands of games are folded between other requests
                found.append(made(rows[game_id]))
    return found


#: Games read by one query of ``load_games`` or ``load_summaries``.
_BATCH = 500


class Summary(NamedTuple):
    """What a table counts of a game, as its row keeps it (``table_games.summary``; ``None``
    for a game not written since summaries were kept)."""

    id: str
    version: int
    created_at: datetime
    summary: dict[str, Any] | None


_SUMMARIES = select(*(_GAMES.c[name] for name in Summary._fields))


def load_summaries(game_ids: Sequence[str]) -> list[Summary]:
    """The summaries of these games in their order (a table's, oldest first: the newest are
    then the last a cache keeps), as many as are found, read ``_BATCH`` at a time: a table's
    first read adds them up instead of folding each game's entries."""
    found = []
    for at in range(0, len(game_ids), _BATCH):
        batch = game_ids[at:at + _BATCH]
        rows = {row[0]: Summary(*row) for row in database.read_all(
            _SUMMARIES.where(_GAMES.c.id.in_(batch)), {})}
        found += [rows[i] for i in batch if i in rows]
    return found


def delete_game(game_id: str) -> None:
    """Remove a game and its entries for good (``GameNotFound`` if there is none), keeping only
    its id and when, in the same transaction (``was_deleted``); its table's version moves."""
    db.session.execute(_MOVE_TABLE_OF_GAME, {"game_id": game_id, "now": utcnow()})
    result = db.session.execute(db.delete(Game).where(Game.id == game_id))
    if result.rowcount != 1:  # type: ignore[attr-defined]
        db.session.rollback()
        raise GameNotFound(game_id)
    db.session.add(DeletedGame(id=game_id, deleted_at=utcnow()))
    db.session.commit()


def was_deleted(game_id: str) -> bool:
    """Whether a game of this id was deleted by its scorekeeper (asked only once none is found,
    so that its watchers are told so)."""
    return is_id(game_id) and database.read_one(_DELETED, {"game_id": game_id}) is not None


_DELETED = (select(DeletedGame.__table__.c.id)
            .where(DeletedGame.__table__.c.id == bindparam("game_id")))


Change = Callable[[rules.GameState], rules.GameState]


def write(current: StoredGame, version: int, change: Change,
          then: Sequence[tuple[Any, Mapping[str, Any]]] = ()) -> StoredGame:
    """Write ``change`` of the game as this request read it, if ``version`` is still the one
    in the database (``VersionConflict`` with the game as it is now, otherwise). ``then``: what
    commits with it (its Idempotency-Key's rows, ``storage.writes``); the version of the game's
    table, if it is played at one, moves with it too."""
    if current.version != version:
        raise VersionConflict(current)
    new_state = change(current.state)  # a RuleError here leaves the game as it was
    entries_json = _json(new_state.entries)
    now = utcnow()
    then = [*then, *_table_moves(current, now)]
    written_rows = database.write(_WRITE, {
        "game_id": current.id, "seen": version, "next": version + 1, "now": now,
        "entries": entries_json, "summary": _summary(current, new_state),
    }, then=then)
    if written_rows != 1:
        raise VersionConflict(load_game(current.id))
    written = StoredGame(current.id, version + 1, new_state, current.created_at, now,
                         current._token_hash, current._settings_json, entries_json,
                         current.table_id, current.rematch_id)
    _cache_game(written)
    return written


def _summary(game: StoredGame, state: rules.GameState) -> dict[str, Any] | None:
    """What the game's table counts of ``state``, for its row; none for a game at no table
    (the summary of a 2,000-round game costs about half of what writing its entries does: a
    game that joins a table later is folded once when its table is next read)."""
    return None if game.table_id is None else table_games.summary(state)


def add_entry(game: StoredGame, version: int, entry: rules.Entry) -> StoredGame:
    """Record one entry (bids, tricks or a Seven-Up hand) after the engine accepts it."""
    return write(game, version, lambda state: rules.apply(state, entry))


def undo_entry(game: StoredGame, version: int) -> StoredGame:
    """Remove the last entry."""
    return write(game, version, rules.undo)


def correct_round(game: StoredGame, version: int, number: int,
                  entries: Sequence[rules.Entry]) -> StoredGame:
    """Replace a scored round's result; everything after it is folded again."""
    return write(game, version, lambda state: rules.correct_round(state, number, entries))


# A table's version moves with every write to any of its games (docs/api.md, "Tables"), in the
# write's own transaction, so that the table's ETag is never stale; the table notes which game
# changed, so that its figures are brought up to date from that game alone
# (``companion.storage.table_store``), and when (``now``: the time of the table's last change,
# the write's own, which an export is dated by). A game at no table has the one-statement write
# above.
# The "+ 1" is a literal: these run as ``then`` statements of ``database.write``, whose parameters are named.
_MOVE_TABLE = (update(_TABLES).where(_TABLES.c.id == bindparam("table_id"))
               .values(version=_TABLES.c.version + literal_column("1"),
                       changed_game=bindparam("game_id"), updated_at=bindparam("now")))
_MOVE_TABLE_OF_GAME = (
    update(_TABLES)
    .where(_TABLES.c.id == select(_GAMES.c.table_id)
           .where(_GAMES.c.id == bindparam("game_id")).scalar_subquery())
    .values(version=_TABLES.c.version + literal_column("1"), changed_game=bindparam("game_id"),
            updated_at=bindparam("now")))


def _table_moves(game: StoredGame, now: datetime) -> list[tuple[Any, Mapping[str, Any]]]:
    """What a write to ``game`` at ``now`` runs beside its UPDATE: its table's version moved
    (none for a game at no table, whose write stays one statement)."""
    if game.table_id is None:
        return []
    return [(_MOVE_TABLE, {"table_id": game.table_id, "game_id": game.id, "now": now})]


#: A rematch recorded on the game it follows: a change of the game, so its version moves (its
#: ETag, and the watchers' ``?v=`` poll, see it), whatever version it is at.
_REMATCH = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"))
    .values(rematch_id=bindparam("rematch_id"), version=_GAMES.c.version + literal_column("1"),
            updated_at=bindparam("now"))
)


def record_rematch(game_id: str, rematch_id: str) -> None:
    """Note ``rematch_id`` as the latest rematch of the game (``GameNotFound`` if it is gone)."""
    now = utcnow()
    if database.write(_REMATCH, {"game_id": game_id, "rematch_id": rematch_id, "now": now},
                      then=[(_MOVE_TABLE_OF_GAME, {"game_id": game_id, "now": now})]) != 1:  # its table's
        raise GameNotFound(game_id)


# --- a table's games (``companion.storage.table_store`` asks, in its own transaction) ---------------------

_TABLE_GAMES = (select(_GAMES.c.id, _GAMES.c.version)
                .where(_GAMES.c.table_id == bindparam("table_id"))
                .order_by(_GAMES.c.created_at, _GAMES.c.id))


def table_game_versions(table_id: str) -> list[tuple[str, int]]:
    """The table's games as ``(id, version)``, oldest first."""
    return [(gid, version) for gid, version in
            database.read_all(_TABLE_GAMES, {"table_id": table_id})]


class GameRecord(NamedTuple):
    """A game as its row holds it, nothing folded: its settings and entries as stored (the
    engine's JSON of the state's entries) and when it started."""

    id: str
    settings: dict[str, Any]
    entries: list[dict[str, Any]]
    created_at: datetime


_RECORDS = select(*(_GAMES.c[name] for name in GameRecord._fields)).order_by(
    _GAMES.c.created_at, _GAMES.c.id).limit(bindparam("most"))
_FIRST_RECORDS = _RECORDS.where(_GAMES.c.table_id == bindparam("table_id"))
#: The page after a game: oldest first as ``_TABLE_GAMES`` orders them, by (start, id).
_NEXT_RECORDS = _RECORDS.where(
    _GAMES.c.table_id == bindparam("table_id"),
    (_GAMES.c.created_at > bindparam("after_start"))
    | ((_GAMES.c.created_at == bindparam("after_start")) & (_GAMES.c.id > bindparam("after_id"))))


def table_game_records(table_id: str, page: int) -> Iterator[GameRecord]:
    """The table's games as their rows hold them, oldest first, read ``page`` games at a time
    (each page one query on a connection given back at once), nothing folded or cached: what an
    export writes holds a page in memory, whatever the table's size. A game written meanwhile
    is read as it is when its page comes; one deleted meanwhile, if its page had not come, is
    left out."""
    params: dict[str, Any] = {"table_id": table_id, "most": page}
    statement = _FIRST_RECORDS
    while True:
        rows = [GameRecord(*row) for row in database.read_all(statement, params)]
        yield from rows
        if len(rows) < page:
            return
        statement = _NEXT_RECORDS
        params = {**params, "after_start": rows[-1].created_at, "after_id": rows[-1].id}
        del rows  # let go of this page before the next is read: one page held at a time


_NEWEST_START = (select(_GAMES.c.created_at).where(_GAMES.c.table_id == bindparam("table_id"))
                 .order_by(_GAMES.c.created_at.desc(), _GAMES.c.id.desc()).limit(1))


def newest_game_start(table_id: str) -> datetime | None:
    """When the table's newest game started (``None`` before any): one row read."""
    row = database.read_one(_NEWEST_START, {"table_id": table_id})
    return None if row is None else row[0]


#: The table's row held for the rest of the transaction: ``FOR UPDATE`` on PostgreSQL (SQLite's
#: compiler leaves it out: there ``_TOUCH`` holds it).
#: ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: a join has already moved its game's row to the
#: table, and that foreign key holds the table's row ``FOR KEY SHARE``; two joins at once each
#: holding that and waiting on the other's were a deadlock (PostgreSQL: one answered 503). Two
#: holds still wait for each other, which is what judges the bounds one after the other.
_HOLD_TABLE = (select(_TABLES.c.version).where(_TABLES.c.id == bindparam("table_id"))
               .with_for_update(key_share=True))
#: SQLite has no lock of one row: a write to the row takes the database's write lock (what
#: ``BEGIN IMMEDIATE`` would), kept to the transaction's end. It changes nothing.
_TOUCH_TABLE = (update(_TABLES).where(_TABLES.c.id == bindparam("table_id"))
                .values(version=_TABLES.c.version))


def hold_table(session: Session | scoped_session[Any], table_id: str) -> int | None:
    """Hold the table's row in ``session`` until its commit or rollback, and read its version
    there (``None``: no such table). Every write that adds a game to a table (a new game, a
    join) holds it before it checks the table's bounds, so two such writes at once are judged
    one after the other, the second on the table the first left (docs/api.md, "Bounds")."""
    if session.get_bind().dialect.name == "sqlite":
        session.execute(_TOUCH_TABLE, {"table_id": table_id})
    row = session.execute(_HOLD_TABLE, {"table_id": table_id}).first()
    return None if row is None else int(row[0])


def join_table(session: Session | scoped_session[Any], game: StoredGame, table_id: str) -> bool:
    """Put ``game`` at the table in ``session`` (its version moves: its JSON links to the table),
    if it is still at the version read and at no table; whether it was. The caller moves the
    table's version and commits."""
    result = session.execute(
        update(_GAMES).where(_GAMES.c.id == game.id, _GAMES.c.version == game.version,
                             _GAMES.c.table_id.is_(None))
        .values(table_id=table_id, version=_GAMES.c.version + 1, updated_at=utcnow()))
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


def leave_table(session: Session | scoped_session[Any], table_id: str) -> None:
    """Every game of the table at no table any more, in ``session`` (each game's version moves);
    the caller deletes the table and commits."""
    session.execute(update(_GAMES).where(_GAMES.c.table_id == table_id)
                    .values(table_id=None, version=_GAMES.c.version + 1, updated_at=utcnow()))
