"""Who may write to a game from this device, and which games this device knows.

The edit capability is the game's edit token, held in the signed session cookie under
``session[EDIT_TOKENS]`` (game id -> token) once the scorekeeper link was opened or the game created
here. A device without it sees the share page read-only. ``session["recent"]`` lists the games this
device created or opened, most recent first, for the home page.

A request's rights over a game or a table (``Rights``) are worked out once, by ``game_rights`` or
``table_rights``, and handed to what draws the page: no template or helper checks a token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from flask import abort, make_response, render_template, session
from flask_babel import gettext as _

from companion.storage import store, table_store, writes
from companion.storage.store import GameHead, StoredGame
from companion.storage.table_store import StoredTable

#: The session key of the edit tokens this device holds. Its value stays "keep", the name it had
#: when scorekeepers' phones were given their cookies: renaming it would take their tokens away.
EDIT_TOKENS = "keep"

#: How many games a device remembers (the session lives in a cookie: keep it small).
RECENT_MAX = 30

#: The session key of the tables' edit tokens this device holds: ``[table id, token]`` pairs,
#: the latest granted last (a list, not a dict: the session cookie is written with its dicts'
#: keys sorted, which lost the order). A table's token opens every game of the table
#: (docs/api.md, "Tables").
TABLE_TOKENS = "tables"
#: How many tables a device keeps the right of. Past it, a right this phone could get back
#: (opened from a scorekeeper link, which whoever sent it still has: marked ``LINKED``) is let
#: go before one it could not (a table made here: its token was never shown); one of those is
#: let go only when all are, and the home page says which before a new table is started.
TABLES_MAX = 10
#: The third part of a held pair opened from a scorekeeper link.
LINKED = "link"


def token_for(game_id: str) -> str | None:
    """The edit token this device holds for ``game_id``, if any."""
    held = session.get(EDIT_TOKENS)
    if not isinstance(held, dict):
        return None
    token = held.get(game_id)
    return token if isinstance(token, str) else None


@dataclass(frozen=True)
class Rights:
    """What this request may do with one game or one table, worked out once before the page is
    drawn (``game_rights``, ``table_rights``) and handed to what draws it."""

    #: This device keeps score: the game's (or the table's) token it holds opens it.
    keeps_score: bool = False
    #: The token the page's scorekeeper link shows: the game's own (or the table's, on the
    #: table's page) when it opened it; ``None`` when the right came another way, or none did.
    token: str | None = None
    #: The tables this device keeps score of (their ids, sorted), on a game its scorekeeper's
    #: page offers to add it to: its ETag names them.
    tables: tuple[str, ...] = ()


def game_rights(game: StoredGame | GameHead) -> Rights:
    """This device's rights over the game: its edit token (checked against its hash), or the
    edit token of the game's table. One check: a token this device does not hold is not
    compared (a device holding neither is compared once, and refused)."""
    own = token_for(game.id)
    held = _table_token_of(game)
    if own is not None or held is None:
        if game.token_matches(own):
            return Rights(True, own, _table_ids())
        if held is None:
            return Rights()
    if table_store.token_opens(held[0], held[1]):
        return Rights(True, None, _table_ids())
    return Rights()


def table_rights(table: StoredTable) -> Rights:
    """This device's rights over the table: the table's edit token it holds, checked once."""
    token = table_token_for(table.id)
    if table.token_matches(token):
        return Rights(True, token)
    return Rights()


def may_edit(game: StoredGame | GameHead) -> bool:
    """True when this device holds the game's edit token (checked against its hash), or the
    edit token of the game's table."""
    return game_rights(game).keeps_score


def credential(game_id: str) -> writes.Credential:
    """The tokens this device holds that may open ``game_id``: its own, and its tables'."""
    tables = dict(held_tables()) if session.get(TABLE_TOKENS) else {}
    return writes.Credential(token_for(game_id), tables)


def held_tables() -> list[tuple[str, str]]:
    """The tables this device holds the right of, as (table id, token), the latest granted
    last. A cookie from before the pairs held a dict (its order lost: read as it comes)."""
    return [(pair[0], pair[1]) for pair in _held()]


def _held() -> list[list[str]]:
    """The held pairs as stored: ``[table id, token]``, or ``[table id, token, LINKED]``."""
    held = session.get(TABLE_TOKENS)
    pairs = held.items() if isinstance(held, dict) else held if isinstance(held, list) else ()
    return [list(pair) for pair in pairs if isinstance(pair, (list, tuple))
            and len(pair) in (2, 3) and all(isinstance(part, str) for part in pair)]


def _kept(pairs: list[list[str]]) -> list[list[str]]:
    """At most ``TABLES_MAX`` pairs: the oldest linked ones let go first."""
    pairs = list(pairs)
    while len(pairs) > TABLES_MAX:
        linked = [i for i, pair in enumerate(pairs[:-1]) if pair[2:] == [LINKED]]
        pairs.pop(linked[0] if linked else 0)
    return pairs


def table_let_go_next() -> str | None:
    """The table whose right a new table made on this phone would let go (its id): the oldest
    made here, when every right held is one this phone could not get back; else ``None``."""
    pairs = _held()
    if len(pairs) < TABLES_MAX or any(pair[2:] == [LINKED] for pair in pairs):
        return None
    return pairs[0][0]


def table_token_for(table_id: str) -> str | None:
    """The edit token this device holds for the table ``table_id``, if any."""
    return next((token for tid, token in held_tables() if tid == table_id), None)


def _table_token_of(game: StoredGame | GameHead) -> tuple[StoredGame, str] | None:
    """The game and the token of its table, when this device holds that token (asked only of
    a device that holds a table's right at all: nobody else pays for the look-up)."""
    if not session.get(TABLE_TOKENS):  # the common case, asked without reading the pairs
        return None
    if not isinstance(game, StoredGame):
        try:
            game = store.load_game(game.id)
        except store.GameNotFound:
            return None
    token = None if game.table_id is None else table_token_for(game.table_id)
    return None if token is None else (game, token)


def _table_ids() -> tuple[str, ...]:
    """The tables this device keeps score of, sorted (a scorekeeper's game page offers them)."""
    return tuple(sorted(tid for tid, _token in held_tables())) if session.get(TABLE_TOKENS) else ()


def grant_table(table_id: str, token: str, linked: bool = False) -> str | None:
    """Remember the edit capability of the table ``table_id`` on this device, as the latest;
    ``linked`` when it came from a scorekeeper link (so it can be had again). Past
    ``TABLES_MAX`` one is let go (``_kept``): its id is returned, else ``None``."""
    before = _held()
    was = next((pair for pair in before if pair[0] == table_id), None)
    # Made here once, it stays one this phone could not get back, whatever link opens it later.
    mark = [LINKED] if linked and (was is None or was[2:] == [LINKED]) else []
    kept = _kept([pair for pair in before if pair[0] != table_id] + [[table_id, token, *mark]])
    session[TABLE_TOKENS] = kept
    session.permanent = True
    gone = {pair[0] for pair in before} - {pair[0] for pair in kept}
    return next(iter(gone), None)


def forget_table(table_id: str) -> None:
    """Let go of the right to the table ``table_id`` on this device (deleted, or left)."""
    held = _held()
    if any(pair[0] == table_id for pair in held):
        session[TABLE_TOKENS] = [pair for pair in held if pair[0] != table_id]


def require_editor(game: StoredGame) -> Rights:
    """403, and nothing changed, for a device that only has the share link; else its rights."""
    rights = game_rights(game)
    if not rights.keeps_score:
        abort(403)
    return rights


def grant_scorekeeping(game_id: str, token: str) -> None:
    """Remember the edit capability for ``game_id`` on this device."""
    kept = session.get(EDIT_TOKENS)
    kept = dict(kept) if isinstance(kept, dict) else {}
    kept.pop(game_id, None)
    kept[game_id] = token
    # Keep the capabilities of remembered games only, newest last, so the cookie stays small.
    recent = set(recent_ids()) | {game_id}
    kept = {gid: t for gid, t in kept.items() if gid in recent}
    session[EDIT_TOKENS] = dict(list(kept.items())[-RECENT_MAX:])
    session.permanent = True


def remember(game_id: str) -> None:
    """Put ``game_id`` first in this device's list of games."""
    known = recent_ids()
    if known[:1] == [game_id] and session.permanent:
        return  # already first: leave the cookie as it is
    ids = [gid for gid in known if gid != game_id]
    session["recent"] = [game_id, *ids][:RECENT_MAX]
    session.permanent = True


def forget(game_id: str) -> None:
    """Take ``game_id`` off this device's list, with its edit capability."""
    session["recent"] = [gid for gid in recent_ids() if gid != game_id]
    kept = session.get(EDIT_TOKENS)
    if isinstance(kept, dict) and game_id in kept:
        session[EDIT_TOKENS] = {gid: t for gid, t in kept.items() if gid != game_id}


def recent_ids() -> list[str]:
    recent = session.get("recent")
    if not isinstance(recent, list):
        return []
    return [gid for gid in recent if isinstance(gid, str)][:RECENT_MAX]


def not_found(game_id: str) -> NoReturn:
    """The 404 page of a game's address: for a game its scorekeeper deleted, one that says so (a
    watching phone's poll gets it, and reloads onto it); else one that says no game is there."""
    if store.was_deleted(game_id):
        title = _("This game was deleted by its scorekeeper")
        message = _("Its scores are gone, on every phone. A new game starts from the home page.")
    else:
        title = _("There is no game at this address")
        message = _("Check the link you were sent: it may have been cut short. Your games are "
                    "on the home page.")
    body = render_template("error.html", status=404, title=title, message=message)
    response = make_response(body, 404)
    response.headers["Cache-Control"] = "no-store"
    abort(response)


def head_or_404(game_id: str) -> GameHead:
    """The game's version (no entries read), or the 404 page."""
    head = store.game_head(game_id)
    if head is None:
        not_found(game_id)
    return head


def load_or_404(game_id: str) -> StoredGame:
    """The game, or the 404 page."""
    try:
        return store.load_game(game_id)
    except store.GameNotFound:
        not_found(game_id)


def known_tables() -> list[table_store.StoredTable]:
    """The tables this device keeps score of, the latest granted first (a deleted one left
    out), for the home page."""
    found = []
    for table_id, _token in reversed(held_tables()):
        try:
            found.append(table_store.load_table(table_id))
        except table_store.TableNotFound:
            continue
    return found
