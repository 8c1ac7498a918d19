"""The OpenAPI 3.1 description of API v1, served at ``/api/v1/openapi.json``.

It says what the server does: request bodies accept exactly the fields the views accept
(``additionalProperties: false``); every status a view can answer is listed with its body.
The fuzz tests (``tests/api/test_fuzz.py``) hold the server to it.
"""

from __future__ import annotations

from typing import Any

from .. import rules

SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "description": "a seat, from 0, clockwise"}
SEAT_OR_NULL: dict[str, Any] = {"type": ["integer", "null"], "minimum": 0}
SEATS: dict[str, Any] = {"type": "array", "items": SEAT}
PER_SEAT_INTS: dict[str, Any] = {"type": "array", "items": {"type": "integer"},
                                 "description": "indexed by seat"}
SUIT: dict[str, Any] = {"type": "string", "enum": [s.value for s in rules.Suit]}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(name: str) -> dict[str, Any]:
    return {"anyOf": [ref(name), {"type": "null"}]}


def obj(properties: dict[str, Any], required: list[str] | None = None,
        closed: bool = False, **extra: Any) -> dict[str, Any]:
    """An object schema; ``closed`` bodies refuse unknown fields (the server answers 400)."""
    schema: dict[str, Any] = {"type": "object", "properties": properties,
                              "required": required if required is not None else list(properties)}
    if closed:
        schema["additionalProperties"] = False
    schema.update(extra)
    return schema


RATE: dict[str, Any] = {"type": ["number", "null"], "minimum": 0, "maximum": 1,
                        "description": "a share from 0 to 1; null before any round is scored"}
FIGURE: dict[str, Any] = {"type": ["number", "null"],
                          "description": "null before any round is scored"}

VERSION = {"type": "integer", "description": "the version of the game this write is based on"}

HAND_FIELDS: dict[str, Any] = {
    "version": VERSION,
    "jacks_turned": {"type": "integer", "description": "jacks turned up for the dealer (default 0)"},
    "beg": {"type": "string", "enum": [b.value for b in rules.Beg],
            "description": "stand (default), give or run"},
    "high": SEAT_OR_NULL,
    "low": SEAT_OR_NULL,
    "jack": {**SEAT_OR_NULL, "description": "null: the jack of trumps was not in play"},
    "game": {"anyOf": [SEAT, {"type": "null"}, {"const": rules.TIE}]},
    "redeal": {"type": "boolean", "description": "the hand was redealt: only jacks_turned counts"},
}

BID_ITEM: dict[str, Any] = {
    "description": "Oh-Seven: a card; other games: a number, or null for a player who has not bid",
    "anyOf": [{"type": "integer"}, {"type": "null"}, ref("CardBid")],
}

_OPTIONS_HELP = (
    "option name -> value, as GET /rulesets lists them; a missing option is its default. "
    "oh-seven: card_passing. oh-hell: scoring, schedule, hook, max_hand, zero_bid. elevator: "
    "schedule, hook, max_hand, zero_bid (scoring is tricks-plus-bonus). seven-up: target, "
    "game_tie, low_to. A value not offered is refused with 422 ruleset naming the option; "
    "max_hand above floor(51 / players) names the number of players too."
)

SCHEMAS: dict[str, Any] = {
    "ErrorDetail": obj({
        "code": {"type": "string", "description": "invalid, unauthorized, forbidden, not-found, "
                 "version-conflict, too-large, idempotency-key (an Idempotency-Key already used "
                 "with another body), or the rule's code: " + ", ".join(sorted(rules.CODES))},
        "message": {"type": "string"},
        "field": {"type": ["string", "null"]},
    }),
    "Error": obj({"error": ref("ErrorDetail")}),
    "Conflict": obj({"error": ref("ErrorDetail"), "game": ref("Game")}),
    "Card": obj({"value": {"type": "integer", "minimum": 0, "maximum": 7}, "suit": SUIT}),
    "CardBid": obj({"value": {"type": "integer"}, "suit": {"type": ["string", "null"]}},
                   required=["value"], closed=True),
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
        "hand_size": {"type": "integer"},
        "dealer": SEAT,
        "phase": {"type": "string", "enum": [p.value for p in rules.Phase]},
        "bidding_order": SEATS,
        "forbidden_bid": {"type": ["integer", "null"]},
        "passing": nullable("Passing"),
        "attempts": {"type": "array", "items": ref("Attempt")},
        "redeals": {"type": "integer"},
        "bids": {"type": ["array", "null"],
                 "items": {"anyOf": [{"type": "integer"}, {"type": "null"}, ref("Card")]}},
        "trump": {"anyOf": [SUIT, {"type": "null"}]},
        "leader": SEAT_OR_NULL,
        "tricks": {"type": ["array", "null"], "items": {"type": "integer"}},
        "points": {"type": ["array", "null"], "items": {"type": "integer"}},
        "next_bidder": SEAT_OR_NULL,
        "legal_bids": {"type": ["array", "null"], "items": {"type": "integer"}},
        "bonus": {**PER_SEAT_INTS, "description": "Oh-Seven: the rebid bonuses (+1s) scored "
                  "this round, per seat; 0 elsewhere"},
        "points_so_far": {**PER_SEAT_INTS, "description": "what this round has already added "
                          "to the totals (rebid bonuses, a Seven-Up redeal's turned jacks); its "
                          "points once scored"},
        "high_bid": nullable("Card"),
        "set_aside": {"type": "array", "items": {"type": "array", "items": ref("Card")}},
        "eldest": SEAT_OR_NULL,
        "hands": {"type": "array", "items": {"type": "object"}},
        "awards": {"type": "array", "items": ref("Award")},
    }, required=["number", "hand_size", "dealer", "phase", "bidding_order", "forbidden_bid",
                 "passing", "attempts", "redeals", "bids", "trump", "leader", "tricks", "points"]),
    "Player": obj({"seat": SEAT, "name": {"type": "string"}, "score": {"type": "integer"},
                   "team": {"type": ["integer", "null"]}}),
    "Team": obj({"team": {"type": "integer"}, "seats": SEATS, "score": {"type": "integer"}}),
    "Standing": {"anyOf": [
        obj({"seat": SEAT, "name": {"type": "string"}, "score": {"type": "integer"},
             "rank": {"type": "integer", "minimum": 1}}),
        obj({"team": {"type": "integer"}, "seats": SEATS, "score": {"type": "integer"},
             "rank": {"type": "integer", "minimum": 1}}),
    ]},
    "Game": obj({
        "id": {"type": "string"},
        "ruleset": {"type": "string", "enum": list(rules.RULESETS)},
        "options": {"type": "object"},
        "version": {"type": "integer", "minimum": 1},
        "links": obj({"share": {"type": "string", "description": "/g/<id>, the read-only page"},
                      "rematch": {"type": "string",
                                  "description": "/g/<id> of the latest rematch, once one is made"}},
                     required=["share"]),
        "status": {"type": "string", "enum": [s.value for s in rules.Status]},
        "players": {"type": "array", "items": ref("Player")},
        "teams": {"type": ["array", "null"], "items": ref("Team")},
        "current": nullable("Round"),
        "rounds": {"type": "array", "items": ref("Round")},
        "standings": {"type": "array", "items": ref("Standing")},
        "ruleset_name": {"type": "string"},
        "preset_options": {"type": "object", "description": "options the ruleset fixes "
                           "(Elevator: scoring tricks-plus-bonus)"},
        "first_dealer": SEAT,
        "total_rounds": {"type": ["integer", "null"]},
        "winners": SEATS,
        "winning_point": nullable("Award"),
        "created_at": {"type": "string"},
        "updated_at": {"type": "string"},
    }, required=["id", "ruleset", "options", "version", "links", "status", "players", "teams",
                 "current", "rounds", "standings"]),
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
    "NewGame": obj({
        "ruleset": {"type": "string", "enum": list(rules.RULESETS)},
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 9},
        "first_dealer": SEAT_OR_NULL,
        "options": {"type": ["object", "null"], "description": _OPTIONS_HELP},
    }, required=["ruleset", "players"], closed=True),
    "BidsBody": obj({"version": VERSION, "bids": {"type": "array", "items": BID_ITEM}},
                    closed=True),
    "TricksBody": obj({"version": VERSION, "tricks": {"type": "array", "items": {"type": "integer"}}},
                      closed=True),
    "HandBody": obj(HAND_FIELDS, required=["version", "jacks_turned", "beg", "high", "low", "jack",
                                           "game"], closed=True),
    "UndoBody": obj({"version": VERSION}, closed=True),
    "BidStatistics": obj({
        "table": obj({
            "players": {"type": "integer"},
            "rounds": {"type": "integer", "description": "rounds scored"},
            "average_zero_bid_rate": RATE,
            "average_top_bid": FIGURE,
            "trump_rate": {"description": "Oh-Seven alone: the share of rounds each suit was "
                           "trump; null in the other games and before any round",
                           "anyOf": [{"type": "null"}, obj({s.value: RATE for s in rules.Suit})]},
        }),
        "players": {"type": "array", "items": obj({
            "seat": SEAT, "name": {"type": "string"}, "rounds": {"type": "integer"},
            "points_per_round": FIGURE, "average_bid": FIGURE, "zero_bid_rate": RATE,
            "top_bid_rate": RATE, "success_rate": RATE, "overshoot_rate": RATE,
            "deficit_rate": RATE,
            "rebid_bonus": {"type": "integer", "description": "Oh-Seven rebid bonus points; 0 "
                            "in the other games"},
        })},
    }),
    "SevenUpStatistics": obj({
        "table": obj({
            "players": {"type": "integer"},
            "hands": {"type": "integer", "description": "hands played (redeals apart)"},
            "redeals": {"type": "integer"},
            "beg_rate": {**RATE, "description": "the share of hands the eldest begged"},
        }),
        "players": {"type": "array", "items": obj({
            "seat": SEAT, "name": {"type": "string"},
            "team": {"type": ["integer", "null"], "description": "0 or 1 with partners"},
            **{point: {"type": "integer", "minimum": 0,
                       "description": f"{point} points won by the seat's side"}
               for point in ("high", "low", "jack", "game", "gifts", "jacks_turned")},
        })},
    }),
    "Statistics": {"anyOf": [ref("BidStatistics"), ref("SevenUpStatistics")]},
    "RoundBody": {"anyOf": [
        obj({"version": VERSION, "bids": {"type": "array", "items": BID_ITEM},
             "tricks": {"type": "array", "items": {"type": "integer"}}}, closed=True),
        ref("HandBody"),
    ]},
}


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
                   "description": _KEY_HELP + " Kept for the game's last 256 writes at least.",
                   "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
CREATION_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                "description": _KEY_HELP + " At least 128 random bits (22 to 64 characters); "
                               "kept 24 hours, the replay answering in full, edit_token included.",
                "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{22,64}$"}}
REPLAYED = {"Idempotent-Replayed": "true when this answers a write repeated under its "
                                   "Idempotency-Key (absent otherwise)"}

GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}


def write(summary: str, body: str, description: str = "") -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary,
        "security": [{"edit_token": []}],
        "parameters": [GAME_ID, IDEMPOTENCY_KEY],
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": ref(body)}}},
        "responses": {"200": response("the game after the write", "Game", ETag="W/\"<id>-<version>\"",
                                      **REPLAYED),
                      **ERRORS},
    }
    if description:
        operation["description"] = description
    return operation


def read(summary: str, content: dict[str, Any], description: str = "") -> dict[str, Any]:
    """A GET of something derived from a game: its ETag and 304 are the game's."""
    operation: dict[str, Any] = {
        "summary": summary,
        "parameters": [GAME_ID, {"name": "If-None-Match", "in": "header", "required": False,
                                 "schema": {"type": "string"}}],
        "responses": {
            "200": {"description": summary, "content": content, "headers": {
                name: {"description": text, "schema": {"type": "string"}}
                for name, text in (("ETag", "the game's, derived from its version"),
                                   ("Cache-Control", "no-cache"))}},
            "304": response("not modified since the ETag sent in If-None-Match",
                            ETag="the game's, derived from its version"),
            "404": ERRORS["404"],
        },
    }
    if description:
        operation["description"] = description
    return operation


def description() -> dict[str, Any]:
    """The whole description, as a JSON-ready dict."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Companion API",
            "version": "1",
            "description": "Score keeping for Oh-Seven, Oh Hell, Elevator and Seven-Up. "
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
                    "413": ERRORS["413"],
                    "422": ERRORS["422"],
                    "429": response("too many games created from this address", "Error"),
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
                "The statistics of RULES.md over the scored rounds",
                {"application/json": {"schema": ref("Statistics")}})},
            "/games/{game_id}/scores.csv": {"get": read(
                "The score sheet",
                {"text/csv; charset=utf-8": {"schema": {"type": "string"}}},
                "A header row, then one row per scored round, oldest first: round, hand_size, "
                "dealer, then <name> bid, tricks, points, total per player (Seven-Up: hand, "
                "dealer, beg, high, low, jack, game, then <side> points and total). A name "
                "that starts with =, +, -, @, a tab or a carriage return is written after a '.")},
            "/games/{game_id}/bids": {"post": write(
                "Enter bids", "BidsBody",
                "Per seat. Oh-Seven: every player's card at once; a bid that forces a rebid is "
                "accepted and recorded in attempts. Other games: null for a player who has not bid "
                "yet, so one bid at a time or all at once.")},
            "/games/{game_id}/tricks": {"post": write("Enter tricks taken, per seat", "TricksBody")},
            "/games/{game_id}/hands": {"post": write("Enter a Seven-Up hand", "HandBody")},
            "/games/{game_id}/undo": {"post": write("Remove the last entry", "UndoBody")},
            "/games/{game_id}/rounds/{number}": {"put": {
                **write("Correct a scored round", "RoundBody",
                        "{version, bids, tricks}, or for Seven-Up the hand's fields; everything "
                        "after the round is recomputed."),
                "parameters": [GAME_ID, {"name": "number", "in": "path", "required": True,
                                         "schema": {"type": "integer", "minimum": 1}},
                               IDEMPOTENCY_KEY],
            }},
        },
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"edit_token": {
                "type": "http", "scheme": "bearer",
                "description": "the edit_token returned when the game was created",
            }},
        },
    }
