"""The pieces of JSON Schema a game's engine uses to describe what it writes out (its
statistics, its part of a table's figures) as plain dicts: the API's OpenAPI document
(``api.openapi``) gathers them from the games' families and names no game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

Schema = dict[str, Any]


@dataclass(frozen=True)
class OwnBody:
    """The API's body of an entry a game reads its own way (Belote's hand, beside Seven-Up's):
    its name among the description's schemas, its fields (``version`` apart) and those a body
    must hold. The API reads and describes it as every other body."""

    name: str
    fields: Mapping[str, Schema]
    required: tuple[str, ...]

#: Whole numbers written with a fraction or an exponent are read as integers up to this many
#: digits (far beyond any seat, count or version); past it they stay floats, which no field takes.
WHOLE_DIGITS = 15
#: The largest whole number a body may hold: one written with a fraction or an exponent
#: (``1e16``, which JSON Schema calls an integer) is read as one only up to this many digits.
WHOLE_MAX = 10**WHOLE_DIGITS - 1

SEAT: Schema = {"type": "integer", "minimum": 0, "maximum": WHOLE_MAX,
                "description": "a seat, from 0, clockwise"}
SEATS: Schema = {"type": "array", "items": SEAT}
RATE: Schema = {"type": ["number", "null"], "minimum": 0, "maximum": 1,
                "description": "a share from 0 to 1; null before any round is scored"}
FIGURE: Schema = {"type": ["number", "null"], "description": "null before any round is scored"}


def ref(name: str) -> dict[str, str]:
    """A reference to the document's schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def obj(properties: dict[str, Any], required: list[str] | None = None,
        closed: bool = False, **extra: Any) -> Schema:
    """An object schema; ``closed`` bodies refuse unknown fields (the server answers 400)."""
    schema: Schema = {"type": "object", "properties": properties,
                      "required": required if required is not None else list(properties)}
    if closed:
        schema["additionalProperties"] = False
    schema.update(extra)
    return schema


#: A player's (or a side's) score in one game, and a game's score.
SCORE_MARK: Schema = obj({"name": {"type": "string"}, "game": {"type": "string"},
                          "score": {"type": "integer"}})
SCORE_GAME: Schema = obj({"game": {"type": "string"}, "score": {"type": "integer"}})
#: A round's points, who made them and in which game.
ROUND_MARK: Schema = obj({"name": {"type": "string"}, "game": {"type": "string"},
                          "round": {"type": "integer"}, "points": {"type": "integer"}})
