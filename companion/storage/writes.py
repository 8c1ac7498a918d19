"""The one write path of a game's entry, undo or correction, for the API and the pages alike.

``open`` and ``commit`` take the steps in the order docs/api.md gives, and the first refusal
stops them; the caller reads its request between the two (step 4), with the game as loaded:

1. **load** the game's head (its version, its token's hash and its table's, one read) and the
   game (``GameNotFound``: 404);
2. **authorise**: the game's edit token or its table's (``NotAllowed``: 401 or 403);
3. **key**: the write's Idempotency-Key, if it has one (``idempotency.MalformedKey``,
   ``idempotency.KeyReused``); a key already used with this very write answers ``Replayed``;
4. **read** the request (the caller's: the body's shape, 400, and the change asked);
5. **version**: still the one the writer saw (``store.VersionConflict``: 409);
6. **engine**: the change applied (a ``rules.RuleError``: 422);
7. **write**: one ``UPDATE … WHERE version = :seen``, with the key's row in its transaction.

The callers only parse and answer: what they get back is a value, ``Written`` or ``Replayed``
(the same write sent twice at once, whose twin won the race, is a replay too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Union

from companion import rules
from companion.rules import bounds
from companion.rules.entries import field_of
from companion.storage import idempotency, store


class NotAllowed(Exception):
    """The request may not write to this game: it carries no token (``sent`` false), or one that
    is neither the game's nor its table's."""

    def __init__(self, sent: bool) -> None:
        super().__init__("a token was sent" if sent else "no token was sent")
        self.sent = sent


@dataclass(frozen=True)
class Credential:
    """The tokens a request holds: ``token`` (the API's bearer token, which may be the game's or
    its table's), or for a page the game's token its device holds and the tables' tokens it
    holds (``tables``: table id -> token)."""

    token: str | None
    tables: Mapping[str, str] | None = None

    def table_token(self, table_id: str | None) -> str | None:
        if self.tables is None:
            return self.token
        return None if table_id is None else self.tables.get(table_id)


@dataclass(frozen=True)
class Key:
    """The Idempotency-Key a write carries, as sent, and how to tell the same write again:
    ``fingerprint`` is asked once the key is well-formed (after the token, before the body)."""

    sent: str
    fingerprint: Callable[[], str]


def _game_full(entries: int, field: str | None = None) -> rules.RuleError | None:
    """A game of ``entries`` entries is past ``bounds.ENTRIES_MAX``: refused (422 ``phase``,
    docs/api.md "Bounds") at the entry's ``field``. The store's bound, not a rule of any game:
    the pages say it in their own words (``web.game.responses``), not the engine's."""
    if entries <= bounds.ENTRIES_MAX:
        return None
    return rules.RuleError(
        "phase", f"this game is full: a game holds at most {bounds.ENTRIES_MAX} entries; start "
        "a new game to play on", reason="game-full", field=field, most=bounds.ENTRIES_MAX)


@dataclass(frozen=True)
class Entry:
    """Record one entry (bids, tricks, a Seven-Up hand, a score pad's points or its finish)."""

    entry: rules.Entry

    def __call__(self, state: rules.GameState) -> rules.GameState:
        # The game's bound before the engine: the 2,001st entry is refused whatever it holds.
        full = _game_full(len(state.entries) + 1, field_of(self.entry))
        if full is not None:
            raise full
        return rules.apply(state, self.entry)


@dataclass(frozen=True)
class Undo:
    """Take the last entry back."""

    def __call__(self, state: rules.GameState) -> rules.GameState:
        return rules.undo(state)


@dataclass(frozen=True)
class Correction:
    """Replace a scored round's result: everything after it is folded again."""

    number: int
    entries: tuple[rules.Entry, ...]

    def __call__(self, state: rules.GameState) -> rules.GameState:
        corrected = rules.correct_round(state, self.number, self.entries)
        # A round corrected into more entries may not take the game past its bound either.
        if len(corrected.entries) > len(state.entries):
            full = _game_full(len(corrected.entries))
            if full is not None:
                raise full
        return corrected


Change = Union[Entry, Undo, Correction, store.Change]


@dataclass(frozen=True)
class Written:
    """The write was recorded: the game as it now is."""

    game: store.StoredGame


@dataclass(frozen=True)
class Replayed:
    """The same write was recorded before under its key: the game as it is now, and the status
    the first answer had."""

    game: store.StoredGame
    status: int


@dataclass(frozen=True)
class Opened:
    """A write authorised, its key (if it has one) not used before: the game as loaded, for the
    caller to read its request against, then ``commit``."""

    game: store.StoredGame
    key: idempotency.Key | None


def open(game_id: str, *, credential: Credential, key: Key | None = None) -> Opened | Replayed:  # noqa: A001
    """Steps 1 to 3: load, authorise, key. A key already used with this very write answers
    ``Replayed`` (with another, ``KeyReused``); else the write is ``Opened``."""
    head = store.game_head(game_id)
    if head is None:
        raise store.GameNotFound(game_id)
    game = store.game_at(head)
    if not head.opens(credential.token, credential.table_token(game.table_id)):
        raise NotAllowed(bool(credential.token))
    checked = None
    if key is not None:
        checked, first = idempotency.check(game.id, key.sent, key.fingerprint)
        if first is not None:
            return Replayed(store.load_game(game.id), first.status)
    return Opened(game, checked)


def commit(opened: Opened, seen_version: int, change: Change) -> Written | Replayed:
    """Steps 5 to 7, once the caller read the request (step 4): the version the writer saw
    (``store.VersionConflict``), the engine (a ``rules.RuleError``), the write with its key."""
    game, checked = opened.game, opened.key
    then = () if checked is None else idempotency.rows_for(checked, seen_version + 1, game.id)
    try:
        return Written(store.write(game, seen_version, change, then))
    except store.VersionConflict:
        if checked is not None and game.version == seen_version:
            replayed = _won_by_twin(checked)
            if replayed is not None:
                return replayed
        raise


def _won_by_twin(checked: idempotency.Key) -> Replayed | None:
    """After the write lost its race: when the very same write under the same key won it (the
    phone sent it twice at once), its replay; else ``None``, and the conflict stands."""
    won = idempotency.won_by_twin(checked)
    return None if won is None else Replayed(store.load_game(checked.scope), won.record.status)
