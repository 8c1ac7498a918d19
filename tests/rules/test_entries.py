"""Entries from JSON: wrong type or shape is a ``ShapeError`` (API 400), a rule break a
``RuleError`` (API 422); the stored form reads back to the same entry."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import (
    ENTRY_KINDS,
    TIE,
    Beg,
    Bids,
    Card,
    Hand,
    RuleError,
    ShapeError,
    Suit,
    Tricks,
    apply,
    entry_from_json,
    entry_to_json,
    new_settings,
    parse_entry,
)

from .builders import start
from .expected import cards

OH_HELL = new_settings("oh-hell", ["A", "B", "C"])
OH_SEVEN = new_settings("oh-seven", ["A", "B", "C"])
SEVEN_UP = new_settings("seven-up", ["A", "B", "C"])


@pytest.mark.parametrize(
    ("settings", "kind", "body", "entry"),
    [
        pytest.param(OH_HELL, "bids", {"bids": [1, None, 0]}, Bids((1, None, 0)), id="in-turn-bids"),
        pytest.param(OH_HELL, "tricks", {"tricks": [4, 3, 3]}, Tricks((4, 3, 3)), id="tricks"),
        pytest.param(
            OH_SEVEN, "bids",
            {"bids": [{"value": 5, "suit": "hearts"}, {"value": 0, "suit": "spades"}, {"value": 7, "suit": "clubs"}]},
            Bids(cards("5h 0s 7c")), id="card-bids",
        ),
        pytest.param(OH_SEVEN, "tricks", {"tricks": [7, 0, 0]}, Tricks((7, 0, 0)), id="oh-seven-tricks"),
        pytest.param(
            SEVEN_UP, "hand",
            {"jacks_turned": 1, "beg": "give", "high": 0, "low": 2, "jack": None, "game": "tie"},
            Hand(1, Beg.GIVE, 0, 2, None, TIE), id="hand",
        ),
        pytest.param(SEVEN_UP, "hand", {"game": 1}, Hand(0, Beg.STAND, None, None, None, 1), id="hand-defaults"),
        pytest.param(
            SEVEN_UP, "hand", {"jacks_turned": 0, "beg": "run", "redeal": True},
            Hand(0, Beg.RUN, None, None, None, None, True), id="redeal",
        ),
    ],
)
def test_parse_and_round_trip(settings: Any, kind: str, body: dict[str, Any], entry: object) -> None:
    parsed = parse_entry(settings, kind, body)
    assert parsed == entry
    stored = entry_to_json(parsed)
    assert stored["kind"] == kind and kind in ENTRY_KINDS
    assert entry_from_json(settings, stored) == parsed


@pytest.mark.parametrize(
    ("settings", "kind", "body", "field"),
    [
        pytest.param(OH_HELL, "bids", {}, "bids", id="bids-missing"),
        pytest.param(OH_HELL, "bids", {"bids": "1,2,3"}, "bids", id="bids-not-a-list"),
        pytest.param(OH_HELL, "bids", {"bids": [1, 2]}, "bids", id="bids-too-short"),
        pytest.param(OH_HELL, "bids", {"bids": [1, 2, 3, 4]}, "bids", id="bids-too-long"),
        pytest.param(OH_HELL, "bids", {"bids": [1, "2", 3]}, "bids[1]", id="bid-text"),
        pytest.param(OH_HELL, "bids", {"bids": [1, True, 3]}, "bids[1]", id="bid-bool"),
        pytest.param(OH_HELL, "bids", {"bids": [1, 2.0, 3]}, "bids[1]", id="bid-float"),
        pytest.param(OH_HELL, "tricks", {"tricks": [1, None, 3]}, "tricks[1]", id="tricks-null"),
        pytest.param(OH_HELL, "tricks", {"tricks": 10}, "tricks", id="tricks-not-a-list"),
        pytest.param(OH_SEVEN, "bids", {"bids": [5, 0, 1]}, "bids[0]", id="card-not-an-object"),
        pytest.param(OH_SEVEN, "bids", {"bids": [{"value": "5", "suit": "hearts"}] * 3}, "bids[0].value",
                     id="card-value-text"),
        pytest.param(OH_SEVEN, "bids", {"bids": [{"suit": "hearts"}] * 3}, "bids[0].value", id="card-value-missing"),
        pytest.param(OH_SEVEN, "bids", {"bids": [{"value": 5, "suit": 3}] * 3}, "bids[0].suit", id="card-suit-number"),
        pytest.param(SEVEN_UP, "hand", {"jacks_turned": "1", "game": 0}, "jacks_turned", id="jacks-text"),
        pytest.param(SEVEN_UP, "hand", {"redeal": "yes", "game": 0}, "redeal", id="redeal-text"),
        pytest.param(SEVEN_UP, "hand", {"beg": 1, "game": 0}, "beg", id="beg-number"),
        pytest.param(SEVEN_UP, "hand", {"beg": "fold", "game": 0}, "beg", id="beg-unknown"),
        pytest.param(SEVEN_UP, "hand", {"high": "0", "low": 0, "game": 0}, "high", id="seat-text"),
        pytest.param(SEVEN_UP, "hand", {"game": "draw"}, "game", id="game-text"),
        pytest.param(OH_HELL, "passes", {}, "kind", id="unknown-kind"),
    ],
)
def test_shape_errors(settings: Any, kind: str, body: dict[str, Any], field: str) -> None:
    with pytest.raises(ShapeError) as caught:
        parse_entry(settings, kind, body)
    assert caught.value.field == field and caught.value.message


@pytest.mark.parametrize(
    ("settings", "kind", "body", "code"),
    [
        pytest.param(OH_SEVEN, "bids", {"bids": [{"value": 8, "suit": "hearts"}] * 3}, "bid-range", id="card-value-8"),
        pytest.param(OH_SEVEN, "bids", {"bids": [{"value": 3}] * 3}, "bid-range", id="card-without-suit"),
        pytest.param(OH_SEVEN, "bids", {"bids": [{"value": 3, "suit": "stars"}] * 3}, "bid-range", id="card-bad-suit"),
        pytest.param(SEVEN_UP, "hand", {"high": 3, "low": 0, "game": 0}, "seat", id="seat-not-in-game"),
        pytest.param(SEVEN_UP, "bids", {"bids": [1, 2, 3]}, "phase", id="seven-up-bids"),
        pytest.param(SEVEN_UP, "tricks", {"tricks": [1, 2, 3]}, "phase", id="seven-up-tricks"),
        pytest.param(OH_HELL, "hand", {"game": 0}, "phase", id="oh-hell-hand"),
    ],
)
def test_rule_errors_while_parsing(settings: Any, kind: str, body: dict[str, Any], code: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_entry(settings, kind, body)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("ruleset", "entry", "field"),
    [
        pytest.param("oh-hell", Bids((1, None)), "bids", id="bids-short"),
        pytest.param("oh-hell", Tricks((10, 0, 0, 0, 0)), "tricks", id="tricks-long"),
        pytest.param("oh-hell", Bids((Card(1, Suit.SPADES), None, None, None)), "bids[0]", id="card-in-oh-hell"),
        pytest.param("oh-hell", Tricks((True, 9, 0, 0)), "tricks[0]", id="tricks-bool"),
        pytest.param("oh-seven", Bids((1, 2, 3, 0)), "bids[0]", id="number-in-oh-seven"),
        pytest.param("oh-seven", Bids((None,) * 4), "bids[0]", id="no-card"),
        pytest.param("oh-seven", Bids((Card(1, "spades"),) * 4), "bids[0]", id="suit-not-a-suit"),  # type: ignore[arg-type]
    ],
)
def test_apply_holds_entries_built_in_python_to_the_same_shape(ruleset: str, entry: object, field: str) -> None:
    with pytest.raises(ShapeError) as caught:
        apply(start(ruleset, 4), entry)  # type: ignore[arg-type]
    assert caught.value.field == field
