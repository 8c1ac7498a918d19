"""Tables in the database (docs/rules.md section 7): create, read, join, rename, delete, and
the table's figures, which the engine adds up (``rules.table_stats``).

A table's ``version`` moves with every change of the table (a join, a rename) and, in the same
transaction, with every write to any of its games (``store``: write, undo, correction,
deletion, a new game at the table), so ``(table id, version)`` names one state of the table
and its answers can be cached by it. Its ``updated_at`` moves with it: the time of the table's
last change, which dates its export (one version, one document).

Its figures are never folded from all its games on a request. Each game is cached as the
``PlayedGame`` of its ``(id, version)``; the table's games, oldest first, are cut into blocks
whose ends depend on the games' ids alone (a game ends a block when its id hashes to 0 mod
``BLOCK``), and each block's ``Tally`` is cached by its games' ``(id, version)`` and the table's
renames. The table notes which game made each version (``changed_game``): from the state of
the version just before, a write to one game changes that game's tally in its block's and the
block's in the sum (``table_tally.replaced``: counters taken out and added, a maximum looked
for again only when the old tally held it), with no read of the table's other games.
Otherwise (another process made the versions between, a game is new at the table, a rename)
the games' versions are read again and only the blocks that changed are added up anew.
Kept in ``companion.storage.caches``: ``table-games``, ``table-blocks``, ``table-figures`` (by table
version), ``table-latest`` (the latest state of each table this process knows).
"""

from __future__ import annotations

import gc
import secrets
import unicodedata
from sys import getsizeof
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import bindparam, select, update

from companion import rules
from companion.rules import bounds, memo, table_games, table_stats, table_tally
from companion.rules.table_games import PlayedGame, Renames
from companion.rules.table_stats import TableFigures
from companion.rules.table_tally import Tally
from companion.storage import database, idempotency, store
from companion.storage.caches import cache
from companion.storage.models import Table, db, utcnow

NAME_MAX = 40
#: Games per block of the figures' partial sums, on average. Each block keeps its own pair
#: counters (up to 4,950 at 100 players): at 32 games a 10,000-game table of 100 players had
#: 299 blocks weighing 53 MB, more than the caches keep, and every read folded it again; at
#: 256, 36 blocks weigh 12 MB and the table's figures stay cached (bench/bench_big_reads.py).
BLOCK = 256

_TABLES = Table.__table__


class TableNotFound(LookupError):
    """No table has that id."""


class TableRefused(ValueError):
    """Against the table's rules (docs/api.md's 422 code ``table``): a game at another table,
    a table's name empty or too long, or a table holding all the games it may
    (``reason="table-games-max"``). ``field`` names the input at fault."""

    def __init__(self, message: str, field: str, unshowable: bool = False,
                 reason: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.unshowable = unshowable  # a name's character, not its length
        self.reason = reason


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
    #: The time of the table's last change (its version's): what an export is dated by.
    updated_at: datetime
    _token_hash: str
    #: The game whose change made this version, if one did.
    changed_game: str | None = None

    def token_matches(self, token: str | None) -> bool:
        """True when ``token`` is this table's edit token (compared in constant time)."""
        return store.token_matches(token, self._token_hash)


def clean_table_name(raw: object) -> str:
    """1–40 characters after trimming, something visible among them and nothing that cannot
    be shown (as a player's name: ``rules.settings.clean_name``), or ``TableRefused``."""
    if not isinstance(raw, str):
        raise TableRefused("a table's name must be text", "name")
    name = unicodedata.normalize("NFC", raw).strip()
    if not rules.shows_something(name) or len(name) > NAME_MAX:
        length = len(name) if rules.shows_something(name) else 0
        raise TableRefused(f"a table's name is 1–{NAME_MAX} characters long, not {length}",
                           "name")
    if not rules.showable(name):
        raise TableRefused("a table's name holds a character that cannot be shown", "name",
                           unshowable=True)
    return name


def create_table(name: object, game: store.StoredGame | None = None,
                 key: idempotency.Key | None = None
                 ) -> tuple[StoredTable, str] | idempotency.Replayed:
    """A new table and its edit token (returned once; only its hash is stored). With ``game``
    (at no table yet), the game joins it in the same transaction: the table is made with its
    first game or not at all (``TableRefused``, a ``RuleError`` or ``VersionConflict`` as
    ``join`` refuses). Its ``key``, if it has one, is recorded with it; the same creation under
    that key, made meanwhile, is returned instead: ``Replayed``."""
    clean = clean_table_name(name)
    if game is not None:
        _joinable(game, None, Renames(()))
    token = store.new_edit_token()
    now = utcnow()
    table = Table(id=new_table_id(), name=clean, edit_token_hash=store.token_hash(token), version=1,
                  renames=[], created_at=now, updated_at=now)
    db.session.add(table)
    if game is not None:
        db.session.flush()  # the table's row first: the game's row points at it
        _seat(game, table.id)
    idempotency.add_creation(db.session, key, table.id, token)  # last: its row, if refused, is the race
    replayed = store.commit_creation(key)
    if replayed is not None:
        return replayed
    return _stored(table.id, clean, 1, [], now, now, table.edit_token_hash), token


def create_imported(name: str, renames: Renames,
                    games: Sequence[store.Imported],
                    key: idempotency.Key | None = None
                    ) -> tuple[StoredTable, str] | idempotency.Replayed:
    """A new table holding an import's games (``transfer``: already checked and replayed), and
    its edit token, written in one transaction with its creation ``key`` (``Replayed``: the
    same import under that key, made meanwhile)."""
    token = store.new_edit_token()
    pairs = [list(pair) for pair in renames.pairs]
    now = utcnow()
    table = Table(id=new_table_id(), name=name, edit_token_hash=store.token_hash(token),
                  version=1, renames=pairs, created_at=now, updated_at=now)
    db.session.add(table)
    db.session.flush()  # the table's row first: the games' rows point at it
    store.add_imported(db.session, table.id, games)
    idempotency.add_creation(db.session, key, table.id, token)
    replayed = store.commit_creation(key)
    if replayed is not None:
        return replayed
    return _stored(table.id, name, 1, pairs, now, now, table.edit_token_hash), token


def _stored(table_id: str, name: str, version: int, renames: list[list[str]],
            created_at: datetime, updated_at: datetime, token_hash: str,
            changed_game: str | None = None) -> StoredTable:
    pairs = tuple((str(a), str(b)) for a, b in renames)
    # Made once per list of renames (a long one costs more to make than to read).
    made = cache("renames").get_or_make(pairs, lambda: Renames(pairs)) if pairs else Renames(())
    assert isinstance(made, Renames)
    return StoredTable(table_id, name, version, made, created_at, updated_at, token_hash,
                       changed_game)


#: The table's row, as ``load_table`` reads it; its version alone, as a 304 needs.
_ROW = select(*(_TABLES.c[name] for name in (
    "name", "version", "renames", "created_at", "updated_at", "edit_token_hash",
    "changed_game"))).where(
    _TABLES.c.id == bindparam("table_id"))
_VERSION = select(_TABLES.c.version).where(_TABLES.c.id == bindparam("table_id"))


def table_version(table_id: str) -> int | None:
    """The table's version alone (what a 304 needs), or ``None`` for no such table."""
    if not store.is_id(table_id):
        return None
    row = database.read_plain(_VERSION, {"table_id": table_id})
    return None if row is None else int(row[0])


def load_table(table_id: str) -> StoredTable:
    """The table (``TableNotFound``: no such table, or no id at all, before any query)."""
    row = database.read_one(_ROW, {"table_id": table_id}) if store.is_id(table_id) else None
    if row is None:
        raise TableNotFound(table_id)
    return _stored(table_id, *row)


def token_opens(game: store.StoredGame, token: str | None) -> bool:
    """True when ``token`` is the edit token of the game's table: it may do in the game all
    that the game's own token may."""
    if game.table_id is None or not token:
        return False
    row = database.read_one(_TOKEN, {"table_id": game.table_id})
    return row is not None and store.token_matches(token, row[0])


_TOKEN = select(_TABLES.c.edit_token_hash).where(_TABLES.c.id == bindparam("table_id"))


# --- the games of a table -------------------------------------------------------------------

def game_versions(table_id: str) -> list[tuple[str, int]]:
    """The table's games as ``(id, version)``, oldest first (read after the table's row: a
    write between the two makes the games newer than the version, never older)."""
    return store.table_game_versions(table_id)


def _utc(moment: datetime) -> datetime:
    """Naive UTC (SQLite hands datetimes back without their zone; they were stored in UTC)."""
    return moment if moment.tzinfo is None else moment.astimezone(timezone.utc).replace(tzinfo=None)


#: The parts of a game's weight (``_CachedGame.__weight__``): an empty tuple, a place in one, a
#: number, a round with its attributes.
_TUPLE, _SLOT, _INT = getsizeof(()), getsizeof((0,)) - getsizeof(()), getsizeof(10_000)
_SEAT_ROUNDS = getsizeof(table_games.SeatRounds())


def _big(numbers: tuple[int, ...]) -> int:
    """How many of ``numbers`` are ints of their own: not CPython's shared small ints."""
    return sum(1 for number in numbers if not -5 <= number <= 256)


class _CachedGame:
    """A game version as the table counts it, and its tally under the renames last asked."""

    __slots__ = ("played", "renames", "tally")

    def __init__(self, played: PlayedGame) -> None:
        self.played = played
        self.renames: Renames | None = None
        self.tally: Tally | None = None

    def __weight__(self) -> int:
        """Its bytes (``rules.memo.weight``), counted from the game's shape: walking every
        object of 10,000 games was a quarter of a large table's first read. A number is an
        int of its own unless it is small (CPython shares those), as ``weight`` counts it."""
        played, seats = self.played, len(self.played.names)
        numbers = _TUPLE + seats * _SLOT
        size = (getsizeof(self) + getsizeof(played) + getsizeof(played.__dict__)
                + getsizeof(played.id) + getsizeof(played.ruleset) + getsizeof(played.started)
                + getsizeof(played.title)
                + numbers + sum(getsizeof(name) for name in played.names)
                + 3 * numbers + _INT * _big(played.scores)  # sides, ranks, scores
                # Each seat's rounds added up: a tuple of a few numbers a seat.
                + numbers + len(played.seat_rounds) * _SEAT_ROUNDS
                + _INT * (sum(_big(seat) for seat in played.seat_rounds)
                          + _big((played.round_count,))))
        return size

    def tally_under(self, renames: Renames) -> Tally:
        tally = self.tally
        if tally is None or self.renames != renames:
            tally = table_tally.game_tally(self.played, renames)
            self.renames, self.tally = renames, tally  # one assignment: threads may share it
        return tally


def counted_each_hand(ruleset: str) -> bool:
    """Whether a ruleset's games are counted hand by hand at a table (an unknown one: assume
    so, and fold the game, which then says)."""
    found = rules.RULESETS.get(ruleset)
    return found is None or found.family.table_hands


def _cached_game(game: store.StoredGame) -> _CachedGame:
    cached = cache("table-games")
    found = cached.get((game.id, game.version))
    if isinstance(found, _CachedGame):
        return found
    made = _CachedGame(table_games.played_game(game.state, game.id, _utc(game.created_at)))
    cached.put((game.id, game.version), made)
    return made


def played(game: store.StoredGame) -> PlayedGame:
    """The game as the table counts it, cached by its ``(id, version)``."""
    return _cached_game(game).played


def _cached_games(versions: Sequence[tuple[str, int]]) -> list[_CachedGame]:
    cached = cache("table-games")
    found: dict[str, _CachedGame] = {}
    missing = []
    for key in versions:
        hit = cached.get(key)
        if isinstance(hit, _CachedGame):
            found[key[0]] = hit
        else:
            missing.append(key[0])
    if len(missing) == 1:  # a write's new version: its state is most likely cached
        try:
            found[missing[0]] = _cached_game(store.load_game(missing[0]))
        except store.GameNotFound:
            pass
    elif missing:
        unsummed = []
        for row in store.load_summaries(missing):
            summed = table_games.from_summary(row.summary, row.id, _utc(row.created_at),
                                              counted_each_hand)
            if summed is None:
                unsummed.append(row.id)
            else:
                found[row.id] = made = _CachedGame(summed)
                cached.put((row.id, row.version), made)
        for game in store.load_games(unsummed, keep=False):  # not written since summaries were kept
            found[game.id] = _cached_game(game)
        db.session.commit()
    return [found[gid] for gid, _version in versions if gid in found]


def played_games(versions: Sequence[tuple[str, int]]) -> list[PlayedGame]:
    """Each game of ``versions`` as the table counts it: cached ones from the cache, the others
    read in one query and folded (a game since deleted is left out)."""
    return [cached.played for cached in _cached_games(versions)]


def _blocks(versions: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """The games cut where a game's id hashes to 0 mod ``BLOCK``: a game added, changed or
    deleted changes its own block alone."""
    blocks: list[list[tuple[str, int]]] = [[]]
    for key in versions:
        blocks[-1].append(key)
        if zlib.crc32(key[0].encode()) % BLOCK == 0:
            blocks.append([])
    return [block for block in blocks if block]


def _block_tally(block: Sequence[tuple[str, int]], renames: Renames) -> Tally:
    cached = cache("table-blocks")
    key = (renames, tuple(block))
    found = cached.get(key)
    if isinstance(found, Tally):
        return found
    games = _cached_games(block)
    # Added up in place: a game's own tally is made only when a write replaces it
    # (``_one_game_moved``).
    tally = table_tally.sum_of((game.played for game in games), renames)
    cached.put(key, tally)
    # Its winners too, while its games are at hand (the chart's steps, ``winners``): a table
    # larger than the games' cache would otherwise fold every game again for them.
    cached.put(("winners", renames, key[1]),
               table_stats.finished_winners((game.played for game in games), renames))
    return tally


#: A game's place in ``TableState.places``: a tuple of two numbers, each an int of its own.
_PLACE = getsizeof((10_000, 1)) + 2 * getsizeof(10_000)


@dataclass(frozen=True)
class TableState:
    """The table at one version: its games (``(id, version)``, oldest first), their blocks
    and each block's tally, the sum and the figures."""

    table: StoredTable
    versions: tuple[tuple[str, int], ...]
    blocks: tuple[tuple[tuple[str, int], ...], ...]
    tallies: tuple[Tally, ...]
    tally: Tally
    figures: TableFigures
    #: Each game's place in ``versions`` and the block it is in.
    places: dict[str, tuple[int, int]]

    def __weight__(self) -> int:
        """Its bytes (``rules.memo.weight``): each tally weighed once (``Tally.__weight__``),
        so a new version after a write weighs its figures and games, not every block again;
        the games' keys and places counted from their shape (walking 10,000 of each, twice,
        was a tenth of a large table's first read), and the whole kept on it."""
        known = self.__dict__.get("_weight")
        if known is None:
            keys = self.versions
            known = (memo.weight((self.table, self.figures))
                     + getsizeof(keys) + sum(getsizeof(key) + getsizeof(key[0]) + getsizeof(key[1])
                                             for key in keys)
                     + getsizeof(self.blocks) + sum(getsizeof(block) for block in self.blocks)
                     + getsizeof(self.places) + len(self.places) * _PLACE
                     + sum(tally.__weight__() for tally in self.tallies) + self.tally.__weight__())
            self.__dict__["_weight"] = known  # beside the fields: not compared or replaced
        return int(known)

    def at(self, table: StoredTable) -> TableState:
        """The same games at another version of the table (nothing of them changed)."""
        return TableState(table, self.versions, self.blocks, self.tallies, self.tally,
                          self.figures, self.places)


def _state(table: StoredTable, versions: Sequence[tuple[str, int]],
           previous: TableState | None) -> TableState:
    """The state of ``versions``, cut into blocks; the sum from ``previous`` when only a few
    blocks differ (the others' tallies are the same objects, cached), else added up."""
    blocks = tuple(tuple(block) for block in _blocks(list(versions)))
    with _collector_paused():
        tallies = tuple(_block_tally(block, table.renames) for block in blocks)
    if previous is not None and previous.table.renames == table.renames:
        before = dict(zip(previous.blocks, previous.tallies))
        now = set(blocks)
        removed = [t for b, t in before.items() if b not in now]
        added = [t for b, t in zip(blocks, tallies) if b not in before]
        if len(removed) + len(added) <= 4:
            return _made(table, versions, blocks, tallies, table_tally.replaced(
                previous.tally, removed, added, lambda: tallies))
    return _made(table, versions, blocks, tallies, table_tally.total(tallies))


def _made(table: StoredTable, versions: Sequence[tuple[str, int]],
          blocks: tuple[tuple[tuple[str, int], ...], ...], tallies: tuple[Tally, ...],
          tally: Tally, places: dict[str, tuple[int, int]] | None = None) -> TableState:
    if places is None:
        places = {}
        for number, block in enumerate(blocks):
            for gid, _version in block:
                places[gid] = (len(places), number)
    return TableState(table, tuple(versions), blocks, tallies, tally,
                      table_stats.figures(tally, table.renames), places)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a table's games are added up, then as it was.
    A first read of 10,000 games makes a few hundred thousand objects that hold no cycle (the
    summaries' values, the tallies), and the collector walked them again and again as they
    grew: a fifth of the read (bench/README.md, "A table's first read"). What it owes is paid
    once after, by the next request: one pass over what the read made, not three full ones.
    Threads that overlap may find it paused already; the one that paused it starts it again."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _one_game_moved(previous: TableState, table: StoredTable, gid: str) -> TableState | None:
    """The state after a change of the one game ``gid`` (the table's ``changed_game``), from
    the state just before: its new version in its block, the block's tally and the sum made
    again from the old ones, or ``None`` to read the table's games again."""
    head = store.game_head(gid)
    place = previous.places.get(gid)
    if place is None:
        if head is None:
            return previous.at(table)  # a game never here, gone
        return None  # a game new at the table: where it goes is the database's order
    index, number = place
    if head is None:  # deleted
        versions = previous.versions[:index] + previous.versions[index + 1:]
        return _state(table, versions, previous)
    old = previous.versions[index]
    if old[1] == head.version:
        return previous.at(table)
    new = (gid, head.version)
    versions = previous.versions[:index] + (new,) + previous.versions[index + 1:]
    block = tuple(new if key == old else key for key in previous.blocks[number])
    renames = table.renames
    old_game = cache("table-games").get(old)
    old_block = previous.tallies[number]
    found_new = _cached_games([new])
    if not isinstance(old_game, _CachedGame) or not found_new:
        return _state(table, versions, previous)  # forgotten here, or deleted since
    new_game = found_new[0]
    games = _cached_games(block)
    block_tally = table_tally.replaced(old_block, [old_game.tally_under(renames)],
                                       [new_game.tally_under(renames)],
                                       lambda: [cached.tally_under(renames) for cached in games])
    cache("table-blocks").put((renames, block), block_tally)
    blocks = previous.blocks[:number] + (block,) + previous.blocks[number + 1:]
    tallies = previous.tallies[:number] + (block_tally,) + previous.tallies[number + 1:]
    tally = table_tally.replaced(previous.tally, [old_block], [block_tally], lambda: tallies)
    return _made(table, versions, blocks, tallies, tally, previous.places)


def table_state(table: StoredTable) -> TableState:
    """The table's figures, cached by its version. On a miss, when this process knows the
    version just before and one game made the change, from that game alone; else from the
    table's games read again, their blocks' tallies cached."""
    cached = cache("table-figures")
    found = cached.get((table.id, table.version))
    if isinstance(found, TableState) and found.table == table:
        return found
    latest = cache("table-latest")
    previous = latest.get(table.id)
    state = None
    if (isinstance(previous, TableState) and previous.table.version == table.version - 1
            and previous.table.renames == table.renames and table.changed_game is not None):
        state = _one_game_moved(previous, table, table.changed_game)
    if state is None:
        known = previous if isinstance(previous, TableState) else None
        state = _state(table, game_versions(table.id), known)
    cached.put((table.id, table.version), state)
    if not isinstance(previous, TableState) or previous.table.version < table.version:
        latest.put(table.id, state)
    return state


def _block_winners(block: tuple[tuple[str, int], ...],
                   renames: Renames) -> tuple[tuple[str, ...], ...]:
    cached = cache("table-blocks")
    key = ("winners", renames, block)
    found = cached.get(key)
    if isinstance(found, tuple):
        return found
    made = table_stats.finished_winners((game.played for game in _cached_games(block)), renames)
    cached.put(key, made)
    return made


def winners(state: TableState) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Who won each of the table's finished games (their keys), oldest first, block by block
    (a game in progress is in none: it has won nobody yet; a deleted game is not in the
    table's versions): cached per block as the blocks' tallies are, so after a write only the
    changed game's block is read again, and the other blocks' are the same objects as before
    (cheap to compare)."""
    renames = state.table.renames
    return tuple(_block_winners(block, renames) for block in state.blocks)


@dataclass(frozen=True)
class Page:
    """A page of the table's games, newest first; ``before`` names the next page's start, and
    ``started`` when that game started (naive UTC): the cursor's place, which a deletion of
    that game leaves where it was."""

    games: list[PlayedGame]
    before: str | None
    started: datetime | None = None


class UnknownCursor(LookupError):
    """``before`` names no game of the table, and no ``started`` says where it stood."""


def moment_text(moment: datetime) -> str:
    """A naive UTC moment as the API writes a game's start: ISO 8601 to the microsecond, "Z"."""
    return moment.replace(tzinfo=timezone.utc).isoformat().replace("+00:00", "Z")


def moment_of(text: str) -> datetime:
    """``moment_text`` read back, as naive UTC (``ValueError`` for anything else)."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return moment if moment.tzinfo is None else moment.astimezone(timezone.utc).replace(tzinfo=None)


def games_page(state: TableState, before: str | None = None, count: int = 50,
               started: datetime | None = None) -> Page:
    """The ``count`` games started before the game ``before`` (or the newest), newest first.
    A ``before`` no longer at the table (deleted meanwhile) is placed by ``started``, as the
    table orders its games (by their start, then id); without it, ``UnknownCursor``."""
    end = len(state.versions)
    if before is not None:
        if before in state.places:
            end = state.places[before][0]
        elif started is not None:
            place = (started, before)
            end = sum(1 for game in played_games(state.versions) if (game.started, game.id) < place)
        else:
            raise UnknownCursor(before)
    start = max(0, end - count)
    games = played_games(state.versions[start:end])[::-1]
    if start > 0 and games:
        return Page(games, games[-1].id, games[-1].started)
    return Page(games, None)


def figures_of(table_id: str) -> TableState:
    """What the table's page shows of a table: the table, its figures (``state.figures``) and
    its games; ``TableNotFound`` for no such table."""
    return table_state(load_table(table_id))


def games_of(table_id: str, before: str | None = None, count: int = 20) -> Page:
    """A page of the table's games, newest first (``before``: a game's id, for the next
    page); ``TableNotFound`` for no such table."""
    return games_page(figures_of(table_id), before, count)


def table_names(state: TableState, game: PlayedGame) -> list[str]:
    """The game's names as the table shows them (a rename's, else the latest spelling)."""
    renames = state.table.renames
    return [state.figures.names.get(renames.key(name), name) for name in game.names]


# --- changes --------------------------------------------------------------------------------

def _move(table_id: str, **values: Any) -> None:
    """The table's version moved, and with it the time of its last change."""
    db.session.execute(update(_TABLES).where(_TABLES.c.id == table_id)
                       .values(version=_TABLES.c.version + 1, updated_at=utcnow(), **values))


def check_seats(table: StoredTable, names: Sequence[str]) -> None:
    """Whether one more game, of these players, has room at the table (a new game there, or a
    join): ``TableRefused`` when the table holds ``bounds.GAMES_MAX`` games already; a
    ``RuleError`` (players) when two seats would be one player of the table, or when the game
    would bring it past ``table_games.PLAYERS_MAX`` players."""
    state = table_state(table)
    if len(state.versions) >= bounds.GAMES_MAX:
        raise TableRefused(f"a table holds at most {bounds.GAMES_MAX} games, and this one has "
                           "them all: start a new table to play on", "table",
                           reason="table-games-max")
    refused = table_games.seats_refused(names, table.renames) or table_games.players_refused(
        names, table.renames, state.figures.names)
    if refused is not None:
        raise refused


def hold_seats(table: StoredTable, names: Sequence[str]) -> None:
    """``check_seats`` inside the write's transaction: the table's row held until the caller
    commits (``store.hold_table``), then the room checked on the table as it is now (``table``
    itself when nothing changed it since it was read, as is usual: its figures are cached).
    Without the hold, two new games (or joins) at once could both pass the check on the table
    before either was written, and bring it its 10,001st game or 101st player. Refused (or the
    table gone, ``TableNotFound``): rolled back, the hold let go, the refusal raised."""
    version = store.hold_table(db.session, table.id)
    try:
        if version is None:
            raise TableNotFound(table.id)
        check_seats(table if version == table.version else load_table(table.id), names)
    except BaseException:
        db.session.rollback()
        raise


def join(table: StoredTable, game: store.StoredGame,
         key: idempotency.Key | None = None) -> bool | idempotency.Replayed:
    """Put an earlier game at the table (``False``: it is here already). Refused with a
    ``TableRefused`` when it is at another table, a ``RuleError`` (players) when two of its
    seats would be one player. The game's version moves (its JSON links to the table), its
    ``key`` (a page's form), if it has one, recorded with it; when the game moved on meanwhile,
    ``VersionConflict``, unless the very same join under that key did it: ``Replayed``."""
    if game.table_id == table.id:
        return False
    _joinable(game, table.id, table.renames)
    check_seats(table, game.settings.players)  # refused early, before anything is held
    try:
        _seat(game, table.id)
    except store.VersionConflict:
        replayed = None if key is None else idempotency.won_by_twin(key)
        if replayed is None:
            raise
        return replayed
    # The game's row first, then the table's, as every write to a game of the table does
    # (no two writes wait for each other's rows): then the room, judged again while held.
    hold_seats(table, game.settings.players)
    for statement, params in idempotency.rows_for(key, game.version + 1, game.id):
        db.session.execute(statement, params)
    _move(table.id, changed_game=game.id)
    db.session.commit()
    return True


def _joinable(game: store.StoredGame, table_id: str | None, renames: Renames) -> None:
    """Refused unless the game is at no table and its seats are as many players of the table."""
    if game.table_id is not None and game.table_id != table_id:
        raise TableRefused("this game already belongs to another table", "game")
    refused = table_games.seats_refused(game.settings.players, renames)
    if refused is not None:
        raise refused


def _seat(game: store.StoredGame, table_id: str) -> None:
    """The game at the table (through the store's door: its version moves); ``VersionConflict``
    when the game moved on meanwhile (nothing written)."""
    if not store.join_table(db.session, game, table_id):
        db.session.rollback()
        raise store.VersionConflict(store.load_game(game.id))


def rename(table: StoredTable, source: object, target: object) -> None:
    """Rename (or merge) a player of the table; a ``RuleError`` (players) when refused. Two
    renames at once: the second is judged again on the table as the first left it."""
    for _attempt in range(5):
        games = played_games(game_versions(table.id))
        renames = table_games.renamed(games, table.renames, source, target)
        result = db.session.execute(
            update(_TABLES).where(_TABLES.c.id == table.id, _TABLES.c.version == table.version)
            .values(version=_TABLES.c.version + 1, changed_game=None, updated_at=utcnow(),
                    renames=[list(pair) for pair in renames.pairs]))
        db.session.commit()
        if result.rowcount == 1:  # type: ignore[attr-defined]
            return
        table = load_table(table.id)
    raise RuntimeError("the table cached changing during a rename")


def rename_table(table: StoredTable, name: object,
                 key: idempotency.Key | None = None) -> StoredTable | idempotency.Replayed:
    """The table under a new name (checked as at its making: ``TableRefused``), its version
    moved, with its ``key``, if it has one, in the same transaction. A change of the table
    meanwhile: the name is written on the table as it is now, unless that change was this very
    rename under the same key (sent twice at once): ``Replayed`` (another write under the key:
    ``KeyReused``)."""
    clean = clean_table_name(name)
    for _attempt in range(5):
        result = db.session.execute(
            update(_TABLES).where(_TABLES.c.id == table.id, _TABLES.c.version == table.version)
            .values(version=table.version + 1, changed_game=None, updated_at=utcnow(),
                    name=clean))
        if result.rowcount == 1:  # type: ignore[attr-defined]
            for statement, params in idempotency.rows_for(key, table.version + 1):
                db.session.execute(statement, params)
            db.session.commit()
            return load_table(table.id)
        db.session.rollback()
        if key is not None and (replayed := idempotency.after_race(key)) is not None:
            return replayed
        table = load_table(table.id)
    raise RuntimeError("the table kept changing during its renaming")


def delete_table(table: StoredTable) -> None:
    """The table is gone; its games stay, at no table (each game's version moves)."""
    store.leave_table(db.session, table.id)
    db.session.execute(_TABLES.delete().where(_TABLES.c.id == table.id))
    db.session.commit()


def last_played(state: TableState) -> datetime:
    """When the newest game started (when the table was made, before any), in UTC."""
    newest = played_games(state.versions[-1:])
    return started(newest[0]) if newest else started_at(state.table)


def started(game: PlayedGame) -> datetime:
    """When the game started, in UTC."""
    return game.started.replace(tzinfo=timezone.utc)


def started_at(table: StoredTable) -> datetime:
    """When the table was made, in UTC."""
    moment = table.created_at
    return (moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None
            else moment.astimezone(timezone.utc))

