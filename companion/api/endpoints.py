"""The endpoints of docs/api.md. Each view reads its body, checks the edit token, and hands the entry
to the store, which asks the engine; the errors become the API's shape in ``errors``.

Order of checks on a write: the game exists (404), the token (401/403), the Idempotency-Key
(``keyed``: 400, a replay, 422 ``idempotency-key``), the body's shape (400), the version (409),
then the rules (422). Nothing is written unless every check passes.
"""

from __future__ import annotations

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
from companion.http import conditional
from companion.http.extensions import game_creation_limit
from companion.storage import idempotency, store, table_store
from companion.storage.caches import cache, send_as_cached

#: Game ids are URL-safe base64; anything else is no game (and never reaches the database).
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
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


def keyed(scope: str, answer: Callable[[idempotency.Record], Response] | None = None, *,
          game: bool = True, creation: bool = False, status: int = 200) -> None:
    """``keys.keyed`` for a game's write: a replay answers with the current game by default."""
    keys.keyed(scope, answer or (lambda _record: _game_response(_load(scope))),
               game=game, creation=creation, status=status)


def _created(game: store.StoredGame, token: str) -> Response:
    """The creation answer: the game, its edit token (once) and the scorekeeper's link."""
    return created({"game": game_json(game), "edit_token": token,
                    "scorekeeper_url": f"/g/{game.id}/keep/{token}"},
                   url_for("api.game", game_id=game.id))


def _created_again(record: idempotency.Record) -> Response:
    """A replayed creation, answered in full: the game as it is now, and its token."""
    if record.resource is None or record.token is None:
        raise store.GameNotFound("")
    return _created(_load(record.resource), record.token)


@game_creation_limit
def create_game() -> Response:
    # The key is checked after the token (docs/api.md): at a table, the table's token is asked
    # first, so that a key alone never hands out a game's edit token.
    body = bodies.json_object(bodies.NEW_GAME, required=("ruleset", "players"))
    table = table_of_new_game(body)
    keyed(request.path, _created_again, creation=True, status=201)
    if not isinstance(body["ruleset"], str):
        raise bodies.invalid("ruleset must be a ruleset id such as \"oh-hell\"", "ruleset")
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
    if table is not None:
        table_store.check_seats(table, players)  # two seats one player of the table: before the rules
    game, token = store.create_game(body["ruleset"], players, first_dealer, options,
                                    None if table is None else table.id)
    return _created(game, token)


def _load(game_id: str) -> store.StoredGame:
    if not GAME_ID.fullmatch(game_id):
        raise store.GameNotFound(game_id)
    return store.load_game(game_id)


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
    return _versioned(game, send_as_cached(Response(body, mimetype="application/json"),
                                         "api " + _etag(game)))


def _unchanged(game_id: str) -> Response | None:
    """304 when the client holds this version already (the game's ETag), answered from the
    version alone: no entries read, nothing folded."""
    if not request.if_none_match or not GAME_ID.fullmatch(game_id):
        return None
    head = store.game_head(game_id)
    if head is None:
        raise store.GameNotFound(game_id)
    if not _held(head):
        return None
    return _not_modified(head)


def _not_modified(head: store.GameHead) -> Response:
    return conditional.not_modified(_etag(head), "application/json", conditional.API_REVALIDATE)


def _versioned(found: store.GameHead | store.StoredGame, response: Response) -> Response:
    return conditional.tagged(response, _etag(found), conditional.API_REVALIDATE)


def game(game_id: str) -> Response:
    """The state: 304 from the version alone, else the body kept for this version (read the
    same way), else the game loaded. A body never changes for its version (its ``updated_at``
    moves only with the version)."""
    if not GAME_ID.fullmatch(game_id):
        raise store.GameNotFound(game_id)
    head = store.game_head(game_id)
    if head is None:
        raise store.GameNotFound(game_id)
    if _held(head):
        return _not_modified(head)
    body = cache("api").get((head.id, head.version))
    if isinstance(body, str):
        return _versioned(head, send_as_cached(Response(body, mimetype="application/json"), "api " + _etag(head)))
    return _game_response(_load(game_id))


def statistics(game_id: str) -> Response:
    """The statistics of docs/rules.md over the scored rounds; the game's ETag."""
    if (unchanged := _unchanged(game_id)) is not None:
        return unchanged
    found = _load(game_id)
    return _versioned(found, json_response(statistics_json(found.state)))


def scores_csv(game_id: str) -> Response:
    """The score sheet, to open in a spreadsheet; the game's ETag."""
    if (unchanged := _unchanged(game_id)) is not None:
        return unchanged
    found = _load(game_id)
    response = Response(score_sheet(found.state), mimetype="text/csv")
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    day = found.created_at.date().isoformat()
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{found.settings.ruleset.id}-{day}-{found.id[:6]}.csv"')
    return _versioned(found, response)


def _authorized(game_id: str) -> store.StoredGame:
    """The game, if the request carries its edit token (401 without one, 403 for another)."""
    found = _load(game_id)
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "unauthorized",
                       "writing needs the game's edit token: Authorization: Bearer <token>",
                       headers={"WWW-Authenticate": 'Bearer realm="companion"'})
    if not found.token_matches(token) and not table_store.token_opens(found, token):
        raise ApiError(403, "forbidden", "that is not this game's edit token",
                       headers={"WWW-Authenticate": 'Bearer realm="companion", error="invalid_token"'})
    return found


def _current_version(body: dict[str, Any], found: store.StoredGame) -> int:
    version = bodies.integer(body, "version")
    if version != found.version:
        raise store.VersionConflict(found)
    return version


def _checked(body: dict[str, Any], found: store.StoredGame,
             parse: Callable[[], list[rules.Entry]]) -> tuple[int, list[rules.Entry]]:
    """The version and the entries, checked in the contract's order: the body's shape (400),
    then the version (409), then the rules (422)."""
    version = bodies.integer(body, "version")
    try:
        entries, refused = parse(), None
    except rules.RuleError as error:  # a ShapeError (400) goes straight out
        entries, refused = [], error
    _current_version(body, found)
    if refused is not None:
        raise refused
    return version, entries


def _write_entry(game_id: str, kind: str, fields: frozenset[str], required: tuple[str, ...]) -> Response:
    found = _authorized(game_id)
    keyed(found.id)
    if kind not in rules.entry_kinds(found.settings):
        required = ()  # an entry this game does not record: the engine answers 422 phase
    body = bodies.json_object(fields, required=("version", *required))
    bodies.cards_checked(body)
    version, (entry,) = _checked(body, found, lambda: [rules.parse_entry(found.settings, kind, body)])
    return _game_response(store.add_entry(found, version, entry))


def bids(game_id: str) -> Response:
    return _write_entry(game_id, "bids", bodies.BIDS, ("bids",))


def tricks(game_id: str) -> Response:
    return _write_entry(game_id, "tricks", bodies.TRICKS, ("tricks",))


def hands(game_id: str) -> Response:
    return _write_entry(game_id, "hand", bodies.HAND, bodies.HAND_REQUIRED)


def undo(game_id: str) -> Response:
    found = _authorized(game_id)
    keyed(found.id)
    body = bodies.json_object(bodies.UNDO, required=("version",))
    version = _current_version(body, found)
    return _game_response(store.undo_entry(found, version))


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
    _round_exists(_load(game_id), number)
    found = _authorized(game_id)
    keyed(found.id)
    body = bodies.json_object(bodies.ROUND | bodies.HAND, required=("version",))
    bodies.cards_checked(body)
    settings = found.settings
    own = rules.entry_kinds(settings)  # the entries that make a round's result
    sent = {kind for kind in rules.ENTRY_KINDS if _sends(body, kind)}
    if sent <= set(own):  # only this game's entries: each needs every field
        for kind in own:
            for name in _REQUIRED[kind]:
                if name not in body:
                    raise bodies.invalid(f"{name} is missing", name)

    def parse() -> list[rules.Entry]:
        for kind in sorted(sent - set(own)):  # the engine refuses them (422 phase)
            rules.parse_entry(settings, kind, body)
        return [rules.parse_entry(settings, kind, body) for kind in own]

    version, entries = _checked(body, found, parse)
    return _game_response(store.correct_round(found, version, int(number), entries))


#: The fields a round's correction needs, by entry kind.
_REQUIRED = {"bids": ("bids",), "tricks": ("tricks",), "hand": bodies.HAND_REQUIRED}


def _sends(body: dict[str, Any], kind: str) -> bool:
    """Whether a correction's body holds fields of that entry kind."""
    if kind == "hand":
        return bool((set(body) & bodies.HAND) - {"version"})
    return kind in body


def register(bp: Blueprint) -> None:
    bp.before_request(refuse_large_bodies)
    bp.add_url_rule("/openapi.json", view_func=openapi, methods=["GET"])
    bp.add_url_rule("/rulesets", view_func=rulesets, methods=["GET"])
    bp.add_url_rule("/games", view_func=create_game, methods=["POST"])
    bp.add_url_rule("/games/<game_id>", view_func=game, methods=["GET"])
    bp.add_url_rule("/games/<game_id>/statistics", view_func=statistics, methods=["GET"])
    bp.add_url_rule("/games/<game_id>/scores.csv", view_func=scores_csv, methods=["GET"])
    bp.add_url_rule("/games/<game_id>/bids", view_func=bids, methods=["POST"])
    bp.add_url_rule("/games/<game_id>/tricks", view_func=tricks, methods=["POST"])
    bp.add_url_rule("/games/<game_id>/hands", view_func=hands, methods=["POST"])
    bp.add_url_rule("/games/<game_id>/undo", view_func=undo, methods=["POST"])
    bp.add_url_rule("/games/<game_id>/rounds/<number>", view_func=correct_round, methods=["PUT"])
