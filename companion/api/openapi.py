"""The OpenAPI 3.1 description of API v1, served at ``/api/v1/openapi.json``.

It says what the server does: every status a view can answer is listed with its body. The request
bodies are not written here: they are made from the declarations the views read them with
(``api.bodies``: their fields, closed with ``additionalProperties: false`` as the server refuses
any other), the rulesets and their options from the registry, and the entries each game takes
from its family, so that a game, an option or a field added there is described without a line
here. The fuzz tests (``tests/api/test_fuzz.py``) hold the server to it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from companion import rules
from companion.api import bodies
from companion.api.bodies import SEAT_OR_NULL, WHOLE_MAX
from companion.rules.games import FAMILIES
from companion.rules.schema import (
    FIGURE,
    RATE,
    SCORE_MARK,
    SEAT,
    SEATS,
    Schema,
    obj,
    ref,
)
from companion.rules.table_stats import TABLE_PARTS
from companion.storage.transfer import CONTAINERS_MAX

__all__ = ["WHOLE_MAX", "description"]

PER_SEAT_INTS: dict[str, Any] = {"type": "array", "items": {"type": "integer"},
                                 "description": "indexed by seat"}
SUIT: dict[str, Any] = {"type": "string", "enum": [s.value for s in rules.Suit]}


def nullable(name: str) -> dict[str, Any]:
    return {"anyOf": [ref(name), {"type": "null"}]}


# --- Made from the declarations: the bodies, the rulesets' options, the entries ---------------

def body_schema(body: bodies.Body) -> dict[str, Any]:
    """A body as ``bodies.json_object`` reads it: its fields, those it needs, no other."""
    return obj({name: field.schema for name, field in body.fields.items()},
               required=list(body.required), closed=True)


def _listed(names: list[str], last: str = "and") -> str:
    return f"{', '.join(names[:-1])} {last} {names[-1]}" if len(names) > 1 else "".join(names)


def _games_of(write: bodies.EntryWrite) -> str:
    """`` (<names>)``: the games whose family records the write's entries, when some do not."""
    taking = [ruleset.name for ruleset in rules.RULESETS.values()
              if write.kind in ruleset.family.entry_kinds]
    return "" if len(taking) == len(rules.RULESETS) else " (" + ", ".join(taking) + ")"


def options_help() -> str:
    """Each ruleset's options, from the registry."""
    listed = []
    for ruleset in rules.RULESETS.values():
        presets = ", ".join(f"{name} is {value}" for name, value in ruleset.presets.items())
        listed.append(f"{ruleset.id}: " + ", ".join(ruleset.options)
                      + (f" ({presets})" if presets else ""))
    return ("option name -> value, as GET /rulesets lists them; a missing option is its "
            "default. " + ". ".join(listed) + ". A value not offered is refused with 422 "
            "ruleset naming the option; max_hand above floor(51 / players) names the number of "
            "players too; teams pairs with other than 4, 6 or 8 players is refused with 422 "
            "players.")


def options_schema(nullable_: bool) -> dict[str, Any]:
    """The ``options`` object: every option of the registry, each ruleset's values for it."""
    offered: dict[str, list[str]] = {}
    for ruleset in rules.RULESETS.values():
        for name, option in ruleset.options.items():
            offered.setdefault(name, []).append(
                f"{ruleset.id}: {option.describe()} (default {json.dumps(option.default)})")
    return {"type": ["object", "null"] if nullable_ else "object", "description": options_help(),
            "properties": {name: {"description": "; ".join(values)}
                           for name, values in offered.items()}}


def ruleset_id() -> dict[str, Any]:
    return {"type": "string", "enum": list(rules.RULESETS)}


def presets_help() -> str:
    """The options each ruleset fixes, from the registry: "<name>: <option> <value>"."""
    return "; ".join(f"{ruleset.name}: " + ", ".join(f"{name} {value}" for name, value
                                                      in ruleset.presets.items())
                     for ruleset in rules.RULESETS.values() if ruleset.presets)


def body_schemas() -> dict[str, Any]:
    """Every request body, closed, as declared; the correction's, one per family's entries."""
    schemas = {body.name: body_schema(body) for body in bodies.BODIES}
    new_game = schemas[bodies.NEW_GAME.name]["properties"]
    new_game["ruleset"] = ruleset_id()
    new_game["options"] = options_schema(nullable_=True)
    schemas["RoundBody"] = {"anyOf": [correction_schema(kinds) for kinds in _corrections()]}
    return schemas


Writes = tuple[bodies.Body, ...]


def _corrections() -> dict[Writes, list[str]]:
    """The bodies of the entries a round's correction carries, each family's (by the
    registry's order), and the games that correct a round with them."""
    found: dict[Writes, list[str]] = {}
    for ruleset in rules.RULESETS.values():
        writes = tuple(bodies.entry_body(bodies.ENTRY_WRITE[kind], ruleset.family)
                       for kind in ruleset.family.entry_kinds
                       if bodies.ENTRY_WRITE[kind].corrects)
        if writes:
            found.setdefault(writes, []).append(ruleset.name)
    return found


def correction_schema(writes: Writes) -> dict[str, Any]:
    """One entry's body itself; several entries' fields together, with one version."""
    if len(writes) == 1:
        return ref(writes[0].name)
    fields = {name: field for body in writes for name, field in body.fields.items()}
    return body_schema(bodies.Body("", fields))


def correction_help() -> str:
    """What a round's correction holds, game by game: "{version, points} (<names>)"."""
    return _listed([
        "{" + ", ".join(dict.fromkeys(name for body in writes for name in body.required)) + "} ("
        + ", ".join(games) + ")" for writes, games in _corrections().items()], "or")


def entry_paths() -> dict[str, Any]:
    """``POST /games/{game_id}/<write>`` for every entry's write (a write some games read
    their own way takes any of its bodies)."""
    return {f"/games/{{game_id}}/{w.path}": {"post": write(
        w.summary + _games_of(w), [body.name for body in bodies.write_bodies(w)], w.description)}
        for w in bodies.ENTRY_WRITES}


def game_schemas() -> dict[str, Any]:
    """The game and what it holds, as ``api.serialize`` writes them."""
    return {
        "ErrorDetail": obj({
            "code": {"type": "string", "description": "invalid, unauthorized, forbidden, not-found, "
                     "version-conflict, too-large, idempotency-key (an Idempotency-Key already used "
                     "with another body), import (an export document that cannot be imported), "
                     "or the rule's code: " + ", ".join(sorted(rules.CODES))},
            "message": {"type": "string"},
            "field": {"type": ["string", "null"]},
        }),
        "Error": obj({"error": ref("ErrorDetail")}),
        "Conflict": obj({"error": ref("ErrorDetail"), "game": ref("Game")}),
        "Card": obj({"value": {"type": "integer", "minimum": 0, "maximum": 7}, "suit": SUIT}),
        "Passing": obj({
            "count": {"type": "integer"},
            "direction": {"type": "string", "enum": ["left", "right"]},
            "passes": {"type": "array", "items": obj(
                {"giver": SEAT, "receiver": SEAT, "count": {"type": "integer"}})},
        }, required=["count", "direction"]),
        "Attempt": obj({
            "deal": {"type": "integer"},
            "bids": {"type": "array", "items": ref("Card")},
            "high_bid": ref("Card"),
            "high_bidders": SEATS,
            "sum_seven": {"type": "boolean"},
            "shared_high": {"type": "boolean"},
            "bonus": {**SEATS, "description": "the seats that scored +1"},
        }),
        "Award": obj({
            "point": {"type": "string",
                      "enum": ["jack-turned", "gift", "high", "low", "jack", "game"]},
            "seat": SEAT,
            "team": {"type": ["integer", "null"]},
            "counted": {"type": "boolean"},
        }),
        "Round": obj({
            "number": {"type": "integer", "minimum": 1},
            "hand_size": {"type": ["integer", "null"], "description": "null in a score pad"},
            "dealer": SEAT,
            "phase": {"type": "string", "enum": [p.value for p in rules.Phase]},
            "bidding_order": {**SEATS, "type": ["array", "null"]},
            "forbidden_bid": {"type": ["integer", "null"]},
            "passing": nullable("Passing"),
            "attempts": {"type": ["array", "null"], "items": ref("Attempt")},
            "redeals": {"type": ["integer", "null"]},
            "bids": {"type": ["array", "null"],
                     "items": {"anyOf": [{"type": "integer"}, {"type": "null"}, ref("Card"),
                                         {"type": "string", "enum": bodies.WORD_BIDS}]}},
            "trump": {"anyOf": [SUIT, {"const": "none"}, {"type": "null"}],
                      "description": "where bids are cards: the high bid's suit; where the "
                      "table records the trump: as recorded (a suit, or none)"},
            "leader": SEAT_OR_NULL,
            "tricks": {"type": ["array", "null"], "items": {"type": "integer"}},
            "points": {"type": ["array", "null"], "items": {"type": "integer"},
                       "description": "per seat; a score pad with teams pairs: per side"},
            "next_bidder": SEAT_OR_NULL,
            "legal_bids": {"type": ["array", "null"], "items": {"type": "integer"}},
            "bonus": {**PER_SEAT_INTS, "description": "where bids are cards: the rebid bonuses "
                      "(+1s) scored this round, per seat; 0 elsewhere"},
            "points_so_far": {**PER_SEAT_INTS, "description": "what this round has already added "
                              "to the totals (rebid bonuses, a redealt hand's turned jacks); its "
                              "points once scored"},
            "high_bid": nullable("Card"),
            "set_aside": {"type": "array", "items": {"type": "array", "items": ref("Card")}},
            "eldest": SEAT_OR_NULL,
            "hands": {"type": "array", "items": {"type": "object"}},
            "awards": {"type": "array", "items": ref("Award")},
            "contracts": {"type": ["array", "null"], "items": {"type": "integer"},
                          "description": "a game of sides' contracts, once scored: each "
                          "side's contract (0 for a side of nils); points are then per side"},
            "bags": {"type": ["array", "null"], "items": {"type": "integer"},
                     "description": "the bags each side took in the hand, before any penalty"},
            "bag_penalty": {"type": ["array", "null"], "items": {"type": "integer"},
                            "description": "0, or -100 for each bag limit a side crossed"},
            "blind_nil_seats": {**SEATS, "description": "the current hand: the seats that may "
                                "bid blind nil, fixed when the hand begins"},
        }, required=["number", "hand_size", "dealer", "phase", "bidding_order", "forbidden_bid",
                     "passing", "attempts", "redeals", "bids", "trump", "leader", "tricks", "points"]),
        "Player": obj({"seat": SEAT, "name": {"type": "string"}, "score": {"type": "integer"},
                       "team": {"type": ["integer", "null"]}, "bags": _BAGS},
                      required=["seat", "name", "score", "team"]),
        "Team": obj({"team": {"type": "integer"}, "seats": SEATS, "score": {"type": "integer"},
                     "bags": _BAGS}, required=["team", "seats", "score"]),
        "Standing": {"anyOf": [
            obj({"seat": SEAT, "name": {"type": "string"}, "score": {"type": "integer"},
                 "rank": {"type": "integer", "minimum": 1}}),
            obj({"team": {"type": "integer"}, "seats": SEATS, "score": {"type": "integer"},
                 "rank": {"type": "integer", "minimum": 1}}),
        ]},
        "Game": obj({
            "id": {"type": "string"},
            "ruleset": ruleset_id(),
            "title": {"type": ["string", "null"], "description": "a score pad's title as typed; "
                      "null for an untitled pad and the card games"},
            "options": {"type": "object"},
            "version": {"type": "integer", "minimum": 1},
            "links": obj({"share": {"type": "string", "description": "/g/<id>, the read-only page"},
                          "table": {"type": "string", "description": "/t/<id>: the game's table, "
                                    "for a game of a table"},
                          "rematch": {"type": "string",
                                      "description": "/g/<id> of the latest rematch, once one is made"}},
                         required=["share"]),
            "status": {"type": "string", "enum": [s.value for s in rules.Status]},
            "finished_by": {"anyOf": [{"type": "string", "enum": [f.value for f in rules.FinishedBy]},
                                      {"type": "null"}],
                            "description": "a finished score pad: what ended it (target when the "
                            "target and the rounds come in one round); null otherwise"},
            "players": {"type": "array", "items": ref("Player")},
            "teams": {"type": ["array", "null"], "items": ref("Team")},
            "current": nullable("Round"),
            "rounds": {"type": "array", "items": ref("Round")},
            "standings": {"type": "array", "items": ref("Standing")},
            "ruleset_name": {"type": "string"},
            "preset_options": {"type": "object", "description": "options the ruleset fixes "
                               "(" + presets_help() + ")"},
            "first_dealer": SEAT,
            "total_rounds": {"type": ["integer", "null"]},
            "winners": SEATS,
            "winning_point": nullable("Award"),
            "created_at": {"type": "string"},
            "updated_at": {"type": "string"},
        }, required=["id", "ruleset", "title", "options", "version", "links", "status",
                     "finished_by", "players", "teams", "current", "rounds", "standings"]),
        "Ruleset": obj({
            "id": {"type": "string"},
            "name": {"type": "string"},
            "min_players": {"type": "integer"},
            "max_players": {"type": "integer"},
            "options": {"type": "object", "additionalProperties": obj(
                {"default": {"description": "the value a game gets without the option; null: "
                                            "decided by the number of players (max_hand)"},
                 "choices": {"description": "the values offered, or a range of whole numbers",
                             "anyOf": [{"type": "array"}, ref("IntRange")]}})},
        }),
        "IntRange": obj({"min": {"type": "integer"}, "max": {"type": "integer"}},
                        description="every whole number from min to max"),
        "Created": obj({
            "game": ref("Game"),
            "edit_token": {"type": "string", "description": "returned once; send it as a bearer token"},
            "scorekeeper_url": {"type": "string", "description": "/g/<id>/keep/<edit_token>"},
        }),
        # Each family's statistics object, as it declares it; a game's is any of them.
        **statistics_schemas(),
        "Statistics": {"anyOf": [ref(name) for name in statistics_schemas()]},
    }


#: A side's bag count now, after penalties (the player's: its side's).
_BAGS: dict[str, Any] = {"type": "integer", "minimum": 0,
                         "description": "a game with bags: the side's count now, after "
                         "penalties"}


def response(description: str, schema: str | None = None, **headers: str) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": description}
    if schema is not None:
        answer["content"] = {"application/json": {"schema": ref(schema)}}
    if headers:
        answer["headers"] = {name: {"description": text, "schema": {"type": "string"}}
                             for name, text in headers.items()}
    return answer


ERRORS = {
    "400": response("not JSON, or a field of the wrong type or shape (invalid)", "Error"),
    "401": response("no edit token (unauthorized)", "Error"),
    "403": response("not this game's edit token (forbidden)", "Error"),
    "404": response("no such game or round (not-found)", "Error"),
    "409": response("stale version (version-conflict); game is the game now", "Conflict"),
    "413": response("body over 64 KiB (too-large)", "Error"),
    "422": response("against the rules; code names the rule (idempotency-key: the key was "
                    "used already with another body)", "Error"),
}

_KEY_HELP = ("Makes the write safe to repeat: the same key with the same method, path and JSON "
             "body again is not applied again and answers as the first did, with the current "
             "game and Idempotent-Replayed: true; with another body 422 idempotency-key; "
             "malformed 400. A refused write leaves its key unused.")
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "description": _KEY_HELP + " Stored for the game's last 256 writes at least.",
                   "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
CREATION_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                "description": _KEY_HELP + " At least 128 random bits (22 to 64 characters); "
                               "stored 24 hours, the replay answering in full, edit_token included.",
                "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22,64}$"}}
REPLAYED = {"Idempotent-Replayed": "true when this answers a write repeated under its "
                                   "Idempotency-Key (absent otherwise)"}

#: Every id and token in a path: anything else matches no route (404, nothing read).
_PATH_ID = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": _PATH_ID}
TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": _PATH_ID}


def write(summary: str, body: str | list[str], description: str = "") -> dict[str, Any]:
    """A write; its body one schema, or any of several (``[name, …]``)."""
    names = [body] if isinstance(body, str) else body
    schema = ref(names[0]) if len(names) == 1 else {"anyOf": [ref(name) for name in names]}
    operation: dict[str, Any] = {
        "summary": summary,
        "security": [{"edit_token": []}],
        "parameters": [GAME_ID, IDEMPOTENCY_KEY],
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": schema}}},
        "responses": {"200": response("the game after the write", "Game", ETag="W/\"<id>-<version>\"",
                                      **REPLAYED),
                      **ERRORS},
    }
    if description:
        operation["description"] = description
    return operation


def read(summary: str, content: dict[str, Any], description: str = "",
         table: bool = False) -> dict[str, Any]:
    """A GET of something derived from a game (or a ``table``): its ETag and 304 are its own."""
    etag = f"the {'table' if table else 'game'}'s, derived from its version"
    operation: dict[str, Any] = {
        "summary": summary,
        "parameters": [TABLE_ID if table else GAME_ID, {"name": "If-None-Match", "in": "header",
                                                        "required": False,
                                                        "schema": {"type": "string"}}],
        "responses": {
            "200": {"description": summary, "content": content, "headers": {
                name: {"description": text, "schema": {"type": "string"}}
                for name, text in (("ETag", etag), ("Cache-Control", "no-cache"))}},
            "304": response("not modified since the ETag sent in If-None-Match", ETag=etag),
            "404": _TABLE_ERRORS["404"] if table else ERRORS["404"],
        },
    }
    if description:
        operation["description"] = description
    return operation


#: What every operation that reads or writes the database may answer while it restarts.
UNAVAILABLE = response("the database cannot be reached for a moment (unavailable): send the same "
                       "request again, a write under the same Idempotency-Key (it may have been "
                       "applied)", "Error", **{"Retry-After": "seconds to wait before sending it again"})
#: What every write may answer when the server's disk is full: nothing written, not to repeat.
STORAGE_FULL = response("the server's disk is full (storage-full): nothing was changed; sending "
                        "it again fails the same way until the server's owner makes room", "Error")
#: The operations that answer from the code alone, never the database.
_NO_DATABASE = ("/openapi.json", "/rulesets")
#: The files to download, all named by one rule (docs/api.md, "Downloads").
_DOWNLOADS = ("/games/{game_id}/scores.csv", "/games/{game_id}/export",
              "/tables/{table_id}/games.csv", "/tables/{table_id}/export")
DOWNLOAD_NAME = {"description": "attachment, named after the game (a score pad's title, else "
                                "the game's name) or the table, then the day: \"Hearts "
                                "2026-12-07.csv\", \"Thursday cards 2026-12-07.json\"; as typed "
                                "in filename*, in ASCII in filename",
                 "schema": {"type": "string"}}


def description() -> dict[str, Any]:
    """The whole description, as a JSON-ready dict: every operation that reaches the database
    may answer 503, every write 507 (docs/api.md, the error table)."""
    described = _description()
    for path in _DOWNLOADS:
        described["paths"][path]["get"]["responses"]["200"]["headers"]["Content-Disposition"] = (
            DOWNLOAD_NAME)
    for path, operations in described["paths"].items():
        if path not in _NO_DATABASE:
            for operation in operations.values():
                operation["responses"].setdefault("503", UNAVAILABLE)
        for method, operation in operations.items():
            if method in ("post", "put", "patch", "delete"):
                operation["responses"].setdefault("507", STORAGE_FULL)
    return described


def _description() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Companion API",
            "version": "1",
            "description": "Score keeping for "
                           + _listed([r.name for r in rules.RULESETS.values()])
                           + " (GET /rulesets lists them). "
                           "Anyone with a game's id may read it; writing needs its edit token. "
                           "Bodies are UTF-8 JSON; an integer may be written as 1 or 1.0 (JSON "
                           "Schema counts both as integers), a fraction is refused.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/openapi.json": {"get": {
                "summary": "This description",
                "responses": {"200": {"description": "OpenAPI 3.1",
                                      "content": {"application/json": {"schema": {"type": "object"}}}}},
            }},
            "/rulesets": {"get": {
                "summary": "The rulesets and their options",
                "responses": {"200": {"description": "every ruleset", "content": {
                    "application/json": {"schema": {"type": "array", "items": ref("Ruleset")}}}}},
            }},
            "/games": {"post": {
                "summary": "Create a game",
                "parameters": [CREATION_KEY],
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": ref("NewGame")}}},
                "responses": {
                    "201": response("the game, its edit token and the scorekeeper link", "Created",
                                    Location="/api/v1/games/<id>", **REPLAYED),
                    "400": ERRORS["400"],
                    "401": response("table without the table's edit token (unauthorized)",
                                    "Error"),
                    "403": response("not the table's edit token (forbidden)", "Error"),
                    "413": ERRORS["413"],
                    "422": ERRORS["422"],
                    "429": response("too many games and tables created from this address "
                                    "(GAME_CREATION_LIMIT)", "Error"),
                },
            }},
            "/games/{game_id}": {"get": {
                "summary": "A game",
                "parameters": [GAME_ID, {"name": "If-None-Match", "in": "header", "required": False,
                                         "schema": {"type": "string"}}],
                "responses": {
                    "200": response("the game", "Game", ETag="derived from the version",
                                    **{"Cache-Control": "no-cache"}),
                    "304": response("not modified since the ETag sent in If-None-Match",
                                    ETag="derived from the version"),
                    "404": ERRORS["404"],
                },
            }},
            "/games/{game_id}/statistics": {"get": read(
                "The statistics of docs/rules.md over the scored rounds",
                {"application/json": {"schema": ref("Statistics")}})},
            "/games/{game_id}/scores.csv": {"get": read(
                "The score sheet",
                {"text/csv; charset=utf-8": {"schema": {"type": "string"}}},
                description="A header row, then one row per scored round, oldest first: round, "
                "hand_size, dealer, then <name> bid, tricks, points, total per player (a game of "
                "hands: hand, dealer, beg, high, low, jack, game, then <side> points and total; a "
                "score pad: round, dealer, then <side> points and total). A name "
                "that starts with =, +, -, @, a tab or a carriage return is written after a ' "
                "(and so is each part of it that follows a ; or , inside it); every cell that "
                "holds text is quoted.")},
            **entry_paths(),
            "/games/{game_id}/undo": {"post": write("Remove the last entry", "UndoBody")},
            "/games/{game_id}/rounds/{number}": {"put": {
                **write("Correct a scored round", "RoundBody",
                        correction_help() + "; everything after the round is recomputed. A "
                        "correction that would end the game before a later round is refused "
                        "(422 phase, naming that round)."),
                "parameters": [GAME_ID, {"name": "number", "in": "path", "required": True,
                                         "schema": {"type": "integer", "minimum": 1,
                                                    "maximum": WHOLE_MAX}},
                               IDEMPOTENCY_KEY],
            }},
            **table_paths(),
            **transfer_paths(),
        },
        "components": {
            "schemas": {**game_schemas(), **body_schemas(), **table_schemas(),
                        **transfer_schemas()},
            "securitySchemes": {"edit_token": {
                "type": "http", "scheme": "bearer",
                "description": "the edit_token returned when the game was created",
            }},
        },
    }


# --- Tables (docs/api.md, "Tables") ---------------------------------------------------------

def statistics_schemas() -> dict[str, Schema]:
    """The statistics objects the families declare (``GameFamily.statistics_schemas``), each
    once, in the families' order."""
    return {name: copy.deepcopy(dict(schema)) for family in FAMILIES.values()
            for name, schema in family.statistics_schemas.items()}


#: The counts a family counts per hand at a table (``GameFamily.table_count``): per player, the
#: count (its side's) in all and per hand; the record of the most in one hand.
_COUNTED = sorted({f.table_count for f in FAMILIES.values() if f.table_count})
_TABLE_COUNTS: dict[str, Any] = {
    field: schema for count in _COUNTED for field, schema in (
        (count, {"type": "integer", "description": "a game counted hand by hand: the side's "
                 "count of its own, in all"}),
        (f"{count}_per_hand", {**FIGURE, "description": "that count per hand"}))}
_TABLE_COUNT_RECORDS: dict[str, Any] = {
    f"most_{count}": {"description": "the most of that count in one hand, by a player or a "
                      "side", "anyOf": [obj({"name": {"type": "string"},
                                             "game": {"type": "string"},
                                             "round": {"type": "integer"},
                                             count: {"type": "integer"}}), {"type": "null"}]}
    for count in _COUNTED}


def table_schemas() -> dict[str, Any]:
    """A table and its figures, as ``api.tables`` writes them."""
    return {
        "Table": obj({
            "id": {"type": "string"},
            "name": {"type": "string"},
            "version": {"type": "integer", "minimum": 1,
                        "description": "moves with every change of the table or of any of its games"},
            "links": obj({"share": {"type": "string", "description": "/t/<id>, the table's page"},
                          "next": {"type": "string", "description": "the next page of older games, "
                                   "when there are more"}}, required=["share"]),
            "players": {"type": "array", "items": obj({"name": {"type": "string"},
                                                       "games": {"type": "integer"}})},
            "games": {"type": "array", "description": "the newest 50, newest first",
                      "items": obj({
                          "id": {"type": "string"},
                          "ruleset": ruleset_id(),
                          "title": {"type": ["string", "null"],
                                    "description": "a score pad's title, else null"},
                          "started": {"type": "string"},
                          "status": {"type": "string", "enum": [s.value for s in rules.Status]},
                          "players": {"type": "array", "items": {"type": "string"}},
                          "standings": {"type": "array", "items": obj(
                              {"name": {"type": "string"}, "score": {"type": "integer"},
                               "rank": {"type": "integer", "minimum": 1}})},
                          "links": obj({"share": {"type": "string"}}),
                      }, required=["id", "ruleset", "title", "started", "status", "players",
                                   "standings"])},
            "created_at": {"type": "string"},
        }, required=["id", "name", "version", "links", "players", "games"]),
        "TableCreated": obj({
            "table": ref("Table"),
            "edit_token": {"type": "string", "description": "returned once; send it as a bearer token"},
            "scorekeeper_url": {"type": "string", "description": "/t/<id>/keep/<edit_token>"},
        }),
        "HeadToHead": obj({
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
            "games": {"type": "integer", "description": "finished games both sat in"},
            "ahead": {"type": "array", "items": {"type": "integer"},
                      "description": "how often each finished ranked better than the other"},
            "level": {"type": "integer"},
        }),
        "TablePlayer": obj({"name": {"type": "string"}, "games": {"type": "integer"},
                            "finished": {"type": "integer"}, "wins": {"type": "integer"},
                            "win_rate": RATE}),
        "TableRuleset": obj({
            "games": {"type": "integer"},
            "finished": {"type": "integer"},
            "players": {"type": "array", "items": obj({
                "name": {"type": "string"}, "games": {"type": "integer"},
                "finished": {"type": "integer"}, "wins": {"type": "integer"}, "win_rate": RATE,
                "rounds": {"type": "integer"}, "points_per_round": FIGURE, "success_rate": RATE,
                "best_score": {"anyOf": [obj({"game": {"type": "string"},
                                              "score": {"type": "integer"}}), {"type": "null"}]},
                "hands": {"type": "integer", "description": "a game of hands"},
                "points": {"type": "integer", "description": "a game of hands: points won by the "
                           "side"},
                "points_per_hand": {**FIGURE, "description": "a game counted hand by hand: the "
                                    "side's points per hand"},
                "taken": {"type": "integer", "description": "a game of contracts: the player's "
                          "contracts as taker (success_rate: made over taken)"},
                "made": {"type": "integer", "description": "a game of contracts: of them made"},
                **_TABLE_COUNTS,
            }, required=["name", "games", "finished", "wins", "win_rate"])},
            "head_to_head": {"type": "array", "items": ref("HeadToHead")},
            "records": {"description": "null for a game of hands", "anyOf": [{"type": "null"}, obj({
                "highest_score": {"anyOf": [SCORE_MARK, {"type": "null"}]},
                "highest_round": {"anyOf": [obj({"name": {"type": "string"},
                                                 "game": {"type": "string"},
                                                 "round": {"type": "integer"},
                                                 "points": {"type": "integer"}}), {"type": "null"}]},
                "longest_exact_run": {"anyOf": [obj({"name": {"type": "string"},
                                                     "game": {"type": "string"},
                                                     "rounds": {"type": "integer"}}),
                                                {"type": "null"}]},
                "longest_made_run": {
                    "description": "a game whose bids are made, not matched (runs_made): the "
                    "longest run of a player's bids made in a row in one game; "
                    "longest_exact_run is then null",
                    "anyOf": [obj({"name": {"type": "string"}, "game": {"type": "string"},
                                   "rounds": {"type": "integer"}}), {"type": "null"}]},
                **_TABLE_COUNT_RECORDS,
            }, required=["highest_score", "highest_round", "longest_exact_run"])]},
        }),
        "TableStatistics": obj({
            "games": {"type": "integer"},
            "finished": {"type": "integer"},
            "players": {"type": "array", "items": ref("TablePlayer")},
            "head_to_head": {"type": "array", "items": ref("HeadToHead")},
            "rulesets": {"type": "object", "additionalProperties": ref("TableRuleset"),
                         "description": "only the rulesets the table has played; never the score "
                         "pad's (score_pads)"},
            # Each family's own part of the figures (``TablePart``), under its key.
            **{part.key: copy.deepcopy(dict(part.field_schema)) for part in TABLE_PARTS},
        }, required=["games", "finished", "players", "head_to_head", "rulesets",
                     *(part.key for part in TABLE_PARTS)]),
        **{name: copy.deepcopy(dict(schema))
           for part in TABLE_PARTS for name, schema in part.schemas.items()},
    }


_TABLE_ERRORS = {
    "401": response("no table edit token (unauthorized)", "Error"),
    "403": response("not the table's edit token, or not the game's (forbidden)", "Error"),
    "404": response("no such table (or game) (not-found)", "Error"),
}


def _table_write(summary: str, body: str, description: str) -> dict[str, Any]:
    return {
        "summary": summary,
        "description": description,
        "security": [{"edit_token": []}],
        "parameters": [TABLE_ID],
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": ref(body)}}},
        "responses": {"200": response("the table", "Table", ETag="the table's"),
                      "400": ERRORS["400"], **_TABLE_ERRORS, "413": ERRORS["413"],
                      "422": ERRORS["422"],
                      "429": response("too many joins and renames from this address "
                                      "(TABLE_WRITE_LIMIT)", "Error")},
    }


def _with_conflict(operation: dict[str, Any]) -> dict[str, Any]:
    operation["responses"]["409"] = ERRORS["409"]
    return operation


def table_paths() -> dict[str, Any]:
    """The Tables endpoints."""
    page = read("A table, with its newest 50 games",
                {"application/json": {"schema": ref("Table")}}, table=True)
    page["parameters"].append({"name": "before", "in": "query", "required": False,
                               "schema": {"type": "string"},
                               "description": "a game's id: the 50 games started before it "
                                              "(links.next); naming no game of the table "
                                              "without started: 400"})
    page["parameters"].append({"name": "started", "in": "query", "required": False,
                               "schema": {"type": "string", "format": "date-time"},
                               "description": "when the game before names started (links.next "
                                              "carries it): where it stood, should it be "
                                              "deleted meanwhile"})
    page["responses"]["400"] = ERRORS["400"]
    return {
        "/tables": {"post": {
            "summary": "Create a table",
            "parameters": [CREATION_KEY],
            "requestBody": {"required": True,
                            "content": {"application/json": {"schema": ref("NewTable")}}},
            "responses": {
                "201": response("the table, its edit token and the scorekeeper link",
                                "TableCreated", Location="/api/v1/tables/<id>", **REPLAYED),
                "400": ERRORS["400"],
                "413": ERRORS["413"],
                "422": response("the name is empty or too long (table), or the Idempotency-Key "
                                "was used (or is being used at the same moment) with another "
                                "body (idempotency-key)", "Error"),
                "429": response("too many games and tables created from this address "
                                "(GAME_CREATION_LIMIT)", "Error"),
            },
        }},
        "/tables/{table_id}": {
            "get": page,
            "patch": {
                **_table_write("Rename the table", "NewTable",
                               "The table's token as bearer. A name empty, too long or with a "
                               "character that cannot be shown: 422 table. The table's "
                               "version moves."),
                "parameters": [TABLE_ID, IDEMPOTENCY_KEY],
            },
            "delete": {
                "summary": "Delete a table; its games stay, at no table",
                "security": [{"edit_token": []}],
                "parameters": [TABLE_ID],
                "responses": {"204": {"description": "deleted"},
                              **_TABLE_ERRORS},
            },
        },
        "/tables/{table_id}/statistics": {"get": read(
            "The table's figures (docs/rules.md section 7)",
            {"application/json": {"schema": ref("TableStatistics")}}, table=True)},
        "/tables/{table_id}/games.csv": {"get": read(
            "The table's games as a sheet",
            {"text/csv; charset=utf-8": {"schema": {"type": "string"}}},
            description="One row per game, newest first: started, ruleset, title (a score pad's, "
                        "else empty), status, players, "
                        "winners, then <name> score for every player of the table (empty "
                        "where absent). A name that starts with =, +, -, @, a tab or a "
                        "carriage return is written after a '; every text cell is quoted.",
            table=True)},
        "/tables/{table_id}/games": {"post": _with_conflict(_table_write(
            "Bring an earlier game to the table", "JoinBody",
            "The table's token as bearer, the game's in the body. Already here: 200, "
            "unchanged; at another table: 422 table; two seats one player of the table: "
            "422 players. The game's version moves. A join that meets a write (or another "
            "join) of the game is judged again on the game as it now is; 409 only when the "
            "game changed through three attempts in a row."))},
        "/tables/{table_id}/players/rename": {"post": _table_write(
            "Rename or merge a player of the table", "RenameBody",
            "422 players when from is no player of the table, to is no valid name, or one "
            "game has both names.")},
    }


# --- Export and import (docs/api.md, "Export and import") ----------------------------------

#: What an export leaves out of a hand: the fields at the value an import takes for them.
_HAND_LEFT_OUT = ("; an export leaves out the fields at the value an import takes when they "
                  "are absent (jacks_turned 0, beg stand, high, low, jack and game null, redeal "
                  "false), so a hand is never written longer than it may come")


def export_entry(write: bodies.EntryWrite, body: bodies.Body) -> dict[str, Any]:
    """An entry of the document: the body of its write, without ``version``, and ``kind``."""
    fields = {name: field.schema for name, field in body.fields.items() if name != "version"}
    hand = body is bodies.HAND
    return obj({"kind": {"const": write.path}, **fields},
               required=["kind", *(n for n in body.required if n != "version" and not hand)],
               description=f"POST /games/{{id}}/{write.path}" + _games_of(write)
               + (_HAND_LEFT_OUT if hand else ""))


def transfer_schemas() -> dict[str, Any]:
    return {
        "ExportEntry": {"description": "an entry as the table made it: the body of the API "
                                       "write that makes it, without version, and kind, that "
                                       "write's name",
                        "anyOf": [export_entry(write, body) for write in bodies.ENTRY_WRITES
                                  for body in bodies.write_bodies(write)]},
        "ExportGame": obj({
            "ruleset": ruleset_id(),
            "title": {"type": ["string", "null"], "description": "the score pad's title; null for "
                      "the card games"},
            "options": options_schema(nullable_=False),
            "players": {"type": "array", "items": {"type": "string"}},
            "first_dealer": SEAT,
            "started": {"type": "string", "description": "ISO 8601 UTC, to the microsecond: "
                        "kept by the import"},
            "gift_rule": {"type": "string", "enum": [r.value for r in rules.GiftRule],
                          "description": "a game with the gift rule: the edition of it the "
                                         "game began under (docs/rules.md section 4); absent: the current one"},
            "entries": {"type": "array", "items": ref("ExportEntry"),
                        "description": "in play order: a corrected round's entries where the round "
                                       "stands, undone entries left out"},
        }, required=["ruleset", "options", "players", "first_dealer", "started", "entries"]),
        "ExportDocument": obj({
            "format": {"const": "companion-export"},
            "format_version": {"type": "integer", "minimum": 1,
                               "description": "1; a newer one is refused with 422 import"},
            "exported": {"type": "string", "description": "the time of the last change of what "
                         "the document holds (ISO 8601 UTC)"},
            "table": {"anyOf": [{"type": "null"}, obj({
                "name": {"type": "string"},
                "renames": {"type": "array", "items": obj({"from": {"type": "string"},
                                                           "to": {"type": "string"}}),
                            "description": "the table's renames, in the order made"},
            }, required=["name"])], "description": "null: one game's export"},
            "games": {"type": "array", "items": ref("ExportGame"), "description": "oldest first"},
        }, required=["format", "format_version", "games"],
            description="No id and no token: the document gives nobody a right to write."),
    }


def transfer_paths() -> dict[str, Any]:
    """The export and import endpoints."""
    document = {"application/json": {"schema": ref("ExportDocument")}}
    table = read("The table's whole history as one export document", document, table=True)
    game = read("One game as an export document (table: null)", document)
    return {
        "/tables/{table_id}/export": {"get": table},
        "/games/{game_id}/export": {"get": game},
        "/tables/import": {"post": {
            "summary": "Make an export document a new table",
            "description": "Every game is replayed through the engine; all or nothing. A "
                           "document with table: null makes a table named after its game "
                           "and its start date. Counts as one creation for the creation limit.",
            "parameters": [CREATION_KEY],
            "requestBody": {"required": True, "content": document},
            "responses": {
                "201": response("the new table, its edit token and the scorekeeper link",
                                "TableCreated", Location="/api/v1/tables/<id>", **REPLAYED),
                "400": ERRORS["400"],
                "413": response("body over 16 MiB (too-large)", "Error"),
                "422": response("import: the document cannot be imported; field names the "
                                "place (format, format_version, table.name, games[i], "
                                "games[i].entries[j]) and message what is wrong there; null "
                                "for a body holding more objects and lists than any "
                                f"document of 16 MiB could (at most {CONTAINERS_MAX:,}, "
                                "counted before it is parsed). "
                                "idempotency-key: the key was used with another body",
                                "Error"),
                "429": response("too many creations from this address", "Error"),
                "503": response(
                    "unavailable: the server holds as many imports as it takes at once (each "
                    "worker process IMPORTS_IN_FLIGHT, by default 2), and read nothing of this "
                    "one; or the database cannot be reached for a moment. Nothing was created "
                    "and nothing counted against the creation limit: send the same request "
                    "again, under the same Idempotency-Key, after Retry-After seconds", "Error",
                    **{"Retry-After": "seconds to wait before sending it again"}),
            },
        }},
    }
