"""A table's history as one JSON document, and back (docs/api.md, "Export and import").

**Export** writes what the table made: each game's settings, when it started and its entries in
play order (the stored list: a corrected round's entries where the round stands, undone ones
gone), each as the body of the API write that makes it plus its ``kind``: ``bids``, ``tricks``,
``hands``, and a score pad's ``points`` and ``finish``. No id, no token.

**Import** reads such a document into a new table. Every game is replayed through the engine,
entry by entry, in memory first; only when every game of the document is accepted are the table
and its games written, in one short transaction (``table_store.create_imported``), so an import
never holds the database while scorekeepers write, and a document refused anywhere leaves
nothing behind. The bounds a table and a game keep however they were made (docs/api.md,
"Bounds": entries, players, renames, games, when a game started) are checked here too, the
counts before what they count is read. A refusal is ``ImportRefused``: where (``games[3].entries[12]``), what (an
English message, and for the pages a ``reason`` with the engine's ``RuleError`` when it is one).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from typing import Any

from companion import rules
from companion.rules import bounds
from companion.rules import table_games as table_rules
from companion.rules.entries import HAND_DEFAULTS
from companion.rules.errors import shown
from companion.rules.settings import clean_name
from companion.rules.table_games import Renames, seats_refused
from companion.storage import idempotency, store, table_store, turns

FORMAT = "companion-export"
FORMAT_VERSION = 1
#: The largest document an import reads (docs/server.md says so, and the deadline for its body).
MAX_BYTES = 16 * 1024 * 1024

#: The most objects and lists (counted as their opening ``{`` and ``[``, those inside strings
#: too, which only counts high) a document of ``MAX_BYTES`` may hold, checked on the raw bytes
#: before anything is parsed. The densest importable document there is (a 2-seat game's
#: entries, ``{"kind":"bids","bids":[1,1]}``: 2 per 14 to 17 bytes) stays well under one per
#: 12 bytes; a body of 5.6 million ``{}`` took 927 MB to parse. At this bound no body costs more
#: to parse than the largest importable document does (bench/README.md, "The import door").
CONTAINERS_MAX = MAX_BYTES // 12

#: An entry's stored kind → the name of the API write that makes it (the others are the same).
_WRITE_NAMES = {"hand": "hands"}
_STORED_KINDS = {write: kind for kind, write in _WRITE_NAMES.items()}


class ImportRefused(ValueError):
    """A document that cannot be imported (the API's 422 ``import``). ``field`` names the place
    (``format``, ``table.name``, ``games[i]``, ``games[i].entries[j]``); ``reason`` what is wrong
    there for a page to say: ``not-json``, ``format``, ``format-version``, ``shape``, ``table``,
    ``rule`` (``error`` holds the engine's refusal), ``started`` (outside the years a game may
    start), or a bound passed (docs/api.md, "Bounds"): ``entries-max``, ``players-max``,
    ``renames-max``, ``games-max`` (``params["most"]``), and ``containers-max`` for a body
    holding more objects and lists than any document of the size limit could (``counted``);
    ``game`` and ``entry`` count from 0."""

    def __init__(self, reason: str, message: str, field: str | None = None, *,
                 game: int | None = None, entry: int | None = None,
                 error: rules.RuleError | None = None, settings: rules.Settings | None = None,
                 **params: Any) -> None:
        where = field if field is not None else "the document"
        super().__init__(f"{where}: {message}")
        self.reason = reason
        self.message = f"{where}: {message}"
        self.field = field
        self.game = game
        self.entry = entry
        self.error = error
        self.settings = settings  # the game's, for the names an engine's refusal gives by seat
        self.params = params


# --- export ------------------------------------------------------------------------------------

def moment(when: datetime) -> str:
    """A time as the table object writes it: ISO 8601 in UTC, ``Z``, to the microsecond."""
    utc = when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)
    return utc.isoformat().replace("+00:00", "Z")


#: Games read from the database at a time while a table's export is written (a game holds at
#: most 2,000 entries: a page is at most a few MB of rows, whatever the table's size).
PAGE = 20


def entry_document(stored: Mapping[str, Any]) -> dict[str, Any]:
    """An entry as its API write's body, with ``kind`` the write's name; a hand without the
    fields at the value a write takes when they are left out (``HAND_DEFAULTS``: a hand is
    never written longer than it may come, docs/api.md "Bounds")."""
    kind = str(stored["kind"])
    if kind == "hand":
        return {"kind": "hands", **{name: value for name, value in stored.items()
                                    if name != "kind" and HAND_DEFAULTS.get(name, ...) != value}}
    return {**stored, "kind": _WRITE_NAMES.get(kind, kind)}


def dumps(value: Any) -> str:
    """The export's JSON: compact, and every character as itself (UTF-8), not a ``\\u`` escape
    six bytes long: a name written in Greek, in emoji or with a ``<`` takes as many bytes as it
    came with, so an export is never larger than the document it could come from. (The API's
    other answers escape ``<``, ``>``, ``&`` and non-ASCII; a download sent as an attachment,
    ``nosniff``, is read as JSON alone.)"""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _game_head(settings: rules.Settings, started: datetime) -> dict[str, Any]:
    stored = settings.to_json()
    return {
        "ruleset": settings.ruleset.id,
        "title": stored.get("title"),
        "options": {name: value for name, value in settings.options.items()
                    if name not in settings.ruleset.presets},
        "players": list(settings.players),
        "first_dealer": settings.first_dealer,
        "started": moment(started),
    }


def _gift_rule(settings: rules.Settings) -> dict[str, Any]:
    """Seven-Up's edition of the gift rule it plays under, when the game keeps one."""
    return {"gift_rule": settings.gift_rule.value} if "gift_rule" in settings.to_json() else {}


def game_document(game: store.StoredGame) -> dict[str, Any]:
    """One game of the document: its settings as a creation takes them, its start, its entries."""
    return {**_game_head(game.settings, game.created_at),
            "entries": [entry_document(rules.entry_to_json(e)) for e in game.state.entries],
            **_gift_rule(game.settings)}


#: The most settings a table's export keeps read (the games of a table mostly share theirs).
SETTINGS_KEPT = 64


def record_text(record: store.GameRecord,
                read: dict[str, rules.Settings] | None = None) -> str:
    """One game of a table's document as its row holds it, in JSON: the same text as
    ``dumps(game_document(game))``, without folding the game (its row holds the engine's JSON
    of its state's entries, ``store``). ``read``: settings already read, by their JSON."""
    read = {} if read is None else read
    key = json.dumps(record.settings, sort_keys=True)
    settings = read.get(key)
    if settings is None:
        if len(read) >= SETTINGS_KEPT:
            read.clear()
        settings = read[key] = rules.settings_from_json(record.settings)
    entries = [entry_document(data) for data in record.entries]
    return dumps({**_game_head(settings, record.created_at), "entries": entries,
                  **_gift_rule(settings)})


def _document_text(exported: datetime, table: dict[str, Any] | None,
                   games: Iterable[str]) -> Iterator[str]:
    """The document in pieces: its head, each game's JSON as it comes, its end; together the
    text ``dumps`` writes of the whole document (its ``games`` come last)."""
    head = dumps({"format": FORMAT, "format_version": FORMAT_VERSION,
                  "exported": moment(exported), "table": table})
    yield head[:-1] + ',"games":['
    for n, game in enumerate(games):
        yield "," + game if n else game
    yield "]}"


def game_export_text(game: store.StoredGame) -> Iterator[str]:
    """The document of one game (``table: null``), dated by the game's last change."""
    return _document_text(game.updated_at, None, [dumps(game_document(game))])


def game_export(game: store.StoredGame) -> dict[str, Any]:
    """The document of one game, as an object."""
    return json.loads("".join(game_export_text(game)))  # type: ignore[no-any-return]


def table_export_text(table: table_store.StoredTable) -> Iterator[str]:
    """The document of a whole table, oldest game first, dated by the table's last change (the
    time its version last moved: a rename of the table or of a player, a game joining, written
    to or deleted): one version, one document. Written as its games are read, ``PAGE`` at a
    time: a worker holds a page, never the whole table nor the whole text."""
    return _document_text(table.updated_at, {
        "name": table.name, "renames": [{"from": a, "to": b} for a, b in table.renames.pairs]},
        _records_text(table))


def _records_text(table: table_store.StoredTable) -> Iterator[str]:
    read: dict[str, rules.Settings] = {}
    for record in store.table_game_records(table.id, PAGE):
        yield record_text(record, read)


def table_export(table: table_store.StoredTable) -> dict[str, Any]:
    """The document of a whole table, as an object (for a tool or a test: the API streams
    ``table_export_text``)."""
    return json.loads("".join(table_export_text(table)))  # type: ignore[no-any-return]


# --- import ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ReplayedGame:
    """A game of the document, replayed: what its row will hold."""

    settings: rules.Settings
    state: rules.GameState
    started: datetime


@dataclass(frozen=True)
class Replayed:
    """A whole document, replayed and checked: the table it will make."""

    name: str
    renames: Renames
    games: tuple[ReplayedGame, ...]


def counted(raw: bytes) -> None:
    """``ImportRefused`` (``containers-max``) for a body holding more objects and lists than
    any importable document could (``CONTAINERS_MAX``), before it is parsed: counting them
    costs a scan of the bytes, building them may cost 50 times the body's size."""
    found = raw.count(b"{") + raw.count(b"[")
    if found > CONTAINERS_MAX:
        raise ImportRefused("containers-max", f"this document holds {found} objects and lists; "
                            f"no importable document of {MAX_BYTES // 2**20} MiB holds more "
                            f"than {CONTAINERS_MAX}", most=CONTAINERS_MAX)


def read_document(raw: bytes) -> Any:
    """The JSON of a file (a page's upload), or ``ImportRefused``: ``containers-max``
    (``counted``, before it is parsed), ``not-json``."""
    counted(raw)
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ImportRefused("not-json", "this is not a JSON document") from None


def _no_constant(text: str) -> None:
    raise ValueError(f"{text} is not JSON")


def replay(document: object, single_name: Callable[[rules.Settings, datetime], str] | None = None
           ) -> Replayed:
    """The document checked and every game replayed through the engine, nothing written: the
    first problem met is raised as ``ImportRefused``. ``single_name`` names the table of a
    one-game document (``table: null``); by default its title (a score pad's), else the ruleset's
    name, and the start date."""
    if not isinstance(document, dict):
        raise ImportRefused("format", f"an export is a JSON object with format {FORMAT!r}")
    if document.get("format") != FORMAT:
        raise ImportRefused("format", f"format must be {FORMAT!r}, not "
                            f"{shown(document.get('format'))}", "format")
    version = document.get("format_version")
    if type(version) is not int or version < 1:
        raise ImportRefused("format", "format_version must be a whole number from 1",
                            "format_version")
    if version > FORMAT_VERSION:
        raise ImportRefused("format-version", f"format_version {version} is newer than this "
                            f"server reads ({FORMAT_VERSION}): update Companion to import it",
                            "format_version", version=version, known=FORMAT_VERSION)
    if not isinstance(document.get("exported", ""), str):
        raise ImportRefused("shape", "exported must be a time in ISO 8601", "exported")
    games_data = document.get("games")
    if not isinstance(games_data, list):
        raise ImportRefused("shape", "games must be a list of games", "games")
    table_data = document.get("table")
    if table_data is not None and not isinstance(table_data, dict):
        raise ImportRefused("shape", "table must be an object or null", "table")
    if table_data is None and len(games_data) != 1:
        raise ImportRefused("shape", "a document with table: null holds exactly one game",
                            "games")
    if len(games_data) > bounds.GAMES_MAX:  # counted before any game is read
        raise ImportRefused("games-max", f"a table holds at most {bounds.GAMES_MAX} games; this "
                            f"document has {len(games_data)}", f"games[{bounds.GAMES_MAX}]",
                            game=bounds.GAMES_MAX, most=bounds.GAMES_MAX)
    renames = Renames(())
    if table_data is not None:  # the table's own fields first: they cost nothing to check
        name = _table_name(table_data.get("name"))
        renames = _renames(table_data.get("renames", []))
    games = []
    players: set[str] = set()  # the table's players so far, as its renames key them
    for i, data in enumerate(games_data):
        turns.turn()  # the worker's other requests go on meanwhile (companion.storage.turns)
        game = _replayed_game(data, i)
        _seated(game.settings.players, renames, players, i)
        games.append(game)
    if table_data is None:
        only = games[0]
        namer = single_name or (lambda settings, started: " ".join((
            settings.title or settings.ruleset.name, started.date().isoformat())))
        name = _table_name(namer(only.settings, only.started)[:table_store.NAME_MAX])
    return Replayed(name, renames, tuple(games))


def _seated(names: tuple[str, ...], renames: Renames, players: set[str], i: int) -> None:
    """The game ``i`` at the table as an import makes it: no two seats one player, and no
    player past the table's bound (the one a new game or a join meets); ``players`` grows."""
    refused = seats_refused(names, renames)
    if refused is not None:
        raise ImportRefused("rule", refused.message, f"games[{i}]", game=i, error=refused)
    if table_rules.players_refused(names, renames, players) is not None:
        raise ImportRefused("players-max", f"a table holds at most {table_rules.PLAYERS_MAX} "
                            "players; this game brings one more", f"games[{i}]", game=i,
                            most=table_rules.PLAYERS_MAX)
    players.update(renames.key(name) for name in names)


def _table_name(raw: object) -> str:
    try:
        return table_store.clean_table_name(raw)
    except table_store.TableRefused as error:
        raise ImportRefused("table", error.message, "table.name") from None


def _renames(raw: object) -> Renames:
    if not isinstance(raw, list):
        raise ImportRefused("shape", "renames must be a list of {from, to}", "table.renames")
    if len(raw) > table_rules.RENAMES_MAX:  # the bound a rename meets, counted before reading
        most = table_rules.RENAMES_MAX
        raise ImportRefused("renames-max", f"a table keeps at most {most} renames; this "
                            f"document has {len(raw)}", f"table.renames[{most}]", most=most)
    pairs = []
    for i, pair in enumerate(raw):
        field = f"table.renames[{i}]"
        if not isinstance(pair, dict) or not isinstance(pair.get("from"), str):
            raise ImportRefused("shape", "a rename is {from, to}, two names", field)
        try:
            target = clean_name(pair.get("to"), 0)
        except rules.RuleError as error:
            raise ImportRefused("rule", error.message, field, error=error) from None
        pairs.append((pair["from"].strip(), target))
    return Renames(tuple(pairs))


def _replayed_game(data: object, i: int) -> ReplayedGame:
    field = f"games[{i}]"
    if not isinstance(data, dict):
        raise ImportRefused("shape", "a game must be an object", field, game=i)
    try:
        settings = _settings(data)
    except rules.RuleError as error:
        raise ImportRefused("rule", error.message, field, game=i, error=error) from None
    except rules.ShapeError as error:
        raise ImportRefused("shape", error.message, field, game=i) from None
    started = _started(data.get("started"), f"{field}.started", i)
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ImportRefused("shape", "entries must be a list", f"{field}.entries", game=i)
    if len(entries) > bounds.ENTRIES_MAX:  # the bound a write meets, counted before reading
        most = bounds.ENTRIES_MAX
        raise ImportRefused("entries-max", f"a game holds at most {most} entries; this one has "
                            f"{len(entries)}", f"{field}.entries[{most}]", game=i, entry=most,
                            most=most)
    parsed = [_entry(settings, raw, i, j) for j, raw in enumerate(entries)]
    try:
        state = rules.fold(settings, parsed)  # the stored games' fast path when it can
    except rules.RuleError:
        state = rules.new_game(settings)
        for j, entry in enumerate(parsed):  # again one by one, to name the entry refused
            try:
                state = rules.apply(state, entry)
            except rules.RuleError as error:
                raise ImportRefused("rule", error.message, f"{field}.entries[{j}]", game=i,
                                    entry=j, error=error, settings=settings) from None
    return ReplayedGame(settings, state, started)


def _settings(data: Mapping[str, Any]) -> rules.Settings:
    """A game's settings as a creation checks them: a title too (refused, as at a creation, for
    a game that has none), and the edition of a rule for a game that keeps one (Seven-Up's gift
    rule)."""
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise rules.ShapeError("options", "options must be an object of option names")
    title = data.get("title")
    if title is not None and not isinstance(title, str):
        raise rules.ShapeError("title", "title must be text: what the table calls the game")
    settings = rules.new_settings(data.get("ruleset"), data.get("players"),
                                  data.get("first_dealer", 0), options, title)
    if "gift_rule" in data:
        if not settings.family.editions:
            raise rules.ShapeError("gift_rule", f"{settings.ruleset.name} has no gift rule")
        try:
            gift_rule = rules.GiftRule(data["gift_rule"])
        except (ValueError, TypeError):
            raise rules.ShapeError("gift_rule", f"gift_rule may not be {shown(data['gift_rule'])}"
                                   ) from None
        settings = replace(settings, gift_rule=gift_rule)
    return settings


def _started(raw: object, field: str, i: int) -> datetime:
    """A game's start in UTC. Compared with the bounds before it is moved to UTC: year 1 at
    +14:00 (or 9999 at -14:00) is a time ``datetime`` can read but not move."""
    if isinstance(raw, str):
        try:
            when = datetime.fromisoformat(raw.replace("Z", "+00:00") if raw.endswith("Z") else raw)
        except ValueError:
            pass
        else:
            if when.tzinfo is not None:
                if not bounds.started_within(when):
                    raise ImportRefused(
                        "started", f"started must lie from {bounds.STARTED_FIRST.year} to "
                        f"{bounds.STARTED_LAST.year} (UTC), not {shown(raw)}", field, game=i,
                        first=bounds.STARTED_FIRST.year, last=bounds.STARTED_LAST.year)
                return when.astimezone(timezone.utc)
    raise ImportRefused("shape", f"started must be a time in ISO 8601 with its zone, not "
                        f"{shown(raw)}", field, game=i)


def _entry(settings: rules.Settings, raw: object, i: int, j: int) -> rules.Entry:
    field = f"games[{i}].entries[{j}]"
    if not isinstance(raw, dict):
        raise ImportRefused("shape", "an entry must be an object", field, game=i, entry=j)
    kind = raw.get("kind")
    # The write's name ("hands"), never the stored one ("hand"), which no write is called; a
    # kind that is no text (a list, an object) is no kind, and cannot be looked up either.
    if not isinstance(kind, str) or kind in _WRITE_NAMES:
        stored = ""
    else:
        stored = _STORED_KINDS.get(kind, kind)
    try:
        if stored not in rules.ENTRY_KINDS:
            raise rules.ShapeError("kind", f"unknown entry kind {shown(kind)}")
        return rules.parse_entry(settings, stored, raw)
    except rules.ShapeError as error:
        raise ImportRefused("shape", error.message, field, game=i, entry=j) from None
    except rules.RuleError as error:
        raise ImportRefused("rule", error.message, field, game=i, entry=j, error=error,
                            settings=settings) from None


def import_document(document: object,
                    single_name: Callable[[rules.Settings, datetime], str] | None = None,
                    key: idempotency.Key | None = None
                    ) -> tuple[table_store.StoredTable, str] | idempotency.Replayed:
    """The document as a new table and its edit token: replayed in memory (``ImportRefused``
    with nothing written), then written in one transaction with its creation ``key``
    (``idempotency.Replayed``: the same import under that key, made meanwhile)."""
    done = replay(document, single_name)
    games = []
    for game in done.games:  # the rows' JSON made before the transaction, in turns
        turns.turn()
        games.append((game.settings, [rules.entry_to_json(e) for e in game.state.entries],
                      game.started, table_rules.summary(game.state)))
    return table_store.create_imported(done.name, done.renames, games, key)


__all__ = ["CONTAINERS_MAX", "FORMAT", "FORMAT_VERSION", "MAX_BYTES", "ImportRefused", "Replayed",
           "counted", "game_export", "game_export_text", "import_document", "read_document",
           "replay", "table_export", "table_export_text"]
