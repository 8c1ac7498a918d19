"""Tarot's hand has fields of its own (``GameFamily.own_bodies``, docs/api.md "More games:
Tarot"): ``POST …/hands`` reads and describes the body the family declares, closed as every
body is, so that another game's field is refused (400) and its required ones demanded."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.api import bodies
from companion.api.error_shape import ApiError
from companion.api.openapi import body_schema
from companion.rules.tarot.game import FAMILY as TAROT


HANDS = bodies.ENTRY_WRITE["hand"]


def read(app: Flask, body: dict[str, Any]) -> dict[str, Any]:
    with app.test_request_context("/", method="POST", json=body):
        return bodies.json_object(bodies.entry_body(HANDS, TAROT))


def test_the_body_is_the_familys_own(app: Flask) -> None:
    own = bodies.entry_body(HANDS, TAROT)
    assert (HANDS.path, own.name) == ("hands", "TarotHandBody")
    assert own in bodies.write_bodies(HANDS)
    assert own.required == ("version", "taker")
    schema = body_schema(own)
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {"version", "taker", "contract", "bouts", "points",
                                         "partner", "petit_au_bout", "poignees", "chelem",
                                         "chelem_announced"}
    body = {"version": 2, "taker": 0, "contract": "garde", "bouts": 2, "points": 40.5}
    assert read(app, body) == body


@pytest.mark.parametrize("body, field", [
    ({"version": 2, "taker": 0, "beg": "stand"}, "beg"),  # Seven-Up's field
    ({"version": 2, "contract": "garde"}, "taker"),
])
def test_another_games_field_or_a_missing_one_is_invalid(app: Flask, body: dict[str, Any],
                                                         field: str) -> None:
    with pytest.raises(ApiError) as refused:
        read(app, body)
    assert (refused.value.status, refused.value.code, refused.value.field) == (400, "invalid",
                                                                               field)


def test_its_other_writes_keep_the_shared_bodies() -> None:
    finish = bodies.ENTRY_WRITE["finish"]
    assert bodies.entry_body(finish, TAROT) is finish.body
    assert HANDS.body.name == "HandBody"  # Seven-Up's, every other game's
