"""The endpoints of docs/api.md. A game's write (an entry, undo, a correction) goes through
``storage.writes`` (``open``, then ``commit``), which take the checks in their order; its view
only reads the body (``read``, between the two) and answers. The errors become the API's shape in ``error_shape``.

Order of checks on a write: the game exists (404), the token (401/403), the Idempotency-Key
(400, a replay, 422 ``idempotency-key``), the body's shape (400), the version (409), then the
rules (422). Nothing is written unless every check passes.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from companion import rules
from companion.api import bodies, keys
from companion.api.error_shape import ApiError
from companion.api.openapi import description
from companion.api.serialize import (
    created,
    game_body,
    game_json,
    json_response,
    ruleset_json,
)
from companion.api.sheets import score_sheet, statistics_json
from companion.api.tables import table_of_new_game
from companion.http import conditional, downloads, replays, streams
from companion.http.compressed import send_as_cached
from companion.http.extensions import game_creation_limit
from companion.storage import idempotency, store, table_store, writes
from companion.storage.caches import cache

ROUND_NUMBER = re.compile(r"[0-9]{1,9}")


def refuse_large_bodies() -> None:
    """A body over 64 KiB is refused (413) before anything else, token or not."""
    if not request.environ.get("CONTENT_LENGTH"):
        return  # no length said (a GET, a poll): nothing to refuse before reading
    limit = request.max_content_length
    if request.content_length is not None and limit is not None and request.content_length > limit:
        raise RequestEntityTooLarge()


def openapi() -> Response:
    return json_response(description())


def rulesets() -> Response:
    return json_response([ruleset_json(r) for r in rules.RULESETS.values()])


def _created(game: store.StoredGame, token: str) -> Response:
    """The creation answer: the game, its edit token (once) and the scorekeeper's link."""
    return created({"game": game_json(game), "edit_token": token,
                    "scorekeeper_url": f"/g/{game.id}/keep/{token}"},
                   url_for("api.game", game_id=game.id))


def _created_again(record: idempotency.Record) -> Response:
    """A replayed creation, answered in full: the game as it is now, and its token."""
    if record.resource is None or record.token is None:
        raise store.GameNotFound("")
    return _created(load(record.resource), record.token)


@game_creation_limit
def create_game() -> Response:
    # The key is checked after the token (docs/api.md): at a table, the table's token is asked
    # first, so that a key alone never hands out a game's edit token.
    body = bodies.json_object(bodies.NEW_GAME)
    table = table_of_new_game(body)
    key = keys.key(request.path, creation=True, status=201)
    if (again := keys.first_answer(key, _created_again)) is not None:
        return again
    if not isinstance(body["ruleset"], str):
        raise bodies.invalid(f"ruleset must be a ruleset id such as \"{rules.GAMES[0].id}\"",
                             "ruleset")
    players = body["players"]
    if not isinstance(players, list):
        raise bodies.invalid("players must be a list of names", "players")
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise bodies.invalid(f"players[{seat}] must be a name (text)", f"players[{seat}]")
    first_dealer = body.get("first_dealer")
    if first_dealer is None:
        first_dealer = 0
    elif type(first_dealer) is not int:
        raise bodies.invalid("first_dealer must be a seat number", "first_dealer")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise bodies.invalid("options must be an object of option names", "options")
    title = body.get("title")
    if title is not None and not isinstance(title, str):
        raise bodies.invalid("title must be text: what the table calls the game", "title")
    room = None
    if table is not None:
        table_store.check_seats(table, players)  # two seats one player of the table: before the rules
        room = functools.partial(table_store.hold_seats, table, players)  # and again, held
    made = store.create_game(body["ruleset"], players, first_dealer, options,
                             None if table is None else table.id, title, key=key, room=room)
    if isinstance(made, idempotency.Replayed):  # its twin, sent at the same moment, made it
        return keys.replayed(made, _created_again)
    return _created(*made)


def load(game_id: str) -> store.StoredGame:
    return store.load_game(game_id)  # no id at all: no game, and no query


def _etag(game: store.StoredGame | store.GameHead) -> str:
    return f"{game.id}-{game.version}"


def _held(game: store.GameHead) -> bool:
    """Whether the client's ``If-None-Match`` names this version."""
    return conditional.client_holds(_etag(game))


def _game_response(game: store.StoredGame) -> Response:
    # The body of one version never changes: serialize it once per process.
    bodies_ = cache("api")
    body = bodies_.get((game.id, game.version))
    if not isinstance(body, str):
        body = game_body(game)
        bodies_.put((game.id, game.version), body)
    return versioned(game, send_as_cached(Response(body, mimetype="application/json"),
                                         "api " + _etag(game)))


def unchanged(game_id: str) -> Response | None:
    """304 when the client holds this version already (the game's ETag), answered from the
    version alone: no entries read, nothing folded."""
    if not request.if_none_match:
        return None
    head = store.game_head(game_id)
    if head is None:
        raise store.GameNotFound(game_id)
    if not _held(head):
        return None
    return _not_modified(head)


def _not_modified(head: store.GameHead) -> Response:
    return conditional.not_modified(_etag(head), "application/json", conditional.API_REVALIDATE)


def versioned(found: store.GameHead | store.StoredGame, response: Response) -> Response:
    return conditional.tagged(response, _etag(found), conditional.API_REVALIDATE)


def game(game_id: str) -> Response:
    """The state: 304 from the version alone, else the body cached for this version (read the
    same way), else the game loaded. A body never changes for its version (its ``updated_at``
    moves only with the version)."""
    head = store.game_head(game_id)
    if head is None:
        raise store.GameNotFound(game_id)
    if _held(head):
        return _not_modified(head)
    body = cache("api").get((head.id, head.version))
    if isinstance(body, str):
        return versioned(head, send_as_cached(Response(body, mimetype="application/json"), "api " + _etag(head)))
    return _game_response(load(game_id))


def statistics(game_id: str) -> Response:
    """The statistics of docs/rules.md over the scored rounds; the game's ETag."""
    if (held := unchanged(game_id)) is not None:
        return held
    found = load(game_id)
    return versioned(found, json_response(statistics_json(found.state)))


def scores_csv(game_id: str) -> Response:
    """The score sheet, to open in a spreadsheet, written row by row; the game's ETag."""
    if (held := unchanged(game_id)) is not None:
        return held
    found = load(game_id)
    response = streams.streamed(score_sheet(found.state), "text/csv")
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    downloads.named(response, downloads.game_file_name(found.settings, found.created_at, "csv"))
    return versioned(found, response)


def _credential() -> writes.Credential:
    """The request's bearer token (the game's edit token, or its table's)."""
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    return writes.Credential(token if scheme.lower() == "bearer" and token else None)


def _not_allowed(error: writes.NotAllowed) -> ApiError:
    if not error.sent:
        return ApiError(401, "unauthorized",
                        "writing needs the game's edit token: Authorization: Bearer <token>",
                        headers={"WWW-Authenticate": 'Bearer realm="companion"'})
    return ApiError(403, "forbidden", "that is not this game's edit token",
                    headers={"WWW-Authenticate": 'Bearer realm="companion", error="invalid_token"'})


def _key() -> writes.Key | None:
    sent = request.headers.get("Idempotency-Key")
    if sent is None:
        return None  # no key: nothing read twice, nothing recorded
    return writes.Key(sent, lambda: idempotency.fingerprint(request.method, request.path,
                                                            bodies.as_compared()))


#: What a write's view reads of its request once the write is opened: the version the writer
#: saw and the change asked (a ``rules.ShapeError`` for a body of the wrong shape).
Read = Callable[[store.StoredGame], tuple[int, writes.Change]]


def _recorded(game_id: str, read: Read) -> Response:
    """The game's write through the one write path (``storage.writes``: opened, its request
    read, committed), answered: the game as it now is (a replay: with the first answer's
    status, marked so)."""
    try:
        opened = writes.open(game_id, credential=_credential(), key=_key())
    except writes.NotAllowed as error:
        raise _not_allowed(error) from None
    done = opened if isinstance(opened, writes.Replayed) else writes.commit(opened, *read(opened.game))
    response = _game_response(done.game)
    if isinstance(done, writes.Replayed):
        replays.marked(response, done.status)
    return response


def _checked(body: dict[str, Any], found: store.StoredGame,
             parse: Callable[[], writes.Change]) -> tuple[int, writes.Change]:
    """The version and the change, checked in the contract's order: the body's shape (400) now,
    the version (409) and then the rules (422) as ``writes.commit`` goes on: a refusal of the
    rules met while parsing is raised by the change."""
    version = bodies.integer(body, "version")
    try:
        return version, parse()
    except rules.RuleError as error:  # a ShapeError (400) goes straight out
        refused = error

    def refuse(_state: rules.GameState) -> rules.GameState:
        raise refused

    return version, refuse


def _write_entry(game_id: str, write: bodies.EntryWrite) -> Response:
    def read(found: store.StoredGame) -> tuple[int, writes.Change]:
        recorded = write.kind in rules.entry_kinds(found.settings)
        # (an entry this game does not record: the engine answers 422 phase)
        body = bodies.json_object(bodies.entry_body(write, found.settings.family),
                                  required=None if recorded else ("version",))
        bodies.cards_checked(body)
        return _checked(body, found, lambda: writes.Entry(
            rules.parse_entry(found.settings, write.kind, body)))

    return _recorded(game_id, read)


def entry_view(write: bodies.EntryWrite) -> Callable[[str], Response]:
    """The view of ``POST /games/<id>/<write.path>``, named after its path."""
    def view(game_id: str) -> Response:
        return _write_entry(game_id, write)

    view.__name__ = write.path
    return view


def undo(game_id: str) -> Response:
    def read(_found: store.StoredGame) -> tuple[int, writes.Change]:
        body = bodies.json_object(bodies.UNDO)
        return bodies.integer(body, "version"), writes.Undo()

    return _recorded(game_id, read)


def _round_exists(found: store.StoredGame, number: str) -> None:
    """404 for a round the game has not reached: before anything else. Whether it can be
    corrected is the engine's ``correctable_round``; its refusal of the round being played
    (422 ``phase``) comes once the body is read, from the same function (docs/api.md)."""
    if not ROUND_NUMBER.fullmatch(number):
        raise rules.RoundNotFound(number)
    try:
        rules.correctable_round(found.state, int(number))
    except rules.RuleError:
        pass  # the round exists: refused as 422 after the token and the body are checked


def correct_round(game_id: str, number: str) -> Response:
    _round_exists(load(game_id), number)
    return _recorded(game_id, lambda found: _correction(found, int(number)))


def _correction(found: store.StoredGame, number: int) -> tuple[int, writes.Change]:
    body = bodies.json_object(bodies.ROUND, required=("version",))
    bodies.cards_checked(body)
    settings = found.settings
    own = rules.result_kinds(settings)  # the entries that make a round's result
    family = settings.family
    # Another game's own field (Belote's "belote" in a Tarot correction) is unknown here, as it
    # would be in the entry itself: refused, not ignored.
    here = {"version"}.union(*(bodies.entry_body(w, family).names
                               for w in bodies.ENTRY_WRITES if w.corrects))
    for name in body:
        if name not in here:
            raise bodies.invalid(f"unknown field {bodies.shown(name)}; expected "
                                 + ", ".join(sorted(here)), name)
    # A field of this game's own entries is theirs, even when another game's entry has a
    # field of that name (Belote's hand and the score pad both send "points").
    theirs = set().union(*(bodies.entry_body(bodies.ENTRY_WRITE[k], family).names for k in own))
    sent = {kind for kind in rules.ENTRY_KINDS
            if _sends({name: None for name in body if kind in own or name not in theirs},
                      kind, family)}
    if sent <= set(own):  # only this game's entries: each needs every field
        for kind in own:
            for name in bodies.entry_body(bodies.ENTRY_WRITE[kind], family).required:
                if name not in body:
                    raise bodies.invalid(f"{name} is missing", name)

    def parse() -> writes.Change:
        for kind in sorted(sent - set(own)):  # the engine refuses them (422 phase)
            rules.parse_entry(settings, kind, body)
        return writes.Correction(number, tuple(rules.parse_entry(settings, kind, body)
                                               for kind in own))

    return _checked(body, found, parse)


def _sends(body: dict[str, Any], kind: str, family: rules.GameFamily) -> bool:
    """Whether a correction's body holds fields of that entry kind (as the game reads it)."""
    names = bodies.entry_body(bodies.ENTRY_WRITE[kind], family).names
    return bool((set(body) & names) - {"version"})


def register(bp: Blueprint) -> None:
    bp.before_request(refuse_large_bodies)
    bp.add_url_rule("/openapi.json", view_func=openapi, methods=["GET"])
    bp.add_url_rule("/rulesets", view_func=rulesets, methods=["GET"])
    bp.add_url_rule("/games", view_func=create_game, methods=["POST"])
    bp.add_url_rule("/games/<id:game_id>", view_func=game, methods=["GET"])
    bp.add_url_rule("/games/<id:game_id>/statistics", view_func=statistics, methods=["GET"])
    bp.add_url_rule("/games/<id:game_id>/scores.csv", view_func=scores_csv, methods=["GET"])
    for write in bodies.ENTRY_WRITES:
        bp.add_url_rule(f"/games/<id:game_id>/{write.path}", view_func=entry_view(write),
                        methods=["POST"])
    bp.add_url_rule("/games/<id:game_id>/undo", view_func=undo, methods=["POST"])
    bp.add_url_rule("/games/<id:game_id>/rounds/<number>", view_func=correct_round, methods=["PUT"])
